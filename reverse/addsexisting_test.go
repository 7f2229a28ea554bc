package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// A POST to the caller's collection (/user/devices) whose things the API addresses on
// their own (/devices/{serial}) adds one of them: its serial is a slot, looked up from the
// devices' list; a POST to the things' own collection creates one with the person's key,
// and one under an owner addressed by a parameter creates the owner's own (blind batch
// ju, issue 26).
func TestPostToCallersCollectionAddsExisting(t *testing.T) {
	str := map[string]any{"type": "string"}
	devices := map[string]any{"type": "object", "properties": map[string]any{"devices": map[string]any{"type": "array",
		"items": map[string]any{"type": "object", "properties": map[string]any{"serial": str, "name": str}}}}}
	get := func(path string, resp map[string]any, params ...string) *tools.Operation {
		op := &tools.Operation{Method: "GET", Path: path, Name: "get" + path, Response: resp}
		for _, n := range params {
			op.Params = append(op.Params, &tools.Param{Name: n, Arg: n, In: "path", Required: true, Schema: str})
		}
		return op
	}
	post := func(path string, params ...string) *tools.Operation {
		op := &tools.Operation{Method: "POST", Path: path, Name: "post" + path,
			Body: &tools.Body{Flattened: true, Props: []string{"serial"}, Schema: map[string]any{"type": "object", "properties": map[string]any{"serial": str}}}}
		for _, n := range params {
			op.Params = append(op.Params, &tools.Param{Name: n, Arg: n, In: "path", Required: true, Schema: str})
		}
		return op
	}
	me := get("/user", map[string]any{"type": "object"})
	all := get("/devices", devices)
	one := get("/devices/{serial}", map[string]any{"type": "object"}, "serial")
	mine := get("/user/devices", devices)
	addMine := post("/user/devices")
	create := post("/devices")
	underLab := post("/labs/{lab}/devices", "lab")
	cat := tools.CatalogSpec{Operations: []*tools.Operation{me, all, one, mine, addMine, create, underLab}}.Build()
	g := Build(cat, nil)
	for _, tc := range []struct {
		op   *tools.Operation
		slot bool
	}{
		{addMine, true},
		{create, false},
		{underLab, false},
	} {
		s, ok := g.Slots(tc.op)["serial"]
		if ok != tc.slot {
			t.Errorf("%s serial: slot %+v (%v), want a slot: %v", tc.op.Key(), s, ok, tc.slot)
		}
		if ok && (s.Resource != "device" || !s.Key) {
			t.Errorf("%s serial: slot %+v, want a device's key", tc.op.Key(), s)
		}
	}
	if e, ok := g.Edge(addMine, "serial"); !ok || len(e.Producers) == 0 {
		t.Errorf("POST /user/devices serial: no producer, want the devices' lists")
	}
}

// Before a write, a key of unknown shape is not one capitalised word: Pixel names a
// device, R58M42FJ7QN, octocat and hello-world are keys as the system writes them.
func TestKeyBeforeWrite(t *testing.T) {
	for _, tc := range []struct {
		v     any
		field string
		want  bool
	}{
		{"Pixel", "", false},
		{"Marketing", "", false},
		{"R58M42FJ7QN", "", true},
		{"octocat", "", true},
		{"hello-world", "", true},
		{"MOB", "", true},
		{"Pixel", "login", true}, // a login's shape is said by its field; as LooksLikeKey
		{"Galaxy Tab", "", false},
		{42, "", true},
	} {
		if got := KeyBeforeWrite(tc.v, tc.field); got != tc.want {
			t.Errorf("KeyBeforeWrite(%v, %q) = %v, want %v", tc.v, tc.field, got, tc.want)
		}
	}
}

// A path that is only a parameter, or one right after the root, names no segment: no
// item route, and no panic on a spec that writes one.
func TestItemRoutesOfBarePaths(t *testing.T) {
	var ops []*tools.Operation
	for _, path := range []string{"{id}", "/{id}", "/devices/{serial}"} {
		ops = append(ops, &tools.Operation{Method: "GET", Path: path, Name: path})
	}
	got := itemRoutesOf(tools.CatalogSpec{Operations: ops}.Build())
	if len(got) != 1 || len(got["devices"]) != 1 || got["devices"][0] != (itemRoute{prefix: "", param: "serial"}) {
		t.Errorf("itemRoutesOf = %+v, want only devices' serial", got)
	}
}
