package server

import (
	"strings"
	"testing"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/server/pipeline"
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
			res := p.FindOperations(pipeline.FindArgs{Query: tc.query})
			if res.Status != tc.status {
				t.Fatalf("status %s (%s), want %s", res.Status, res.Reason, tc.status)
			}
			if got := strings.Contains(res.Note, "search once more in other words"); got != tc.note {
				t.Errorf("note %q: says search again = %v, want %v", res.Note, got, tc.note)
			}
		})
	}
}

// Every find_operations answer lists the nearest candidates, each with the query words it
// matched; an unsupported one also names the words no operation serves.
func TestFindOperationsCandidates(t *testing.T) {
	p := pipelineWith(t, Options{Spec: "tmdb.json"})
	cases := []struct {
		query    string
		status   clarify.Status
		first    string
		unserved []string
	}{
		{"search movie", clarify.StatusOK, "GET /search/movie", nil},
		{"book movie tickets", clarify.StatusUnsupported, "", []string{"book", "tickets"}},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			res := p.FindOperations(pipeline.FindArgs{Query: tc.query, Reserved: pipeline.Reserved{UserRequest: "whatever the person said"}})
			if res.Status != tc.status {
				t.Fatalf("status %s (%s), want %s", res.Status, res.Reason, tc.status)
			}
			if len(res.Operations) == 0 || len(res.Operations) > 10 {
				t.Fatalf("%d candidates, want 1 to 10", len(res.Operations))
			}
			for _, m := range res.Operations {
				if m.Method == "" || m.Path == "" || len(m.Matched) == 0 {
					t.Errorf("candidate %+v lacks its method, path or matched words", m)
				}
			}
			if tc.first != "" && res.Operations[0].Method+" "+res.Operations[0].Path != tc.first {
				t.Errorf("first = %s %s, want %s", res.Operations[0].Method, res.Operations[0].Path, tc.first)
			}
			if strings.Join(res.Unserved, ",") != strings.Join(tc.unserved, ",") {
				t.Errorf("unserved = %q, want %q", res.Unserved, tc.unserved)
			}
		})
	}
}
