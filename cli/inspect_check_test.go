//go:build corpuscheck

package cli

import (
	"path/filepath"
	"testing"
)

// shopSpec has what the corpus check looks at, through the real loader: a write whose
// body schema requires properties while requestBody says nothing of being required (as
// specs converted from Swagger 2.0 do), one whose body is explicitly optional and wrapped
// in an allOf, and credential parameters (a header by name, a query parameter by name, a
// bare token whose description says it is a credential) beside ordinary ones.
const shopSpec = `{
  "openapi": "3.0.0",
  "info": {"title": "Shop", "version": "1"},
  "paths": {
    "/orders": {
      "post": {
        "operationId": "createOrder",
        "parameters": [
          {"name": "X-API-Key", "in": "header", "schema": {"type": "string"}},
          {"name": "X-Request-Id", "in": "header", "schema": {"type": "string"}},
          {"name": "dry_run", "in": "query", "schema": {"type": "boolean"}}
        ],
        "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewOrder"}}}},
        "responses": {"201": {"description": "created"}}
      },
      "get": {
        "operationId": "listOrders",
        "parameters": [
          {"name": "access_token", "in": "query", "schema": {"type": "string"}},
          {"name": "token", "in": "query", "description": "Your API token, from the account page.", "schema": {"type": "string"}},
          {"name": "next_page_token", "in": "query", "schema": {"type": "string"}}
        ],
        "responses": {"200": {"description": "ok"}}
      }
    },
    "/orders/{id}": {
      "patch": {
        "operationId": "updateOrder",
        "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
        "requestBody": {"required": false, "content": {"application/json": {"schema": {
          "allOf": [{"$ref": "#/components/schemas/NewOrder"}], "description": "changes"}}}},
        "responses": {"200": {"description": "ok"}}
      }
    }
  },
  "components": {"schemas": {"NewOrder": {
    "type": "object",
    "required": ["id", "item", "quantity"],
    "properties": {
      "id": {"type": "string", "readOnly": true},
      "item": {"type": "string"},
      "quantity": {"type": "integer"},
      "note": {"type": "string"}
    }
  }}}
}`

func TestGraphStatsCheck(t *testing.T) {
	t.Setenv("ASKAPI_CACHE", "off")
	dir := writeFiles(t, map[string]string{"shop.json": shopSpec})
	rep := statsJSON(t, "--check", filepath.Join(dir, "shop.json"))
	if len(rep.Specs) != 1 {
		t.Fatalf("%d specs in the report, want 1", len(rep.Specs))
	}
	s := rep.Specs[0]
	if !s.OK || s.Check == nil {
		t.Fatalf("ok %v (%s %s), check %v", s.OK, s.Failure, s.Error, s.Check)
	}
	c := s.Check
	if c.Operations != 3 || c.Published != 3 || s.Operations != 3 {
		t.Errorf("operations %d, published %d, counted %d; want 3", c.Operations, c.Published, s.Operations)
	}
	// Both bodies require item and quantity (id is readOnly): the POST's are required
	// arguments, the PATCH's body is explicitly optional and its description says so.
	if c.BodyOps != 2 || c.BodyOK != 2 || c.BodyOptional != 1 || len(c.BodyMisses) != 0 {
		t.Errorf("bodies: %d/%d ok (%d optional), misses %+v; want 2/2 (1), none", c.BodyOK, c.BodyOps, c.BodyOptional, c.BodyMisses)
	}
	// X-API-Key, access_token and the described token; neither X-Request-Id nor
	// next_page_token.
	if c.CredParams != 3 || len(c.CredMisses) != 0 {
		t.Errorf("credential params: %d, misses %+v; want 3, none", c.CredParams, c.CredMisses)
	}
	if c.Notes["body: required property readOnly (not expected)"] != 2 {
		t.Errorf("notes %v: want the readOnly id of both bodies", c.Notes)
	}
	// The check builds no graph: no coverage figure but the operations.
	if s.PathParams != 0 || s.Resolvable != 0 {
		t.Errorf("graph figures in check mode: %+v", s.Counts)
	}
}
