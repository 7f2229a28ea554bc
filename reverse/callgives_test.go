package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// A list that needs the scope a write carries in its body (the merchant and mode of the
// payment link being updated) is the write's producer: the body's identifiers and closed
// choices are the call's own. Its free text (a new name) never fills another lookup's
// filter, and a list needing a scope the write does not carry stays a stranger.
func TestLookupScopeFromWriteBody(t *testing.T) {
	str := map[string]any{"type": "string"}
	choice := map[string]any{"type": "string", "pattern": "live|test"}
	q := func(name string, schema map[string]any) *tools.Param {
		return &tools.Param{Name: name, Arg: name, In: "query", Required: true, Schema: schema}
	}
	items := map[string]any{"type": "object", "properties": map[string]any{"content": map[string]any{"type": "array",
		"items": map[string]any{"type": "object", "properties": map[string]any{"id": str, "description": str}}}}}
	list := &tools.Operation{Method: "GET", Path: "/v1/links", Name: "listLinks", Response: items,
		Params: []*tools.Param{q("merchantId", str), q("mode", choice)}}
	byTitle := &tools.Operation{Method: "GET", Path: "/v1/boards", Name: "listBoards", Response: items,
		Params: []*tools.Param{q("title", str)}}
	songComments := &tools.Operation{Method: "GET", Path: "/songs/{id}/comments", Name: "songComments", Response: items,
		Params: []*tools.Param{{Name: "id", Arg: "id", In: "path", Required: true, Schema: str}}}
	write := func(path string, props ...string) *tools.Operation {
		return &tools.Operation{Method: "PUT", Path: path, Name: "put" + path,
			Params: []*tools.Param{{Name: "linkId", Arg: "linkId", In: "path", Required: true, Schema: str}},
			Body:   &tools.Body{Flattened: true, Props: props}}
	}
	carries := write("/v1/links/{linkId}", "merchantId", "mode", "active")
	lacks := write("/v2/links/{linkId}", "active")
	titled := write("/v1/boards/{linkId}", "title")
	comment := write("/comments/{linkId}", "id", "text")
	cat := tools.CatalogSpec{Operations: []*tools.Operation{list, byTitle, songComments, carries, lacks, titled, comment}}.Build()
	ix := newIndex(cat)
	for _, tc := range []struct {
		target, producer *tools.Operation
		need             string
		want             bool
	}{
		{carries, list, "merchantId", true},
		{carries, list, "mode", true},
		{lacks, list, "merchantId", false},
		{titled, byTitle, "title", false},
		{comment, songComments, "id", false}, // the comment's own id, not a song's
	} {
		if got := ix.callGives(tc.target, tc.producer, tc.need); got != tc.want {
			t.Errorf("%s gives %s's %s: %v, want %v", tc.target.Key(), tc.producer.Key(), tc.need, got, tc.want)
		}
	}
	g := Build(cat, nil)
	if e, ok := g.Edge(carries, "linkId"); !ok || len(e.Producers) == 0 || e.Producers[0].Op != list {
		t.Errorf("PUT /v1/links/{linkId}: producers %+v, want the links' list", e.Producers)
	}
}

func TestClosedChoice(t *testing.T) {
	for _, tc := range []struct {
		schema map[string]any
		want   bool
	}{
		{map[string]any{"enum": []any{"a", "b"}}, true},
		{map[string]any{"pattern": "live|test"}, true},
		{map[string]any{"pattern": "^(asc|desc)$"}, true},
		{map[string]any{"pattern": "[0-9]+"}, false},
		{map[string]any{"pattern": "^[a-z]+|[0-9]+$"}, false},
		{map[string]any{"pattern": "live"}, false},
		{map[string]any{}, false},
	} {
		if got := closedChoice(tc.schema); got != tc.want {
			t.Errorf("closedChoice(%v) = %v, want %v", tc.schema, got, tc.want)
		}
	}
}
