package chain

import "testing"

// TestBodyInGet: a GET search whose one text input is no property of its POST twin's
// body carries that body as text: the person's words are never sent there. Where the
// twin's body takes the same input, the GET takes words.
func TestBodyInGet(t *testing.T) {
	cat, g := rtData(t, "bodyinget.yaml", nil)
	cases := []struct {
		op, arg string
		words   string // the producer operation that would take words, and as what
	}{
		{"GET /contracts/{contractId}", "contractId", ""},
		{"GET /books/{bookId}", "bookId", "q"},
	}
	for _, tc := range cases {
		t.Run(tc.op, func(t *testing.T) {
			e := rtEdge(t, g, rtOp(t, cat, tc.op), tc.arg)
			for _, p := range e.Producers {
				if p.OpKey == "GET /contracts/query" && p.NameArg != "" {
					t.Fatalf("words sent as the filter %s: %+v", p.NameArg, p)
				}
			}
			if tc.words != "" && e.Producers[0].NameArg != tc.words {
				t.Errorf("best producer %+v, want the words sent as %s", e.Producers[0], tc.words)
			}
		})
	}
}
