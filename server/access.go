package server

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/askapi/askapi/tools/secret"
	"github.com/askapi/askapi/tools/upstream"
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
	// TLS is how the upstream (and the spec's URL, and the token endpoint) is trusted:
	// --ca-file, --client-cert and --client-key, --insecure.
	TLS upstream.TLSSettings
}

// upstreamSender is the sender of upstream requests, and of token requests: OAuth2 tokens
// are put in cred, and a request whose token is refused is given a new one.
func upstreamSender(opts Options, cred *secret.Credentials) (*upstream.Sender, error) {
	transport, err := opts.TLS.Transport()
	if err != nil {
		return nil, err
	}
	sender := upstream.NewSender(opts.Timeout, opts.MaxBody)
	sender.Client.Transport = transport
	cred.OAuth2 = oauth2Tokens(opts, &http.Client{Timeout: opts.Timeout, Transport: transport})
	sender.Client.Transport = cred.OAuth2.Transport(transport)
	return sender, nil
}

// specClient fetches a spec given as a URL with the upstream's TLS settings (an internal
// API's spec is served under the same company CA); nil keeps the loader's default.
func specClient(opts Options) *http.Client {
	if opts.TLS == (upstream.TLSSettings{}) {
		return nil
	}
	transport, err := opts.TLS.Transport()
	if err != nil {
		return nil // reported when the sender is built
	}
	return &http.Client{Timeout: 30 * time.Second, Transport: transport}
}

// warnInsecure says at start that certificates are not checked.
func warnInsecure(logger *slog.Logger, opts Options) {
	if opts.TLS.Insecure {
		logger.Warn("--insecure: the upstream's TLS certificate is not verified, so anyone on the network path can read and change what askapi sends, credentials included; for local development only")
	}
}
