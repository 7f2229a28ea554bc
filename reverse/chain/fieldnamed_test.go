package chain

import (
	"testing"
)

// TestFieldNamedLists: a list whose items carry a field named like a parameter is its
// producer, also where the items are things of their own that refer to it (a field's
// boundaryId, found by the field's name) (reverse/fieldnamed.go).
func TestFieldNamedLists(t *testing.T) {
	cat, g := rtData(t, "fieldnamed.yaml", nil)
	cases := []struct {
		op, arg, producer string
	}{
		{"GET /product/{skuSellerId}", "skuSellerId", "GET /sellers/skus"},
		{"GET /by-control/{controlId}", "controlId", "GET /evidenceFolders"},
		{"PUT /caseUpdate", "caseId", "GET /caseTracks"},
		// A number in a write's body is the person's content, not which thing.
		{"PUT /caseUpdate", "phone_number", ""},
	}
	for _, tc := range cases {
		t.Run(tc.op+" "+tc.arg, func(t *testing.T) {
			op := rtOp(t, cat, tc.op)
			e, ok := g.Edge(op, tc.arg)
			got := ""
			if ok && len(e.Producers) > 0 {
				got = e.Producers[0].OpKey
			}
			if got != tc.producer {
				t.Fatalf("producer of %s = %q, want %q", tc.arg, got, tc.producer)
			}
		})
	}
}
