package chain

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/openapi"
)

// rtCatalogs caches built catalogs by path: the tests never modify them.
var (
	rtMu       sync.Mutex
	rtCatalogs = map[string]*tools.Catalog{}
)

// rtCatalog loads and builds a spec file.
func rtCatalog(t testing.TB, path string) *tools.Catalog {
	t.Helper()
	rtMu.Lock()
	defer rtMu.Unlock()
	if cat, ok := rtCatalogs[path]; ok {
		return cat
	}
	if _, err := os.Stat(path); err != nil {
		t.Skipf("spec not available: %v", err)
	}
	cat, err := openapi.LoadCatalog(context.Background(), path, openapi.LoadOptions{NoCache: true})
	if err != nil {
		t.Fatalf("LoadCatalog %s: %v", path, err)
	}
	rtCatalogs[path] = cat
	return cat
}

// rtShared builds the graph of a shared spec.
func rtShared(t testing.TB, name string) (*tools.Catalog, *reverse.Graph) {
	t.Helper()
	cat := rtCatalog(t, filepath.Join("..", "..", "testdata", "shared", "specs", name))
	return cat, reverse.Build(cat, nil)
}

// rtData builds the graph of a spec in reverse/testdata.
func rtData(t testing.TB, name string, declared reverse.DeclaredSources) (*tools.Catalog, *reverse.Graph) {
	t.Helper()
	cat := rtCatalog(t, filepath.Join("..", "testdata", name))
	return cat, reverse.Build(cat, declared)
}

func rtOp(t testing.TB, cat *tools.Catalog, key string) *tools.Operation {
	t.Helper()
	op := cat.Lookup(key)
	if op == nil {
		t.Fatalf("no operation %q", key)
	}
	return op
}

func rtEdge(t testing.TB, g *reverse.Graph, op *tools.Operation, arg string) reverse.Edge {
	t.Helper()
	e, ok := g.Edge(op, arg)
	if !ok {
		t.Fatalf("%s: no edge for %s; edges: %+v", op.Key(), arg, g.Edges(op))
	}
	if len(e.Producers) == 0 {
		t.Fatalf("%s: edge %s has no producers", op.Key(), arg)
	}
	return e
}

// benchSpecs are the specs the planner is measured on. GitHub's comes from npm
// @octokit/openapi, installed by bench/run into bench/node.
var benchSpecs = []struct{ name, path string }{
	{"tmdb", "../../testdata/shared/specs/tmdb.json"},
	{"spotify", "../../testdata/shared/specs/spotify.json"},
	{"alertmanager", "../../testdata/shared/specs/alertmanager-v2.yaml"},
	{"github", "../../bench/node/node_modules/@octokit/openapi/generated/api.github.com.json"},
}

func benchCatalog(b *testing.B, path string) *tools.Catalog {
	b.Helper()
	if _, err := os.Stat(path); err != nil {
		b.Skipf("%s is not installed (run bench/run): %v", filepath.Base(path), err)
	}
	return rtCatalog(b, path)
}
