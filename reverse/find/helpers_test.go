package find

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

// benchSpecs are the specs the search index is measured on. GitHub's comes from
// npm @octokit/openapi, installed by bench/run into bench/node.
var benchSpecs = []struct{ name, path string }{
	{"tmdb", "../../testdata/shared/specs/tmdb.json"},
	{"spotify", "../../testdata/shared/specs/spotify.json"},
	{"alertmanager", "../../testdata/shared/specs/alertmanager-v2.yaml"},
	{"github", "../../bench/node/node_modules/@octokit/openapi/generated/api.github.com.json"},
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

var (
	rtMu       sync.Mutex
	rtCatalogs = map[string]*tools.Catalog{}
)

// rtShared loads a shared spec and builds its graph.
func rtShared(t testing.TB, name string) (*tools.Catalog, *reverse.Graph) {
	t.Helper()
	path := filepath.Join("..", "..", "testdata", "shared", "specs", name)
	rtMu.Lock()
	defer rtMu.Unlock()
	cat, ok := rtCatalogs[path]
	if !ok {
		if _, err := os.Stat(path); err != nil {
			t.Skipf("shared spec not available: %v", err)
		}
		var err error
		if cat, err = openapi.LoadCatalog(context.Background(), path, openapi.LoadOptions{NoCache: true}); err != nil {
			t.Fatal(err)
		}
		rtCatalogs[path] = cat
	}
	return cat, reverse.Build(cat, nil)
}
