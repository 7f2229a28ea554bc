package reverse

import "testing"

// TestNameKey: a write's body field named for another thing's name (inspectTemplateName)
// is that thing's key, filled from its list, where the items carry a label apart from
// their name; the description may name the listed thing in code where the field's own
// name lists nothing (reidentifyTemplateName, "an instance of `DeidentifyTemplate`"). A
// thing whose name is its only label (a tag) is named by the person's words as given.
func TestNameKey(t *testing.T) {
	cat, g := rtData(t, "namekey.yaml", nil)
	op := rtOp(t, cat, "POST /v2/{parent}/content:reidentify")
	for _, tc := range []struct{ arg, lister string }{
		{"inspectTemplateName", "GET /v2/{parent}/inspectTemplates"},
		{"reidentifyTemplateName", "GET /v2/{parent}/deidentifyTemplates"},
	} {
		e := rtEdge(t, g, op, tc.arg)
		if len(e.Producers) == 0 || e.Producers[0].OpKey != tc.lister || e.Producers[0].Collection.IDField != "name" || !e.Key {
			t.Errorf("%s: edge %+v, want %s read at name, as a key", tc.arg, e, tc.lister)
		}
	}
	if e, ok := g.Edge(op, "tagName"); ok {
		t.Errorf("tagName: a tag's only label is its name, yet an edge: %+v", e)
	}
}

// TestAddressedRecords: Azure's records carry their whole address as id; a path parameter
// reads the address's segment where its path puts it (an alert's GUID, not its name,
// which is a title); where the items carry no id but a name, an id named as the
// parameter one object down is read there (properties/diskId for {DiskId}).
func TestAddressedRecords(t *testing.T) {
	cat, g := rtData(t, "namekey.yaml", nil)
	e := rtEdge(t, g, rtOp(t, cat, "POST /subscriptions/{subscriptionId}/providers/Microsoft.AlertsManagement/alerts/{alertId}/changestate"), "alertId")
	if c := e.Producers[0].Collection; c.IDField != "id" || c.AddressPath != "/alerts/{alertId}" {
		t.Errorf("alertId reads %q at %q, want id at /alerts/{alertId}", c.IDField, c.AddressPath)
	}
	e = rtEdge(t, g, rtOp(t, cat, "GET /locations/{location}/disks/{DiskId}"), "DiskId")
	if f := e.Producers[0].Collection.IDField; f != "properties/diskId" {
		t.Errorf("DiskId reads %q, want properties/diskId", f)
	}
}
