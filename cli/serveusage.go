package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// serveGroups orders `serve -h`: each flag under what it is about. A flag missing here is
// listed under "other", and TestServeUsageGroupsEveryFlag fails.
var serveGroups = []struct {
	title string
	flags []string
}{
	{"Spec: what is served", []string{"spec", "allow-external-refs", "no-cache", "tag", "include", "exclude", "mode", "dynamic-threshold", "static-max-tools", "output-schema"}},
	{"Upstream: where and how requests go", []string{"base-url", "base-url-exact", "timeout", "max-body", "compact", "naive", "ca-file", "client-cert", "client-key", "insecure"}},
	{"Credentials (secrets come from the environment only: see below)", []string{"header", "auth", "oauth2-token-url", "oauth2-scopes", "oauth2-refresh-before"}},
	{"Policy: what must be asked or confirmed", []string{"policy", "read-only"}},
	{"Transport: stdio by default, or streamable HTTP", []string{"http", "http-token", "http-max-body", "http-allow-origin", "per-user-credentials", "log-level"}},
	{"Model: what resolve asks", []string{"llm-base-url", "llm-model", "llm-timeout", "llm-max-tokens", "no-sampling"}},
}

// credentialVars are the environment variables that carry secrets or where they are kept,
// each with an example, for `serve -h`.
var credentialVars = [][2]string{
	{"ASKAPI_API_KEY=sk_test_…", "the key for every security scheme the spec declares (a Basic scheme gets it as \"key:\"; where Bearer is offered too, it goes as Bearer)"},
	{"ASKAPI_AUTH_<SCHEME>=…", "the secret of one scheme, its name upper-cased, other characters as _ (api_key → ASKAPI_AUTH_API_KEY)"},
	{"ASKAPI_AUTH_BASICAUTH=ann:pa55", "a Basic scheme's user:password (a bare key is sent as \"key:\")"},
	{"ASKAPI_HEADERS='Authorization: Bearer ghp_…'", "extra headers, one per line (as --header); for a spec that declares no scheme"},
	{"ASKAPI_OAUTH2_CLIENT_ID=app ASKAPI_OAUTH2_CLIENT_SECRET=…", "OAuth2 client credentials: tokens from the spec's oauth2 scheme token URL (or --oauth2-token-url), for the scopes each operation requires"},
	{"ASKAPI_OAUTH2_REFRESH_TOKEN=…", "OAuth2 delegated access: a refresh token exchanged for access tokens (with the client id and secret when the server wants them)"},
	{"X-Askapi-Upstream-Key: sk_…", "with --per-user-credentials, the HTTP request header each MCP client sends with its own user's upstream key (not a variable)"},
	{"ASKAPI_CONTINUATION_KEY=…", "key sealing continuations, so replicas share them (default: random per process)"},
	{"ASKAPI_CONTINUATION_TTL=30m", "how long a continuation stays valid"},
	{"ASKAPI_CACHE_DIR=~/.cache/askapi", "where compiled specs are cached (ASKAPI_CACHE=off: not at all)"},
	{"ASKAPI_LLM_API_KEY=…", "the model endpoint's key (or OPENAI_API_KEY)"},
}

// serveUsage prints `serve -h`: the flags by group, then the credential variables.
func serveUsage(fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprint(w, "Usage: askapi serve --spec FILE|URL [flags]\n\nEvery flag has an environment form, named in its description.\n")
	done := map[string]bool{}
	for _, g := range serveGroups {
		fmt.Fprintf(w, "\n%s:\n", g.title)
		for _, name := range g.flags {
			if f := fs.Lookup(name); f != nil {
				printFlag(w, f)
				done[name] = true
			}
		}
	}
	var other []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) {
		if !done[f.Name] {
			other = append(other, f)
		}
	})
	if len(other) > 0 {
		fmt.Fprint(w, "\nOther:\n")
		for _, f := range other {
			printFlag(w, f)
		}
	}
	fmt.Fprint(w, "\nCredential variables (environment only, never flags: a flag shows in process lists):\n")
	for _, v := range credentialVars {
		fmt.Fprintf(w, "  %s\n    \t%s\n", v[0], v[1])
	}
}

// secretFlags hold a secret when their environment form is set.
var secretFlags = map[string]bool{"http-token": true}

// printFlag prints one flag as flag.PrintDefaults would.
func printFlag(w io.Writer, f *flag.Flag) {
	kind, usage := flag.UnquoteUsage(f)
	line := "  -" + f.Name
	if kind != "" {
		line += " " + kind
	}
	usage = strings.ReplaceAll(usage, "\n", "\n    \t")
	fmt.Fprintf(w, "%s\n    \t%s", line, usage)
	// A default read from the environment may be a secret (ASKAPI_HTTP_TOKEN): not shown.
	if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && !secretFlags[f.Name] {
		fmt.Fprintf(w, " (default %s)", f.DefValue)
	}
	fmt.Fprintln(w)
}
