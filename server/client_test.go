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
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/askapi/askapi/e2e"
)

// dialTracker starts the built askapi on the tracker spec against a fake upstream.
func dialTracker(t *testing.T, extraArgs []string, opts ClientOptions) (*Client, *[]string) {
	t.Helper()
	bin := e2e.BuildAskapi(t)
	var mu sync.Mutex
	var seen []string
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.Path+" key="+r.Header.Get("X-API-Key"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodPost {
			w.WriteHeader(http.StatusCreated)
			_, _ = w.Write([]byte(`{"id":42,"title":"t"}`))
			return
		}
		_, _ = w.Write([]byte(`{"id":"c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f","name":"Hermes"}`))
	}))
	t.Cleanup(up.Close)
	spec := filepath.Join(e2e.RepoRoot(), "testdata", "specs", "tracker.yaml")
	args := append([]string{"serve", "--spec", spec, "--base-url", up.URL + "/v1"}, extraArgs...)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cl, err := Dial(ctx, bin, args, []string{"ASKAPI_AUTH_TRACKERKEY=client-test-key"}, opts)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { _ = cl.Close() })
	return cl, &seen
}

func TestClientListAndCall(t *testing.T) {
	cl, seen := dialTracker(t, nil, ClientOptions{})
	ctx := context.Background()
	if v := cl.ProtocolVersion(); v != "2026-07-28" {
		t.Errorf("protocol %q, want the newest by default", v)
	}
	list, err := cl.ListTools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]ToolInfo{}
	for _, ti := range list {
		byName[ti.Name] = ti
	}
	get, ok := byName["getProject"]
	if !ok || get.Method != "GET" || get.Path != "/projects/{project_id}" || get.OperationID != "getProject" {
		t.Fatalf("getProject: %+v", get)
	}
	if props, _ := get.InputSchema["properties"].(map[string]any); props["project_id"] == nil {
		t.Errorf("input schema lacks project_id: %v", get.InputSchema)
	}
	if plan := byName["plan"]; plan.Name == "" || plan.Method != "" {
		t.Errorf("meta-tool plan: %+v", plan)
	}

	res, err := cl.Call(ctx, "getProject", map[string]any{"project_id": "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Structured["status"] != "ok" || res.IsError || !strings.Contains(res.Text, "Hermes") {
		t.Errorf("result %+v", res)
	}
	if body, _ := res.Structured["body"].(map[string]any); body["name"] != "Hermes" {
		t.Errorf("body %v", res.Structured["body"])
	}
	if len(*seen) != 1 || (*seen)[0] != "GET /v1/projects/c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f key=client-test-key" {
		t.Errorf("upstream saw %v", *seen)
	}

	// A clarification comes back as a result, not an error.
	res, err = cl.Call(ctx, "createProject-does-not-exist", nil)
	if err == nil {
		t.Errorf("an unknown tool must be an error, got %+v", res)
	}
	res, err = cl.Call(ctx, "createIssue", map[string]any{"project_id": "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Structured["status"] != "needs_clarification" || res.Structured["continuation"] == "" {
		t.Errorf("want a clarification for the missing title, got %+v", res.Structured)
	}
}

// TestClientElicitation answers the confirmation form both ways, in both protocol eras.
func TestClientElicitation(t *testing.T) {
	policy := filepath.Join(t.TempDir(), "policy.json")
	if err := os.WriteFile(policy, []byte(`{"confirm":{"methods":["POST"]}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, version, action, status string
		sent                          int
	}{
		{"accept, 2026-07-28", "", ElicitAccept, "ok", 1},
		{"decline, 2026-07-28", "", ElicitDecline, "cancelled", 0},
		{"accept, 2025-11-25", "2025-11-25", ElicitAccept, "ok", 1},
		{"cancel, 2025-11-25", "2025-11-25", ElicitCancel, "cancelled", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var forms []Elicitation
			opts := ClientOptions{ProtocolVersion: tc.version, Elicit: func(_ context.Context, e Elicitation) (ElicitAnswer, error) {
				forms = append(forms, e)
				return ElicitAnswer{Action: tc.action, Content: map[string]any{"_confirm": true}}, nil
			}}
			cl, seen := dialTracker(t, []string{"--policy", policy}, opts)
			if tc.version != "" && cl.ProtocolVersion() != tc.version {
				t.Errorf("protocol %q, want %q", cl.ProtocolVersion(), tc.version)
			}
			res, err := cl.Call(context.Background(), "createIssue", map[string]any{
				"project_id": "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f", "title": "Login button overlaps the logo",
			})
			if err != nil {
				t.Fatal(err)
			}
			if res.Structured["status"] != tc.status {
				data, _ := json.Marshal(res.Structured)
				t.Errorf("status %v, want %s: %s", res.Structured["status"], tc.status, data)
			}
			if len(forms) != 1 || forms[0].Message == "" || forms[0].Schema["properties"] == nil {
				t.Errorf("forms %+v", forms)
			}
			posts := 0
			for _, s := range *seen {
				if strings.HasPrefix(s, "POST ") {
					posts++
				}
			}
			if posts != tc.sent {
				t.Errorf("upstream POSTs %d, want %d (%v)", posts, tc.sent, *seen)
			}
		})
	}
}

func TestDialFails(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := Dial(ctx, filepath.Join(t.TempDir(), "no-such-binary"), nil, nil, ClientOptions{}); err == nil {
		t.Error("dialing a missing binary must fail")
	}
	// A binary that exits at once (askapi without a spec) fails the handshake with its stderr.
	bin := e2e.BuildAskapi(t)
	_, err := Dial(ctx, bin, []string{"serve"}, []string{"ASKAPI_SPEC="}, ClientOptions{})
	t.Logf("handshake error: %v", err)
	if err == nil || !strings.Contains(err.Error(), "spec") {
		t.Errorf("want a handshake error naming the missing spec, got %v", err)
	}
}

func TestElicitHandlerRejectsUnknownAction(t *testing.T) {
	h := elicitHandler(func(context.Context, Elicitation) (ElicitAnswer, error) { return ElicitAnswer{Action: "maybe"}, nil })
	if _, err := h.Elicit(context.Background(), mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "confirm?"}}); err == nil {
		t.Error("an unknown action must be an error")
	}
}
