package reverse

import "testing"

// TestOwnNamedField: an argument named for the thing and an id word (apiId, api_id) reads
// the items' field of that name where they carry it beside a record id; one named for a
// role (managing_account) keeps the item's id. A property named by its role alone
// (target) whose description says which thing's id it holds ("target condition id") is
// that thing's, found through the thing's list.
func TestOwnNamedField(t *testing.T) {
	cat, g := rtData(t, "ownnamed.yaml", nil)
	checkFirstProducers(t, cat, g, []firstProducer{
		{"DELETE /apis/{apiId}", "apiId", "GET /apis", "api_id"},
		{"GET /health", "api_id", "GET /apis", "api_id"},
		{"POST /contacts", "managing_account", "GET /accounts", "id"},
		{"POST /explain", "target", "GET /conditions", "id"},
		// An addressed record (id, name and type the server's): its id is its whole
		// path, and a path segment takes the path's segment there (AddressPath, below);
		// a file's id, type and name are data.
		{"GET /services/{serviceName}/versionSets/{versionSetId}", "versionSetId", "GET /services/{serviceName}/versionSets", "id"},
		{"GET /files/{fileId}", "fileId", "GET /files", "id"},
		// The field named as the argument one level down, in the item's reference.
		{"DELETE /projects/{projectId}/datasets/{datasetId}", "datasetId", "GET /projects/{projectId}/datasets", "datasetReference/datasetId"},
	})
	if e := rtEdge(t, g, rtOp(t, cat, "GET /services/{serviceName}/versionSets/{versionSetId}"), "versionSetId"); e.Producers[0].Collection.AddressPath != "/versionSets/{versionSetId}" {
		t.Errorf("versionSetId: address read at %q, want /versionSets/{versionSetId}", e.Producers[0].Collection.AddressPath)
	}
	if e := rtEdge(t, g, rtOp(t, cat, "GET /files/{fileId}"), "fileId"); e.Producers[0].Collection.AddressPath != "" {
		t.Errorf("fileId: a file's id read as an address at %q", e.Producers[0].Collection.AddressPath)
	}
	if _, ok := g.Edge(rtOp(t, cat, "POST /explain"), "mode"); ok {
		t.Errorf("the explanation mode is read as naming a thing")
	}
}

// TestUniquelyNamedSlot: a property the spec calls "the unique name of a collection" is
// a collection's key (a slot the invariant checks), unless it is the name of the thing
// the request creates.
func TestUniquelyNamedSlot(t *testing.T) {
	cat, g := rtData(t, "ownnamed.yaml", nil)
	slots := g.Slots(rtOp(t, cat, "POST /indexes"))
	if s, ok := slots["source_collection"]; !ok || s.Resource != "collection" || !s.Key {
		t.Errorf("source_collection slot = %+v, %v; want a collection's key", s, ok)
	}
	for _, arg := range []string{"name", "dimension"} {
		if s, ok := slots[arg]; ok {
			t.Errorf("%s is a slot: %+v", arg, s)
		}
	}
	if s, ok := g.Slots(rtOp(t, cat, "POST /collections"))["name"]; ok {
		t.Errorf("the new collection's own name is a slot: %+v", s)
	}
}
