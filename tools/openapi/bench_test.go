package openapi

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/askapi/askapi/bench/synth"
)

// BenchmarkLoadAndBuild measures LoadCatalog per spec: "cold" reads, decodes and compiles
// with the cache off; "warm" reads the compiled catalog from a cache primed once. A
// benchmark, not a test: it runs only with -bench, and skips specs that are not installed
// (GitHub's comes from bench/run's npm install).
func BenchmarkLoadAndBuild(b *testing.B) {
	specs := []struct {
		name string
		path func(b *testing.B) string
	}{
		{"github", benchInstalled(filepath.Join("..", "..", "bench", "node", "node_modules", "@octokit", "openapi", "generated", "api.github.com.json"))},
		{"stripe-synth", func(b *testing.B) string {
			path := filepath.Join(b.TempDir(), "stripe-synth.json")
			if err := os.WriteFile(path, synth.Stripe(), 0o644); err != nil {
				b.Fatal(err)
			}
			return path
		}},
		{"tmdb", benchInstalled(filepath.Join("..", "..", "testdata", "shared", "specs", "tmdb.json"))},
		{"alertmanager", benchInstalled(filepath.Join("..", "..", "testdata", "shared", "specs", "alertmanager-v2.yaml"))},
	}
	ctx := context.Background()
	for _, s := range specs {
		b.Run(s.name+"/cold", func(b *testing.B) {
			path := s.path(b)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := LoadCatalog(ctx, path, LoadOptions{NoCache: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(s.name+"/warm", func(b *testing.B) {
			path := s.path(b)
			opts := LoadOptions{CacheDir: b.TempDir(), Version: "bench"}
			if _, err := LoadCatalog(ctx, path, opts); err != nil { // primes the cache
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := LoadCatalog(ctx, path, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchInstalled returns path, skipping the benchmark when the file is missing.
func benchInstalled(path string) func(b *testing.B) string {
	return func(b *testing.B) string {
		if _, err := os.Stat(path); err != nil {
			b.Skipf("%s is not installed (run bench/run): %v", filepath.Base(path), err)
		}
		return path
	}
}

// BenchmarkScanDocument measures the validating scan of a large spec: GitHub's, whose
// components come last, and the synthetic Stripe-size one, whose components come first.
// With -cpu 2 and up, each is cut in two near its middle (see rawscan_split.go).
func BenchmarkScanDocument(b *testing.B) {
	specs := []struct {
		name string
		data func(b *testing.B) []byte
	}{
		{"github", func(b *testing.B) []byte {
			data, err := os.ReadFile(benchInstalled(githubSpec)(b))
			if err != nil {
				b.Fatal(err)
			}
			return data
		}},
		{"synthetic", func(*testing.B) []byte { return synth.Stripe() }},
	}
	for _, spec := range specs {
		b.Run(spec.name, func(b *testing.B) {
			data := spec.data(b)
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if clean, _, _ := scanDocument(data); !clean {
					b.Fatal("not clean")
				}
			}
		})
	}
}
