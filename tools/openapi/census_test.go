package openapi

import (
	"context"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestCensus checks that the census a clean JSON spec gives before its compile lists
// exactly the operations of the compiled catalog, in order and named alike, and that
// specs taking the precise path or coming from the cache give none.
func TestCensus(t *testing.T) {
	cases := []struct {
		spec string
		want bool // a census is taken
	}{
		{"tmdb", true},
		{"spotify", false},      // sloppy: normalised on the precise path
		{"alertmanager", false}, // Swagger 2.0, YAML
	}
	for _, tc := range cases {
		t.Run(tc.spec, func(t *testing.T) { census(t, goldenSpecs[tc.spec], tc.want) })
	}
}

// census loads the spec at path twice, compiled then from the cache, and checks the census
// each load gives (want: the compile takes one).
func census(t *testing.T, path string, want bool) {
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	var heads *tools.Catalog
	calls := 0
	opts := LoadOptions{CacheDir: t.TempDir(), Census: func(c *tools.Catalog) { heads = c; calls++ }}
	cat, err := LoadCatalog(context.Background(), path, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !want {
		if calls != 0 {
			t.Fatalf("census taken %d times, want none", calls)
		}
	} else {
		if calls != 1 {
			t.Fatalf("census taken %d times, want once", calls)
		}
		sameHeads(t, heads, cat)
		for i, c := range heads.Operations() {
			if c.Params != nil || c.Body != nil || c.InputSchema != nil {
				t.Fatalf("operation %d: the census compiled its arguments", i)
			}
		}
	}
	// The same spec again comes from the cache, whichever path compiled it: the
	// census is taken from the entry's heads, before the rest is decoded.
	calls = 0
	opts.Census = func(c *tools.Catalog) {
		heads = c
		calls++
		for _, op := range c.Operations() {
			if op.InputSchema != nil {
				t.Fatalf("%s: census taken after the whole operation was decoded", op.Key())
			}
		}
	}
	if _, err := LoadCatalog(context.Background(), path, opts); err != nil {
		t.Fatal(err)
	}
	if calls != 1 {
		t.Fatalf("census taken %d times on a cached load, want once", calls)
	}
	sameHeads(t, heads, cat)
}

// sameHeads checks that a census holds the catalog's title, version, extensions and
// each operation's head, in order.
func sameHeads(t *testing.T, heads, cat *tools.Catalog) {
	t.Helper()
	if heads.Title() != cat.Title() || heads.Version() != cat.Version() || !reflect.DeepEqual(heads.Extensions(), cat.Extensions()) {
		t.Fatalf("census: title %q, version %q, extensions %v; catalog %q, %q, %v",
			heads.Title(), heads.Version(), heads.Extensions(), cat.Title(), cat.Version(), cat.Extensions())
	}
	if len(heads.Operations()) != len(cat.Operations()) {
		t.Fatalf("census lists %d operations, the catalog %d", len(heads.Operations()), len(cat.Operations()))
	}
	for i, op := range cat.Operations() {
		c := heads.Operations()[i]
		if c.Name != op.Name || c.Method != op.Method || c.Path != op.Path || c.OperationID != op.OperationID ||
			c.Summary != op.Summary || !slices.Equal(c.Tags, op.Tags) {
			t.Fatalf("operation %d: census %s %s %s %q %v, catalog %s %s %s %q %v", i,
				c.Name, c.Method, c.Path, c.Summary, c.Tags, op.Name, op.Method, op.Path, op.Summary, op.Tags)
		}
	}
}
