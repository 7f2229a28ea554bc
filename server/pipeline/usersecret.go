package pipeline

import (
	"context"

	"github.com/askapi/askapi/tools/secret"
)

// PerUserHeader carries, with --per-user-credentials, the upstream secret of the person
// behind one MCP request over HTTP: used for that request only, never logged, never kept,
// never shared with another request or session. It is not the MCP token (--http-token,
// in Authorization), which never goes upstream.
const PerUserHeader = "X-Askapi-Upstream-Key"

type userSecretKey struct{}

// WithUserSecret is ctx carrying the request's own upstream secret.
func WithUserSecret(ctx context.Context, secret string) context.Context {
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
	if !p.PerUser {
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
