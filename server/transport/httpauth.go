package transport

import (
	"crypto/subtle"
	"net"
	"net/http"
	"strings"
)

func IsLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// requireBearer rejects requests without the configured token; no token configured
// means no check (loopback default). The scheme is read in any case (RFC 9110 §11.1:
// "bearer" is "Bearer"); the token is compared in constant time. A CORS preflight
// passes: browsers never send credentials with one, and it reaches no MCP method.
func RequireBearer(token string, next http.Handler) http.Handler {
	if token == "" {
		return next
	}
	want := []byte(token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			next.ServeHTTP(w, r)
			return
		}
		if subtle.ConstantTimeCompare(bearerToken(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="askapi"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// bearerToken is the token of an Authorization value whose scheme is Bearer in any
// case, after the one or more spaces RFC 9110 allows; nil for any other value.
func bearerToken(auth string) []byte {
	scheme, token, ok := strings.Cut(auth, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return nil
	}
	return []byte(strings.TrimLeft(token, " "))
}
