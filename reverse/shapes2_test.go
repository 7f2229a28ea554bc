package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestShapesOfUnseenAPIs: producers for shapes of round twenty-three's APIs (issue 26),
// each a principle: a path parameter names in every route what its own route reads; a
// required input with a default is sent with it; the root lists what root parameters
// name; a parameter whose last word glues a noun to id reads that field; a nested object
// that is not the item's own holds no id of the item; a numeric key is an id; a body
// spelling a lookup's input another way (feedType, feed_type) gives it.
func TestShapesOfUnseenAPIs(t *testing.T) {
	cat, g := rtData(t, "shapes2.yaml", nil)
	checkFirstProducers(t, cat, g, []firstProducer{
		{"PUT /{uuid}/talk", "uuid", "GET /", "uuid"},
		{"POST /companies/{companyId}/sync", "companyId", "GET /meta/companies", "id"},
		{"DELETE /stories/{id}/collaborators/{story_collaborator_userid}", "story_collaborator_userid", "GET /stories/{id}/collaborators", "user_id"},
		{"GET /docks/{dockId}", "dockId", "GET /docks", "id"},
		{"GET /Users/{userKey}", "userKey", "GET /Users", "id"},
		{"POST /schedule", "scheduleTemplateId", "GET /schedule_template", "scheduleTemplateId"},
	})
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

// TestOwnRecordNoProducer: the bare id of a create's body names the new record; an
// update's body id is the record written, found in its list.
func TestOwnRecordNoProducer(t *testing.T) {
	cat, g := rtData(t, "shapes2.yaml", nil)
	if e, ok := g.Edge(rtOp(t, cat, "POST /push/bills"), "id"); ok {
		t.Errorf("POST /push/bills id: producers %+v, want none (the new bill's own id)", e.Producers)
	}
	if _, ok := g.Slots(rtOp(t, cat, "POST /push/bills"))["id"]; !ok {
		t.Errorf("POST /push/bills id: no slot; words there must still be asked about")
	}
	if e := rtEdge(t, g, rtOp(t, cat, "PUT /push/bills/{billId}"), "id"); len(e.Producers) == 0 {
		t.Errorf("PUT /push/bills/{billId} id: no producer, want the bills' list")
	}
}

// TestPagingValue: a lookup sends the first page and a bounded page size for required
// paging inputs the spec gives no default (Postmark's count and offset); any other
// integer stays a need.
func TestPagingValue(t *testing.T) {
	integer := func(bounds ...float64) map[string]any {
		s := map[string]any{"type": "integer"}
		if len(bounds) > 0 {
			s["minimum"] = bounds[0]
		}
		if len(bounds) > 1 {
			s["maximum"] = bounds[1]
		}
		return s
	}
	for _, tc := range []struct {
		name   string
		schema map[string]any
		want   any
		ok     bool
	}{
		{"count", integer(1, 500), 100, true},
		{"limit", integer(1, 25), 25, true},
		{"offset", integer(0), 0, true},
		{"page", integer(), 1, true},
		{"per_page", integer(), 100, true},
		{"year", integer(2000, 2100), nil, false},
		{"count", map[string]any{"type": "string"}, nil, false},
	} {
		got, ok := pagingValue(&tools.Param{Name: tc.name, In: "query", Schema: tc.schema})
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("pagingValue(%s %v) = %v, %v; want %v, %v", tc.name, tc.schema, got, ok, tc.want, tc.ok)
		}
	}
}

// TestFormatResource: the thing a described resource-name format ends with, for the
// first format where a description gives several.
func TestFormatResource(t *testing.T) {
	for _, tc := range []struct{ desc, want string }{
		{"Format: projects/{project}/locations/{location}", "location"},
		{"Format: accounts/{account}, properties/{property} Example: accounts/100", "account"},
		{"projects/*/instances/*", "instance"},
		{"An API resource name in the format `customers/[CUSTOMER_ID]/configurations/[CONFIGURATION_ID]`.", "configuration"},
		{"No format here.", ""},
	} {
		if got := formatResource(tc.desc); got != tc.want {
			t.Errorf("formatResource(%q) = %q, want %q", tc.desc, got, tc.want)
		}
	}
}
