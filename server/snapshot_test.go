package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Tool-schema snapshots: testdata/snapshots/<name>.json is exactly what `askapi tools`
// prints (server.ToolList) for each shared spec. Any change to names, schemas,
// descriptions, annotations or _meta fails here until it is reviewed and recorded with
//
//	UPDATE_SNAPSHOTS=1 go test ./server -run Snapshot
//
// and the diff of testdata/snapshots/ is committed with the change.

var snapshotSpecs = []struct{ name, spec string }{
	{"tmdb", "tmdb.json"},
	{"spotify", "spotify.json"},
	{"alertmanager", "alertmanager-v2.yaml"},
}

const updateHint = "if the change is intended, review it and run: UPDATE_SNAPSHOTS=1 go test ./server -run Snapshot"

func toolListFor(t *testing.T, spec string) []byte {
	t.Helper()
	opts := Options{Spec: sharedSpecPath(spec), Version: "snapshot"}
	cat, err := LoadCatalog(context.Background(), opts)
	if err != nil {
		t.Fatalf("LoadCatalog(%s): %v", spec, err)
	}
	opts.BaseURLExact = stubAtRoot(cat)
	p, err := NewPipeline(cat, opts)
	if err != nil {
		t.Fatalf("NewPipeline(%s): %v", spec, err)
	}
	data, err := ToolList(p)
	if err != nil {
		t.Fatalf("ToolList(%s): %v", spec, err)
	}
	return append(data, '\n')
}

func TestToolSnapshots(t *testing.T) {
	update := os.Getenv("UPDATE_SNAPSHOTS") == "1"
	for _, s := range snapshotSpecs {
		t.Run(s.name, func(t *testing.T) {
			got := toolListFor(t, s.spec)
			// The list must not depend on map order or anything else that varies per run.
			if again := toolListFor(t, s.spec); !bytes.Equal(got, again) {
				t.Fatalf("ToolList is not deterministic for %s:\n%s", s.spec, snapshotDiff(got, again))
			}
			path := filepath.Join("testdata", "snapshots", s.name+".json")
			if update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s", path)
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("no snapshot %s (%v); %s", path, err, updateHint)
			}
			if !bytes.Equal(want, got) {
				t.Fatalf("tools of %s differ from the reviewed snapshot %s:\n%s\n%s", s.spec, path, snapshotDiff(want, got), updateHint)
			}
		})
	}
}

// snapshotDiff describes how two tool lists differ: tools added, removed and changed by
// name, then the first differing line with a little context.
func snapshotDiff(want, got []byte) string {
	var b strings.Builder
	wantTools, errW := toolsByName(want)
	gotTools, errG := toolsByName(got)
	if errW == nil && errG == nil {
		var added, removed, changed []string
		for name, g := range gotTools {
			w, ok := wantTools[name]
			switch {
			case !ok:
				added = append(added, name)
			case !bytes.Equal(w, g):
				changed = append(changed, name+" ("+changedKeys(w, g)+")")
			}
		}
		for name := range wantTools {
			if _, ok := gotTools[name]; !ok {
				removed = append(removed, name)
			}
		}
		for _, part := range []struct {
			label string
			names []string
		}{{"added", added}, {"removed", removed}, {"changed", changed}} {
			if len(part.names) > 0 {
				sort.Strings(part.names)
				fmt.Fprintf(&b, "  %s: %s\n", part.label, strings.Join(part.names, ", "))
			}
		}
	}
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		if i < len(wl) && i < len(gl) && wl[i] == gl[i] {
			continue
		}
		fmt.Fprintf(&b, "  first difference at line %d:\n", i+1)
		for j := max(0, i-3); j < i; j++ {
			fmt.Fprintf(&b, "      %s\n", wl[j])
		}
		if i < len(wl) {
			fmt.Fprintf(&b, "    - %s\n", wl[i])
		}
		if i < len(gl) {
			fmt.Fprintf(&b, "    + %s\n", gl[i])
		}
		break
	}
	return b.String()
}

func toolsByName(data []byte) (map[string]json.RawMessage, error) {
	var list struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, err
	}
	out := map[string]json.RawMessage{}
	for _, raw := range list.Tools {
		var head struct {
			Name string `json:"name"`
		}
		if err := json.Unmarshal(raw, &head); err != nil {
			return nil, err
		}
		out[head.Name] = raw
	}
	return out, nil
}

// changedKeys names the top-level keys of a tool that differ.
func changedKeys(want, got json.RawMessage) string {
	var w, g map[string]json.RawMessage
	if json.Unmarshal(want, &w) != nil || json.Unmarshal(got, &g) != nil {
		return "?"
	}
	set := map[string]bool{}
	for k, v := range g {
		if !bytes.Equal(compactRaw(v), compactRaw(w[k])) {
			set[k] = true
		}
	}
	for k := range w {
		if _, ok := g[k]; !ok {
			set[k] = true
		}
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}

func compactRaw(r json.RawMessage) []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, r); err != nil {
		return r
	}
	return b.Bytes()
}

// TestSnapshotDiffNamesChanges keeps the failure message useful: it must name the tool
// and the key that changed.
func TestSnapshotDiffNamesChanges(t *testing.T) {
	want := []byte(`{"tools": [{"name": "a", "description": "x"}, {"name": "b"}]}`)
	got := []byte(`{"tools": [{"name": "a", "description": "y"}, {"name": "c"}]}`)
	d := snapshotDiff(want, got)
	for _, s := range []string{"added: c", "removed: b", "changed: a (description)", "- {\"tools\"", "+ {\"tools\""} {
		if !strings.Contains(d, s) {
			t.Errorf("diff hint lacks %q:\n%s", s, d)
		}
	}
}

// TestCatalogIsAValue: two pipelines built from one catalog publish the same tools, byte
// for byte — building one must not rewrite the catalog the other reads (an argument's
// description widened twice).
func TestCatalogIsAValue(t *testing.T) {
	for _, s := range snapshotSpecs {
		t.Run(s.name, func(t *testing.T) {
			opts := Options{Spec: sharedSpecPath(s.spec), Version: "snapshot"}
			cat, err := LoadCatalog(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			opts.BaseURLExact = stubAtRoot(cat)
			var lists [][]byte
			for range 2 {
				p, err := NewPipeline(cat, opts)
				if err != nil {
					t.Fatal(err)
				}
				data, err := ToolList(p)
				if err != nil {
					t.Fatal(err)
				}
				lists = append(lists, data)
			}
			if !bytes.Equal(lists[0], lists[1]) {
				t.Fatalf("a second pipeline over the same catalog publishes other tools:\n%s", snapshotDiff(lists[0], lists[1]))
			}
		})
	}
}
