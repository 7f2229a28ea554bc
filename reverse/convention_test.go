package reverse

import "testing"

// TestConventionField: when every kind of record carries its id in one field name whose
// noun names no listed thing (WebId on analyses, attributes, servers), and paths write
// that name after many kinds' segments (/analyses/{WebId}, /servers/{WebId}), a parameter
// of that name is not given by the other kinds' lists; a field naming its thing (judgeId)
// still is, from whichever list carries it.
func TestConventionField(t *testing.T) {
	cat, g := rtData(t, "convention.yaml", nil)
	if e, ok := g.Edge(rtOp(t, cat, "GET /databases/{WebId}/entries"), "WebId"); ok && len(e.Producers) > 0 {
		t.Errorf("WebId of a database given by %s", e.Producers[0].OpKey)
	}
	// The thing's own list gives the convention's field, not another id its items carry.
	if e := rtEdge(t, g, rtOp(t, cat, "PATCH /elements/{webId}"), "webId"); e.Producers[0].Collection.IDField != "WebId" {
		t.Errorf("an element's webId read as %q from %s", e.Producers[0].Collection.IDField, e.Producers[0].OpKey)
	}
	e := rtEdge(t, g, rtOp(t, cat, "GET /rulings"), "judgeId")
	if e.Producers[0].Collection.IDField != "judgeId" {
		t.Errorf("judgeId producer %+v", e.Producers[0])
	}
}
