package reverse

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/openapi"
)

// benchSpecs are the specs the graph and planner are measured on. GitHub's comes from
// npm @octokit/openapi, installed by bench/run into bench/node.
var benchSpecs = []struct{ name, path string }{
	{"tmdb", "../testdata/shared/specs/tmdb.json"},
	{"spotify", "../testdata/shared/specs/spotify.json"},
	{"alertmanager", "../testdata/shared/specs/alertmanager-v2.yaml"},
	{"github", "../bench/node/node_modules/@octokit/openapi/generated/api.github.com.json"},
}

var (
	benchMu       sync.Mutex
	benchCatalogs = map[string]*tools.Catalog{}
)

func benchCatalog(b *testing.B, path string) *tools.Catalog {
	b.Helper()
	benchMu.Lock()
	defer benchMu.Unlock()
	if c, ok := benchCatalogs[path]; ok {
		return c
	}
	if _, err := os.Stat(path); err != nil {
		b.Skipf("%s is not installed (run bench/run): %v", filepath.Base(path), err)
	}
	cat, err := openapi.LoadCatalog(context.Background(), path, openapi.LoadOptions{NoCache: true})
	if err != nil {
		b.Fatal(err)
	}
	benchCatalogs[path] = cat
	return cat
}

// BenchmarkGraphBuild measures building the dependency graph once per spec.
func BenchmarkGraphBuild(b *testing.B) {
	for _, s := range benchSpecs {
		b.Run(s.name, func(b *testing.B) {
			cat := benchCatalog(b, s.path)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				Build(cat, nil)
			}
		})
	}
}
