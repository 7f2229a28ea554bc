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
	{"tmdb", "../../shared/specs/tmdb.json"},
	{"spotify", "../../shared/specs/spotify.json"},
	{"alertmanager", "../../shared/specs/alertmanager-v2.yaml"},
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

// BenchmarkPlan measures planning every operation once the graph is built, with every
// identifier hinted by a name; ns/op is per operation planned. Target: under 1 ms.
func BenchmarkPlan(b *testing.B) {
	for _, s := range benchSpecs {
		b.Run(s.name, func(b *testing.B) {
			cat := benchCatalog(b, s.path)
			g := Build(cat, nil)
			hints := make([]map[string]any, len(cat.Operations))
			for i, op := range cat.Operations {
				hints[i] = map[string]any{}
				for _, e := range g.Edges(op) {
					hints[i][e.Arg] = "Some Name"
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				j := i % len(cat.Operations)
				PlanCall(g, cat.Operations[j], hints[j])
			}
		})
	}
}
