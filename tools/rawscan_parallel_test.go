package tools

import (
	"bytes"
	"maps"
	"testing"

	"github.com/askapi/askapi/bench/synth"
)

// TestScanDocumentParallel checks that the two-goroutine scan of a large document finds
// what the one-goroutine scan finds: the same verdict, $refs and container lengths.
func TestScanDocumentParallel(t *testing.T) {
	big := synth.Stripe()
	if len(big) < 1<<20 {
		t.Fatalf("the synthetic spec is %d bytes, too small to take the parallel path", len(big))
	}
	// A schema type inside components, which the second goroutine checks.
	typ := []byte(`"type": "object"`)
	comp := bytes.Index(big, []byte(`"components"`))
	at := bytes.Index(big[max(comp, 0):], typ)
	if comp < 0 || at < 0 {
		t.Fatal("no schema type inside components to break in the synthetic spec")
	}
	at += comp
	broken := append(append(append([]byte(nil), big[:at]...), `"type": 42`...), big[at+len(typ):]...)
	tests := []struct {
		name  string
		doc   []byte
		clean bool
	}{
		{"clean", big, true},
		{"bad type inside components", broken, false},
		{"truncated", big[:len(big)-10], false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clean, refs, lens := scanDocument(tt.doc)
			if clean != tt.clean {
				t.Fatalf("parallel scan: clean = %v, want %v", clean, tt.clean)
			}
			old := parallelScanBytes
			parallelScanBytes = len(tt.doc) + 1
			defer func() { parallelScanBytes = old }()
			sClean, sRefs, sLens := scanDocument(tt.doc)
			if sClean != clean {
				t.Fatalf("serial scan: clean = %v, parallel %v", sClean, clean)
			}
			if !clean {
				return
			}
			if !maps.Equal(refs, sRefs) {
				t.Errorf("refs differ: parallel %d, serial %d", len(refs), len(sRefs))
			}
			for off := range tt.doc {
				got, gotOK := lens.lenAt(&tt.doc[off])
				want, wantOK := sLens.lenAt(&tt.doc[off])
				if got != want || gotOK != wantOK {
					t.Fatalf("length of the container at %d: parallel %d, %v; serial %d, %v", off, got, gotOK, want, wantOK)
				}
			}
		})
	}
}
