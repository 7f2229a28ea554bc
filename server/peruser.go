package server

import (
	"log/slog"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools/secret"
)

// perUserOnly drops the server's own scheme secrets and OAuth2 when each user brings
// theirs: with them, every user would act as the server's one account.
func perUserOnly(logger *slog.Logger, cred secret.Credentials) secret.Credentials {
	if len(cred.Schemes) > 0 || cred.OAuth2 != nil {
		logger.Warn("--per-user-credentials: the server's own API key and OAuth2 settings are ignored; each request's " + pipeline.PerUserHeader + " header carries its user's key")
	}
	return secret.Credentials{Headers: cred.Headers}
}
