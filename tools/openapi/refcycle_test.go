package openapi

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestRefCycles loads a spec per shape of $ref cycle (testdata/cycles) through both
// compilers, the direct one and the precise one (kin-openapi first), and checks that the
// cycle is cut: the spec loads, its operation is a tool, the input schema stays small and
// says where it was cut. Before the cut, a bare $ref cycle overflowed the stack.
func TestRefCycles(t *testing.T) {
	// A stack overflow is fatal to the whole test binary: a small stack makes it quick.
	defer debug.SetMaxStack(debug.SetMaxStack(64 << 20))
	const (
		refCycle  = "goes round a cycle of $refs"
		recursive = "(recursive: structure not expanded)"
	)
	cases := []struct {
		file string
		// note is what the input schema must say of the cut, "" when nothing published is
		// cut; args are the arguments the tool must take. fallback is set when the direct
		// compiler may leave the spec to the precise path (a cycle of $refs outside
		// schemas, which both cut by dropping what it names).
		note     string
		args     []string
		fallback bool
	}{
		{"bare-self", refCycle, []string{"body"}, false},
		{"bare-two", refCycle, []string{"body"}, false},
		{"bare-three-via-property", refCycle, []string{"c"}, false},
		{"inline-body-self", refCycle, []string{"body"}, false},
		{"pointer-into-self", refCycle, []string{"x"}, false},
		{"property", recursive, []string{"self", "name"}, false},
		{"items", recursive, []string{"body"}, false},
		{"property-items", recursive, []string{"children"}, false},
		{"allof", "", []string{"n"}, false},
		{"allof-two", recursive, []string{"body"}, false},
		{"oneof", recursive, []string{"body"}, false},
		{"anyof", recursive, []string{"body"}, false},
		{"not", recursive, []string{"body"}, false},
		{"additional-properties", recursive, []string{"body"}, false},
		{"parameter-schema", refCycle, []string{"filter"}, false},
		{"parameter-ref", "", []string{"q"}, true},
		{"request-body-ref", "", nil, true},
		{"request-body-schema", recursive, []string{"next", "v"}, false},
		{"response-ref", "", nil, true},
		{"path-item-ref", "", nil, true},
		{"openapi31-siblings", "", []string{"b", "s"}, false},
		{"swagger2", refCycle, []string{"b", "tree"}, false},
	}
	seen := map[string]bool{}
	for _, tc := range cases {
		seen[tc.file+".json"] = true
		path := filepath.Join("testdata", "cycles", tc.file+".json")
		for _, route := range []string{"direct", "precise"} {
			t.Run(tc.file+"/"+route, func(t *testing.T) {
				cat := compileRoute(t, path, route, tc.fallback)
				if cat == nil {
					return
				}
				var op *tools.Operation
				for _, o := range cat.Operations() {
					if o.OperationID == "useA" {
						op = o
					}
				}
				if op == nil {
					t.Fatalf("no operation useA among %d", len(cat.Operations()))
				}
				data, err := json.Marshal(op.InputSchema)
				if err != nil {
					t.Fatal(err)
				}
				if len(data) > 4096 {
					t.Errorf("input schema of %d bytes, want a small one", len(data))
				}
				if tc.note != "" && !strings.Contains(string(data), tc.note) {
					t.Errorf("input schema %s does not say %q", data, tc.note)
				}
				props, _ := op.InputSchema["properties"].(map[string]any)
				for _, a := range tc.args {
					if props[a] == nil {
						t.Errorf("no argument %s in %s", a, data)
					}
				}
				if _, err := json.Marshal(op.Response); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
	entries, _ := os.ReadDir(filepath.Join("testdata", "cycles"))
	for _, e := range entries {
		if !seen[e.Name()] {
			t.Errorf("testdata/cycles/%s has no case", e.Name())
		}
	}
}

// compileRoute compiles a spec file by the direct compiler ("direct", which must accept
// it unless fallback is set: then the precise path takes it, as LoadCatalog does) or by
// the precise path ("precise"). A Swagger 2.0 document has no direct route and is skipped
// there.
func compileRoute(t *testing.T, path, route string, fallback bool) *tools.Catalog {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if route == "direct" {
		cat, _, ok := compileFast(data, path, nil)
		switch {
		case ok:
			return cat
		case strings.Contains(string(data), `"swagger"`):
			t.Skip("Swagger 2.0: precise path only")
		case !fallback:
			t.Fatal("the direct compiler refused the spec")
		}
	}
	l, err := newSpecLoader(context.Background(), path, LoadOptions{MaxBytes: defaultMaxBytes})
	if err != nil {
		t.Fatal(err)
	}
	cat, _, err := compilePrecise(l, data)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}
