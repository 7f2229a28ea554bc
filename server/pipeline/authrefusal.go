package pipeline

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
)

// refusedAccess reports an answer that refuses the credential rather than a value: the
// person can only fix it in the configuration, so no other producer is tried after it.
func refusedAccess(status int) bool {
	return status == http.StatusUnauthorized || status == http.StatusForbidden
}

// upstreamFailure is the message of a failed answer. A 401 or 403 names the credential
// askapi sent (its variable and where it went, never its value) or says none was sent and
// how to send one, so the person knows which setting to check.
func (p *Pipeline) upstreamFailure(ctx context.Context, op *tools.Operation, status int) string {
	answered := fmt.Sprintf("the API answered %d", status)
	if !refusedAccess(status) || p.Naive {
		return answered
	}
	answered += " " + http.StatusText(status)
	used := secret.CredentialsUsed(p.Catalog, op, p.credentialsFor(ctx))
	if len(used) > 0 {
		what := strings.Join(used, " and ")
		if status == http.StatusForbidden {
			return fmt.Sprintf("%s to the credential from %s: it may lack the permission %s needs, or be for another account. Check it in askapi's configuration (the MCP client's server settings), never in chat.", answered, what, op.Key())
		}
		msg := fmt.Sprintf("%s: it did not accept the credential from %s. Check that value in askapi's configuration (the MCP client's server settings), never in chat.", answered, what)
		if p.Credentials.OAuth2 != nil && strings.Contains(what, "OAuth2") {
			if op.ReadOnly() {
				msg += " A new token was fetched and refused too."
			} else {
				msg += " The token was dropped and the next call takes a new one; this write was not sent again."
			}
		}
		return msg
	}
	if !secret.DeclaresAuth(p.Catalog) {
		return fmt.Sprintf("%s, and askapi sent no credential: the spec declares no security scheme. Say how the key goes with --auth bearer|basic|header:NAME|query:NAME and set %s, or set the header itself with ASKAPI_HEADERS (--header 'Authorization: Bearer …').", answered, secret.GenericAuthEnvVar)
	}
	return fmt.Sprintf("%s, and askapi sent no credential for %s: set %s (or ASKAPI_AUTH_<SCHEME> for one scheme), or the header with ASKAPI_HEADERS.", answered, op.Key(), secret.GenericAuthEnvVar)
}

// credentialPlace says where a scheme's secret is set: each user's header with
// --per-user-credentials, ASKAPI_API_KEY for the scheme --auth adds, else where (the
// scheme's variables).
func (p *Pipeline) credentialPlace(scheme, where string) string {
	switch {
	case p.PerUser:
		return "your MCP client sends it in the " + PerUserHeader + " header of its requests to askapi"
	case scheme == secret.FlagScheme:
		return secret.GenericAuthEnvVar
	}
	return where
}
