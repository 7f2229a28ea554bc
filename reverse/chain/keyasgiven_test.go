package chain

import (
	"testing"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
)

// TestKeyAsGiven: a key goes as given; one that takes either a key or the id is looked up
// for the id before a write, and may go as given in a read.
func TestKeyAsGiven(t *testing.T) {
	get, post := &tools.Operation{Method: "GET"}, &tools.Operation{Method: "POST"}
	cases := []struct {
		op   *tools.Operation
		e    reverse.Edge
		want bool
	}{
		{post, reverse.Edge{Key: true}, true},
		{post, reverse.Edge{Key: true, Field: "slug"}, true},
		{get, reverse.Edge{Key: true, Field: "id"}, true},
		{post, reverse.Edge{Key: true, Field: "id"}, false},
		{get, reverse.Edge{}, false},
	}
	for i, tc := range cases {
		if got := keyAsGiven(tc.op, tc.e); got != tc.want {
			t.Errorf("case %d: keyAsGiven(%s, %+v) = %v, want %v", i, tc.op.Method, tc.e, got, tc.want)
		}
	}
}
