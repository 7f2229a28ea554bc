package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestUntypedList: a list says nothing of its items when it has no schema, an object or
// array with nothing declared, or a page whose one list's items declare no property;
// a page listing typed items, or carrying two lists, says what it holds.
func TestUntypedList(t *testing.T) {
	empty := map[string]any{"type": "object", "properties": map[string]any{}}
	typed := map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "integer"}}}
	page := func(items ...map[string]any) map[string]any {
		props := map[string]any{"total": map[string]any{"type": "integer"}}
		for i, it := range items {
			props[[]string{"items", "more"}[i]] = map[string]any{"type": "array", "items": it}
		}
		return map[string]any{"type": "object", "properties": props}
	}
	envelope := func(body map[string]any) map[string]any {
		return map[string]any{"type": "object", "properties": map[string]any{
			"status": map[string]any{"type": "string"}, "message": map[string]any{"type": "string"}, "payload": body}}
	}
	for _, tc := range []struct {
		name   string
		schema map[string]any
		want   bool
	}{
		{"no schema", nil, true},
		{"a bare object", map[string]any{"type": "object"}, true},
		{"a page of untyped items", page(empty), true},
		{"a page of typed items", page(typed), false},
		{"a page of two lists", page(empty, empty), false},
		{"a typed object", typed, false},
		// An envelope around an undeclared body (RestResponse: status, message, payload).
		{"an envelope of one untyped body", envelope(map[string]any{"type": "object"}), true},
		{"an envelope of a typed body", envelope(typed), false},
		{"an envelope of two bodies", map[string]any{"type": "object", "properties": map[string]any{
			"payload": map[string]any{"type": "object"}, "meta": map[string]any{"type": "object"}}}, false},
	} {
		if got := untypedList(tc.schema); got != tc.want {
			t.Errorf("%s: untypedList = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestDiscoveredStrings: an untyped answer of plain strings, bare or under its one list,
// is read as the things' keys for a text argument; numbers, or an integer argument, are
// not.
func TestDiscoveredStrings(t *testing.T) {
	target := func(typ string) *tools.Operation {
		return &tools.Operation{Method: "POST", Path: "/modalities/{id}/store", Params: []*tools.Param{
			{Name: "id", Arg: "id", In: "path", Required: true, Description: "Identifier of the modality of interest", Schema: map[string]any{"type": typ}}}}
	}
	p := Producer{OpKey: "GET /modalities", Collection: Collection{Discover: true}}
	for _, tc := range []struct {
		name  string
		typ   string
		body  any
		items string
		ok    bool
	}{
		{"bare strings", "string", []any{"radiology-pacs", "mri-room-2"}, "", true},
		{"under one list", "string", map[string]any{"modalities": []any{"radiology-pacs"}}, "/modalities", true},
		{"numbers", "string", []any{1.0, 2.0}, "", false},
		{"an integer argument", "integer", []any{"radiology-pacs"}, "", false},
	} {
		got, ok := p.Discovered(target(tc.typ), "id", tc.body)
		if ok != tc.ok || (ok && (!got.Collection.Strings || got.Collection.Items != tc.items)) {
			t.Errorf("%s: %+v, %v; want strings at %q: %v", tc.name, got.Collection, ok, tc.items, tc.ok)
		}
	}
}

// TestListedNoun: an untyped answer's path says what it lists only when its last segment
// is the thing's word or a list or search word after it.
func TestListedNoun(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"/rest/v1.1/stream/all", "stream"},
		{"/streams", "stream"},
		{"/api/v1/models.json", "model"},
		{"/people/search", "person"},
		{"/users/$count", ""},
		{"/images/json", ""},
		{"/rest/stream/status", ""},
		{"/api/2/user", ""},
		{"/cards/{idCard}/list", ""},
		{"/V1/carts/mine/shipping-methods", "shipping_method"},
		{"/streams/{id}", ""},
		{"/v1", ""},
	} {
		if got := listedNoun(tc.path); got != tc.want {
			t.Errorf("listedNoun(%s) = %q, want %q", tc.path, got, tc.want)
		}
	}
}

// TestOwnersNamed: a list names its owner before what it lists; the target must name it.
func TestOwnersNamed(t *testing.T) {
	for _, tc := range []struct {
		list, target string
		want         bool
	}{
		{"/rest/v1.1/stream/all", "/rest/v1.1/stream/stop", true},
		{"/api/2/user/avatars", "/api/2/project/{projectIdOrKey}/avatar/{id}", false},
		{"/checklists/{idChecklist}/checkItems", "/cards/{idCard}/checklist/{idChecklist}/checkItem/{idCheckItem}", true},
		{"/V1/carts/mine/shipping-methods", "/V1/guest-carts/{cartId}/collect-totals", false},
		{"/V1/carts/mine/shipping-methods", "/V1/carts/mine/collect-totals", true},
	} {
		if got := ownersNamed(tc.list, tc.target); got != tc.want {
			t.Errorf("ownersNamed(%s, %s) = %v, want %v", tc.list, tc.target, got, tc.want)
		}
	}
}
