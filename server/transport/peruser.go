package transport

import (
	"net/http"
	"strings"

	"github.com/askapi/askapi/server/pipeline"
)

// perUserCredentials moves the header's secret from the request into its context: the
// header goes no further (no log or library below sees it), and the context dies with
// the request.
func perUserCredentials(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		secret := strings.TrimSpace(r.Header.Get(pipeline.PerUserHeader))
		r.Header.Del(pipeline.PerUserHeader)
		if secret != "" {
			r = r.WithContext(pipeline.WithUserSecret(r.Context(), secret))
		}
		next.ServeHTTP(w, r)
	})
}
