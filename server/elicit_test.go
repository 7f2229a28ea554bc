package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools"
)

// tmdbStub answers a person search for "Jennifer" with two people, and movie credits.
type tmdbStub struct {
	mu   sync.Mutex
	seen []string
}

func (s *tmdbStub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.seen = append(s.seen, r.Method+" "+r.URL.Path)
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	switch {
	case r.URL.Path == "/search/person":
		_, _ = w.Write([]byte(`{"page":1,"results":[
			{"id":72129,"name":"Jennifer Lawrence","known_for_department":"Acting","known_for":[{"title":"The Hunger Games"}]},
			{"id":6161,"name":"Jennifer Connelly","known_for_department":"Acting","known_for":[{"title":"A Beautiful Mind"}]}]}`))
	case strings.HasPrefix(r.URL.Path, "/person/") && strings.HasSuffix(r.URL.Path, "/movie_credits"):
		id := strings.Split(r.URL.Path, "/")[2]
		_, _ = w.Write([]byte(`{"id":` + id + `,"cast":[]}`))
	default:
		http.NotFound(w, r)
	}
}

func (s *tmdbStub) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.seen...)
}

// elicitor answers every form with a fixed action and content, and records the forms.
type elicitor struct {
	action  mcp.ElicitationResponseAction
	content map[string]any
	mu      sync.Mutex
	forms   []mcp.ElicitationParams
}

func (e *elicitor) Elicit(ctx context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	e.mu.Lock()
	e.forms = append(e.forms, req.Params)
	e.mu.Unlock()
	return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: e.action, Content: e.content}}, nil
}

func pipelineFor(t *testing.T, spec string, upstream string, policy string) *pipeline.Pipeline {
	t.Helper()
	opts := Options{Spec: spec, BaseURL: upstream, Environ: []string{"ASKAPI_API_KEY=test-key"}}
	if policy != "" {
		f := filepath.Join(t.TempDir(), "policy.yaml")
		if err := os.WriteFile(f, []byte(policy), 0o600); err != nil {
			t.Fatal(err)
		}
		opts.PolicyFile = f
	}
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

func connectInProcess(t *testing.T, p *pipeline.Pipeline, handler client.ElicitationHandler, version string) *client.Client {
	t.Helper()
	srv, err := New(p, "test")
	if err != nil {
		t.Fatal(err)
	}
	var opts []client.ClientOption
	if handler != nil {
		opts = append(opts, client.WithElicitationHandler(handler))
	}
	if version != "" {
		opts = append(opts, client.WithProtocolVersion(version))
	}
	c, err := client.NewInProcessClientWithOptions(srv, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var ir mcp.InitializeRequest
	ir.Params.ClientInfo = mcp.Implementation{Name: "askapi-test", Version: "1"}
	if version != "" {
		ir.Params.ProtocolVersion = version
	}
	if _, err := c.Initialize(ctx, ir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func callForStructured(t *testing.T, c *client.Client, name string, args map[string]any) map[string]any {
	t.Helper()
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("structured content %s: %v", data, err)
	}
	return out
}

// TestReachingTheUser covers the three ways a question reaches the person: the
// needs_clarification result (no elicitation), and a form through either protocol era.
func TestReachingTheUser(t *testing.T) {
	const legacy = mcp.ProtocolVersion20251125
	cases := []struct {
		name    string
		version string
		handler *elicitor
		status  string
		sent    string // the final request expected upstream, "" for none
	}{
		{"no elicitation, 2026-07-28", "", nil, "needs_clarification", ""},
		{"no elicitation, 2025-11-25", legacy, nil, "needs_clarification", ""},
		{"form accepted, 2026-07-28", "", &elicitor{action: mcp.ElicitationResponseActionAccept, content: map[string]any{"person_id": "6161"}}, "ok", "GET /person/6161/movie_credits"},
		{"form accepted, 2025-11-25", legacy, &elicitor{action: mcp.ElicitationResponseActionAccept, content: map[string]any{"person_id": "6161"}}, "ok", "GET /person/6161/movie_credits"},
		{"form declined, 2026-07-28", "", &elicitor{action: mcp.ElicitationResponseActionDecline}, "cancelled", ""},
		{"form cancelled, 2025-11-25", legacy, &elicitor{action: mcp.ElicitationResponseActionCancel}, "cancelled", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			stub := &tmdbStub{}
			up := httptest.NewServer(stub)
			defer up.Close()
			p := pipelineFor(t, "../testdata/shared/specs/tmdb.json", up.URL, "")
			var h client.ElicitationHandler
			if tc.handler != nil {
				h = tc.handler
			}
			c := connectInProcess(t, p, h, tc.version)
			out := callForStructured(t, c, "GET_person-person_id-movie_credits", map[string]any{"person_id": "Jennifer", "_user_request": "films with Jennifer"})
			if out["status"] != tc.status {
				t.Fatalf("status = %v, want %s: %v", out["status"], tc.status, out)
			}
			reqs := stub.requests()
			searches := 0
			for _, r := range reqs {
				if r == "GET /search/person" {
					searches++
				}
			}
			if searches != 1 {
				t.Errorf("person search ran %d times, want once (a resumed call repeats no upstream call): %v", searches, reqs)
			}
			last := reqs[len(reqs)-1]
			if tc.sent == "" && strings.HasSuffix(last, "/movie_credits") {
				t.Errorf("credits were fetched although the person never chose: %v", reqs)
			}
			if tc.sent != "" && last != tc.sent {
				t.Errorf("last request %q, want %q", last, tc.sent)
			}
			if tc.handler == nil {
				qs, _ := out["questions"].([]any)
				if len(qs) != 1 || qs[0].(map[string]any)["kind"] != "ambiguous" {
					t.Fatalf("questions = %v, want one ambiguous question", out["questions"])
				}
				return
			}
			if len(tc.handler.forms) != 1 {
				t.Fatalf("forms shown = %d, want 1", len(tc.handler.forms))
			}
			form, _ := json.Marshal(tc.handler.forms[0].RequestedSchema)
			if !strings.Contains(string(form), "Jennifer Connelly") || !strings.Contains(string(form), `"const":"6161"`) {
				t.Errorf("form does not offer the labelled options: %s", form)
			}
		})
	}
}

// TestConfirmWriteThroughForm: a confirm policy asks through the form and sends only on yes.
func TestConfirmWriteThroughForm(t *testing.T) {
	for _, answer := range []bool{true, false} {
		var mu sync.Mutex
		var deletes int
		up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodDelete {
				mu.Lock()
				deletes++
				mu.Unlock()
			}
			w.WriteHeader(http.StatusOK)
		}))
		p := pipelineFor(t, "../testdata/shared/specs/alertmanager-v2.yaml", up.URL, "confirm: {methods: [DELETE]}")
		h := &elicitor{action: mcp.ElicitationResponseActionAccept, content: map[string]any{"_confirm": answer}}
		c := connectInProcess(t, p, h, "")
		out := callForStructured(t, c, "deleteSilence", map[string]any{"silenceID": "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"})
		up.Close()
		want, wantDeletes := "ok", 1
		if !answer {
			want, wantDeletes = "cancelled", 0
		}
		if out["status"] != want || deletes != wantDeletes {
			t.Errorf("confirm=%v: status %v with %d deletes, want %s with %d: %v", answer, out["status"], deletes, want, wantDeletes, out)
		}
		if len(h.forms) != 1 || !strings.Contains(h.forms[0].Message, "DELETE /api/v2/silence/9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d") {
			t.Errorf("confirm=%v: form %+v does not name the exact request", answer, h.forms)
		}
	}
}

// A form field whose name says nothing to a person (vid) is titled by what the spec says.
func TestFieldTitleOpaqueName(t *testing.T) {
	op := &tools.Operation{Method: "POST", Path: "/ipam/vlans/", InputSchema: map[string]any{"type": "object", "properties": map[string]any{
		"vid": map[string]any{"type": "integer", "title": "ID"}, "name": map[string]any{"type": "string"}}}}
	for arg, want := range map[string]string{"vid": "Vlan number", "name": "Name"} {
		if got := fieldTitle(op, arg); got != want {
			t.Errorf("fieldTitle(%s) = %q, want %q", arg, got, want)
		}
	}
}
