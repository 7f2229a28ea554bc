package main

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"512MB": 512 << 20, "2GB": 2 << 30, "300M": 300 << 20, "1.5g": 3 << 29, "1048576": 1 << 20, "0": 0} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	if _, err := parseSize("lots"); err == nil {
		t.Error("parseSize(lots): no error")
	}
}

func TestSampleIsFixedBySeed(t *testing.T) {
	var all []spec
	for i := range 100 {
		all = append(all, spec{Name: fmt.Sprintf("s%03d.json", i)})
	}
	a, b, c := sample(all, 10, 7), sample(all, 10, 7), sample(all, 10, 8)
	if !reflect.DeepEqual(a, b) {
		t.Error("the same seed drew two samples")
	}
	if reflect.DeepEqual(a, c) {
		t.Error("two seeds drew the same sample")
	}
	for i := 1; i < len(a); i++ {
		if a[i-1].Name >= a[i].Name {
			t.Fatalf("sample not in order: %v", a)
		}
	}
	if got := sample(all, 0, 7); len(got) != 100 {
		t.Errorf("-sample 0 kept %d", len(got))
	}
}

// The drawn edges depend on the seed and the edges, not on the order specs finish in.
func TestEdgeSampleOrderFree(t *testing.T) {
	specs := map[string][]edgeRecord{}
	for s := range 5 {
		for i := range 40 {
			var e edgeRecord
			e.Operation.Method, e.Operation.Path = "GET", fmt.Sprintf("/x/{id%d}", i)
			e.Arg.Arg = fmt.Sprintf("id%d", i)
			e.Producer.Kind = []string{"list", "search", "value"}[i%3]
			specs[fmt.Sprintf("spec%d.json", s)] = append(specs[fmt.Sprintf("spec%d.json", s)], e)
		}
	}
	draw := func(order []string, kinds []string) []edgeRecord {
		d := newEdgeSample(12, 3, kinds)
		for _, s := range order {
			d.offer(s, specs[s])
		}
		return d.sorted()
	}
	a := draw([]string{"spec0.json", "spec1.json", "spec2.json", "spec3.json", "spec4.json"}, nil)
	b := draw([]string{"spec4.json", "spec2.json", "spec0.json", "spec3.json", "spec1.json"}, nil)
	if len(a) != 12 || !reflect.DeepEqual(a, b) {
		t.Errorf("draws differ with the order: %d, %d edges", len(a), len(b))
	}
	for _, e := range draw([]string{"spec0.json", "spec1.json"}, []string{"search"}) {
		if e.Producer.Kind != "search" {
			t.Errorf("-kinds search drew a %s edge", e.Producer.Kind)
		}
	}
}

func TestErrorClass(t *testing.T) {
	a := errorClass(`spec api/medium.com.json:1:16665: /paths/~1search~1articles?query={query}/get: path template variable {query} of "/search/articles?query={query}" has no path parameter declared`)
	b := errorClass(`spec api/icons8.com.json:1:8364: /paths/~1api?term={term}/get: path template variable {term} of "/api?term={term}" has no path parameter declared`)
	if a != b || a != `path template variable {…} of "…" has no path parameter declared` {
		t.Errorf("classes %q and %q", a, b)
	}
}

func TestClassifyExit(t *testing.T) {
	for _, tc := range []struct{ stderr, cause, has string }{
		{"panic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\ngithub.com/askapi/askapi/reverse.(*index).edgesOf(0x1)\n\t/work/main/reverse/graph.go:98 +0x1d\n", causeCrash, "reverse.(*index).edgesOf, reverse/graph.go:98"},
		{"fatal error: runtime: out of memory\n", causeMemory, "out of memory"},
		{"askapi: something else\n", causeOther, "something else"},
	} {
		cause, msg := classifyExit(nil, tc.stderr)
		if cause != tc.cause || !strings.Contains(msg, tc.has) {
			t.Errorf("classifyExit(%q) = %s, %q; want %s with %q", tc.stderr, cause, msg, tc.cause, tc.has)
		}
	}
}

func TestSpecFilesSkipsNonSpecs(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"a.json": `{"openapi": "3.0.0"}`, "p/v1/openapi.yaml": "swagger: '2.0'\n",
		"_index.js": "module.exports = 1", "package.json": `{"name": "x"}`, "p/notes.yml": "title: x\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := specFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range got {
		names = append(names, s.Name)
	}
	if strings.Join(names, " ") != "a.json p/v1/openapi.yaml" {
		t.Errorf("specs %v", names)
	}
}
