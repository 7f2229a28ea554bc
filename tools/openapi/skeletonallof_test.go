package openapi

import (
	"reflect"
	"testing"
)

// TestSkeletonMergesAllOfWithAlternatives: a response skeleton says which fields an
// answer yields, so an allOf whose last part is one of several shapes still merges every
// part's fields (the first shape's with them); a scalar whose parts are alternatives stays
// a value.
func TestSkeletonMergesAllOfWithAlternatives(t *testing.T) {
	cat := btBuild(t, `openapi: 3.0.3
info: {title: r, version: "1"}
paths:
  /items:
    get:
      operationId: listItems
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  results: {type: array, items: {$ref: "#/components/schemas/Item"}}
components:
  schemas:
    ItemUpdate:
      type: object
      properties:
        label: {type: string}
    ResourceId:
      oneOf: [{type: string}, {type: integer}]
    Item:
      allOf:
        - $ref: "#/components/schemas/ItemUpdate"
        - properties:
            id: {type: string}
            ref: {allOf: [{$ref: "#/components/schemas/ResourceId"}]}
          type: object
        - oneOf:
            - {type: object, properties: {location_id: {type: string}}}
            - {type: object, properties: {location_url: {type: string}}}
`)
	list := btOp(t, cat, "listItems")
	results, _ := btProps(list.Response)["results"].(map[string]any)
	item, _ := results["items"].(map[string]any)
	if got := btKeys(btProps(item)); !reflect.DeepEqual(got, []string{"id", "label", "location_id", "ref"}) {
		t.Errorf("item fields = %q, want [id label location_id ref]", got)
	}
	// A scalar's alternatives merge into no object: the field stays a value.
	if ref, _ := btProps(item)["ref"].(map[string]any); ref["type"] == "object" {
		t.Errorf("ref = %v, a scalar read as an object", ref)
	}
}
