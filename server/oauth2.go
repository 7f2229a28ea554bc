package server

import (
	"log/slog"
	"net/http"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
)

// oauth2Tokens is the token store of the configuration (ASKAPI_OAUTH2_* and the
// --oauth2-* flags), or nil when OAuth2 is not configured. Tokens reach the authorization
// server through client, the upstream's own TLS settings.
func oauth2Tokens(opts Options, client *http.Client) *secret.OAuth2Tokens {
	s := secret.OAuth2FromEnv(opts.Environ)
	s.TokenURL = opts.OAuth2TokenURL
	s.Scopes = opts.OAuth2Scopes
	s.RefreshBefore = opts.OAuth2RefreshBefore
	s.HTTPClient = client
	return secret.NewOAuth2Tokens(s)
}

// oauth2Secrets are the OAuth2 secrets of the configuration, for redaction.
func oauth2Secrets(opts Options) []string {
	s := secret.OAuth2FromEnv(opts.Environ)
	return []string{s.ClientSecret, s.RefreshToken}
}

// warnUnusedOAuth2 says at start that OAuth2 is configured but no scheme can use it: the
// spec declares no oauth2 scheme, or none with a token URL.
func warnUnusedOAuth2(logger *slog.Logger, cat *tools.Catalog, cred secret.Credentials) {
	if cred.OAuth2 == nil || cred.OAuth2.ServesAny(cat) {
		return
	}
	logger.Warn("OAuth2 credentials are set (" + cred.OAuth2.Vars() + "), but the spec declares no oauth2 security scheme with a token URL, so no token is fetched: " +
		"give the token URL with --oauth2-token-url (ASKAPI_OAUTH2_TOKEN_URL), and --auth oauth2 when the spec declares no scheme at all")
}
