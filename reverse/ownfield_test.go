package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestOwnField: a create's body field that is the created thing's own key (key, slug,
// subscription_key of POST /subscriptions) is the person's content; an id the API
// assigns, or the key of another thing (project_key of a new issue), is not.
func TestOwnField(t *testing.T) {
	for _, tc := range []struct {
		method, path, field string
		want                bool
	}{
		{"POST", "/subscriptions", "subscription_key", true},
		{"POST", "/projects", "key", true},
		{"POST", "/projects", "slug", true},
		{"POST", "/issues", "project_key", false},
		{"POST", "/subscriptions", "id", false},
		{"PATCH", "/subscriptions", "subscription_key", false},
		{"POST", "/subscriptions/{id}/renew", "subscription_key", false},
	} {
		p := &tools.Param{Name: tc.field, Arg: tc.field, In: "body", Schema: map[string]any{"type": "string"}}
		op := &tools.Operation{Method: tc.method, Path: tc.path}
		if got := ownField(op, p); got != tc.want {
			t.Errorf("%s %s %s: ownField = %v, want %v", tc.method, tc.path, tc.field, got, tc.want)
		}
	}
}
