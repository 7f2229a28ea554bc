package openapi

import (
	"bytes"
	"encoding/json"
	"maps"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/askapi/askapi/bench/synth"
)

// TestScanDocumentParallel checks that the two-goroutine scan of a large document finds
// what the one-goroutine scan finds: the same verdict, $refs and container lengths.
func TestScanDocumentParallel(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	big := synth.Stripe()
	if len(big) < parallelScanBytes {
		t.Fatalf("the synthetic spec is %d bytes, too small to take the parallel path", len(big))
	}
	point := handOverPoint(t, big)
	tests := []struct {
		name  string
		doc   []byte
		clean bool
	}{
		{"clean", big, true},
		{"bad type before the hand-over point", breakIn(t, big, 0, point, `"type": "object"`, `"type": 42`), false},
		{"bad type after the hand-over point", breakLast(t, big, point, `"type": "object"`, `"type": 42`), false},
		{"truncated", big[:len(big)-10], false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if clean := scanBoth(t, tt.doc); clean != tt.clean {
				t.Fatalf("clean = %v, want %v", clean, tt.clean)
			}
		})
	}
}

// TestScanDocumentSplit runs the split over documents whose root members come in various
// orders and sizes, whole and broken on either side of the hand-over point.
func TestScanDocumentSplit(t *testing.T) {
	splitScansFrom(t, 1<<12)

	m := synthMembers(t, 120)
	head := []string{"openapi", m["openapi"], "info", m["info"]}
	member := func(kv ...string) []byte { return []byte(rootOf(append(slices.Clone(head), kv...)...)) }
	tests := []struct {
		name string
		doc  []byte
		in   []string // the keys down to the hand-over point, as far as they are given; nil: no cut
	}{
		{"components first", member("components", m["components"], "paths", m["paths"]), []string{"paths"}},
		{"components last, handed over whole", member("paths", m["paths"], "x-webhooks", m["paths"], "components", m["components"]), []string{"components"}},
		{"components last, cut inside", member("paths", `{}`, "components", m["components"]), []string{"components", "schemas"}},
		{"components in the middle", member("paths", m["paths"], "components", m["components"], "webhooks", m["paths"]), []string{"webhooks"}},
		{"no components", member("paths", m["paths"], "webhooks", m["paths"]), []string{"webhooks"}},
		{"huge paths, tiny components", member("paths", m["paths"], "components", `{"schemas": {}}`), []string{"paths"}},
		{"duplicate root keys", member("components", m["components"], "paths", m["paths"], "components", m["components"], "paths", m["paths"]), []string{"components", "schemas"}},
		{"null and extension members", member("paths", m["paths"], "webhooks", "null", "x-a", m["paths"], "components", m["components"]), []string{"components"}},
		{"one unit across the document", member("x-everything", m["paths"]), nil},
		{"a $ref at the root, after the point", member("paths", m["paths"], "$ref", `"#/x"`, "components", m["components"]), []string{"paths"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in []string
			for _, f := range handOver(tt.doc, grammarV3, 0) {
				in = append(in, f.key)
			}
			if len(in) < len(tt.in) || !slices.Equal(in[:len(tt.in)], tt.in) || (in == nil) != (tt.in == nil) {
				t.Fatalf("hand-over point under %q, want under %q", in, tt.in)
			}
			if !scanBoth(t, tt.doc) {
				t.Fatal("a clean document was found dirty")
			}
			if tt.in == nil {
				return
			}
			point := handOverPoint(t, tt.doc)
			broken := []struct {
				name string
				doc  []byte
			}{
				{"bad type before the point", breakIn(t, tt.doc, 0, point, `"type": "string"`, `"type": 42`)},
				{"bad type after the point", breakLast(t, tt.doc, point, `"type": "string"`, `"type": 42`)},
				{"bad JSON before the point", breakIn(t, tt.doc, point/2, point, `": `, `" `)},
				{"quotes out of step before the point", breakIn(t, tt.doc, point/2, point, `"description": "`, `"description": `)},
				{"bad JSON after the point", breakIn(t, tt.doc, point, len(tt.doc), `": `, `" `)},
				{"unterminated string after the point", tt.doc[:bytes.LastIndexByte(tt.doc, '"')]},
				{"bracket closed early after the point", breakIn(t, tt.doc, point, len(tt.doc), `}`, `]`)},
				{"extra member after the root", append(slices.Clone(tt.doc), `, "x": 1}`...)},
				{"truncated at the point", tt.doc[:point]},
			}
			for _, b := range broken {
				if scanBoth(t, b.doc) {
					t.Errorf("%s: a broken document was found clean", b.name)
				}
			}
		})
	}
}

// TestScanDocumentSplitMutations changes one byte at a time around the hand-over point
// and the frames above it, and across the document: the two scans must always agree,
// never panicking on what the quick pass cannot follow.
func TestScanDocumentSplitMutations(t *testing.T) {
	splitScansFrom(t, 1<<10)

	m := synthMembers(t, 3)
	doc := []byte(rootOf("openapi", m["openapi"], "paths", m["paths"], "components", m["components"], "webhooks", m["paths"]))
	frames := handOver(doc, grammarV3, 0)
	if frames == nil {
		t.Fatal("no hand-over point")
	}
	t.Logf("%d bytes, %d frames", len(doc), len(frames))
	var at []int
	for _, f := range frames {
		for _, p := range []int{f.start, f.at} {
			for i := max(p-12, 0); i < min(p+12, len(doc)); i++ {
				at = append(at, i)
			}
		}
	}
	for i := 0; i < len(doc); i += len(doc) / 150 {
		at = append(at, i)
	}
	for _, i := range at {
		for _, c := range []byte(`"{]:,\ x`) {
			if doc[i] == c {
				continue
			}
			mut := slices.Clone(doc)
			mut[i] = c
			scanBoth(t, mut)
			if t.Failed() {
				t.Fatalf("byte %d set to %q", i, c)
			}
		}
		scanBoth(t, doc[:i])
	}
}

// scanBoth scans doc with the split (when it is large enough) and without, checks that
// both find the same, and returns the verdict.
func scanBoth(t *testing.T, doc []byte) bool {
	t.Helper()
	clean, refs, lens := scanDocument(doc)
	old := parallelScanBytes
	parallelScanBytes = len(doc) + 1
	sClean, sRefs, sLens := scanDocument(doc)
	parallelScanBytes = old
	if sClean != clean {
		t.Errorf("serial scan: clean = %v, split %v", sClean, clean)
		return clean
	}
	if !clean {
		return false
	}
	if !maps.Equal(refs, sRefs) {
		t.Errorf("refs differ: split %d, serial %d", len(refs), len(sRefs))
	}
	for off := range doc {
		got, gotOK := lens.lenAt(&doc[off])
		want, wantOK := sLens.lenAt(&doc[off])
		if got != want || gotOK != wantOK {
			t.Fatalf("length of the container at %d: split %d, %v; serial %d, %v", off, got, gotOK, want, wantOK)
		}
	}
	return true
}

// handOverPoint is where the second goroutine takes over doc.
func handOverPoint(t *testing.T, doc []byte) int {
	t.Helper()
	frames := handOver(doc, grammarV3, wsSkip(doc, 0))
	if frames == nil {
		t.Fatal("no hand-over point")
	}
	return frames[len(frames)-1].at
}

// breakIn replaces the first old in doc[from:to] with new.
func breakIn(t *testing.T, doc []byte, from, to int, old, new string) []byte {
	t.Helper()
	at := bytes.Index(doc[from:to], []byte(old))
	if at < 0 {
		t.Fatalf("no %s in [%d, %d)", old, from, to)
	}
	at += from
	return slices.Concat(doc[:at], []byte(new), doc[at+len(old):])
}

// breakLast replaces the last old in doc, which must come after from, with new (the last
// member of the documents below is one the grammar checks).
func breakLast(t *testing.T, doc []byte, from int, old, new string) []byte {
	t.Helper()
	at := bytes.LastIndex(doc, []byte(old))
	if at < from {
		t.Fatalf("no %s after %d", old, from)
	}
	return slices.Concat(doc[:at], []byte(new), doc[at+len(old):])
}

// synthMembers returns the synthetic spec's root members as JSON, with its paths and
// schemas cut to their first n entries (by name).
func synthMembers(t *testing.T, n int) map[string]string {
	t.Helper()
	var root map[string]json.RawMessage
	if err := json.Unmarshal(synth.Stripe(), &root); err != nil {
		t.Fatal(err)
	}
	var comp map[string]json.RawMessage
	if err := json.Unmarshal(root["components"], &comp); err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for k, v := range root {
		m[k] = string(v)
	}
	m["paths"] = firstEntries(t, root["paths"], n)
	m["components"] = rootOf("schemas", firstEntries(t, comp["schemas"], n), "securitySchemes", string(comp["securitySchemes"]))
	return m
}

// firstEntries keeps the first n entries of a JSON object.
func firstEntries(t *testing.T, obj json.RawMessage, n int) string {
	t.Helper()
	var entries map[string]json.RawMessage
	if err := json.Unmarshal(obj, &entries); err != nil {
		t.Fatal(err)
	}
	keys := slices.Sorted(maps.Keys(entries))[:n]
	var kv []string
	for _, k := range keys {
		kv = append(kv, k, string(entries[k]))
	}
	return rootOf(kv...)
}

// rootOf writes an object from keys and their values' JSON, in order (duplicates kept).
func rootOf(kv ...string) string {
	var b strings.Builder
	b.WriteString("{")
	for i := 0; i < len(kv); i += 2 {
		if i > 0 {
			b.WriteString(",")
		}
		key, _ := json.Marshal(kv[i])
		b.WriteString("\n  " + string(key) + ": " + kv[i+1])
	}
	b.WriteString("\n}\n")
	return b.String()
}

// splitScansFrom makes documents of n bytes or more scan in two, on two procs, for the test.
func splitScansFrom(t *testing.T, n int) {
	old, procs := parallelScanBytes, runtime.GOMAXPROCS(2)
	parallelScanBytes = n
	t.Cleanup(func() {
		parallelScanBytes = old
		runtime.GOMAXPROCS(procs)
	})
}
