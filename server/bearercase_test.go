package server

import (
	"github.com/askapi/askapi/server/transport"
	"net/http"
	"net/http/httptest"
	"testing"
)

// The HTTP front reads the auth scheme in any case (RFC 9110 §11.1); only the token
// must match exactly.
func TestRequireBearerSchemeAnyCase(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })
	cases := []struct {
		auth string
		want int
	}{
		{"bearer t0k", http.StatusTeapot},
		{"BEARER t0k", http.StatusTeapot},
		{"bEaReR t0k", http.StatusTeapot},
		{"Bearer  t0k", http.StatusTeapot}, // 1*SP
		{"bearer T0K", http.StatusUnauthorized},
		{"bearer t0k ", http.StatusUnauthorized},
		{"bearert0k", http.StatusUnauthorized},
		{"Basic t0k", http.StatusUnauthorized},
		{"t0k", http.StatusUnauthorized},
		{"bearer ", http.StatusUnauthorized},
	}
	for _, tc := range cases {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/mcp", nil)
		req.Header.Set("Authorization", tc.auth)
		transport.RequireBearer("t0k", ok).ServeHTTP(rec, req)
		if rec.Code != tc.want {
			t.Errorf("Authorization %q: %d, want %d", tc.auth, rec.Code, tc.want)
		}
	}
}
