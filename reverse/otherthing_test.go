package reverse

import "testing"

// TestNamesOtherThing: /model/{entityId} takes an entity (the models of an entity), so
// its producer is the entities' list, not the models' one segment up; a parameter named
// for the segment's own thing (modelKey) still reads that list. A PUT to the entities'
// own path acts on the entity its body's id names. Where the path's word before an {id}
// lists nothing, the thing its description names does.
func TestNamesOtherThing(t *testing.T) {
	cat, g := rtData(t, "otherthing.yaml", nil)
	for _, tc := range []struct{ op, arg, producer, field string }{
		{"GET /administration/model/{entityId}", "entityId", "GET /administration/entity", "id"},
		{"GET /administration/model/{modelKey}/versions", "modelKey", "GET /administration/model", "key"},
		{"PUT /administration/entity", "id", "GET /administration/entity", "id"},
		// The word before {id} lists nothing; its description names the goal it takes.
		{"POST /adjustments/education/{id}/calculations", "id", "GET /plans/goals", "id"},
	} {
		t.Run(tc.op, func(t *testing.T) {
			p := rtEdge(t, g, rtOp(t, cat, tc.op), tc.arg).Producers[0]
			if p.OpKey != tc.producer || p.Collection.IDField != tc.field {
				t.Errorf("producer %s reads %q, want %s's %q", p.OpKey, p.Collection.IDField, tc.producer, tc.field)
			}
		})
	}
}
