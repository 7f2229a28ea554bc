package pipeline

import (
	"slices"
	"testing"

	"github.com/askapi/askapi/reverse/chain"
)

// TestAcceptedScope: a lookup whose path was addressed by the call's own values and that
// answered with items there says the API knows them; an empty or refused answer says
// nothing, nor does a value the call no longer holds.
func TestAcceptedScope(t *testing.T) {
	args := map[string]any{"bucket_id": "main-workspace", "collection_id": "newtab-wallpapers", "id": "c25b9f13"}
	scope := map[string]any{"bucket_id": "main-workspace", "collection_id": "newtab-wallpapers"}
	for _, tc := range []struct {
		name    string
		outcome chain.Outcome
		scope   map[string]any
		want    []string
	}{
		{"filled", chain.Filled, scope, []string{"bucket_id", "collection_id"}},
		{"ambiguous", chain.Ambiguous, scope, []string{"bucket_id", "collection_id"}},
		{"not found: maybe an empty list under nothing", chain.NotFound, scope, nil},
		{"failed", chain.Failed, scope, nil},
		{"a value since changed", chain.Filled, map[string]any{"bucket_id": "other-bucket"}, nil},
	} {
		c := &call{args: args}
		got := acceptedScope(c, chain.Resolution{Arg: "id", Outcome: tc.outcome, Scope: tc.scope})
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: acceptedScope = %v, want %v", tc.name, got, tc.want)
		}
	}
}
