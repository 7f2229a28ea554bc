package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// A body argument named after a thing the API lists refers to one of them (Mailscript's
// workflow names its input and action); one the listed things carry as a field of their
// own is their content (ZoomConnect's SMS message, beside a list of messages that each
// carry a message), and one the operation creates is authored (blind batch lb, issue 26).
func TestBodyNamedAfterListedThing(t *testing.T) {
	str := map[string]any{"type": "string"}
	obj := func(props ...string) map[string]any {
		p := map[string]any{}
		for _, n := range props {
			p[n] = str
		}
		return map[string]any{"type": "object", "properties": p}
	}
	listOf := func(path string, item map[string]any) *tools.Operation {
		return &tools.Operation{Method: "GET", Path: path, Name: "list" + path[1:],
			Response: map[string]any{"type": "object", "properties": map[string]any{"list": map[string]any{"type": "array", "items": item}}}}
	}
	post := func(path string, props ...string) *tools.Operation {
		return &tools.Operation{Method: "POST", Path: path, Name: "post" + path[1:],
			Body: &tools.Body{Flattened: true, Props: props, Schema: obj(props...)}}
	}
	inputs := listOf("/inputs", obj("id", "name", "address"))
	messages := listOf("/messages", obj("messageId", "message", "toNumber"))
	workflow := post("/workflows", "name", "input", "message")
	createInput := post("/inputs", "input")
	cat := tools.CatalogSpec{Operations: []*tools.Operation{inputs, messages, workflow, createInput}}.Build()
	g := Build(cat, nil)
	for _, tc := range []struct {
		op   *tools.Operation
		arg  string
		want *tools.Operation // the first producer; nil: no edge
	}{
		{workflow, "input", inputs},
		{workflow, "message", nil},
		{workflow, "name", nil},
		{createInput, "input", nil},
	} {
		e, ok := g.Edge(tc.op, tc.arg)
		switch {
		case tc.want == nil && ok:
			t.Errorf("%s %s: an edge %+v, want none", tc.op.Key(), tc.arg, e)
		case tc.want != nil && (!ok || len(e.Producers) == 0):
			t.Errorf("%s %s: no producer, want %s", tc.op.Key(), tc.arg, tc.want.Key())
		case tc.want != nil && e.Producers[0].Op != tc.want:
			t.Errorf("%s %s: first producer %s, want %s", tc.op.Key(), tc.arg, e.Producers[0].Op.Key(), tc.want.Key())
		}
		if _, slot := g.Slots(tc.op)[tc.arg]; slot != (tc.want != nil) {
			t.Errorf("%s %s: a slot of the invariant = %v, want %v", tc.op.Key(), tc.arg, slot, tc.want != nil)
		}
	}
}
