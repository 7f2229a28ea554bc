package chain

import "testing"

// TestCreatesKeyNotID: a create's body may carry the new thing's key, the person's
// choice, which is no slot of the invariant; its id is the API's, and words there are
// never sent (a create-or-update's idCalculatorConfiguration).
func TestCreatesKeyNotID(t *testing.T) {
	cat, g := rtData(t, "createid.yaml", nil)
	cases := []struct {
		op, arg string
		slot    bool
	}{
		{"POST /projects", "projectKey", false},
		{"POST /calculatorconfiguration", "idCalculatorConfiguration", true},
	}
	for _, tc := range cases {
		_, got := g.Slots(rtOp(t, cat, tc.op))[tc.arg]
		if got != tc.slot {
			t.Errorf("%s %s: slot %v, want %v", tc.op, tc.arg, got, tc.slot)
		}
	}
}
