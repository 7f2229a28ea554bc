package server

import (
	"strings"
	"testing"

	"github.com/askapi/askapi/clarify"
)

// An unsupported answer that names words the API never uses says the assistant may search
// once more in other words; one that names none has nothing to say it again with.
func TestFindOperationsUnsupportedNote(t *testing.T) {
	p := pipelineWith(t, Options{Spec: "tmdb.json"})
	cases := []struct {
		query  string
		status clarify.Status
		note   bool
	}{
		{"book cinema tickets for tonight", clarify.StatusUnsupported, true},
		{"search for a movie", clarify.StatusOK, false},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			res := p.FindOperations(map[string]any{"query": tc.query})
			if res.Status != tc.status {
				t.Fatalf("status %s (%s), want %s", res.Status, res.Reason, tc.status)
			}
			if got := strings.Contains(res.Note, "search once more in other words"); got != tc.note {
				t.Errorf("note %q: says search again = %v, want %v", res.Note, got, tc.note)
			}
			if tc.status == clarify.StatusUnsupported && len(res.Operations) > 0 {
				t.Errorf("unsupported answer lists operations %v: nothing to substitute", res.Operations)
			}
		})
	}
}
