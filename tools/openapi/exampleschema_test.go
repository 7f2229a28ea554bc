package openapi

import (
	"encoding/json"
	"testing"
)

// TestExampleSkeleton: a response described only by its example (or a named example,
// by $ref) gets the example's shape as its skeleton; a response with
// a schema keeps the schema's.
func TestExampleSkeleton(t *testing.T) {
	doc := `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
"/members": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"example": {"data": [{"id": "jaPSJy", "type": "member", "attributes": {"name": "Priya Raman", "slug": "priya-raman", "score": 2.5, "tags": null}}]}}}}}}},
"/tags": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"examples": {"one": {"$ref": "#/components/examples/Tags"}}}}}}}},
"/typed": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object", "properties": {"n": {"type": "integer"}}}, "example": {"other": "x"}}}}}}},
"/meraki": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}, "example": [{"id": "N_24329156", "name": "Main Office"}]}}}}}},
"/defaultonly": {"get": {"responses": {"default": {"description": "ok", "content": {"application/json": {"schema": {"type": "object", "properties": {"jobs": {"type": "array", "items": {"type": "object", "properties": {"jobId": {"type": "string"}}}}}}}}}}}}},
"components": {"examples": {"Tags": {"value": [{"id": 7, "label": "vip"}]}}}}`
	cat, _, ok := compileFast([]byte(doc), "t.json", nil)
	if !ok {
		t.Fatal("the direct compiler refused the spec")
	}
	want := map[string]string{
		"GET /members": `{"properties":{"data":{"items":{"properties":{"attributes":{"properties":{"name":{"type":"string"},"score":{"type":"number"},"slug":{"type":"string"},"tags":{}},"type":"object"},"id":{"type":"string"},"type":{"type":"string"}},"type":"object"},"type":"array"}},"type":"object"}`,
		"GET /tags":    `{"items":{"properties":{"id":{"type":"integer"},"label":{"type":"string"}},"type":"object"},"type":"array"}`,
		"GET /typed":   `{"properties":{"n":{"type":"integer"}},"type":"object"}`,
		// Typed only "array of object": the example shows the fields.
		"GET /meraki": `{"items":{"properties":{"id":{"type":"string"},"name":{"type":"string"}},"type":"object"},"type":"array"}`,
		// No 2xx declared: the default response is the answer.
		"GET /defaultonly": `{"properties":{"jobs":{"items":{"properties":{"jobId":{"type":"string"}},"type":"object"},"type":"array"}},"type":"object"}`,
	}
	for key, w := range want {
		op := cat.Lookup(key)
		if op == nil {
			t.Fatalf("no %s", key)
		}
		got, _ := json.Marshal(op.Response)
		if string(got) != w {
			t.Errorf("%s: response skeleton\n %s\nwant\n %s", key, got, w)
		}
	}
}
