package server

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/askapi/askapi/clarify"
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

// tokenRefusal reads err as the authorization server refusing the configured OAuth2
// credentials: a sensitive question, since only the configuration can fix it (a revoked
// refresh token, a client secret that changed). ok is false for any other error.
func tokenRefusal(err error) (clarify.Question, bool) {
	var te *secret.TokenError
	if !errors.As(err, &te) {
		return clarify.Question{}, false
	}
	why := "it may have been revoked, have expired, or be mistyped"
	if te.Code == "invalid_client" {
		why = "the client id or secret is wrong, or the client was disabled"
	}
	return clarify.Question{
		Field:    "oauth2",
		Kind:     clarify.Sensitive,
		Question: fmt.Sprintf("The OAuth2 authorization server refused askapi's credentials (%s): %s. New ones must be set in askapi's configuration (%s, in the client's server settings), never pasted in chat.", te.Code, why, te.Vars),
		Reason:   te.Error(),
	}, true
}

// askForToken ends the call with the question a token refusal raises.
func askForToken(c *call, q clarify.Question) {
	c.result.Status = clarify.StatusNeedsClarification
	c.result.Questions = []clarify.Question{q}
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
