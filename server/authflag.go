package server

import (
	"fmt"
	"log/slog"
	"strings"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
)

// withAuthFlag applies --auth: operations the spec secures with no scheme send the key
// the way the flag says.
func withAuthFlag(cat *tools.Catalog, opts Options) (*tools.Catalog, error) {
	if opts.Auth == "" {
		return cat, nil
	}
	s, err := secret.ParseAuthFlag(opts.Auth)
	if err != nil {
		return nil, err
	}
	return secret.WithFlagAuth(cat, s), nil
}

// warnUnusedKey says at start that a configured key goes nowhere: the spec declares no
// security scheme (GitHub's does not), so without --auth the key would be ignored without
// a word and every call would fail with a bare 401.
func warnUnusedKey(logger *slog.Logger, cat *tools.Catalog, opts Options) {
	var set []string
	for _, kv := range opts.Environ {
		k, v, ok := strings.Cut(kv, "=")
		if ok && v != "" && (k == secret.GenericAuthEnvVar || strings.HasPrefix(k, secret.AuthEnvVar(""))) {
			set = append(set, k)
		}
	}
	if opts.Auth != "" && !strings.EqualFold(opts.Auth, "oauth2") && len(set) == 0 {
		// Said how a key goes, and gave none: every call goes without it.
		logger.Warn(fmt.Sprintf("--auth %s is set, but no key is: set %s (or ASKAPI_AUTH_<SCHEME>) in the server's environment", opts.Auth, secret.GenericAuthEnvVar))
		return
	}
	if opts.Auth != "" || secret.DeclaresAuth(cat) || len(set) == 0 {
		return
	}
	logger.Warn(fmt.Sprintf("%s is set, but the spec declares no security scheme, so the key is not sent: "+
		"say how it goes with --auth bearer|basic|header:NAME|query:NAME (env ASKAPI_AUTH), "+
		"or set the header itself with ASKAPI_HEADERS (--header 'Authorization: Bearer …')", strings.Join(set, ", ")))
}
