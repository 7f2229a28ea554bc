package reverse

import "testing"

// TestNameFilter: an input named after one of the listed items' fields filters that
// field, so the person's words go to the input filtering the items' label (Name, not the
// folders' Keywords), to none when the listing has no such input (a board's keyword is
// not its title), and a free-text input (q) keeps them.
func TestNameFilter(t *testing.T) {
	cat, g := rtData(t, "namefilter.yaml", nil)
	for _, tc := range []struct{ op, arg, producer, nameArg string }{
		{"DELETE /folders/{folderId}", "folderId", "GET /folders", "Name"},
		{"DELETE /boards/{boardId}", "boardId", "GET /boards", ""},
		{"DELETE /cards/{cardId}", "cardId", "GET /cards", "q"},
	} {
		t.Run(tc.op, func(t *testing.T) {
			p := rtEdge(t, g, rtOp(t, cat, tc.op), tc.arg).Producers[0]
			if p.OpKey != tc.producer || p.NameArg != tc.nameArg {
				t.Errorf("producer %s with the words in %q, want %s with them in %q", p.OpKey, p.NameArg, tc.producer, tc.nameArg)
			}
		})
	}
}
