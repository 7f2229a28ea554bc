package reverse

import "testing"

// TestAssociates: a POST that links a rule to a user finds the rule in the rules' own
// list first (the user's rules are those already linked); removing one finds it among
// the user's.
func TestAssociates(t *testing.T) {
	cat, g := rtData(t, "associate.yaml", nil)
	for _, tc := range []struct{ op, first string }{
		{"POST /users/{user_id}/rules/{rule_id}", "GET /rules"},
		{"DELETE /users/{user_id}/rules/{rule_id}", "GET /users/{user_id}/rules"},
	} {
		if p := rtEdge(t, g, rtOp(t, cat, tc.op), "rule_id").Producers[0]; p.OpKey != tc.first {
			t.Errorf("%s: rule_id first from %s, want %s", tc.op, p.OpKey, tc.first)
		}
	}
}
