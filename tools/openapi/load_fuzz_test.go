package openapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/askapi/askapi/tools"
)

// fuzzSpecSeeds adds the small real specs beside the repository (read in place, never
// copied) to a fuzz target's seeds; testdata/fuzz/<FuzzName> holds small synthetic ones.
func fuzzSpecSeeds(f *testing.F) {
	for _, name := range []string{"alertmanager-v2.yaml", "spotify.json"} {
		if data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "shared", "specs", name)); err == nil {
			f.Add(data)
		}
	}
	// The loader's and the cycle tests' own small specs.
	for _, pattern := range []string{"testdata/load/*.json", "testdata/load/*.yaml", "testdata/cycles/*.json"} {
		files, _ := filepath.Glob(filepath.FromSlash(pattern))
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil {
				f.Add(data)
			}
		}
	}
}

// fuzzLoader is a precise-path loader for bytes that live nowhere: external $refs are
// refused, as by default.
func fuzzLoader(t testing.TB) *specLoader {
	l, err := newSpecLoader(context.Background(), filepath.Join(os.TempDir(), "askapi-fuzz", "spec.json"), LoadOptions{MaxBytes: defaultMaxBytes})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// wrongKindRef is kin-openapi's refusal of a $ref to an object of another kind.
var wrongKindRef = regexp.MustCompile(`bad data in "#[^"]*" \(expecting `)

var toolNameRE = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)

// checkCatalog asserts what every compiled catalog promises its clients: tool names
// unique and valid for every client, parameter arguments that are safe property keys,
// distinct within their tool, and published in an input schema that encodes as JSON.
func checkCatalog(t *testing.T, cat *tools.Catalog) {
	t.Helper()
	names := map[string]bool{}
	for _, o := range cat.Operations() {
		if !toolNameRE.MatchString(o.Name) {
			t.Fatalf("%s: tool name %q is not ^[A-Za-z0-9_.-]{1,64}$", o.Key(), o.Name)
		}
		if names[o.Name] {
			t.Fatalf("%s: tool name %q is given twice", o.Key(), o.Name)
		}
		names[o.Name] = true
		if cat.Lookup(o.Name) != o {
			t.Fatalf("Lookup(%q) does not find %s", o.Name, o.Key())
		}
		args := map[string]bool{}
		for _, p := range o.Params {
			if !toolNameRE.MatchString(p.Arg) {
				t.Fatalf("%s: %s parameter %q has the argument name %q", o.Key(), p.In, p.Name, p.Arg)
			}
			if args[p.Arg] {
				t.Fatalf("%s: argument %q is given to two parameters", o.Key(), p.Arg)
			}
			args[p.Arg] = true
		}
		if _, err := json.Marshal(o.InputSchema); err != nil {
			t.Fatalf("%s: input schema does not encode: %v", o.Key(), err)
		}
	}
}

// FuzzLoadSpec loads arbitrary bytes as a spec, by both compilers LoadCatalog has: the
// direct one that reads a clean JSON OpenAPI 3 document from its bytes (compileFast, after
// the raw scan), and the precise path (normalised, checked and loaded by kin-openapi
// first). Invariants:
//   - neither panics;
//   - the precise path refuses a spec only with a *SpecError;
//   - when the direct compiler accepts a document, the precise path accepts it too, and
//     both give the same catalog (the direct compiler is only a faster reading of what
//     the precise path reads); and the version the scan read is the precise path's;
//   - every catalog either path gives keeps the promises of checkCatalog.
//
// One divergence is known and let through: a $ref whose target exists but is not of the
// kind its place needs (a schema's "$ref": "#/components", a path item's "#/paths"). The
// raw scan checks only that a target exists; kin-openapi refuses it (`bad data in
// "#/components" (expecting ref to schema object)`).
func FuzzLoadSpec(f *testing.F) {
	fuzzSpecSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		trimmed := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
		var (
			fast    *tools.Catalog
			version string
			fastOK  bool
		)
		if looksLikeJSON(trimmed) {
			fast, version, fastOK = compileFast(trimmed, "spec.json", nil)
		}
		l := fuzzLoader(t)
		precise, _, err := compilePrecise(l, data)
		if err != nil {
			var se *SpecError
			if !errors.As(err, &se) {
				t.Fatalf("the precise path refused the spec with %T, not a *SpecError: %v", err, err)
			}
			if fastOK && !wrongKindRef.MatchString(err.Error()) {
				t.Fatalf("the direct compiler accepted a spec the precise path refuses: %v", err)
			}
			return
		}
		checkCatalog(t, precise)
		if !fastOK {
			return
		}
		checkCatalog(t, fast)
		info := &LoadInfo{}
		if _, err := fuzzLoader(t).load(data, info); err != nil || info.Version != version {
			t.Fatalf("the scan read version %q, the precise path %q (%v)", version, info.Version, err)
		}
		if len(precise.Warnings()) > 0 {
			t.Fatalf("the direct compiler accepted a spec the precise path normalises: %q", precise.Warnings())
		}
		spec := precise.Spec()
		spec.Source, spec.Warnings = fast.Source(), fast.Warnings()
		precise = spec.Build()
		if a, b := marshalCatalog(t, fast), marshalCatalog(t, precise); !bytes.Equal(a, b) {
			t.Fatalf("the two compilers give different catalogs:\ndirect  %s\nprecise %s", a, b)
		}
	})
}
