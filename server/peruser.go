package server

import (
	"context"
	"log/slog"
	"net/http"
	"strings"

	"github.com/askapi/askapi/tools/secret"
)

// PerUserHeader carries, with --per-user-credentials, the upstream secret of the person
// behind one MCP request over HTTP: used for that request only, never logged, never kept,
// never shared with another request or session. It is not the MCP token (--http-token,
// in Authorization), which never goes upstream.
const PerUserHeader = "X-Askapi-Upstream-Key"

type userSecretKey struct{}

// perUserCredentials moves the header's secret from the request into its context: the
// header goes no further (no log or library below sees it), and the context dies with
// the request.
func perUserCredentials(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		secret := strings.TrimSpace(r.Header.Get(PerUserHeader))
		r.Header.Del(PerUserHeader)
		if secret != "" {
			r = r.WithContext(withUserSecret(r.Context(), secret))
		}
		next.ServeHTTP(w, r)
	})
}

// withUserSecret is ctx carrying the request's own upstream secret.
func withUserSecret(ctx context.Context, secret string) context.Context {
	return context.WithValue(ctx, userSecretKey{}, secret)
}

// userSecret is the secret the request behind ctx carries, or "".
func userSecret(ctx context.Context) string {
	s, _ := ctx.Value(userSecretKey{}).(string)
	return s
}

// requestSecrets are the secrets a request carries for itself, in every form they travel
// (a bare key sent as Basic is "key:"), for redaction.
func requestSecrets(ctx context.Context) []string {
	s := userSecret(ctx)
	if s == "" {
		return nil
	}
	return secret.Credentials{Schemes: map[string]string{"user": s}}.Secrets()
}

// credentialsFor are the credentials of one call: the server's, or with
// --per-user-credentials the request's own secret for every scheme (as ASKAPI_API_KEY
// would give it), beside the configured headers.
func (p *Pipeline) credentialsFor(ctx context.Context) secret.Credentials {
	if !p.perUser {
		return p.Credentials
	}
	cred := secret.Credentials{Headers: p.Credentials.Headers, Schemes: map[string]string{}, Sources: map[string]string{}}
	if s := userSecret(ctx); s != "" {
		cred = secret.CredentialsFromEnv(p.Catalog, []string{secret.GenericAuthEnvVar + "=" + s})
		cred.Headers = p.Credentials.Headers
		for name := range cred.Sources {
			cred.Sources[name] = "your " + PerUserHeader + " header"
		}
	}
	return cred
}

// perUserOnly drops the server's own scheme secrets and OAuth2 when each user brings
// theirs: with them, every user would act as the server's one account.
func perUserOnly(logger *slog.Logger, cred secret.Credentials) secret.Credentials {
	if len(cred.Schemes) > 0 || cred.OAuth2 != nil {
		logger.Warn("--per-user-credentials: the server's own API key and OAuth2 settings are ignored; each request's " + PerUserHeader + " header carries its user's key")
	}
	return secret.Credentials{Headers: cred.Headers}
}
