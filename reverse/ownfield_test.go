package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestOwnField: a create's or an update's body field that is the written thing's own key
// (key, slug, subscription_key of POST /subscriptions, a webhook's name) is the person's
// content; an id the API assigns, or the key of another thing (project_key of an issue),
// is not.
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
		// A write to one item: its body holds the item's own new values (BulkSMS's
		// webhook name, "a text identifier for the webhook").
		{"POST", "/webhooks/{id}", "name", true},
		{"PUT", "/projects/{id}", "key", true},
		{"PATCH", "/webhooks/{id}", "webhook_name", true},
		{"PATCH", "/webhooks/{id}", "id", false},
		{"PATCH", "/issues/{id}", "project_key", false},
		{"DELETE", "/webhooks/{id}", "name", false},
	} {
		p := &tools.Param{Name: tc.field, Arg: tc.field, In: "body", Schema: map[string]any{"type": "string"}}
		op := &tools.Operation{Method: tc.method, Path: tc.path}
		if got := ownField(op, p); got != tc.want {
			t.Errorf("%s %s %s: ownField = %v, want %v", tc.method, tc.path, tc.field, got, tc.want)
		}
	}
}
