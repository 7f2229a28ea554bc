package secret

import (
	"io"
	"net/http"
	"strings"
)

// Transport wraps base so that a request whose OAuth2 token the API refuses (401) gets a
// new token: a safe request (GET, HEAD, OPTIONS) is sent once more with it; a write is
// not (it is the person's to repeat), and the next call takes a new token.
func (t *OAuth2Tokens) Transport(base http.RoundTripper) http.RoundTripper {
	if t == nil {
		return base
	}
	if base == nil {
		base = http.DefaultTransport
	}
	return &renewingTransport{tokens: t, base: base}
}

type renewingTransport struct {
	tokens *OAuth2Tokens
	base   http.RoundTripper
}

func (rt *renewingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := rt.base.RoundTrip(req)
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		return resp, err
	}
	if !safeMethod(req.Method) {
		rt.tokens.Drop(stripBearer(strings.TrimSpace(req.Header.Get("Authorization"))))
		return resp, nil
	}
	token, ok, err := rt.tokens.Renew(req.Context(), req)
	if !ok {
		return resp, nil
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	again := req.Clone(req.Context())
	again.Header.Set("Authorization", "Bearer "+token)
	if req.GetBody != nil {
		if again.Body, err = req.GetBody(); err != nil {
			return nil, err
		}
	}
	return rt.base.RoundTrip(again)
}

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}
