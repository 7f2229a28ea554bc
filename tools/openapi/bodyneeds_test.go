package openapi

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"testing"
)

// bodySpec has request bodies of every shape the corpus check found published without
// what they require (issue 13): each required list reached only through a composition.
const bodySpec = `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
 "components": {"schemas": {
   "warehouse": {"type": "object", "additionalProperties": false, "properties": {
     "name": {"type": "string"}, "origin_address": {"type": "string"},
     "warehouse_id": {"type": "string", "readOnly": true}}},
   "base": {"type": "object", "properties": {"client_ref": {"type": "string"}}, "required": ["to", "channel"]},
   "text": {"allOf": [{"$ref": "#/components/schemas/base"}, {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}]},
   "sms": {"type": "object", "properties": {"to": {"type": "string"}, "channel": {"type": "string"}}}
 }},
 "paths": {
  "/pages": {"post": {"operationId": "createPages", "requestBody": {"content": {"application/json": {"schema": {
     "type": "object", "properties": {"source": {"type": "string"}, "build_type": {"type": "string"}},
     "anyOf": [{"required": ["source"]}]}}}}, "responses": {"200": {"description": "ok"}}}},
  "/records": {"post": {"operationId": "createRecord", "requestBody": {"content": {"application/json": {"schema": {
     "properties": {"type": {"type": "string", "enum": ["A", "MX"]}}, "required": ["type"],
     "anyOf": [
       {"type": "object", "properties": {"type": {"enum": ["A"]}, "name": {"type": "string"}, "value": {"type": "string"}}, "required": ["type", "name", "value"]},
       {"type": "object", "properties": {"type": {"enum": ["MX"]}, "name": {"type": "string"}, "priority": {"type": "integer"}}, "required": ["type", "name", "priority"]}]}}}},
   "responses": {"200": {"description": "ok"}}}},
  "/warehouses": {"post": {"operationId": "createWarehouse", "requestBody": {"content": {"application/json": {"schema": {
     "type": "object", "additionalProperties": false, "allOf": [{"$ref": "#/components/schemas/warehouse"}],
     "required": ["name", "origin_address"]}}}}, "responses": {"200": {"description": "ok"}}}},
  "/firewalls": {"post": {"operationId": "createFirewall", "requestBody": {"content": {"application/json": {"schema": {
     "allOf": [{"$ref": "#/components/schemas/warehouse"}, {"required": ["name"]},
       {"anyOf": [{"required": ["origin_address"]}, {"required": ["name"]}]}]}}}}, "responses": {"200": {"description": "ok"}}}},
  "/messages": {"post": {"operationId": "sendMessage", "requestBody": {"content": {"application/json": {"schema": {
     "oneOf": [{"allOf": [{"$ref": "#/components/schemas/text"}, {"$ref": "#/components/schemas/sms"}]}]}}}}, "responses": {"200": {"description": "ok"}}}},
  "/playlists/{id}/tracks": {"delete": {"operationId": "removeTracks", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
     "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {"tracks": {"type": "array", "items": {"type": "string"}}}, "required": ["tracks"]}}}},
     "responses": {"200": {"description": "ok"}}}},
  "/emails": {"post": {"operationId": "addEmails", "requestBody": {"required": false, "content": {"application/json": {"schema": {
     "type": "object", "properties": {"emails": {"type": "array", "items": {"type": "string"}}}, "required": ["emails"]}}}},
     "responses": {"200": {"description": "ok"}}}},
  "/either": {"post": {"operationId": "either", "requestBody": {"content": {"application/json": {"schema": {
     "oneOf": [{"type": "object", "properties": {"ids": {"type": "array", "items": {"type": "string"}}}, "required": ["ids"]}, {"type": "array", "items": {"type": "string"}}]}}}},
     "responses": {"200": {"description": "ok"}}}}
 }}`

func TestBodyRequiredThroughCompositions(t *testing.T) {
	file := filepath.Join(t.TempDir(), "body.json")
	if err := os.WriteFile(file, []byte(bodySpec), 0o600); err != nil {
		t.Fatal(err)
	}
	cat, err := LoadCatalog(context.Background(), file, LoadOptions{NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		op       string
		required []string // the input schema's required arguments, sorted
		props    []string // a flattened body's arguments, sorted (nil: one body argument)
		inside   []string // with one body argument: names its published schema requires
		note     bool     // the tool's description must say the body may be left out
	}{
		// GitHub: anyOf of one bare required list over the parent's properties.
		{op: "createPages", required: []string{"source"}, props: []string{"build_type", "source"}},
		// Vercel: each alternative declares more properties; those every one requires
		// are required, and every one can be given.
		{op: "createRecord", required: []string{"name", "type"}, props: []string{"name", "priority", "type", "value"}},
		// ShipEngine: an allOf part closed with additionalProperties: false still merges.
		{op: "createWarehouse", required: []string{"name", "origin_address"}, props: []string{"name", "origin_address"}},
		// DigitalOcean: a bare required part, and an anyOf of bare parts.
		{op: "createFirewall", required: []string{"body"}, inside: []string{"name"}},
		// Nexmo: required by a part of a part, declared by a sibling.
		{op: "sendMessage", required: []string{"body"}, inside: []string{"channel", "text", "to"}},
		// Spotify: a DELETE's body is needed as much as a POST's.
		{op: "removeTracks", required: []string{"id", "tracks"}, props: []string{"tracks"}},
		// Explicitly optional: not required, and the description says what it needs.
		{op: "addEmails", props: []string{"emails"}, note: true},
		// One alternative is an array: nothing is required of every instance.
		{op: "either"},
	}
	for _, tc := range cases {
		t.Run(tc.op, func(t *testing.T) {
			op := cat.Lookup(tc.op)
			if op == nil {
				t.Fatalf("no operation %s", tc.op)
			}
			var req []string
			if r, ok := op.InputSchema["required"].([]string); ok {
				req = append(req, r...)
			}
			sort.Strings(req)
			if !reflect.DeepEqual(req, tc.required) {
				t.Errorf("required %q, want %q", req, tc.required)
			}
			if tc.props != nil {
				if !op.Body.Flattened || !reflect.DeepEqual(op.Body.Props, tc.props) {
					t.Errorf("flattened %v, props %q, want %q", op.Body.Flattened, op.Body.Props, tc.props)
				}
				props := op.InputSchema["properties"].(map[string]any)
				for _, name := range tc.props {
					if props[name] == nil {
						t.Errorf("argument %q has no schema", name)
					}
				}
			}
			if tc.inside != nil {
				body, _ := op.InputSchema["properties"].(map[string]any)["body"].(map[string]any)
				for _, name := range tc.inside {
					if !schemaRequires(body, name, 0) {
						t.Errorf("the body argument's schema does not require %q: %v", name, body)
					}
				}
			}
			if got := BodyNote(op) != ""; got != tc.note {
				t.Errorf("body note %q, want one: %v", BodyNote(op), tc.note)
			}
		})
	}
}

// schemaRequires reads a published schema as a JSON Schema validator would: its own
// required, any allOf part's, or every oneOf (anyOf) alternative's.
func schemaRequires(s map[string]any, name string, depth int) bool {
	if s == nil || depth > 10 {
		return false
	}
	if r, ok := s["required"].([]string); ok && slices.Contains(r, name) {
		return true
	}
	for _, part := range anySlice(s["allOf"]) {
		if p, _ := part.(map[string]any); schemaRequires(p, name, depth+1) {
			return true
		}
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		alts := anySlice(s[key])
		all := len(alts) > 0
		for _, a := range alts {
			p, _ := a.(map[string]any)
			all = all && schemaRequires(p, name, depth+1)
		}
		if all {
			return true
		}
	}
	return false
}

func anySlice(v any) []any {
	l, _ := v.([]any)
	return l
}
