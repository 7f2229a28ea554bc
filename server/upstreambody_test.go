package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/askapi/askapi/clarify"
)

// bodySpec has one operation per kind of answer its upstream gives, and a person search
// (a producer) whose answer is cut short.
const bodySpec = `{
 "openapi": "3.0.3",
 "info": {"title": "Bodies", "version": "1"},
 "components": {"schemas": {"Person": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}},
 "paths": {
  "/malformed": {"get": {"operationId": "malformed", "responses": {"200": {"description": "JSON cut short"}}}},
  "/empty": {"get": {"operationId": "empty", "responses": {"200": {"description": "no body, JSON declared"}}},
             "post": {"operationId": "emptyWrite", "responses": {"200": {"description": "no body, JSON declared", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
  "/text": {"get": {"operationId": "text", "responses": {"200": {"description": "malformed JSON declared as text"}}}},
  "/valid": {"get": {"operationId": "valid", "responses": {"200": {"description": "JSON"}}},
             "head": {"operationId": "headValid", "responses": {"200": {"description": "no body"}}},
             "delete": {"operationId": "deleteValid", "responses": {"204": {"description": "no body"}}}},
  "/people": {"get": {"operationId": "searchPeople", "summary": "Search people by name",
   "parameters": [{"name": "q", "in": "query", "required": true, "schema": {"type": "string"}}],
   "responses": {"200": {"description": "matches", "content": {"application/json": {"schema": {"type": "object", "properties": {"results": {"type": "array", "items": {"$ref": "#/components/schemas/Person"}}}}}}}}}},
  "/people/{person_id}": {"get": {"operationId": "getPerson",
   "parameters": [{"name": "person_id", "in": "path", "required": true, "schema": {"type": "integer"}}],
   "responses": {"200": {"description": "the person", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Person"}}}}}}}
 }
}`

// TestUpstreamBodyNotAsDeclared: a body declared JSON that is malformed is an error
// naming the problem, with an excerpt; a success with no body, declared or not, is ok.
func TestUpstreamBodyNotAsDeclared(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.URL.Path == "/malformed":
			_, _ = io.WriteString(w, `{"results": [{"id": 1, "name": "Ann"`)
		case r.URL.Path == "/people":
			_, _ = io.WriteString(w, `{"results": [{"id": 1, "name": "Ann Lee"}, {"id": 2,`)
		case r.URL.Path == "/empty", r.Method == http.MethodHead:
		case r.Method == http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		case r.URL.Path == "/text":
			w.Header().Set("Content-Type", "text/plain")
			_, _ = io.WriteString(w, `{"results": [`)
		default:
			_, _ = io.WriteString(w, `{"ok": true}`)
		}
	}))
	defer up.Close()
	spec := filepath.Join(t.TempDir(), "bodies.json")
	if err := os.WriteFile(spec, []byte(bodySpec), 0o600); err != nil {
		t.Fatal(err)
	}
	p := pipelineFor(t, spec, up.URL, "")
	cases := []struct {
		op      string
		args    map[string]any
		status  string
		message string // a part of error.message
		excerpt string // a part of error.body_excerpt
	}{
		{"malformed", nil, "error", "the API answered 200 with a body that is not valid JSON: unexpected end of JSON input at byte 36", `"name": "Ann"`},
		// A success with no body is ok with no body: an error would invite a retry, so a
		// second write (issue 26).
		{"empty", nil, "ok", "", ""},
		{"emptyWrite", nil, "ok", "", ""},
		// A lookup whose answer is unusable is a question, saying what it met (issue 26).
		{"getPerson", map[string]any{"person_id": "Ann"}, "needs_clarification", "the API answered 200 with a body that is not valid JSON: unexpected end of JSON input at byte 52", ""},
		{"text", nil, "ok", "", ""},
		{"valid", nil, "ok", "", ""},
		{"headValid", nil, "ok", "", ""},
		{"deleteValid", nil, "ok", "", ""},
	}
	for _, c := range cases {
		op := p.Catalog.Lookup(c.op)
		if op == nil {
			t.Fatalf("no operation %s", c.op)
		}
		args := map[string]any{}
		for k, v := range c.args {
			args[k] = v
		}
		res := p.Call(context.Background(), op, args)
		if string(res.Status) != c.status {
			t.Errorf("%s: status %s, want %s: %+v", c.op, res.Status, c.status, res)
			continue
		}
		if c.status == "needs_clarification" {
			if len(res.Questions) != 1 || res.Questions[0].Kind != clarify.Unresolved || !strings.Contains(res.Questions[0].Reason, c.message) || len(res.Calls) != 1 {
				t.Errorf("%s: want one unresolved question saying %q after one lookup: %+v", c.op, c.message, res)
			}
			continue
		}
		if c.status == "ok" && strings.HasPrefix(c.op, "empty") && (res.Body != nil || !strings.Contains(res.Note, "answered 200 with no body")) {
			t.Errorf("%s: want no body and a note saying so: %+v", c.op, res)
		}
		if c.status != "error" {
			continue
		}
		if res.Error == nil || !strings.Contains(res.Error.Message, c.message) || !strings.Contains(res.Error.BodyExcerpt, c.excerpt) {
			t.Errorf("%s: error %+v, want message %q and excerpt %q", c.op, res.Error, c.message, c.excerpt)
		}
		if res.Error != nil && res.Error.UpstreamStatus != http.StatusOK {
			t.Errorf("%s: upstream_status %d, want 200", c.op, res.Error.UpstreamStatus)
		}
	}
}
