package openapi

import (
	"encoding/json"
	"strings"
	"testing"
)

// loadNormaliseJSON runs the normaliser on a document given as JSON.
func loadNormaliseJSON(t *testing.T, doc string, v2 bool, external func(string) error) (*normaliser, *SpecError) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(doc))
	dec.UseNumber()
	var root map[string]any
	if err := dec.Decode(&root); err != nil {
		t.Fatalf("bad test document: %v", err)
	}
	n := newNormaliser("t.json", root, v2, external)
	return n, n.run()
}

// loadCanonicalJSON re-encodes JSON with sorted keys, as json.Marshal writes a generic tree.
func loadCanonicalJSON(t *testing.T, s string) string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("bad JSON %s: %v", s, err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestNormaliseSchemas(t *testing.T) {
	tests := []struct {
		name   string
		v2     bool
		schema string // components.schemas.S (definitions.S for 2.0)
		want   string // S after normalisation
		warns  []string
	}{
		{name: "numeric strings", schema: `{"type":"integer","minimum":"1","maximum":" 50 ","maxLength":"10"}`,
			want:  `{"type":"integer","minimum":1,"maximum":50,"maxLength":10}`,
			warns: []string{`/S/minimum: normalised minimum "1" to the number 1`, `/S/maximum: normalised maximum " 50 " to the number 50`, `/S/maxLength: normalised maxLength "10" to the number 10`}},
		{name: "bad numbers removed", schema: `{"minLength":-1,"maximum":"lots","minItems":1.5}`,
			want:  `{}`,
			warns: []string{"/S/minLength: normalised minLength: removed -1", "/S/maximum: normalised maximum: removed", "/S/minItems: normalised minItems: removed 1.5"}},
		{name: "type aliases", schema: `{"properties":{"a":{"type":"Integer"},"b":{"type":"int64"},"c":{"type":"weird"},"d":{"type":["string","nul"]},"e":{"type":5}}}`,
			want: `{"properties":{"a":{"type":"integer"},"b":{"type":"integer"},"c":{},"d":{"type":["string"]},"e":{}}}`,
			warns: []string{`/S/properties/a/type: normalised type "Integer" to "integer"`, `/S/properties/b/type: normalised type "int64" to "integer"`,
				`/S/properties/c/type: normalised type: removed "weird"`, `/S/properties/d/type: normalised type ["string","nul"] to [string]`,
				`/S/properties/e/type: normalised type: removed 5`}},
		{name: "required on a property moves to the parent", schema: `{"required":["a"],"properties":{"a":{"required":true},"b":{"required":"true"},"c":{"required":false}}}`,
			want: `{"required":["a","b"],"properties":{"a":{},"b":{},"c":{}}}`,
			warns: []string{`/S/properties/a/required: normalised required: true on property "a"`, `/S/properties/b/required: normalised required: "true" on property "b"`,
				`/S/properties/c/required: normalised required: removed false`}},
		{name: "required creates the parent list", schema: `{"properties":{"a":{"type":"string","required":true}}}`,
			want: `{"required":["a"],"properties":{"a":{"type":"string"}}}`},
		{name: "required as one name", schema: `{"required":"a","properties":{"a":{}}}`,
			want: `{"required":["a"],"properties":{"a":{}}}`},
		{name: "data and property names left alone",
			schema: `{"example":{"minimum":"2016-09-01","type":5,"required":"yes"},"default":{"maximum":"x"},"enum":[{"type":1}],
				"properties":{"type":{"type":"string"},"required":{"type":"boolean"},"minimum":{"type":"string"}}}`,
			want: `{"example":{"minimum":"2016-09-01","type":5,"required":"yes"},"default":{"maximum":"x"},"enum":[{"type":1}],
				"properties":{"type":{"type":"string"},"required":{"type":"boolean"},"minimum":{"type":"string"}}}`},
		{name: "boolean strings", schema: `{"nullable":"true","readOnly":"False","additionalProperties":"true","uniqueItems":"maybe"}`,
			want:  `{"nullable":true,"readOnly":false,"additionalProperties":true}`,
			warns: []string{"/S/nullable:", "/S/readOnly:", "/S/additionalProperties:", "/S/uniqueItems: normalised uniqueItems: removed"}},
		{name: "enum scalar", schema: `{"enum":"a"}`, want: `{"enum":["a"]}`},
		{name: "examples object in a schema", schema: `{"examples":{"one":{"value":1}}}`, want: `{}`},
		{name: "3.1 keywords kept", schema: `{"type":["string","null"],"examples":["a"],"const":"a","exclusiveMinimum":0,"$defs":{"D":{"type":"int"}}}`,
			want:  `{"type":["string","null"],"examples":["a"],"const":"a","exclusiveMinimum":0,"$defs":{"D":{"type":"integer"}}}`,
			warns: []string{`/S/$defs/D/type: normalised type "int" to "integer"`}},
		{name: "2.0 numeric exclusiveMinimum removed", v2: true, schema: `{"exclusiveMinimum":0,"exclusiveMaximum":"true","type":"file"}`,
			want: `{"exclusiveMaximum":true,"type":"file"}`},
		{name: "nested schemas reached", schema: `{"allOf":[{"items":{"minimum":"3"}}],"additionalProperties":{"not":{"maxItems":"2"}}}`,
			want: `{"allOf":[{"items":{"minimum":3}}],"additionalProperties":{"not":{"maxItems":2}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := `{"openapi":"3.0.3","components":{"schemas":{"S":` + tt.schema + `}}}`
			prefix := "/components/schemas"
			if tt.v2 {
				doc = `{"swagger":"2.0","definitions":{"S":` + tt.schema + `}}`
				prefix = "/definitions"
			}
			n, err := loadNormaliseJSON(t, doc, tt.v2, nil)
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			s := n.root["components"]
			if tt.v2 {
				s = n.root
			}
			key := "schemas"
			if tt.v2 {
				key = "definitions"
			}
			got, _ := json.Marshal(s.(map[string]any)[key].(map[string]any)["S"])
			if want := loadCanonicalJSON(t, tt.want); string(got) != want {
				t.Errorf("schema = %s\nwant     %s", got, want)
			}
			for _, w := range tt.warns {
				if !loadContains(n.warnings, "spec t.json: "+prefix+w) {
					t.Errorf("missing warning %q in %q", prefix+w, n.warnings)
				}
			}
			if (len(n.warnings) > 0) != n.changed {
				t.Errorf("changed = %v with %d warnings", n.changed, len(n.warnings))
			}
		})
	}
}

func TestNormaliseParameters(t *testing.T) {
	doc := `{"openapi":"3.0.3","paths":{"/a/{id}":{"get":{"parameters":[
		{"name":"id","in":"path","schema":{"type":"string"}},
		{"name":"q","in":"query","required":"false","deprecated":"true","explode":"false"},
		{"name":"h","in":"header","required":"TRUE"}
	],"requestBody":{"required":"true","content":{"application/json":{"schema":{"type":"object"}}}},
	"responses":{"200":{"description":"ok","headers":{"X-R":{"required":"true"}}}}}}}}`
	n, err := loadNormaliseJSON(t, doc, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(n.root["paths"])
	want := loadCanonicalJSON(t, `{"/a/{id}":{"get":{"parameters":[
		{"in":"path","name":"id","required":true,"schema":{"type":"string"}},
		{"deprecated":true,"explode":false,"in":"query","name":"q","required":false},
		{"in":"header","name":"h","required":true}
	],"requestBody":{"content":{"application/json":{"schema":{"type":"object"}}},"required":true},
	"responses":{"200":{"description":"ok","headers":{"X-R":{"required":true}}}}}}}`)
	if string(got) != want {
		t.Errorf("paths = %s\nwant    %s", got, want)
	}
	for _, w := range []string{
		`/paths/~1a~1{id}/get/parameters/0: normalised path parameter "id" to required: true`,
		`/paths/~1a~1{id}/get/parameters/1/required: normalised required "false" (a string) to false`,
		`/paths/~1a~1{id}/get/requestBody/required: normalised required "true" (a string) to true`,
		`/paths/~1a~1{id}/get/responses/200/headers/X-R/required: normalised required "true" (a string) to true`,
	} {
		if !loadContains(n.warnings, w) {
			t.Errorf("missing warning %q in %q", w, n.warnings)
		}
	}
}

func TestNormaliseErrors(t *testing.T) {
	tests := []struct {
		name     string
		doc      string
		external func(string) error
		pointer  string
		msg      string
	}{
		{name: "dangling ref", doc: `{"openapi":"3.0.3","paths":{"/a":{"get":{"parameters":[{"$ref":"#/components/parameters/Nope"}]}}}}`,
			pointer: "/paths/~1a/get/parameters/0", msg: `dangling $ref "#/components/parameters/Nope"`},
		{name: "dangling ref in an unmodelled place", doc: `{"openapi":"3.0.3","components":{"securitySchemes":{"k":{"$ref":"#/nope"}}}}`,
			pointer: "/components/securitySchemes/k", msg: `dangling $ref "#/nope"`},
		{name: "dangling 2.0 ref", doc: `{"swagger":"2.0","paths":{"/a":{"get":{"responses":{"200":{"description":"ok","schema":{"$ref":"#/definitions/Nope"}}}}}}}`,
			pointer: "/paths/~1a/get/responses/200/schema", msg: `dangling $ref "#/definitions/Nope"`},
		{name: "external ref without the flag", doc: `{"openapi":"3.0.3","components":{"schemas":{"S":{"$ref":"other.json#/S"}}}}`,
			pointer: "/components/schemas/S", msg: "--allow-external-refs"},
		{name: "ref not a string", doc: `{"openapi":"3.0.3","components":{"schemas":{"S":{"$ref":5}}}}`,
			pointer: "/components/schemas/S", msg: "$ref must be a string"},
		{name: "schema not an object", doc: `{"openapi":"3.0.3","components":{"schemas":{"S":{"items":"string"}}}}`,
			pointer: "/components/schemas/S/items", msg: `expected a schema, got "string"`},
		{name: "parameters not a list", doc: `{"openapi":"3.0.3","paths":{"/a":{"get":{"parameters":{"name":"x"}}}}}`,
			pointer: "/paths/~1a/get/parameters", msg: "expected an array of parameters"},
		{name: "first error by pointer order", doc: `{"openapi":"3.0.3","components":{"schemas":{"B":{"$ref":"#/x"},"A":{"$ref":"#/y"}}}}`,
			pointer: "/components/schemas/A", msg: `"#/y"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadNormaliseJSON(t, tt.doc, strings.HasPrefix(tt.doc, `{"swagger"`), tt.external)
			if err == nil {
				t.Fatal("no error")
			}
			if err.Pointer != tt.pointer || !strings.Contains(err.Msg, tt.msg) {
				t.Errorf("error = %q at %q, want %q at %q", err.Msg, err.Pointer, tt.msg, tt.pointer)
			}
		})
	}
}

func TestNormaliseRefsResolve(t *testing.T) {
	doc := `{"openapi":"3.0.3","paths":{"/a/{id}":{"get":{"responses":{"200":{"$ref":"#/paths/~1a~1%7Bid%7D/get/responses/201"},"201":{"description":"ok"}}}}},
		"components":{"schemas":{"S":{"$ref":"#"},"T":{"$ref":"#anchor"},"U":{"items":{"$ref":"#/components/schemas/S/$ref"}}}}}`
	if _, err := loadNormaliseJSON(t, doc, false, nil); err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}
