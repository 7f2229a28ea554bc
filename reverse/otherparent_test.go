package reverse

import "testing"

// TestFieldUnderOtherParent: a list whose items carry a field named like the parameter
// gives it only under the same parent: a customer's salespersons' locationID is not a
// warehouse's, while an organizer's trainings give the trainingKey of that organizer's
// report, whatever the route before it. Nor does an array the list answers beside its
// own items (its warning messages) give them.
func TestFieldUnderOtherParent(t *testing.T) {
	cat, g := rtData(t, "otherparent.yaml", nil)
	if e, ok := g.Edge(rtOp(t, cat, "PUT /warehouses/{warehouseID}/bins/{locationID}"), "locationID"); ok {
		for _, p := range e.Producers {
			if p.OpKey == "GET /customers/{customerCd}/salespersons" {
				t.Errorf("a warehouse's locationID read from a customer's salespersons")
			}
		}
	}
	// The list one segment up answers its templates (with no id) under _embedded and its
	// warnings under messages: a warning's id is no template's.
	if e, ok := g.Edge(rtOp(t, cat, "GET /employers/{employerId}/emailtemplates/{emailTemplateId}"), "emailTemplateId"); ok && len(e.Producers) > 0 {
		t.Errorf("emailTemplateId read from %s at %s", e.Producers[0].OpKey, e.Producers[0].Collection.Items)
	}
	if p := rtEdge(t, g, rtOp(t, cat, "GET /reports/organizers/{organizerKey}/trainings/{trainingKey}"), "trainingKey").Producers[0]; p.OpKey != "GET /organizers/{organizerKey}/trainings" {
		t.Errorf("trainingKey producer %s", p.OpKey)
	}
}
