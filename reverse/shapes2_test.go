package reverse

import "testing"

// TestShapesOfUnseenAPIs: producers for shapes of round twenty-three's APIs (issue 26),
// each a principle: a path parameter names in every route what its own route reads; a
// required input with a default is sent with it; the root lists what root parameters
// name; a parameter whose last word glues a noun to id reads that field; a nested object
// that is not the item's own holds no id of the item; a numeric key is an id; a body
// spelling a lookup's input another way (feedType, feed_type) gives it.
func TestShapesOfUnseenAPIs(t *testing.T) {
	cat, g := rtData(t, "shapes2.yaml", nil)
	for _, tc := range []struct{ op, arg, list, field string }{
		{"PUT /{uuid}/talk", "uuid", "GET /", "uuid"},
		{"POST /companies/{companyId}/sync", "companyId", "GET /meta/companies", "id"},
		{"DELETE /stories/{id}/collaborators/{story_collaborator_userid}", "story_collaborator_userid", "GET /stories/{id}/collaborators", "user_id"},
		{"GET /docks/{dockId}", "dockId", "GET /docks", "id"},
		{"GET /Users/{userKey}", "userKey", "GET /Users", "id"},
		{"POST /schedule", "scheduleTemplateId", "GET /schedule_template", "scheduleTemplateId"},
	} {
		e := rtEdge(t, g, rtOp(t, cat, tc.op), tc.arg)
		if len(e.Producers) == 0 {
			t.Errorf("%s %s: no producer", tc.op, tc.arg)
			continue
		}
		if p := e.Producers[0]; p.OpKey != tc.list || p.Collection.IDField != tc.field {
			t.Errorf("%s %s: first producer %s reading %q, want %s reading %q", tc.op, tc.arg, p.OpKey, p.Collection.IDField, tc.list, tc.field)
		}
	}
	e := rtEdge(t, g, rtOp(t, cat, "POST /companies/{companyId}/sync"), "companyId")
	if got := e.Producers[0].Fixed["page"]; got != float64(1) && got != 1 {
		t.Errorf("companies' list: page fixed at %v, want the spec's default 1", got)
	}
}

// TestRootList: a root parameter (/{id}) names what GET / lists, the kind named by the
// operation's one tag; with no tag nothing says what it is, and it gets its producer
// only from the route of the thing itself.
func TestRootList(t *testing.T) {
	cat, g := rtData(t, "rootlist.yaml", nil)
	for _, key := range []string{"GET /{id}", "POST /{id}/messages", "GET /{id}/untagged"} {
		e := rtEdge(t, g, rtOp(t, cat, key), "id")
		if len(e.Producers) == 0 || e.Producers[0].OpKey != "GET /" || e.Resource != "story" {
			t.Errorf("%s id: %+v, want the stories listed by GET /", key, e)
		}
	}
}
