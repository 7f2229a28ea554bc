package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// An integer body property named after a thing the API lists is one of those things'
// ids, read from the list of the thing qualified by what the operation writes when there
// is one (a rack's role from /dcim/rack-roles/); never a property whose name lists
// nothing, the id of the thing the operation creates, nor one whose items carry a second
// integer identifier (an issue's id and number). Blind batch jv, issue 26.
func TestIntegerBodyNamedAfterListedThing(t *testing.T) {
	integer := map[string]any{"type": "integer"}
	obj := func(props map[string]any) map[string]any {
		return map[string]any{"type": "object", "properties": props}
	}
	item := func(ints ...string) map[string]any {
		p := map[string]any{"name": map[string]any{"type": "string"}}
		for _, n := range ints {
			p[n] = integer
		}
		return obj(p)
	}
	listOf := func(path string, it map[string]any) *tools.Operation {
		return &tools.Operation{Method: "GET", Path: path, Name: "list" + path,
			Response: obj(map[string]any{"results": map[string]any{"type": "array", "items": it}})}
	}
	write := func(method, path string, props map[string]any) *tools.Operation {
		names := make([]string, 0, len(props))
		for n := range props {
			names = append(names, n)
		}
		return &tools.Operation{Method: method, Path: path, Name: method + path,
			Body: &tools.Body{Flattened: true, Props: names, Schema: obj(props)}}
	}
	sites := listOf("/dcim/sites/", item("id"))
	rackRoles := listOf("/dcim/rack-roles/", item("id"))
	roles := listOf("/ipam/roles/", item("id"))
	issues := listOf("/issues", item("id", "number"))
	racks := listOf("/dcim/racks/", item("id"))
	createRack := write("POST", "/dcim/racks/", map[string]any{"site": integer, "role": integer, "weight": integer, "name": map[string]any{"type": "string"}})
	patchRack := write("PATCH", "/dcim/racks/{id}/", map[string]any{"site": integer, "role": integer})
	patchRack.Params = []*tools.Param{{Name: "id", Arg: "id", In: "path", Required: true, Schema: integer}}
	createSite := write("POST", "/dcim/sites/", map[string]any{"site": integer})
	createPull := write("POST", "/pulls", map[string]any{"issue": integer})
	createPrefix := write("POST", "/ipam/prefixes/", map[string]any{"role": integer, "site": map[string]any{"type": "string"}})
	cat := tools.CatalogSpec{Operations: []*tools.Operation{sites, rackRoles, roles, issues, racks, createRack, patchRack, createSite, createPull, createPrefix}}.Build()
	g := Build(cat, nil)
	for _, tc := range []struct {
		op       *tools.Operation
		arg      string
		resource string // "": no edge
		producer *tools.Operation
	}{
		{createRack, "site", "site", sites},
		{createRack, "role", "rack_role", rackRoles},
		{patchRack, "role", "rack_role", rackRoles},
		{patchRack, "site", "site", sites},
		{createPrefix, "role", "", nil}, // rack roles are listed too: which kind, the name does not say
		{createRack, "weight", "", nil},
		{createSite, "site", "", nil},
		{createPull, "issue", "", nil},
		{createPrefix, "site", "", nil}, // a string: the invariant's alone (bodynoun.go)
	} {
		e, ok := g.Edge(tc.op, tc.arg)
		if tc.resource == "" {
			if ok {
				t.Errorf("%s %s: edge %+v, want none", tc.op.Key(), tc.arg, e)
			}
			continue
		}
		if !ok || len(e.Producers) == 0 {
			t.Errorf("%s %s: no edge, want one through %s", tc.op.Key(), tc.arg, tc.producer.Key())
			continue
		}
		if e.Resource != tc.resource || e.Producers[0].Op != tc.producer || e.Key {
			t.Errorf("%s %s: %s through %s (key %v), want %s through %s, an id", tc.op.Key(), tc.arg, e.Resource, e.Producers[0].OpKey, e.Key, tc.resource, tc.producer.Key())
		}
	}
}
