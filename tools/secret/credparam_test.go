package secret

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

func TestIsCredentialParam(t *testing.T) {
	for _, tc := range []struct {
		name, in, desc string
		want           bool
	}{
		{"vestorly_auth", "query", "Vestorly Auth Token", true},
		{"access_token", "query", "OAuth Token", true},
		{"X-Postmark-Server-Token", "header", "The token associated with the Server.", true},
		{"default_auth", "query", "The default authentication method", false},
		{"auth_method", "query", "Which auth token type to issue", false},
		{"page_token", "query", "The page token from the last answer", false},
		{"tag", "query", "The tag of the item", false},
		{"vestorly_auth", "path", "Vestorly Auth Token", false},
		// A path segment is a credential only where the spec says it is the caller's own.
		{"key", "path", "Your API Key. Typically begins `ak_`.", true},
		{"key", "path", "Your API key for calling this service.", true},
		{"key", "path", "The API key to delete.", false},
		{"api_key", "path", "The API key to manage secrets for", false},
		{"token", "path", "authentication token identifying the current box-to-box connection", false},
	} {
		p := &tools.Param{Name: tc.name, In: tc.in, Description: tc.desc, Schema: map[string]any{"type": "string"}}
		if got := IsCredentialParam(p); got != tc.want {
			t.Errorf("IsCredentialParam(%s in %s, %q) = %v, want %v", tc.name, tc.in, tc.desc, got, tc.want)
		}
	}
}
