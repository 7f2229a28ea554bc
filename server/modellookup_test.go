package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/model/modeltest"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools"
)

// TestModelChoosesLookup: where the spec gives no lookup for words given as an id, a
// model (here a scripted OpenAI-compatible endpoint: no model can run on this machine)
// chooses among the operations that list such things, and the rule checks its choice: a
// list it may run is run and the id used; a write it chose is refused, and the call is a
// question with nothing written (issue 26, point 2).
func TestModelChoosesLookup(t *testing.T) {
	cases := []struct {
		name   string
		choice string
		// wantSent is the write expected, "" for none.
		wantSent string
	}{
		{"the model chooses the crew list", "listCrew", "POST /shifts/w_17/assign"},
		{"the model chooses a write: refused", "hireWorker", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var seen []string
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				seen = append(seen, r.Method+" "+r.URL.Path)
				mu.Unlock()
				w.Header().Set("Content-Type", "application/json")
				if r.Method == "GET" && r.URL.Path == "/crew" {
					w.Write([]byte(`{"members":[{"id":"w_17","name":"Dana Ruiz"},{"id":"w_22","name":"Sam Okafor"}]}`))
					return
				}
				w.Write([]byte(`{"ok":true}`))
			}))
			defer up.Close()
			ep := modeltest.New(modeltest.Reply{Arguments: map[string]any{"operation": tc.choice, "reason": "it lists the crew's workers"}})
			defer ep.Close()
			p := pipelineWith(t, Options{Spec: "testdata/modellookup.yaml", BaseURL: up.URL, Environ: []string{},
				LLM: pipeline.LLMOptions{BaseURL: ep.BaseURL(), Model: "scripted", APIKey: "model-key-of-the-test"}})
			res := p.Call(context.Background(), p.Catalog.Lookup("POST /shifts/{worker_id}/assign"),
				map[string]any{"worker_id": "Dana Ruiz", tools.ArgUserRequest: "give Dana Ruiz the next shift"})
			if len(ep.Requests()) != 1 {
				t.Fatalf("the model was asked %d times, want once", len(ep.Requests()))
			}
			mu.Lock()
			defer mu.Unlock()
			var writes []string
			for _, s := range seen {
				if !strings.HasPrefix(s, "GET ") {
					writes = append(writes, s)
				}
			}
			if tc.wantSent == "" {
				if len(writes) != 0 || res.Status != clarify.StatusNeedsClarification || len(res.Questions) != 1 || res.Questions[0].Kind != clarify.Unresolved {
					t.Fatalf("want an unresolved question and nothing written: %+v, writes %v", res, writes)
				}
				return
			}
			if res.Status != clarify.StatusOK || len(writes) != 1 || writes[0] != tc.wantSent {
				t.Fatalf("want %s: %+v, requests %v", tc.wantSent, res, seen)
			}
			if len(res.Resolved) != 1 || res.Resolved[0].ChosenBy != "model" || res.Resolved[0].Via != "GET /crew" {
				t.Errorf("resolved %+v: want the crew list, chosen by the model", res.Resolved)
			}
		})
	}
}
