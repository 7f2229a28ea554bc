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

// Static mode on a giant spec refuses above the ceiling unless --static-max-tools says
// otherwise, and names a large list's size at start; auto mode serves it as before.
func TestStaticModeOnAGiantSpec(t *testing.T) {
	giant := manyOperations(t, DefaultStaticMaxTools+1)
	load := func(mode string, max int) (*Pipeline, error) {
		opts := Options{Spec: giant, Mode: mode, StaticMaxTools: max, NoCache: true}
		cat, err := LoadCatalog(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		return NewPipeline(cat, opts)
	}
	if _, err := load(ModeStatic, 0); err == nil || !strings.Contains(err.Error(), "--static-max-tools") ||
		!strings.Contains(err.Error(), fmt.Sprint(DefaultStaticMaxTools+1)) {
		t.Errorf("static mode, %d operations: err = %v; want a refusal naming the count and the flag", DefaultStaticMaxTools+1, err)
	}
	if p, err := load(ModeStatic, -1); err != nil || p.Dynamic() {
		t.Errorf("static mode, ceiling lifted: %v", err)
	}
	if p, err := load(ModeStatic, DefaultStaticMaxTools+1); err != nil || p.Dynamic() {
		t.Errorf("static mode, ceiling raised to the count: %v", err)
	}
	if p, err := load(ModeAuto, 0); err != nil || !p.Dynamic() {
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
