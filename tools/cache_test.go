package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
)

func cacheEntries(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.cat"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func marshalCatalog(t *testing.T, c *Catalog) []byte {
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
			spec := filepath.Join("..", "..", "shared", "specs", name)
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
			for i, o := range cold.Operations {
				w := warm.Operations[i]
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
			if err := os.WriteFile(entries[0], []byte("ASKAPICAT2\ngarbage"), 0o644); err != nil {
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
	spec := filepath.Join("..", "..", "shared", "specs", "tmdb.json")
	if _, err := os.Stat(spec); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	if _, err := LoadCatalog(context.Background(), spec, LoadOptions{CacheDir: dir, NoCache: true}); err != nil {
		t.Fatal(err)
	}
	t.Setenv("ASKAPI_CACHE", "off")
	if _, err := LoadCatalog(context.Background(), spec, LoadOptions{CacheDir: dir}); err != nil {
		t.Fatal(err)
	}
	if got := cacheEntries(t, dir); len(got) != 0 {
		t.Fatalf("cache disabled but entries written: %v", got)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*")); len(m) != 0 {
		t.Fatalf("cache disabled but files written: %v", m)
	}
}

// TestCatalogCacheFuzzedEntries feeds the decoder truncated and flipped entries: each must
// be refused (or decoded), never panic.
func TestCatalogCacheFuzzedEntries(t *testing.T) {
	spec := filepath.Join("..", "..", "shared", "specs", "alertmanager-v2.yaml")
	if _, err := os.Stat(spec); err != nil {
		t.Skip(err)
	}
	cat, err := LoadCatalog(context.Background(), spec, LoadOptions{NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := encodeCatalog(&buf, cat); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	if _, err := decodeCatalog(good); err != nil {
		t.Fatalf("decode: %v", err)
	}
	for n := 0; n < len(good); n += 7 {
		if _, err := decodeCatalog(good[:n]); err == nil {
			t.Fatalf("truncated entry (%d of %d bytes) decoded", n, len(good))
		}
	}
	for i := len(cacheMagic); i < len(good); i += 13 {
		bad := append([]byte(nil), good...)
		bad[i] ^= 0xff
		decodeCatalog(bad) // must not panic
	}
}

func TestCatalogCachePrune(t *testing.T) {
	dir := t.TempDir()
	for i := range maxCacheEntries + 5 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("%02d.cat", i)), []byte("x"), 0o600)
	}
	(&catalogCache{dir: dir, log: slog.New(slog.DiscardHandler)}).prune()
	if got := len(cacheEntries(t, dir)); got != maxCacheEntries {
		t.Fatalf("entries after pruning = %d, want %d", got, maxCacheEntries)
	}
}
