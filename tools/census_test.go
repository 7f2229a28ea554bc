package tools

import (
	"context"
	"os"
	"reflect"
	"slices"
	"testing"
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
		{"github", true},
		{"spotify", false},      // sloppy: normalised on the precise path
		{"alertmanager", false}, // Swagger 2.0, YAML
	}
	for _, tc := range cases {
		t.Run(tc.spec, func(t *testing.T) {
			path := goldenSpecs[tc.spec]
			if _, err := os.Stat(path); err != nil {
				t.Fatal(err)
			}
			var heads *Catalog
			calls := 0
			opts := LoadOptions{CacheDir: t.TempDir(), Census: func(c *Catalog) { heads = c; calls++ }}
			cat, err := LoadCatalog(context.Background(), path, opts)
			if err != nil {
				t.Fatal(err)
			}
			if !tc.want {
				if calls != 0 {
					t.Fatalf("census taken %d times, want none", calls)
				}
				return
			}
			if calls != 1 {
				t.Fatalf("census taken %d times, want once", calls)
			}
			if heads.Title != cat.Title || heads.Version != cat.Version || !reflect.DeepEqual(heads.Extensions, cat.Extensions) {
				t.Fatalf("census: title %q, version %q, extensions %v; catalog %q, %q, %v",
					heads.Title, heads.Version, heads.Extensions, cat.Title, cat.Version, cat.Extensions)
			}
			census := heads.Operations
			if len(census) != len(cat.Operations) {
				t.Fatalf("census lists %d operations, the catalog %d", len(census), len(cat.Operations))
			}
			for i, op := range cat.Operations {
				c := census[i]
				if c.Name != op.Name || c.Method != op.Method || c.Path != op.Path || c.OperationID != op.OperationID ||
					c.Summary != op.Summary || !slices.Equal(c.Tags, op.Tags) {
					t.Fatalf("operation %d: census %s %s %s %q %v, catalog %s %s %s %q %v", i,
						c.Name, c.Method, c.Path, c.Summary, c.Tags, op.Name, op.Method, op.Path, op.Summary, op.Tags)
				}
				if c.Params != nil || c.Body != nil || c.InputSchema != nil {
					t.Fatalf("operation %d: the census compiled its arguments", i)
				}
			}
			// The same spec again comes from the cache: nothing to count before it.
			calls = 0
			if _, err := LoadCatalog(context.Background(), path, opts); err != nil {
				t.Fatal(err)
			}
			if calls != 0 {
				t.Fatalf("census taken on a cached load")
			}
		})
	}
}
