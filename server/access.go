package server

import (
	"net/http"
	"time"

	"github.com/askapi/askapi/tools"
)

// Access is how askapi reaches the upstream beyond the spec's own security schemes:
// how a key goes where the spec is silent, OAuth2, per-user credentials and TLS.
type Access struct {
	// Auth says how the key goes where the spec declares no security scheme: bearer,
	// basic, header:NAME or query:NAME (--auth).
	Auth string
	// OAuth2TokenURL overrides the spec's token URL; OAuth2Scopes are asked for where an
	// operation's requirement lists none; tokens are replaced OAuth2RefreshBefore their
	// expiry (0: tools.DefaultOAuth2RefreshBefore). Secrets: ASKAPI_OAUTH2_* in Environ.
	OAuth2TokenURL      string
	OAuth2Scopes        []string
	OAuth2RefreshBefore time.Duration
	// PerUserCredentials takes the upstream secret from each HTTP request's PerUserHeader
	// instead of the server's configuration (peruser.go).
	PerUserCredentials bool
}

// upstreamSender is the sender of upstream requests, and of token requests: OAuth2 tokens
// are put in cred, and a request whose token is refused is given a new one.
func upstreamSender(opts Options, cred *tools.Credentials) (*tools.Sender, error) {
	sender := tools.NewSender(opts.Timeout, opts.MaxBody)
	cred.OAuth2 = oauth2Tokens(opts, &http.Client{Timeout: opts.Timeout, Transport: sender.Client.Transport})
	sender.Client.Transport = cred.OAuth2.Transport(sender.Client.Transport)
	return sender, nil
}
