package server

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/askapi/askapi/bench/synth"
	"github.com/askapi/askapi/server/pipeline"
)

// manyOperations writes a spec of n small operations.
func manyOperations(t *testing.T, n int) string {
	t.Helper()
	paths := map[string]any{}
	for i := range n {
		paths[fmt.Sprintf("/things%d/{id}", i)] = map[string]any{"get": map[string]any{
			"operationId": fmt.Sprintf("getThing%d", i), "summary": fmt.Sprintf("Get thing %d", i),
			"parameters": []any{map[string]any{"name": "id", "in": "path", "required": true, "schema": map[string]any{"type": "string"}}},
			"responses":  map[string]any{"200": map[string]any{"description": "ok"}},
		}}
	}
	data, err := json.Marshal(map[string]any{"openapi": "3.0.3", "info": map[string]any{"title": "many", "version": "1"},
		"servers": []any{map[string]any{"url": "https://api.example.test"}}, "paths": paths})
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "many.json")
	if err := os.WriteFile(f, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return f
}

// Static mode on a giant spec refuses to start (it built a 143 MB tools/list in 775 MB on
// Microsoft Graph); auto mode serves it as before, dynamically.
func TestStaticModeRefusesAGiantSpec(t *testing.T) {
	const n = 3001 // one past the default ceiling
	giant := manyOperations(t, n)
	load := func(mode string) (*pipeline.Pipeline, error) {
		opts := Options{Spec: giant, Mode: mode, NoCache: true}
		cat, err := LoadCatalog(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		return NewPipeline(cat, opts)
	}
	if _, err := load(ModeStatic); err == nil || !strings.Contains(err.Error(), "--static-max-tools") || !strings.Contains(err.Error(), fmt.Sprint(n)) {
		t.Errorf("static mode, %d operations: err = %v; want a refusal naming the count and the flag", n, err)
	}
	if p, err := load(ModeAuto); err != nil || !p.Dynamic() {
		t.Errorf("auto mode: %v, want dynamic as before", err)
	}
}

// The warning names the list's tools and bytes: on the Stripe-size synthetic spec (550
// operations, over the 300 that auto mode serves one by one), through Serve, as it starts.
func TestStaticModeWarnsWithTheListSize(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "stripe.json")
	if err := os.WriteFile(spec, synth.Stripe(), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		mode string
		warn bool
	}{{ModeStatic, true}, {ModeAuto, false}} {
		logs := &syncLog{}
		opts := Options{Spec: spec, Mode: tc.mode, NoCache: true, Version: "test",
			Logger: slog.New(slog.NewTextHandler(logs, nil)), Stdin: strings.NewReader(""), Stdout: &syncLog{}}
		if err := Serve(context.Background(), opts); err != nil {
			t.Fatalf("%s: Serve: %v", tc.mode, err)
		}
		got := logs.String()
		warned := strings.Contains(got, "static mode lists") && strings.Contains(got, "tools=") && strings.Contains(got, "bytes=")
		if warned != tc.warn {
			t.Errorf("%s mode: warned %v, want %v:\n%s", tc.mode, warned, tc.warn, got)
		}
	}
}
