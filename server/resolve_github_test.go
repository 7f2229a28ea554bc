//go:build corpus

package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/askapi/askapi/model"
	"github.com/askapi/askapi/model/modeltest"
	"github.com/askapi/askapi/server/pipeline"
)

// Dynamic mode on GitHub's 1,225 operations: resolve answers a request in words with one
// upstream call and no other tool call from the client, and the prompt stays small.
func TestResolveGitHubDynamic(t *testing.T) {
	cat, _ := githubCatalog(t)
	var got []string
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Method+" "+r.URL.RequestURI())
		stubJSON(w, 200, []any{map[string]any{"number": 1347, "title": "Found a bug", "state": "open"}})
	}))
	defer up.Close()
	ep := modeltest.New(choose("issues_list-for-repo", "lists a repository's issues",
		"owner", "octocat", "repo", "hello-world", "state", "open"))
	defer ep.Close()
	opts := Options{BaseURL: up.URL, Mode: ModeDynamic, Environ: []string{"ASKAPI_API_KEY=" + testAPIKey},
		LLM: pipeline.LLMOptions{BaseURL: ep.BaseURL(), Model: "scripted", APIKey: testLLMKey}}
	p, err := NewPipeline(cat, opts)
	if err != nil {
		t.Fatal(err)
	}
	c := connectInProcess(t, p, nil, "")
	if !listsResolve(t, c) {
		t.Fatal("resolve is not listed in dynamic mode with an endpoint")
	}
	out := callForStructured(t, c, ToolResolve, map[string]any{"request": "list the open issues of octocat/hello-world"})
	if out["status"] != "ok" {
		t.Fatalf("status %v: %v", out["status"], out)
	}
	if len(got) != 1 || got[0] != "GET /repos/octocat/hello-world/issues?state=open" {
		t.Errorf("upstream got %v, want the one list call", got)
	}
	reqs := ep.Requests()
	if len(reqs) != 1 {
		t.Fatalf("model asked %d times", len(reqs))
	}
	if !slices.Contains(reqs[0].OperationEnum(), "issues_list-for-repo") {
		t.Errorf("the index did not propose issues_list-for-repo: %v", reqs[0].OperationEnum())
	}
	// What the model reads: both messages and the function's schema.
	tools, _ := json.Marshal(reqs[0].Decoded["tools"])
	size := len(reqs[0].Prompt()) + len(tools)
	t.Logf("prompt: %d bytes (messages %d, schema %d), %d candidates", size, len(reqs[0].Prompt()), len(tools), len(reqs[0].OperationEnum())-1)
	if size >= 4096 || size > model.MaxPromptBytes+200 {
		t.Errorf("prompt is %d bytes, want under 4 kB", size)
	}
}
