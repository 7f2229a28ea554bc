package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// A query filter named after a thing the API lists, whose description says it takes that
// thing's id ("Filter by Location Id" beside GET /v1/locations), is looked up there, even
// from a list the spec leaves untyped; one whose description says no id is not (eDRV,
// blind batch jt).
func TestDescribedQueryFilter(t *testing.T) {
	str := map[string]any{"type": "string"}
	locations := &tools.Operation{Method: "GET", Path: "/v1/locations", Name: "locations"}
	q := func(name, desc string) *tools.Operation {
		return &tools.Operation{Method: "GET", Path: "/v1/chargestations", Name: "stations-" + desc,
			Params: []*tools.Param{{Name: name, Arg: name, In: "query", Schema: str, Description: desc}}}
	}
	byID := q("location", "Filter by Location Id")
	byWords := q("location", "Filter by the town the station is in")
	cat := tools.CatalogSpec{Operations: []*tools.Operation{locations, byID, byWords}}.Build()
	g := Build(cat, nil)
	if e, ok := g.Edge(byID, "location"); !ok || len(e.Producers) == 0 || e.Producers[0].Op != locations {
		t.Errorf("location, \"Filter by Location Id\": edge %+v (%v), want GET /v1/locations", e, ok)
	}
	if e, ok := g.Edge(byWords, "location"); ok {
		t.Errorf("location, a town: edge %+v, want none", e)
	}
}

// {barcode} under /strains/ is the strain's barcode: an item field named after the thing
// and the parameter (strain_barcode), where no field carries the parameter's name.
func TestSiblingFieldNamedThingAndParam(t *testing.T) {
	p := &tools.Param{Name: "barcode", In: "path"}
	fields := map[string]string{"strainbarcode": "strain_barcode", "strainname": "strain_name", "assemblybarcode": "assembly_barcode"}
	if got := SiblingField(p, Ident{Resource: "strain", Key: true}, fields); got != "strain_barcode" {
		t.Errorf("SiblingField(barcode, strain) = %q, want strain_barcode", got)
	}
	if got := SiblingField(p, Ident{Resource: "trace", Key: true}, fields); got == "strain_barcode" || got == "assembly_barcode" {
		t.Errorf("SiblingField(barcode, trace) = %q, want no other thing's barcode", got)
	}
}
