package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/askapi/askapi/demo"
	"github.com/askapi/askapi/eval"
	"github.com/askapi/askapi/server"
	"github.com/askapi/askapi/server/transport"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/cache"
	"github.com/askapi/askapi/tools/secret"
)

const usage = `askapi — OpenAPI in, MCP tools out; ask before you guess.

Usage:
  askapi demo                          a first run: a sample API and a short conversation
  askapi serve --spec FILE|URL [--base-url URL] [--header 'Name: value']... [--http ADDR]
  askapi tools --spec FILE|URL         print the tools that would be served, as JSON
  askapi graph --spec FILE|URL         print which operation can supply which argument
  askapi graph --stats [--json [--edges]] DIR|FILE...
                                       how many arguments the graph covers, per spec and in all
  askapi plan --spec FILE|URL OPERATION [key=value]...
                                       print the backward plan for an operation, as JSON
  askapi eval [--baseline naive] [--json FILE] [--plans FILE] [DIR|FILE]...
                                       run scenario cases and print the metric table
  askapi version

Run 'askapi serve -h' for every flag and its environment variable.
`

// version is askapi's version, as the command was built (Main).
var version string

// Main runs the askapi command with args (the process's, less its name) and returns the
// exit code. v is the version the binary was built with.
func Main(v string, args []string, stdout, stderr io.Writer) int {
	version = v
	clearUnfilledFields()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return run(ctx, args, stdout, stderr)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "serve":
		err = cmdServe(ctx, args[1:], stdout, stderr)
	case "tools":
		err = cmdTools(ctx, args[1:], stdout, stderr)
	case "graph":
		err = cmdGraph(ctx, args[1:], stdout, stderr)
	case "plan":
		err = cmdPlan(ctx, args[1:], stdout, stderr)
	case "eval":
		err = eval.Main(ctx, args[1:], stdout, stderr)
	case "demo":
		err = demo.Main(ctx, args[1:], stdout, stderr)
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, "askapi", version)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
	default:
		fmt.Fprintf(stderr, "askapi: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "askapi:", err)
		return 1
	}
	return 0
}

// specFlags are the flags every command that reads a spec shares.
func specFlags(fs *flag.FlagSet, o *server.Options) {
	// The process's policies: where compiled catalogs are cached, and the collector's pace.
	o.CacheDir = cache.DefaultDir()
	o.LoadPace, o.GraphPace = LoaderPace, GraphPace
	fs.StringVar(&o.Spec, "spec", os.Getenv("ASKAPI_SPEC"), "OpenAPI or Swagger file or URL, JSON or YAML (env ASKAPI_SPEC)")
	fs.BoolVar(&o.AllowExternalRefs, "allow-external-refs", envBool("ASKAPI_ALLOW_EXTERNAL_REFS"), "resolve $refs to files next to the spec (env ASKAPI_ALLOW_EXTERNAL_REFS)")
	fs.StringVar(&o.PolicyFile, "policy", os.Getenv("ASKAPI_POLICY"), "policy file, YAML or JSON: confirmations, fields that must come from the user, sources (env ASKAPI_POLICY)")
	fs.BoolVar(&o.ReadOnly, "read-only", envBool("ASKAPI_READ_ONLY"), "serve only operations that do not write (env ASKAPI_READ_ONLY)")
	fs.BoolVar(&o.NoCache, "no-cache", false, "neither read nor write the compiled-catalog cache (also ASKAPI_CACHE=off; directory: ASKAPI_CACHE_DIR)")
	listFlag(fs, &o.Tags, "tag", "ASKAPI_TAGS", "serve only operations with this tag; repeatable, or comma-separated")
	listFlag(fs, &o.Include, "include", "ASKAPI_INCLUDE", "serve only operations matching this glob: operationId, tool name or 'METHOD /path' ('GET /repos/*'); repeatable")
	listFlag(fs, &o.Exclude, "exclude", "ASKAPI_EXCLUDE", "do not serve operations matching this glob (as --include); repeatable")
	fs.Func("mode", "static (one tool per operation), dynamic (find_operations, describe_operation, call_operation) or auto: dynamic above --dynamic-threshold tools (env ASKAPI_MODE; default auto)", func(v string) error {
		o.Mode = v
		return server.CheckMode(v)
	})
	o.Mode = envOr("ASKAPI_MODE", server.ModeAuto)
	fs.IntVar(&o.StaticMaxTools, "static-max-tools", int(envInt("ASKAPI_STATIC_MAX_TOOLS", server.DefaultStaticMaxTools)), "static mode refuses to start above this many operation tools; -1 lifts the ceiling (env ASKAPI_STATIC_MAX_TOOLS)")
	fs.IntVar(&o.DynamicThreshold, "dynamic-threshold", int(envInt("ASKAPI_DYNAMIC_THRESHOLD", server.DefaultDynamicThreshold)), "auto mode serves dynamically above this many operation tools (env ASKAPI_DYNAMIC_THRESHOLD)")
	o.OutputSchema = envOr("ASKAPI_OUTPUT_SCHEMA", server.OutputSchemaAuto)
	fs.Func("output-schema", "whether listed tools declare the answer's output schema: always, never, or auto: unless the list holds more than 300 tools, which a client compiles one by one (env ASKAPI_OUTPUT_SCHEMA; default auto)", func(v string) error {
		if err := server.CheckOutputSchema(v); err != nil {
			return err
		}
		o.OutputSchema = v
		return nil
	})
}

// listFlag is a repeatable flag whose environment form separates values by commas or new
// lines. Values given as flags replace the environment's.
func listFlag(fs *flag.FlagSet, dst *[]string, name, env, usage string) {
	*dst = tools.SplitList(os.Getenv(env))
	fromEnv := true
	fs.Func(name, usage+" (env "+env+", comma or newline separated)", func(v string) error {
		if fromEnv {
			*dst, fromEnv = nil, false
		}
		*dst = append(*dst, tools.SplitList(v)...)
		return nil
	})
}

func cmdServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o := server.Options{Version: version, Environ: os.Environ(), Stdout: stdout}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	specFlags(fs, &o)
	fs.StringVar(&o.BaseURL, "base-url", os.Getenv("ASKAPI_BASE_URL"), "API base URL, overriding the spec's servers; a host-only URL keeps the spec's base path (env ASKAPI_BASE_URL)")
	fs.BoolVar(&o.BaseURLExact, "base-url-exact", envBool("ASKAPI_BASE_URL_EXACT"), "use --base-url exactly as given: a host-only URL does not take the spec's base path (env ASKAPI_BASE_URL_EXACT)")
	headers := envList("ASKAPI_HEADERS")
	fs.Func("header", "extra header 'Name: value' on every request, repeatable (env ASKAPI_HEADERS, one per line)", func(v string) error {
		headers = append(headers, v)
		return nil
	})
	fs.StringVar(&o.Auth, "auth", os.Getenv("ASKAPI_AUTH"), "how the key (ASKAPI_API_KEY) goes where the spec declares no security scheme: bearer, basic, header:NAME, query:NAME, or oauth2 (tokens from --oauth2-token-url) (env ASKAPI_AUTH)")
	fs.StringVar(&o.OAuth2TokenURL, "oauth2-token-url", os.Getenv("ASKAPI_OAUTH2_TOKEN_URL"), "OAuth2 token endpoint, overriding the spec's tokenUrl; client id and secret from ASKAPI_OAUTH2_CLIENT_ID and ASKAPI_OAUTH2_CLIENT_SECRET, or a refresh token from ASKAPI_OAUTH2_REFRESH_TOKEN (env ASKAPI_OAUTH2_TOKEN_URL)")
	listFlag(fs, &o.OAuth2Scopes, "oauth2-scopes", "ASKAPI_OAUTH2_SCOPES", "OAuth2 scopes asked for where an operation's security requirement lists none; repeatable")
	fs.DurationVar(&o.OAuth2RefreshBefore, "oauth2-refresh-before", envDuration("ASKAPI_OAUTH2_REFRESH_BEFORE", secret.DefaultOAuth2RefreshBefore), "replace an OAuth2 access token this long before it expires; tokens live in memory only (env ASKAPI_OAUTH2_REFRESH_BEFORE)")
	fs.StringVar(&o.HTTPAddr, "http", os.Getenv("ASKAPI_HTTP"), "serve streamable HTTP on ADDR instead of stdio; loopback unless a host is given (env ASKAPI_HTTP)")
	fs.BoolVar(&o.PerUserCredentials, "per-user-credentials", envBool("ASKAPI_PER_USER_CREDENTIALS"), "over HTTP, take the upstream key from each MCP request's X-Askapi-Upstream-Key header, for that request only, instead of ASKAPI_API_KEY (env ASKAPI_PER_USER_CREDENTIALS)")
	fs.StringVar(&o.HTTPToken, "http-token", os.Getenv("ASKAPI_HTTP_TOKEN"), "bearer token HTTP clients must send (env ASKAPI_HTTP_TOKEN)")
	fs.Int64Var(&o.HTTPMaxBody, "http-max-body", envInt("ASKAPI_HTTP_MAX_BODY", transport.DefaultHTTPMaxBody), "largest HTTP request body in bytes; a larger one gets 413 unread (env ASKAPI_HTTP_MAX_BODY)")
	listFlag(fs, &o.HTTPAllowOrigins, "http-allow-origin", "ASKAPI_HTTP_ALLOW_ORIGINS", "browser origin (https://app.example.com) allowed to call over HTTP, besides the server's own host and loopback; repeatable")
	fs.StringVar(&o.TLS.CAFile, "ca-file", os.Getenv("ASKAPI_CA_FILE"), "PEM file of CA certificates trusted besides the system's, for an upstream (or spec URL, or token URL) under a company CA (env ASKAPI_CA_FILE)")
	fs.StringVar(&o.TLS.ClientCert, "client-cert", os.Getenv("ASKAPI_CLIENT_CERT"), "PEM client certificate for mutual TLS, with --client-key (env ASKAPI_CLIENT_CERT)")
	fs.StringVar(&o.TLS.ClientKey, "client-key", os.Getenv("ASKAPI_CLIENT_KEY"), "PEM key of --client-cert (env ASKAPI_CLIENT_KEY)")
	fs.BoolVar(&o.TLS.Insecure, "insecure", envBool("ASKAPI_INSECURE"), "do not verify the upstream's TLS certificate: local development only, warned at start (env ASKAPI_INSECURE)")
	fs.DurationVar(&o.Timeout, "timeout", envDuration("ASKAPI_TIMEOUT", 30*time.Second), "timeout of every upstream call (env ASKAPI_TIMEOUT)")
	fs.Int64Var(&o.MaxBody, "max-body", envInt("ASKAPI_MAX_BODY", 1<<20), "response bytes kept before truncating (env ASKAPI_MAX_BODY)")
	fs.BoolVar(&o.Naive, "naive", envBool("ASKAPI_NAIVE"), "plain pass-through proxy: no completion, no clarification; for comparison only (env ASKAPI_NAIVE)")
	fs.BoolVar(&o.Compact, "compact", envBool("ASKAPI_COMPACT"), "answer in the compact shape: no empty values, nulls or hypermedia links; identifiers and names kept; _compact: false per call undoes it (env ASKAPI_COMPACT)")
	logLevel := fs.String("log-level", envOr("ASKAPI_LOG_LEVEL", "info"), "debug, info, warn or error; logs go to stderr (env ASKAPI_LOG_LEVEL)")
	llmFlags(fs, &o.LLM)
	fs.Usage = func() { serveUsage(fs) }
	if err := fs.Parse(args); err != nil {
		return err
	}
	o.Headers = headers
	// The key is a secret: environment only, never a flag visible in process lists.
	o.ContinuationKey = os.Getenv("ASKAPI_CONTINUATION_KEY")
	o.ContinuationTTL = envDuration("ASKAPI_CONTINUATION_TTL", 30*time.Minute)
	if o.Spec == "" {
		return errors.New("serve: --spec (or ASKAPI_SPEC) is required")
	}
	if o.PerUserCredentials && o.HTTPAddr == "" {
		return errors.New("serve: --per-user-credentials needs --http: over stdio there is one user, whose key is ASKAPI_API_KEY")
	}
	if err := server.CheckMode(o.Mode); err != nil {
		return fmt.Errorf("serve: %w (env ASKAPI_MODE)", err)
	}
	o.Logger = server.RedactLogs(newLogger(stderr, *logLevel), o)
	return server.Serve(ctx, o)
}

func newLogger(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l}))
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func envBool(name string) bool {
	b, _ := strconv.ParseBool(os.Getenv(name))
	return b
}

func envInt(name string, def int64) int64 {
	if n, err := strconv.ParseInt(os.Getenv(name), 10, 64); err == nil {
		return n
	}
	return def
}

func envDuration(name string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil {
		return d
	}
	return def
}

func envList(name string) []string {
	var out []string
	for _, line := range strings.Split(os.Getenv(name), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out
}
