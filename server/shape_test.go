package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools/upstream"
)

// shapeSpec: a long list, and a write whose API refuses a field.
const shapeSpec = `{
 "openapi": "3.0.3",
 "info": {"title": "Shapes", "version": "1"},
 "paths": {
  "/repos": {"get": {"operationId": "listRepos", "responses": {"200": {"description": "repos"}}}},
  "/labels": {"post": {"operationId": "createLabel",
   "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["name", "color"],
    "properties": {"name": {"type": "string"}, "color": {"type": "string"}}}}}},
   "responses": {"201": {"description": "created"}}}},
  "/labels/{label_id}": {"get": {"operationId": "getLabel",
   "parameters": [{"name": "label_id", "in": "path", "required": true, "schema": {"type": "integer"}}],
   "responses": {"200": {"description": "the label"}}}}
 }
}`

func shapeUpstream(t *testing.T) (*httptest.Server, func() []string) {
	var mu sync.Mutex
	var seen []string
	repos := make([]any, 200)
	for i := range repos {
		repos[i] = map[string]any{"id": i + 1, "name": fmt.Sprintf("repo-%d", i+1), "description": nil, "topics": []any{},
			"url": fmt.Sprintf("https://api.example/repos/%d", i+1), "_links": map[string]any{"self": map[string]any{"href": "/x"}}}
	}
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.Path)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.URL.Path == "/repos":
			_ = json.NewEncoder(w).Encode(map[string]any{"total_count": 200, "items": repos})
		case r.URL.Path == "/labels":
			var body map[string]any
			data, _ := io.ReadAll(r.Body)
			_ = json.Unmarshal(data, &body)
			if c, _ := body["color"].(string); strings.HasPrefix(c, "#") {
				w.WriteHeader(422)
				_, _ = io.WriteString(w, `{"message":"Validation Failed","errors":[{"resource":"Label","field":"color","code":"invalid","message":"color must be 6 hex digits without #"}]}`)
				return
			}
			w.WriteHeader(201)
			_, _ = io.WriteString(w, `{"id": 9, "name": "bug"}`)
		case strings.HasPrefix(r.URL.Path, "/labels/"):
			w.WriteHeader(404)
			_, _ = io.WriteString(w, `{"message":"Label not found"}`)
		}
	}))
	t.Cleanup(up.Close)
	return up, func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), seen...) }
}

func shapePipeline(t *testing.T, upstream string, maxBody int64) *pipeline.Pipeline {
	t.Helper()
	spec := filepath.Join(t.TempDir(), "shapes.json")
	if err := os.WriteFile(spec, []byte(shapeSpec), 0o600); err != nil {
		t.Fatal(err)
	}
	opts := Options{Spec: spec, BaseURL: upstream, MaxBody: maxBody, Environ: []string{"ASKAPI_API_KEY=test-key"}}
	cat, err := LoadCatalog(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.BaseURLExact = stubAtRoot(cat)
	p, err := NewPipeline(cat, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestShapeAnswers(t *testing.T) {
	up, _ := shapeUpstream(t)
	cases := []struct {
		name  string
		max   int64
		args  map[string]any
		check func(t *testing.T, r *clarify.Result)
	}{
		{"select picks paths past the cap", 4000, map[string]any{"_select": []any{"items.#.name", "total_count", "items.150.id", "nope"}}, func(t *testing.T, r *clarify.Result) {
			body := r.Body.(map[string]any)
			if names, _ := body["items.#.name"].([]any); len(names) != 200 || body["items.150.id"] != json.Number("151") || body["total_count"] != json.Number("200") {
				t.Errorf("selected %v", body)
			}
			if r.Shape == nil || r.Shape.FullBytes < 20000 || strings.Join(r.Shape.Unmatched, ",") != "nope" || r.Shape.Cut != nil {
				t.Errorf("shape %+v", r.Shape)
			}
		}},
		{"a single path as a string", 0, map[string]any{"_select": "total_count"}, func(t *testing.T, r *clarify.Result) {
			if r.Body.(map[string]any)["total_count"] != json.Number("200") || !strings.Contains(r.Note, "total_count") {
				t.Errorf("body %v note %q", r.Body, r.Note)
			}
		}},
		{"a cut names what was dropped", 4000, nil, func(t *testing.T, r *clarify.Result) {
			if r.Shape == nil || r.Shape.Cut == nil || len(r.Shape.Cut.Lists) != 1 || r.Shape.Cut.Lists[0].Path != "items" || r.Shape.Cut.Lists[0].Total != 200 {
				t.Fatalf("shape %+v", r.Shape)
			}
			if !strings.Contains(r.Note, "of 200 items of items") || !strings.Contains(r.Note, `"items.#.id"`) || upstream.EncodedSize(r.Body) > 4000 {
				t.Errorf("note %q (%d bytes)", r.Note, upstream.EncodedSize(r.Body))
			}
		}},
		{"compact drops nulls, empties and links, keeps ids and names", 0, map[string]any{"_compact": true}, func(t *testing.T, r *clarify.Result) {
			first := r.Body.(map[string]any)["items"].([]any)[0].(map[string]any)
			if len(first) != 2 || first["id"] == nil || first["name"] != "repo-1" || r.Shape == nil || r.Shape.SavedBytes <= 0 {
				t.Errorf("first %v shape %+v", first, r.Shape)
			}
		}},
		{"a bad _select is noted, not failed", 0, map[string]any{"_select": 3.0}, func(t *testing.T, r *clarify.Result) {
			if r.Status != clarify.StatusOK || !strings.Contains(r.Note, "_select was not used") {
				t.Errorf("status %s note %q", r.Status, r.Note)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := shapePipeline(t, up.URL, c.max)
			r := p.Call(context.Background(), p.Catalog.Lookup("listRepos"), c.args)
			if r.Status != clarify.StatusOK {
				t.Fatalf("status %s: %+v", r.Status, r)
			}
			c.check(t, r)
		})
	}
}

func TestAPIRefusalThroughPipeline(t *testing.T) {
	up, seen := shapeUpstream(t)
	p := shapePipeline(t, up.URL, 0)
	op := p.Catalog.Lookup("createLabel")
	args := map[string]any{"name": "bug", "color": "#ff0000", "_user_request": "add a red bug label, color #ff0000"}
	asked := p.Call(context.Background(), op, args)
	if asked.Status != clarify.StatusNeedsClarification || len(asked.Questions) != 1 || asked.Questions[0].Field != "color" || asked.Questions[0].Kind != clarify.Invalid {
		t.Fatalf("refusal: %+v", asked)
	}
	if !strings.Contains(asked.Questions[0].Question, "6 hex digits") || asked.Error == nil || asked.Error.UpstreamStatus != 422 || asked.HTTP.Status != 422 || asked.Continuation == "" {
		t.Errorf("question or status: %+v %+v", asked.Questions[0], asked.Error)
	}
	if got := seen(); len(got) != 1 {
		t.Errorf("requests %v: the refused write was retried", got)
	}
	done := p.Call(context.Background(), op, map[string]any{"color": "ff0000", "_continuation": asked.Continuation})
	if done.Status != clarify.StatusOK || len(seen()) != 2 {
		t.Errorf("answer turn: %+v, requests %v", done, seen())
	}

	missing := p.Call(context.Background(), p.Catalog.Lookup("getLabel"), map[string]any{"label_id": 77})
	if missing.Status != clarify.StatusNeedsClarification || len(missing.Questions) != 1 || missing.Questions[0].Kind != clarify.NotFound || missing.Questions[0].Field != "label_id" {
		t.Errorf("404 on the path identifier: %+v", missing)
	}
}
