package pipeline

import (
	"errors"
	"fmt"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/tools/secret"
)

// tokenRefusal reads err as the authorization server refusing the configured OAuth2
// credentials: a sensitive question, since only the configuration can fix it (a revoked
// refresh token, a client secret that changed). ok is false for any other error.
func tokenRefusal(err error) (clarify.Question, bool) {
	var te *secret.TokenError
	if !errors.As(err, &te) {
		return clarify.Question{}, false
	}
	why := "it may have been revoked, have expired, or be mistyped"
	if te.Code == "invalid_client" {
		why = "the client id or secret is wrong, or the client was disabled"
	}
	return clarify.Question{
		Field:    "oauth2",
		Kind:     clarify.Sensitive,
		Question: fmt.Sprintf("The OAuth2 authorization server refused askapi's credentials (%s): %s. New ones must be set in askapi's configuration (%s, in the client's server settings), never pasted in chat.", te.Code, why, te.Vars),
		Reason:   te.Error(),
	}, true
}

// askForToken ends the call with the question a token refusal raises.
func askForToken(c *call, q clarify.Question) {
	c.result.Status = clarify.StatusNeedsClarification
	c.result.Questions = []clarify.Question{q}
}
