package openapi

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// OpenAPI 3.0 has a GET's or a HEAD's requestBody ignored; its properties then never
// shadow a path parameter of the same name (EnteroBase's {barcode} beside a body barcode,
// blind batch jt). 3.1 allows it, a DELETE's body is sent (Kubernetes' DeleteOptions), and
// so is one the spec marks required (Azure's query statistics).
func TestGetBodyIgnoredIn30(t *testing.T) {
	const body = `"requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {"barcode": {"type": "array", "items": {"type": "string"}}}}}}}`
	op := func(method string) string {
		b := body
		if method == "head" {
			b = strings.Replace(body, `"requestBody": {`, `"requestBody": {"required": true, `, 1)
		}
		return `"` + method + `": {"parameters": [{"name": "barcode", "in": "path", "required": true, "schema": {"type": "string"}}], ` + b + `, "responses": {"200": {"description": "ok"}}}`
	}
	spec := func(version string) string {
		return `{"openapi": "` + version + `", "info": {"title": "t", "version": "1"}, "paths": {"/strains/{barcode}": {` +
			op("get") + `, ` + op("head") + `, ` + op("delete") + `, ` + op("put") + `}}}`
	}
	for _, tc := range []struct {
		version string
		method  string
		body    bool
	}{
		{"3.0.0", "GET", false},
		{"3.0.3", "GET", false},
		{"3.0.0", "DELETE", true},
		{"3.0.0", "HEAD", true}, // required by the spec
		{"3.0.0", "PUT", true},
		{"3.1.0", "GET", true},
	} {
		path := filepath.Join(t.TempDir(), "spec.json")
		if err := os.WriteFile(path, []byte(spec(tc.version)), 0o600); err != nil {
			t.Fatal(err)
		}
		cat, err := LoadCatalog(context.Background(), path, LoadOptions{NoCache: true})
		if err != nil {
			t.Fatalf("%s: %v", tc.version, err)
		}
		var found bool
		for _, o := range cat.Operations() {
			if o.Method != tc.method {
				continue
			}
			found = true
			props, _ := o.InputSchema["properties"].(map[string]any)
			_, plain := props["barcode"]
			_, suffixed := props["barcode__path"]
			if (o.Body != nil) != tc.body {
				t.Errorf("%s %s: body %v, want %v", tc.version, tc.method, o.Body != nil, tc.body)
			}
			if !tc.body && (!plain || suffixed) {
				t.Errorf("%s %s: arguments %v, want the path's barcode by its own name", tc.version, tc.method, keysOf(props))
			}
			if tc.body && !suffixed {
				t.Errorf("%s %s: arguments %v, want barcode__path beside the body's barcode", tc.version, tc.method, keysOf(props))
			}
		}
		if !found {
			t.Errorf("%s: no %s operation", tc.version, tc.method)
		}
	}
}

func keysOf(m map[string]any) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return strings.Join(out, ",")
}
