package reverse

import "testing"

// TestFormatNamedField: a parent described by a resource-name format in brackets
// (customers/[CUSTOMER_ID]) is a customer, by name; a body field named after the thing
// whose format its description gives (configuration) holds that thing's name, found in
// its list; a field whose name names no thing of the format (note) is left alone.
func TestFormatNamedField(t *testing.T) {
	cat, g := rtData(t, "formatfield.yaml", nil)
	op := rtOp(t, cat, "POST /v1/{parent}/devices:applyConfiguration")
	for _, tc := range []struct{ arg, producer string }{
		{"parent", "GET /v1/customers"},
		{"configuration", "GET /v1/{parent}/configurations"},
	} {
		e := rtEdge(t, g, op, tc.arg)
		if p := e.Producers[0]; p.OpKey != tc.producer || p.Collection.IDField != "name" || !e.Key {
			t.Errorf("%s: first producer %s (%s), key %v; want %s (name), a key", tc.arg, p.OpKey, p.Collection.IDField, e.Key, tc.producer)
		}
	}
	if e, ok := g.Edge(op, "note"); ok {
		t.Errorf("note got producers: %+v", e)
	}
}
