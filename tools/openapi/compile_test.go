package openapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

// goldenSpecs are the specs whose compiled catalogs are pinned by hash in
// testdata/compile/golden.json, with GitHub's (githubSpec, read by corpus_test.go). The
// hashes were recorded when the byte compiler replaced the tree-based builder, after a test
// (since removed with the old builder) had shown both gave the same catalog on these four specs
// (response schemas as skeletons; a response's JSON media type and a parameter's
// examples in document order, where the old builder took map order).
var goldenSpecs = map[string]string{
	"tmdb":         filepath.Join("..", "..", "testdata", "shared", "specs", "tmdb.json"),
	"spotify":      filepath.Join("..", "..", "testdata", "shared", "specs", "spotify.json"),
	"alertmanager": filepath.Join("..", "..", "testdata", "shared", "specs", "alertmanager-v2.yaml"),
}

// githubSpec is GitHub's REST description (@octokit/openapi, `npm ci` in bench/node). Only
// tests built with -tags corpus read it (corpus_test.go); benchmarks skip without it.
var githubSpec = filepath.Join("..", "..", "bench", "node", "node_modules", "@octokit", "openapi", "generated", "api.github.com.json")

func catalogHash(t *testing.T, cat *tools.Catalog) string {
	t.Helper()
	b, err := json.Marshal(cat)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func TestCompiledCatalogGolden(t *testing.T) { compiledCatalogGolden(t, goldenSpecs) }

// compiledCatalogGolden compares the compiled catalogs of specs (name → path) with their
// pinned hashes, or records them with UPDATE_GOLDEN=1 (keeping the others recorded).
func compiledCatalogGolden(t *testing.T, specs map[string]string) {
	goldenPath := filepath.Join("testdata", "compile", "golden.json")
	golden := map[string]string{}
	if data, err := os.ReadFile(goldenPath); err == nil {
		if err := json.Unmarshal(data, &golden); err != nil {
			t.Fatal(err)
		}
	}
	update := os.Getenv("UPDATE_GOLDEN") == "1"
	for name, path := range specs {
		t.Run(name, func(t *testing.T) {
			if _, err := os.Stat(path); err != nil {
				t.Skip(err)
			}
			cat, err := LoadCatalog(context.Background(), path, LoadOptions{NoCache: true})
			if err != nil {
				t.Fatal(err)
			}
			{
				spec := cat.Spec()
				spec.Source = name // the hash must not depend on where the spec lives
				cat = spec.Build()
			}
			got := catalogHash(t, cat)
			if update {
				golden[name] = got
				return
			}
			if want, ok := golden[name]; !ok {
				t.Fatalf("no golden hash for %s (UPDATE_GOLDEN=1 records it)", name)
			} else if got != want {
				t.Fatalf("catalog of %s changed: hash %s, want %s; if intended, review and run UPDATE_GOLDEN=1 go test ./tools -run Golden", name, got, want)
			}
		})
	}
	if update {
		data, _ := json.MarshalIndent(golden, "", "  ")
		os.MkdirAll(filepath.Dir(goldenPath), 0o755)
		if err := os.WriteFile(goldenPath, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCompileFastPathTaken guards the speed: clean JSON specs compile from their bytes,
// sloppy ones take the precise path.
func TestCompileFastPathTaken(t *testing.T) {
	compileFastPathTaken(t, map[string]bool{
		goldenSpecs["tmdb"]:    true,
		goldenSpecs["spotify"]: false, // 122 normalisations to report
	})
}

// compileFastPathTaken checks, for each spec path, whether the byte compiler takes it.
func compileFastPathTaken(t *testing.T, specs map[string]bool) {
	for path, want := range specs {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Logf("skip %s: %v", path, err)
			continue
		}
		if _, _, ok := compileFast(data, path, nil); ok != want {
			t.Errorf("%s: fast path = %v, want %v", filepath.Base(path), ok, want)
		}
	}
}

// TestCompileFastFallsBack checks that what the byte compiler does not read exactly as
// kin-openapi (a wrong type in a field it reads, a dangling $ref, a path parameter
// mismatch) goes to the precise path and fails there, with its pointer.
func TestCompileFastFallsBack(t *testing.T) {
	base := `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, %s
		"paths": {"/a/{id}": {"get": {"parameters": [%s], "responses": {"200": {"description": "ok"}}}}}}`
	param := `{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}`
	cases := map[string]string{
		"servers string":  fmt.Sprintf(base, `"servers": "http://x",`, param),
		"dangling ref":    fmt.Sprintf(base, "", `{"$ref": "#/components/parameters/nope"}`),
		"undeclared path": fmt.Sprintf(base, "", `{"name": "other", "in": "query", "schema": {"type": "string"}}`),
	}
	for name, doc := range cases {
		t.Run(name, func(t *testing.T) {
			if _, _, ok := compileFast([]byte(doc), "x.json", nil); ok {
				t.Fatal("fast path accepted the document")
			}
			path := filepath.Join(t.TempDir(), "spec.json")
			os.WriteFile(path, []byte(doc), 0o644)
			_, err := LoadCatalog(context.Background(), path, LoadOptions{NoCache: true})
			var se *SpecError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v, want a SpecError", err)
			}
		})
	}
}

func TestRawStrMatchesEncodingJSON(t *testing.T) {
	for _, tok := range []string{
		`"plain"`, `"a\nb\t\"q\" \\ \/ \b\f\r"`, `"é ü 日本"`, `"\u00e9\u65e5"`,
		`"\ud83d\ude00 smile"`, `"\ud83d lone"`, `"\ude00 lone low"`, `"\ud83d\u0041"`,
		`""`, "\"bad \xff byte\"",
	} {
		var want string
		if err := json.Unmarshal([]byte(tok), &want); err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
		if got := rawStr([]byte(tok)); got != want {
			t.Errorf("rawStr(%s) = %q, want %q", tok, got, want)
		}
	}
}

// TestLoadCatalogWarnings: the catalog carries exactly the precise loader's warnings
// (Spotify's normalisations, each with its pointer).
func TestLoadCatalogWarnings(t *testing.T) {
	path := goldenSpecs["spotify"]
	if _, err := os.Stat(path); err != nil {
		t.Skip(err)
	}
	_, info, err := LoadDocument(context.Background(), path, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := LoadCatalog(context.Background(), path, LoadOptions{NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(info.Warnings) != 122 {
		t.Errorf("LoadDocument gave %d warnings, want Spotify's 122", len(info.Warnings))
	}
	if strings.Join(cat.Warnings(), "\n") != strings.Join(info.Warnings, "\n") {
		t.Errorf("catalog warnings differ from the loader's:\n%s", strings.Join(cat.Warnings(), "\n"))
	}
}
