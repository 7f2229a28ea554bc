package server

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/askapi/askapi/clarify"
)

// TestAPIRefusalUnderConfirmPolicy: a confirmed write the API refuses is asked about; the
// corrected write needs its own confirmation (the first one was spent on the refused
// request) and is then sent once.
func TestAPIRefusalUnderConfirmPolicy(t *testing.T) {
	up, seen := shapeUpstream(t)
	dir := t.TempDir()
	spec, policy := filepath.Join(dir, "shapes.json"), filepath.Join(dir, "policy.yaml")
	if err := os.WriteFile(spec, []byte(shapeSpec), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(policy, []byte("confirm: {all_writes: true}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	opts := Options{Spec: spec, BaseURL: up.URL, PolicyFile: policy, Environ: []string{"ASKAPI_API_KEY=test-key"}}
	cat, err := LoadCatalog(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.BaseURLExact = stubAtRoot(cat)
	p, err := NewPipeline(cat, opts)
	if err != nil {
		t.Fatal(err)
	}
	op := p.Catalog.Lookup("createLabel")
	args := map[string]any{"name": "bug", "color": "#ff0000", "_user_request": "add a bug label colored #ff0000"}
	step := func(extra map[string]any) *clarify.Result {
		for k, v := range extra {
			args[k] = v
		}
		return p.Call(context.Background(), op, args)
	}
	ask := step(nil)
	if ask.Status != clarify.StatusNeedsClarification || ask.Questions[0].Field != "_confirm" {
		t.Fatalf("first call: %+v", ask)
	}
	refused := step(map[string]any{"_confirm": true, "_continuation": ask.Continuation})
	if refused.Status != clarify.StatusNeedsClarification || refused.Questions[0].Field != "color" || len(seen()) != 1 {
		t.Fatalf("confirmed and refused: %+v, requests %v", refused, seen())
	}
	again := step(map[string]any{"color": "ff0000", "_continuation": refused.Continuation})
	if again.Status != clarify.StatusNeedsClarification || again.Questions[0].Field != "_confirm" || !strings.Contains(again.Questions[0].Question, "ff0000") {
		t.Fatalf("the corrected write is confirmed anew: %+v", again)
	}
	done := step(map[string]any{"_continuation": again.Continuation})
	if done.Status != clarify.StatusOK || len(seen()) != 2 {
		t.Errorf("corrected write: %+v, requests %v", done, seen())
	}
}
