package server

import (
	"log/slog"
	"net/http"
	"strings"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools/secret"
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

// perUserOnly drops the server's own scheme secrets and OAuth2 when each user brings
// theirs: with them, every user would act as the server's one account.
func perUserOnly(logger *slog.Logger, cred secret.Credentials) secret.Credentials {
	if len(cred.Schemes) > 0 || cred.OAuth2 != nil {
		logger.Warn("--per-user-credentials: the server's own API key and OAuth2 settings are ignored; each request's " + pipeline.PerUserHeader + " header carries its user's key")
	}
	return secret.Credentials{Headers: cred.Headers}
}
