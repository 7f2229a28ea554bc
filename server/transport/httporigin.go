package transport

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// originPolicy decides which browser origins may call the server: the MCP transport
// says a server must validate Origin, so that a page on another site cannot drive it
// through the user's browser (DNS rebinding). A request without Origin is no browser's
// cross-site request (CLI and desktop clients send none) and passes.
type originPolicy struct {
	// allowed are the configured origins, normalised (see normalizeOrigin).
	allowed map[string]bool
	// listenHost is the host --http names, when it names one that is neither loopback
	// nor a wildcard: pages served under that name are the server's own.
	listenHost string
}

// NewOriginPolicy checks the configured origins: each is scheme://host[:port], nothing else.
func NewOriginPolicy(listenAddr string, allow []string) (*originPolicy, error) {
	p := &originPolicy{allowed: map[string]bool{}}
	for _, o := range allow {
		n, ok := normalizeOrigin(o)
		if !ok {
			return nil, fmt.Errorf("allowed origin %q: want scheme://host[:port], like https://app.example.com", o)
		}
		p.allowed[n] = true
	}
	if host, _, err := net.SplitHostPort(listenAddr); err == nil && !IsLoopback(host) {
		if ip := net.ParseIP(host); ip == nil || !ip.IsUnspecified() {
			p.listenHost = host
		}
	}
	return p, nil
}

// origins lists the configured origins, for CORS.
func (p *originPolicy) origins() []string {
	out := make([]string, 0, len(p.allowed))
	for o := range p.allowed {
		out = append(out, o)
	}
	return out
}

// guard answers 403 to a request whose Origin is not allowed, before anything else.
func (p *originPolicy) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !p.Allows(r) {
			writeRPCError(w, http.StatusForbidden, RPCTransportRefused, "origin not allowed")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// Allows: no Origin; a configured origin; a loopback origin on a loopback connection;
// an origin naming the server's own host (the --http host, or the address the request
// came in on). Several Origin headers, "null" (sandboxed pages, files) and anything that
// is not an http(s) origin are refused.
func (p *originPolicy) Allows(r *http.Request) bool {
	values := r.Header.Values("Origin")
	if len(values) == 0 {
		return true
	}
	if len(values) > 1 {
		return false
	}
	origin, ok := normalizeOrigin(values[0])
	if !ok {
		return false
	}
	if p.allowed[origin] {
		return true
	}
	u, _ := url.Parse(origin) // normalizeOrigin parsed it
	host := u.Hostname()
	local := localIP(r)
	if local != nil && local.IsLoopback() && IsLoopback(host) {
		return true
	}
	if p.listenHost != "" && strings.EqualFold(host, p.listenHost) {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && local != nil && ip.Equal(local) && !ip.IsUnspecified()
}

// normalizeOrigin lower-cases an http(s) origin and drops a trailing slash, as browsers
// serialise it; ok is false for anything with a path, query, user or no host.
func normalizeOrigin(o string) (string, bool) {
	o = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(o)), "/")
	u, err := url.Parse(o)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Hostname() == "" ||
		u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil || u.Opaque != "" {
		return "", false
	}
	return o, true
}

// localIP is the server's address the request came in on, nil when unknown.
func localIP(r *http.Request) net.IP {
	addr, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok || addr == nil {
		return nil
	}
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		return nil
	}
	return net.ParseIP(host)
}
