package openapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"
	"unsafe"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/cache"
)

// cacheEntries lists the entries in dir, an entry and its aliases (links to it) once.
func cacheEntries(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.cat"))
	if err != nil {
		t.Fatal(err)
	}
	var files []os.FileInfo
	var out []string
	for _, p := range m {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(files, func(f os.FileInfo) bool { return os.SameFile(f, fi) }) {
			files = append(files, fi)
			out = append(out, p)
		}
	}
	return out
}

func marshalCatalog(t *testing.T, c *tools.Catalog) []byte {
	t.Helper()
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCatalogCache(t *testing.T) {
	for _, name := range []string{"tmdb.json", "spotify.json", "alertmanager-v2.yaml"} {
		t.Run(name, func(t *testing.T) {
			spec := filepath.Join("..", "..", "testdata", "shared", "specs", name)
			if _, err := os.Stat(spec); err != nil {
				t.Skip(err)
			}
			dir := t.TempDir()
			ctx := context.Background()
			opts := LoadOptions{CacheDir: dir, Version: "test"}
			cold, err := LoadCatalog(ctx, spec, opts)
			if err != nil {
				t.Fatal(err)
			}
			entries := cacheEntries(t, dir)
			if len(entries) != 1 {
				t.Fatalf("entries after a cold load = %v, want one", entries)
			}
			warm, err := LoadCatalog(ctx, spec, opts)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(marshalCatalog(t, cold), marshalCatalog(t, warm)) {
				t.Fatal("warm catalog differs from the cold one")
			}
			// Concrete types survive: required lists stay []string.
			for i, o := range cold.Operations() {
				w := warm.Operations()[i]
				if _, ok := o.InputSchema["required"].([]string); ok {
					if _, ok := w.InputSchema["required"].([]string); !ok {
						t.Fatalf("%s: required is %T after the cache", o.Key(), w.InputSchema["required"])
					}
				}
				if (o.Security == nil) != (w.Security == nil) {
					t.Fatalf("%s: security nil-ness changed", o.Key())
				}
			}

			// A corrupt entry is ignored, rebuilt and rewritten.
			if err := os.WriteFile(entries[0], append(slices.Clone(cache.CacheMagic), "garbage"...), 0o644); err != nil {
				t.Fatal(err)
			}
			again, err := LoadCatalog(ctx, spec, opts)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(marshalCatalog(t, cold), marshalCatalog(t, again)) {
				t.Fatal("catalog after a corrupt entry differs")
			}
			if fi, err := os.Stat(entries[0]); err != nil || fi.Size() < 100 {
				t.Fatalf("corrupt entry was not rewritten: %v", err)
			}

			// Another version misses (a second entry appears).
			if _, err := LoadCatalog(ctx, spec, LoadOptions{CacheDir: dir, Version: "other"}); err != nil {
				t.Fatal(err)
			}
			if got := cacheEntries(t, dir); len(got) != 2 {
				t.Fatalf("entries after another version = %d, want 2", len(got))
			}
		})
	}
}

func TestCatalogCacheDisabled(t *testing.T) {
	spec := filepath.Join("..", "..", "testdata", "shared", "specs", "tmdb.json")
	if _, err := os.Stat(spec); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	if _, err := LoadCatalog(context.Background(), spec, LoadOptions{CacheDir: dir, NoCache: true}); err != nil {
		t.Fatal(err)
	}
	t.Setenv("ASKAPI_CACHE", "off")
	t.Setenv("ASKAPI_CACHE_DIR", dir)
	if _, err := LoadCatalog(context.Background(), spec, LoadOptions{CacheDir: cache.DefaultDir()}); err != nil {
		t.Fatal(err)
	}
	if got := cacheEntries(t, dir); len(got) != 0 {
		t.Fatalf("cache disabled but entries written: %v", got)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*")); len(m) != 0 {
		t.Fatalf("cache disabled but files written: %v", m)
	}
}

// TestCatalogCacheRoundTrip encodes and decodes compiled catalogs: the decoded one must be
// deep-equal to the compiled one, with the same maps shared and no others.
func TestCatalogCacheRoundTrip(t *testing.T) {
	specs := []struct{ name, path string }{
		{"tmdb", filepath.Join("..", "..", "testdata", "shared", "specs", "tmdb.json")},
		{"spotify", filepath.Join("..", "..", "testdata", "shared", "specs", "spotify.json")},
		{"alertmanager", filepath.Join("..", "..", "testdata", "shared", "specs", "alertmanager-v2.yaml")},
	}
	for _, s := range specs {
		t.Run(s.name, func(t *testing.T) {
			if _, err := os.Stat(s.path); err != nil {
				t.Skip(err)
			}
			catalogCacheRoundTrip(t, s.path)
		})
	}
}

// catalogCacheRoundTrip compiles the spec at path, encodes and decodes the catalog, and
// checks the decoded one against the compiled one.
func catalogCacheRoundTrip(t *testing.T, path string) {
	var compiledHeads []string
	cold, err := LoadCatalog(context.Background(), path, LoadOptions{NoCache: true,
		Census: func(c *tools.Catalog) { compiledHeads = headsOf(c) }})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := cache.EncodeCatalog(&buf, cold); err != nil {
		t.Fatal(err)
	}
	var cachedHeads []string
	warm, err := cache.DecodeCatalog(buf.Bytes(), func(c *tools.Catalog) {
		cachedHeads = headsOf(c)
		for _, o := range c.Operations() {
			if o.InputSchema != nil {
				t.Fatalf("%s: the census came after the whole operation was decoded", o.Key())
			}
		}
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The census from the cache is the compiled catalog's heads, and the census
	// the compiler takes (on the direct path: a clean JSON OpenAPI 3 document).
	if want := headsOf(cold); !slices.Equal(cachedHeads, want) {
		t.Fatalf("census from the cache:\n%v\nwant\n%v", cachedHeads, want)
	}
	if compiledHeads != nil && !slices.Equal(cachedHeads, compiledHeads) {
		t.Fatalf("census from the cache:\n%v\ncompiler's census\n%v", cachedHeads, compiledHeads)
	}
	if !reflect.DeepEqual(cold, warm) {
		t.Fatal("decoded catalog differs from the compiled one")
	}
	coldShape, shared := sharing(cold)
	if warmShape, _ := sharing(warm); !slices.Equal(coldShape, warmShape) {
		t.Fatal("decoded catalog shares other maps than the compiled one")
	}
	if shared == 0 { // input schemas at least share their parameters' schemas
		t.Fatal("no map is shared: the test proves nothing")
	}
}

// headsOf lists what a census holds: the catalog's extensions, then each operation's
// head, in order.
func headsOf(c *tools.Catalog) []string {
	ext, _ := json.Marshal(c.Extensions())
	out := []string{string(ext)}
	for _, o := range c.Operations() {
		out = append(out, fmt.Sprintf("%s %s %s %s %q %q %q %v", o.Name, o.OperationID, o.Method, o.Path, o.Summary, o.Description, o.Tags, o.Deprecated))
	}
	return out
}

// sharing returns the shape of a catalog's map sharing: for each map reached, walking in
// a fixed order, the index of the first place it was reached; and how many places reach
// a map already reached.
func sharing(c *tools.Catalog) (shape []int, shared int) {
	first := map[unsafe.Pointer]int{}
	var visit func(m map[string]any)
	visit = func(m map[string]any) {
		if m == nil {
			return
		}
		p := cache.MapID(m)
		i, seen := first[p]
		if !seen {
			i = len(shape)
			first[p] = i
		} else {
			shared++
		}
		shape = append(shape, i)
		if seen {
			return
		}
		keys := slices.Sorted(maps.Keys(m))
		for _, k := range keys {
			cache.ValueMaps(m[k], visit)
		}
	}
	cache.CatalogMaps(c, visit)
	for _, o := range c.Operations() {
		visit(o.InputSchema)
	}
	return shape, shared
}

// TestCatalogCacheFuzzedEntries feeds the decoder truncated and flipped entries: each must
// be refused (or decoded), never panic.
func TestCatalogCacheFuzzedEntries(t *testing.T) {
	spec := filepath.Join("..", "..", "testdata", "shared", "specs", "alertmanager-v2.yaml")
	if _, err := os.Stat(spec); err != nil {
		t.Skip(err)
	}
	cat, err := LoadCatalog(context.Background(), spec, LoadOptions{NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	// Its operations repeated: several chunks, decoded in parallel, and shared maps.
	for len(cat.Operations()) <= 2*cache.OpsPerChunk {
		spec := cat.Spec()
		spec.Operations = append(spec.Operations, spec.Operations...)
		cat = spec.Build()
	}
	var buf bytes.Buffer
	if err := cache.EncodeCatalog(&buf, cat); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	if _, err := cache.DecodeCatalog(good, nil, nil); err != nil {
		t.Fatalf("decode: %v", err)
	}
	for n := 0; n < len(good); n += 7 {
		// A truncated entry is known for one before any census is taken from it.
		census := func(*tools.Catalog) { t.Fatalf("census taken from a truncated entry (%d of %d bytes)", n, len(good)) }
		if _, err := cache.DecodeCatalog(good[:n], census, nil); err == nil {
			t.Fatalf("truncated entry (%d of %d bytes) decoded", n, len(good))
		}
	}
	for i := len(cache.CacheMagic); i < len(good); i += 13 {
		bad := append([]byte(nil), good...)
		bad[i] ^= 0xff
		cache.DecodeCatalog(bad, func(*tools.Catalog) {}, nil) // must not panic
	}
}

// TestCatalogCacheCycle: a map holding itself cannot be encoded; the encoder refuses it
// rather than recursing forever.
func TestCatalogCacheCycle(t *testing.T) {
	m := map[string]any{"type": "object"}
	m["items"] = m
	cat := tools.CatalogSpec{Operations: []*tools.Operation{{Name: "a", Response: m}, {Name: "b", Response: m}}}.Build()
	if err := cache.EncodeCatalog(&bytes.Buffer{}, cat); err == nil {
		t.Fatal("a cyclic map was encoded")
	}
}

// TestCatalogCacheAlias: a file spec's alias finds its entry without reading the spec,
// only while the file is unchanged, and is made only for a file that has settled and did
// not change while it was read.
func TestCatalogCacheAlias(t *testing.T) {
	src := filepath.Join("..", "..", "testdata", "shared", "specs", "alertmanager-v2.yaml")
	spec, err := os.ReadFile(src)
	if err != nil {
		t.Skip(err)
	}
	cases := []struct {
		name    string
		settle  time.Duration
		between func(path string) error // runs after the alias is taken, before it is linked
		after   func(path string) error // runs after it is linked
		want    bool                    // the alias finds the entry
	}{
		{name: "unchanged", want: true},
		{name: "not settled", settle: time.Hour},
		{name: "changed while read", between: func(p string) error { return os.WriteFile(p, append(spec, ' '), 0o644) }},
		{name: "rewritten, same size", after: func(p string) error {
			time.Sleep(20 * time.Millisecond) // past the clock tick of the first write
			return os.WriteFile(p, spec, 0o644)
		}},
		{name: "touched", after: func(p string) error {
			return os.Chtimes(p, time.Time{}, time.Now().Add(-time.Hour))
		}},
		{name: "replaced", after: func(p string) error {
			tmp := p + ".new"
			if err := os.WriteFile(tmp, spec, 0o644); err != nil {
				return err
			}
			return os.Rename(tmp, p)
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			defer func(old time.Duration) { cache.AliasSettle = old }(cache.AliasSettle)
			cache.AliasSettle = tc.settle
			dir := t.TempDir()
			path := filepath.Join(dir, "spec.yaml")
			if err := os.WriteFile(path, spec, 0o644); err != nil {
				t.Fatal(err)
			}
			opts := LoadOptions{CacheDir: filepath.Join(dir, "cache"), Version: "test", NoCache: true}
			cat, err := LoadCatalog(context.Background(), path, opts)
			if err != nil {
				t.Fatal(err)
			}
			c := cache.Open(cache.Options{Dir: opts.CacheDir, Version: "test", Log: slog.New(slog.DiscardHandler)})
			alias := c.SpecAlias(path)
			if alias == "" {
				t.Skip("no file identity on this platform")
			}
			if tc.between != nil {
				if err := tc.between(path); err != nil {
					t.Fatal(err)
				}
			}
			key := c.Key(spec, path)
			c.Put(key, cat)
			c.Link(alias, key, path)
			if tc.after != nil {
				if err := tc.after(path); err != nil {
					t.Fatal(err)
				}
			}
			got := c.Get(c.SpecAlias(path), nil)
			if (got != nil) != tc.want {
				t.Fatalf("alias found the entry: %v, want %v", got != nil, tc.want)
			}
			if got != nil && !reflect.DeepEqual(got, cat) {
				t.Fatal("the alias's catalog differs")
			}
		})
	}
	if (&cache.Store{}).SpecAlias("https://example.com/spec.json") != "" {
		t.Fatal("a URL has an alias")
	}
	if (*cache.Store)(nil).SpecAlias(src) != "" {
		t.Fatal("no cache, yet an alias")
	}
}

func TestCatalogCachePrune(t *testing.T) {
	dir := t.TempDir()
	for i := range cache.MaxCacheEntries + 5 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("%02d.cat", i)), []byte("x"), 0o600)
	}
	cache.Open(cache.Options{Dir: dir}).Prune()
	if got := len(cacheEntries(t, dir)); got != cache.MaxCacheEntries {
		t.Fatalf("entries after pruning = %d, want %d", got, cache.MaxCacheEntries)
	}
}
