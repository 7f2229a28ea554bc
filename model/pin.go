package model

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// The model endpoint gets the prompt and, as a bearer token, the model's key: requests go
// to the configured origin and nowhere else. A redirect is not followed (net/http would
// follow it to any host, with the prompt, and to another port of the same host with the
// key), and a request for another origin is refused before it is sent.

// ErrRedirect is an endpoint's redirect, refused.
var ErrRedirect = errors.New("the model endpoint redirected; askapi calls only the configured endpoint")

// pinnedClient is a copy of c that follows no redirect and sends only to base's origin.
func pinnedClient(c *http.Client, base *url.URL) *http.Client {
	cp := *c
	cp.CheckRedirect = func(req *http.Request, _ []*http.Request) error {
		return fmt.Errorf("%w (to %s)", ErrRedirect, originOf(req.URL))
	}
	next := cp.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	cp.Transport = originOnly{next: next, origin: originOf(base)}
	return &cp
}

// originOnly sends a request only when it is for origin.
type originOnly struct {
	next   http.RoundTripper
	origin string
}

func (o originOnly) RoundTrip(req *http.Request) (*http.Response, error) {
	if got := originOf(req.URL); got != o.origin {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, fmt.Errorf("model endpoint: refusing to send to %s: askapi calls only %s", got, o.origin)
	}
	return o.next.RoundTrip(req)
}

// originOf is scheme://host:port with the default port made explicit.
func originOf(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		}
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}
