package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// A body property named after a thing the API lists names one of them, to the invariant
// (Mailscript's workflow names its input and action), but is not looked up on its own;
// one the listed things carry as a field of their own is their content (ZoomConnect's SMS
// message, beside messages that each carry a message), and one the operation creates is
// authored (blind batch lb, issue 26).
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
		want string // the slot's thing; "": no slot
	}{
		{workflow, "input", "input"},
		{workflow, "message", ""},
		{workflow, "name", ""},
		{createInput, "input", ""},
	} {
		if e, ok := g.Edge(tc.op, tc.arg); ok {
			t.Errorf("%s %s: an edge %+v, want none: it is not looked up on its own", tc.op.Key(), tc.arg, e)
		}
		slot, ok := g.Slots(tc.op)[tc.arg]
		if ok != (tc.want != "") || slot.Resource != tc.want {
			t.Errorf("%s %s: slot %+v (%v), want the thing %q", tc.op.Key(), tc.arg, slot, ok, tc.want)
		}
	}
	if got := g.Listers("input", 3); len(got) == 0 || got[0] != inputs {
		t.Errorf("the question offers %v, want GET /inputs first", got)
	}
}

// A role before the operation's own thing names another of them: parentCategoryId in
// the body that creates a category is one of the categories its list gives, however the
// list names its items (Yodlee's {"transactionCategory": […]} at /transactions/categories).
func TestRoleBeforeOwnThing(t *testing.T) {
	str := map[string]any{"type": "string"}
	integer := map[string]any{"type": "integer"}
	item := map[string]any{"type": "object", "properties": map[string]any{"id": integer, "category": str}}
	list := &tools.Operation{Method: "GET", Path: "/transactions/categories", Name: "listCategories",
		Response: map[string]any{"type": "object", "properties": map[string]any{"transactionCategory": map[string]any{"type": "array", "items": item}}}}
	create := &tools.Operation{Method: "POST", Path: "/transactions/categories", Name: "createCategory",
		Body: &tools.Body{Flattened: true, Props: []string{"categoryName", "parentCategoryId"}, RequiredProps: []string{"parentCategoryId"},
			Schema: map[string]any{"type": "object", "properties": map[string]any{"categoryName": str, "parentCategoryId": integer}}}}
	g := Build(tools.CatalogSpec{Operations: []*tools.Operation{list, create}}.Build(), nil)
	e := rtEdge(t, g, create, "parentCategoryId")
	if e.Producers[0].Op != list {
		t.Errorf("parentCategoryId: first producer %s, want the categories' list", e.Producers[0].Op.Key())
	}
	if _, ok := g.Edge(create, "categoryName"); ok {
		t.Error("categoryName: an edge, want none (the new category's own name)")
	}
}

// Whatever a body property is called, a description that says its value identifies
// something makes it a slot of the invariant: a write holding a person's words there asks
// (Circuit's participant, "specified by the Circuit user ID or the unique email address",
// blind batch mh). A description that says no such thing leaves it free.
func TestDescribedIdentifierIsASlot(t *testing.T) {
	str := func(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }
	props := map[string]any{
		"participant": str("The participant that will be part of this conversation together with the creator, specified by the Circuit user ID or the unique email address"),
		"content":     str("The text of the message"),
		"label":       str("The label to add to the conversation"),
	}
	params := []*tools.Param{
		{Name: "participant", Arg: "participant", In: "body", Schema: props["participant"].(map[string]any), Description: props["participant"].(map[string]any)["description"].(string)},
		{Name: "content", Arg: "content", In: "body", Schema: props["content"].(map[string]any), Description: props["content"].(map[string]any)["description"].(string)},
		{Name: "label", Arg: "label", In: "body", Schema: props["label"].(map[string]any), Description: props["label"].(map[string]any)["description"].(string)},
	}
	op := &tools.Operation{Method: "POST", Path: "/conversations/direct", Name: "createDirect", Params: params}
	g := Build(tools.CatalogSpec{Operations: []*tools.Operation{op}}.Build(), nil)
	slots := g.Slots(op)
	for arg, want := range map[string]bool{"participant": true, "content": false, "label": false} {
		if _, ok := slots[arg]; ok != want {
			t.Errorf("%s: a slot = %v, want %v", arg, ok, want)
		}
	}
}

// The list one segment up names its items' own id by any id word: authorization_uuid
// fills {authorizationId} (Lumminary, blind batch mf), as authorization_id would.
func TestSiblingIDByAnyIDWord(t *testing.T) {
	str := map[string]any{"type": "string"}
	item := map[string]any{"type": "object", "properties": map[string]any{"authorization_uuid": str, "product_uuid": str, "order": str}}
	list := &tools.Operation{Method: "GET", Path: "/products/{productId}/authorizations", Name: "listAuthorizations",
		Params:   []*tools.Param{{Name: "productId", Arg: "productId", In: "path", Required: true, Schema: str}},
		Response: map[string]any{"type": "array", "items": item}}
	get := &tools.Operation{Method: "GET", Path: "/products/{productId}/authorizations/{authorizationId}", Name: "getAuthorization",
		Params: []*tools.Param{{Name: "productId", Arg: "productId", In: "path", Required: true, Schema: str},
			{Name: "authorizationId", Arg: "authorizationId", In: "path", Required: true, Schema: str, Description: "The UUID of the authorization"}}}
	g := Build(tools.CatalogSpec{Operations: []*tools.Operation{list, get}}.Build(), nil)
	e := rtEdge(t, g, get, "authorizationId")
	if p := e.Producers[0]; p.Op != list || p.Collection.IDField != "authorization_uuid" {
		t.Errorf("authorizationId: first producer %s reading %q, want the list reading authorization_uuid", p.Op.Key(), p.Collection.IDField)
	}
}
