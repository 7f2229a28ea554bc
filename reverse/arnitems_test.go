package reverse

import "testing"

// TestItemsKnownByARN: items that carry a thing's ARN beside its name (ResourceArn,
// ResourceName) are a list of that thing, though they carry no plain id; and a write's
// required body ARN, an id the API assigns like a uuid, is looked up in the lists that
// carry it.
func TestItemsKnownByARN(t *testing.T) {
	cat, g := rtData(t, "arnitems.yaml", nil)
	e := rtEdge(t, g, rtOp(t, cat, "PUT /backup-jobs"), "ResourceArn")
	if p := e.Producers[0]; p.OpKey != "GET /resources/" || p.Collection.IDField != "ResourceArn" {
		t.Errorf("first producer %s (%s), want GET /resources/ (ResourceArn)", p.OpKey, p.Collection.IDField)
	}
}
