package reverse

import "testing"

// TestCodedItems: items that carry no id of any kind are named by the identifier they
// carry (a country by its code, an account by its only id field, resourceId); a label
// (email, name) or a count (number) never stands in for an id.
func TestCodedItems(t *testing.T) {
	cat, g := rtData(t, "codeditems.yaml", nil)
	if p := rtEdge(t, g, rtOp(t, cat, "GET /averages"), "country_id").Producers[0]; p.OpKey != "GET /countries" || p.Collection.IDField != "code" {
		t.Errorf("country_id producer %s reads %q, want GET /countries' code", p.OpKey, p.Collection.IDField)
	}
	// An account's only id field, resourceId, names no thing the API lists: the item's own.
	if p := rtEdge(t, g, rtOp(t, cat, "GET /v1/accounts/{account-id}/balances"), "account-id").Producers[0]; p.Collection.IDField != "resourceId" {
		t.Errorf("account-id producer %s reads %q, want resourceId", p.OpKey, p.Collection.IDField)
	}
	if e, ok := g.Edge(rtOp(t, cat, "GET /badges"), "person_id"); ok {
		for _, p := range e.Producers {
			if p.OpKey == "GET /people" {
				t.Errorf("person_id read from the people's %q", p.Collection.IDField)
			}
		}
	}
}
