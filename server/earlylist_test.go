package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/bench/synth"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools/cache"
)

// earlySpec writes a clean JSON OpenAPI 3 spec of six operations: four GETs and two
// POSTs; tag "a" on three of them. extra is added at the document's root.
func earlySpec(t *testing.T, extra string) string {
	t.Helper()
	var paths []string
	for i := range 4 {
		tag := "b"
		if i < 3 {
			tag = "a"
		}
		op := fmt.Sprintf(`"get": {"operationId": "get%d", "tags": [%q], "summary": "Get thing %d", "responses": {"200": {"description": "ok"}}}`, i, tag, i)
		if i < 2 {
			op += fmt.Sprintf(`, "post": {"operationId": "make%d", "tags": ["b"], "responses": {"201": {"description": "made"}}}`, i)
		}
		paths = append(paths, fmt.Sprintf(`"/things%d": {%s}`, i, op))
	}
	doc := fmt.Sprintf(`{"openapi": "3.0.3", "info": {"title": "early", "version": "1"}, %s "servers": [{"url": "http://127.0.0.1:9"}], "paths": {%s}}`,
		extra, strings.Join(paths, ", "))
	path := filepath.Join(t.TempDir(), "spec.json")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestLoadListsDynamicEarly checks when load publishes dynamic mode's list before the
// tools are built (from the census before the catalog is compiled, at once for --mode
// dynamic, from the census a cache entry holds, or from a catalog that came without a
// census: YAML), that the early
// list is the one served in the end, and that the census decides as NewPipeline would:
// filters, --read-only, a policy file and the spec's own policy counted alike.
func TestLoadListsDynamicEarly(t *testing.T) {
	plain := earlySpec(t, "")
	specReadOnly := earlySpec(t, `"x-askapi-policy": {"read_only": true},`)
	policy := filepath.Join(t.TempDir(), "policy.yaml")
	if err := os.WriteFile(policy, []byte("read_only: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		spec      string
		mode      string
		threshold int
		readOnly  bool
		tags      []string
		policy    string
		cached    bool // the catalog comes from a warm cache
		early     bool // the list was published before the tools were built
		dynamic   bool // the list served is dynamic mode's
	}{
		{"auto over the threshold", plain, "auto", 5, false, nil, "", false, true, true},
		{"auto at the threshold", plain, "auto", 6, false, nil, "", false, false, false},
		{"auto read-only over", plain, "", 3, true, nil, "", false, true, true},
		{"auto read-only at", plain, "", 4, true, nil, "", false, false, false},
		{"auto policy file read-only", plain, "auto", 4, false, nil, policy, false, false, false},
		{"auto spec policy read-only", specReadOnly, "auto", 4, false, nil, "", false, false, false},
		{"auto spec policy read-only over", specReadOnly, "auto", 3, false, nil, "", false, true, true},
		{"auto tag at", plain, "auto", 3, false, []string{"a"}, "", false, false, false},
		{"auto tag over", plain, "auto", 2, false, []string{"a"}, "", false, true, true},
		{"static", plain, "static", 1, false, nil, "", false, false, false},
		{"dynamic", plain, "dynamic", 0, false, nil, "", false, true, true},
		{"auto, precise path (YAML)", sharedSpecPath("alertmanager-v2.yaml"), "auto", 3, false, nil, "", false, true, true},
		{"dynamic, precise path (YAML)", sharedSpecPath("alertmanager-v2.yaml"), "dynamic", 0, false, nil, "", false, true, true},
		{"auto over the threshold, warm cache", plain, "auto", 5, false, nil, "", true, true, true},
		{"auto at the threshold, warm cache", plain, "auto", 6, false, nil, "", true, false, false},
		{"auto tag over, warm cache", plain, "auto", 2, false, []string{"a"}, "", true, true, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			opts := Options{Spec: tc.spec, Mode: tc.mode, DynamicThreshold: tc.threshold, ReadOnly: tc.readOnly,
				Tags: tc.tags, PolicyFile: tc.policy, BaseURL: "http://127.0.0.1:9", Environ: []string{}, NoCache: !tc.cached, Version: "test"}
			if tc.cached {
				// The first load fills the cache; the one checked below reads it.
				opts.CacheDir = t.TempDir()
				if err := load(context.Background(), newMCPServer("test"), opts, func(*toolList) {}); err != nil {
					t.Fatal(err)
				}
				// Written behind the load (cacheBehind): whole once flushed.
				if !cache.Flush(time.Minute) {
					t.Fatal("the cache entry was not written within a minute")
				}
			}
			var lists [][]byte
			s := newMCPServer("test", samplingFilter())
			if err := load(context.Background(), s, opts, func(l *toolList) { lists = append(lists, l.json) }); err != nil {
				t.Fatal(err)
			}
			want := 1
			if tc.early {
				want = 2
			}
			if len(lists) != want {
				t.Fatalf("published %d lists, want %d (early = %v)", len(lists), want, tc.early)
			}
			if !bytes.Equal(lists[0], lists[len(lists)-1]) {
				t.Fatalf("the list published early differs from the one served:\nearly %s\nlast  %s", lists[0], lists[len(lists)-1])
			}
			names := toolNames(t, lists[0])
			if got := contains(names, pipeline.ToolCallOperation); got != tc.dynamic {
				t.Fatalf("tools %v: dynamic = %v, want %v", names, got, tc.dynamic)
			}
			// What mcp-go serves from its registered tools is that list too.
			if registered := toolNames(t, mcpGoTools(t, s)); strings.Join(registered, " ") != strings.Join(names, " ") {
				t.Fatalf("registered %v, listed %v", registered, names)
			}
		})
	}
}

func toolNames(t *testing.T, list []byte) []string {
	t.Helper()
	var tools []struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(list, &tools); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools {
		names = append(names, tl.Name)
	}
	sort.Strings(names)
	return names
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// TestServeEndedInputKeepsCompiling checks that a client which lists a dynamic server and
// leaves at once (the Inspector CLI does) still lets the catalog reach the cache: the next
// start is warm. The spec is large enough that the list is answered long before the
// compile ends.
func TestServeEndedInputKeepsCompiling(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "stripe.json")
	if err := os.WriteFile(spec, synth.Stripe(), 0o644); err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	in, client := io.Pipe()
	out := &syncLog{}
	opts := Options{Spec: spec, Mode: ModeDynamic, BaseURL: "http://127.0.0.1:9", Environ: []string{}, Version: "test",
		Stdin: in, Stdout: out, CacheDir: cache}
	done := make(chan error, 1)
	go func() { done <- Serve(context.Background(), opts) }()
	go fmt.Fprint(client, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
`)
	// As a client does: read the list, then end the input.
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(out.String(), `"`+pipeline.ToolCallOperation+`"`); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no dynamic tools/list answered:\n%.600s", out.String())
		}
	}
	if entries, _ := filepath.Glob(filepath.Join(cache, "*.cat")); len(entries) > 0 {
		t.Fatal("the catalog was cached before the list was answered: the spec is too small to tell")
	}
	client.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	entries, err := filepath.Glob(filepath.Join(cache, "*.cat"))
	if err != nil || len(entries) == 0 {
		t.Fatalf("no catalog cached after the input ended (%v)", err)
	}
}
