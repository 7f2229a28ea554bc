package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/tools"
)

// TestOpenLookupAsks: a project named where projects are listed per workspace, with two
// workspaces and none named, is no error: the call asks which workspace (where it takes
// one, with the two as options) or which project (where it does not), and the answer
// completes the call.
func TestOpenLookupAsks(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/workspaces":
			w.Write([]byte(`{"data":[{"id":"w1","name":"Marketing"},{"id":"w2","name":"Engineering"}]}`))
		case "/workspaces/w1/projects":
			w.Write([]byte(`{"data":[{"id":"p1","name":"Launch"},{"id":"p2","name":"Roadmap"}]}`))
		case "/tasks":
			w.Write([]byte(`{"data":[]}`))
		default:
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"error":"no such route"}`))
		}
	}))
	defer up.Close()
	p := pipelineWith(t, Options{Spec: "../reverse/testdata/unsettled.yaml", BaseURL: up.URL, Environ: []string{}})
	ask := "list the tasks of the Launch project"

	res := p.Call(context.Background(), p.Catalog.Lookup("GET /tasks"), map[string]any{"project_id": "Launch", tools.ArgUserRequest: ask})
	if res.Status != clarify.StatusNeedsClarification || len(res.Questions) != 1 {
		t.Fatalf("result: %+v", res)
	}
	q := res.Questions[0]
	if q.Field != "workspace_id" || q.Kind != clarify.Missing || len(q.Options) != 2 || q.Options[0].Value != "w1" {
		t.Fatalf("question: %+v", q)
	}
	mu.Lock()
	seen = nil
	mu.Unlock()
	res = p.Call(context.Background(), p.Catalog.Lookup("GET /tasks"), map[string]any{"project_id": "Launch", "workspace_id": "w1", tools.ArgUserRequest: ask, tools.ArgContinuation: res.Continuation})
	if res.Status != clarify.StatusOK {
		t.Fatalf("after the answer: %+v", res)
	}
	mu.Lock()
	last := seen[len(seen)-1]
	mu.Unlock()
	if last != "GET /tasks?project_id=p1&workspace_id=w1" {
		t.Errorf("requests %v: the tasks were not listed for p1 in w1", seen)
	}

	res = p.Call(context.Background(), p.Catalog.Lookup("GET /projects/{project_id}/tasks"), map[string]any{"project_id": "Launch", tools.ArgUserRequest: ask})
	if res.Status != clarify.StatusNeedsClarification || len(res.Questions) == 0 || res.Questions[0].Field != "project_id" {
		t.Fatalf("a call that cannot carry the workspace: %+v", res)
	}
}
