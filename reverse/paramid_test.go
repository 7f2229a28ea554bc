package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestLooksLikeParamID: where every example of a parameter shares a prefix of letters and
// a separator (CON-, cus_), a value without it is not one of its ids, whether the
// examples sit in the schema or beside it; one letter (X-1234) fixes no prefix.
func TestLooksLikeParamID(t *testing.T) {
	str := map[string]any{"type": "string"}
	conversation := &tools.Param{Name: "conversation_id", In: "path", Schema: str, Examples: []any{"CON-f972836a-550f-45fa-956c-12a2ab5b7d22"}}
	customer := &tools.Param{Name: "customer", In: "path", Schema: map[string]any{"type": "string", "examples": []any{"cus_NffrFeUfNV2Hib"}}}
	client := &tools.Param{Name: "clientNumber", In: "body", Schema: map[string]any{"type": "string", "example": "X-1234"}}
	// A call leg's {uuid}, a string with no format: a UUID, never a phone number.
	leg := &tools.Param{Name: "uuid", In: "path", Schema: str}
	exampled := &tools.Param{Name: "call", In: "path", Schema: str, Examples: []any{"63f61863-4a51-4f6b-86e1-46edebcf9356"}}
	// Conjur's identifiers, shown as slugs: a slug of two parts is one of them.
	arn := &tools.Param{Name: "ClusterArn", In: "body", Schema: map[string]any{"type": "string", "pattern": "^[A-Za-z0-9:\\/_-]*$"}}
	slugged := &tools.Param{Name: "identifier", In: "path", Schema: map[string]any{"type": "string", "example": "prod%2Faws%2Fdb-password"}, Examples: []any{"admin"}}
	for _, tc := range []struct {
		p    *tools.Param
		v    string
		want bool
	}{
		{conversation, "CON-8f1c6a37-2e9d-4b5a-9c74-d0e3b6f1a285", true},
		{conversation, "ops_bridge", false},
		{customer, "cus_Q2xk81LmPq0ZrT", true},
		{customer, "bob_smith_2", false},
		{client, "C-2291", true},
		{leg, "4a7c91e3-d25b-4f08-9e6a-c3b17d8f2e50", true},
		{leg, "447700900456", false},
		{leg, "m2cq8vz5hx3tk7nwd4bfy9pjrl", true}, // 1Password calls its ids UUIDs
		{exampled, "447700900456", false},
		{exampled, "91c0e7a2-3b4d-4e5f-8a6b-7c8d9e0f1a2b", true},
		{slugged, "billing-app", true},
		// An ARN is written arn:…; a cluster's name there, whatever its shape, is a name.
		{arn, "data-platform-arc", false},
		{arn, "arn:aws:route53-recovery-control::408126573921:cluster/b61d0f4a-92c7-4e35-8a1f-0c7e3d95b248", true},
		{slugged, "Billing App", false},
		{slugged, "billing", false}, // one word may still be a name
		{client, "billing-app", false},
	} {
		if got := LooksLikeParamID(tc.v, tc.p); got != tc.want {
			t.Errorf("%s %q: %v, want %v", tc.p.Name, tc.v, got, tc.want)
		}
	}
}
