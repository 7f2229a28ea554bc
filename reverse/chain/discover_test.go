package chain

import (
	"context"
	"testing"
)

// TestUntypedSiblingListDiscovered: a list one segment up whose answer the spec leaves
// untyped is still the parameter's producer; where its items are, and the field the
// parameter takes, are read from the answer (reverse/discover.go).
func TestUntypedSiblingListDiscovered(t *testing.T) {
	cat, g := rtData(t, "untyped.yaml", nil)
	hal := `{"_links": {"items": [{"href": "/v1/bundles/b1"}, {"href": "/v1/bundles/b2"}]},
		"_embedded": {"items": [{"id": "b1", "name": "Q3 Earnings Call"}, {"id": "b2", "name": "Weekly Standup"}]}}`
	cases := []struct {
		name, op, arg, list, body, given string
		outcome                          Outcome
		value                            any
	}{
		{"HAL embedded items", "GET /v1/bundles/{bundle_id}", "bundle_id", "GET /v1/bundles", hal, "Q3 Earnings Call", Filled, "b1"},
		{"a delete by the one match", "DELETE /v1/bundles/{bundle_id}", "bundle_id", "GET /v1/bundles", hal, "Weekly Standup", Filled, "b2"},
		{"unknown name", "GET /v1/bundles/{bundle_id}", "bundle_id", "GET /v1/bundles", hal, "Board Meeting", NotFound, nil},
		{"top-level array, field named like the parameter", "GET /boards/{boardId}", "boardId", "GET /boards",
			`[{"boardId": "x9", "title": "Roadmap"}, {"boardId": "x8", "title": "Bugs"}]`, "Roadmap", Filled, "x9"},
		{"no items carry an id: a failed lookup, never a match", "GET /boards/{boardId}", "boardId", "GET /boards",
			`{"message": "hello", "links": [{"href": "/boards/x9"}]}`, "Roadmap", Failed, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			op := rtOp(t, cat, tc.op)
			e := rtEdge(t, g, op, tc.arg)
			if p := e.Producers[len(e.Producers)-1]; p.OpKey != tc.list || !p.Collection.Discover {
				t.Fatalf("last producer %s %+v, want %s read from its answer", p.OpKey, p.Collection, tc.list)
			}
			f := &rtFetcher{bodies: map[string]string{tc.list: tc.body}}
			res := Resolve(context.Background(), g, op, map[string]any{tc.arg: tc.given}, f, nil)
			if len(res) != 1 || res[0].Outcome != tc.outcome || (tc.value != nil && res[0].Value != tc.value) {
				t.Fatalf("resolutions = %+v, want %v %v", res, tc.outcome, tc.value)
			}
		})
	}
}

// TestAnswerShapedOtherwise: a list whose answer lacks the array its spec describes (a
// bare array in the spec, {"data": […]} from the API) is read from the answer as an
// untyped one is.
func TestAnswerShapedOtherwise(t *testing.T) {
	cat, g := rtData(t, "untyped.yaml", nil)
	op := rtOp(t, cat, "GET /widgets/{widgetId}")
	if p := rtEdge(t, g, op, "widgetId").Producers[0]; p.OpKey != "GET /widgets" || p.Collection.Discover {
		t.Fatalf("producer %+v, want the typed list", p)
	}
	for _, tc := range []struct{ body, want string }{
		{`[{"id": "w1", "name": "Blue"}, {"id": "w2", "name": "Red"}]`, "w1"},
		{`{"data": [{"id": "w1", "name": "Blue"}, {"id": "w2", "name": "Red"}], "links": {}}`, "w1"},
	} {
		f := &rtFetcher{bodies: map[string]string{"GET /widgets": tc.body}}
		res := Resolve(context.Background(), g, op, map[string]any{"widgetId": "Blue"}, f, nil)
		if len(res) != 1 || res[0].Outcome != Filled || res[0].Value != tc.want {
			t.Errorf("answer %s: resolutions %+v", tc.body, res)
		}
	}
}

// TestUntypedListByNoun: where no list sits one segment up, a list whose path names the
// thing and whose answer the spec leaves untyped is the identifier's producer, read from
// its answer; a list that needs a filter the call cannot give is none.
func TestUntypedListByNoun(t *testing.T) {
	cat, g := rtData(t, "untyped.yaml", nil)
	envelope := `{"status": "OK", "message": "", "payload": [{"id": "s1", "name": "Loading Dock", "isActive": true}, {"id": "s2", "name": "Main Entrance", "isActive": true}]}`
	cameras := `[{"cameraId": "c7", "label": "Gate"}, {"cameraId": "c8", "label": "Yard"}]`
	for _, tc := range []struct {
		name, op, arg, list, body, given string
		outcome                          Outcome
		value                            any
	}{
		{"an envelope's undeclared payload", "PATCH /rest/stream/stop", "streamId", "GET /rest/stream/all", envelope, "Main Entrance", Filled, "s2"},
		{"an unknown name is not found", "PATCH /rest/stream/stop", "streamId", "GET /rest/stream/all", envelope, "Parking", NotFound, nil},
		{"a plural list beside a singular item path", "DELETE /rest/camera/{cameraId}", "cameraId", "GET /rest/cameras", cameras, "Yard", Filled, "c8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			op := rtOp(t, cat, tc.op)
			e := rtEdge(t, g, op, tc.arg)
			if p := e.Producers[len(e.Producers)-1]; p.OpKey != tc.list || !p.Collection.Discover {
				t.Fatalf("last producer %s %+v, want %s read from its answer", p.OpKey, p.Collection, tc.list)
			}
			for _, p := range e.Producers {
				if p.OpKey == "GET /rest/stream/status" {
					t.Fatalf("a status read is no list of streams: %+v", e.Producers)
				}
			}
			f := &rtFetcher{bodies: map[string]string{tc.list: tc.body}}
			res := Resolve(context.Background(), g, op, map[string]any{tc.arg: tc.given}, f, nil)
			if len(res) != 1 || res[0].Outcome != tc.outcome || (tc.value != nil && res[0].Value != tc.value) {
				t.Fatalf("resolutions = %+v, want %v %v", res, tc.outcome, tc.value)
			}
		})
	}
	op := rtOp(t, cat, "DELETE /rest/report/{reportId}")
	if e, ok := g.Edge(op, "reportId"); ok {
		for _, p := range e.Producers {
			if p.OpKey == "GET /rest/reports/all" {
				t.Fatalf("a list that needs a date the call cannot give is a producer: %+v", e.Producers)
			}
		}
	}
	add := rtOp(t, cat, "POST /rest/groups/{groupId}/members")
	if e, ok := g.Edge(add, "memberId"); ok {
		for _, p := range e.Producers {
			if p.OpKey == "GET /rest/groups/{groupId}/members" {
				t.Fatalf("the members a POST adds to give the member it adds: %+v", e.Producers)
			}
		}
	}
	scoped := rtOp(t, cat, "DELETE /projects/{id}/deploy_key/{key_id}")
	if e, ok := g.Edge(scoped, "key_id"); ok {
		for _, p := range e.Producers {
			if p.OpKey == "GET /deploy_keys" {
				t.Fatalf("a project's deploy key read from everyone's: %+v", e.Producers)
			}
		}
	}
}

// TestUnnamedItems: a list whose items carry an id and a kind only names nothing a
// person says: the lookup fails (a question on what was tried), never "none is called that".
func TestUnnamedItems(t *testing.T) {
	for _, tc := range []struct {
		items []map[string]any
		want  bool
	}{
		{[]map[string]any{{"entity_id": "10412:561:2788140036", "entity_type": "Application"}}, true},
		{[]map[string]any{{"entity_id": "10412:561:2788140036", "name": "Payments"}}, false},
		{[]map[string]any{{"id": "4a8b", "source": "harbour-cafe-logo.png"}}, false},
		{[]map[string]any{{"id": "x7", "type": "nodes", "attributes": map[string]any{"title": "Pilot Study"}}}, false},
		{[]map[string]any{{"announcement": map[string]any{"entity_id": "pT3k", "description": "Two minute warning"}}}, false},
		{nil, false},
	} {
		field := "entity_id"
		if len(tc.items) > 0 && tc.items[0]["announcement"] != nil {
			field = "announcement/entity_id"
		}
		if got := unnamed(tc.items, field); got != tc.want {
			t.Errorf("unnamed(%v) = %v, want %v", tc.items, got, tc.want)
		}
	}
}
