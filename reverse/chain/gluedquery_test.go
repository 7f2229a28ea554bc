package chain

import "testing"

// TestGluedQueryID: a query id glued in lower case to a thing the API lists
// (seriestypeid beside /seriestypes) is that thing's id; a word that merely ends in "id"
// (paid) is not.
func TestGluedQueryID(t *testing.T) {
	cat, g := rtData(t, "gluedquery.yaml", nil)
	op := rtOp(t, cat, "GET /rules")
	if e := rtEdge(t, g, op, "seriestypeid"); e.Producers[0].OpKey != "GET /seriestypes" {
		t.Errorf("seriestypeid producers %+v", e.Producers)
	}
	if _, ok := g.Edge(op, "paid"); ok {
		t.Error("paid has a producer")
	}
}
