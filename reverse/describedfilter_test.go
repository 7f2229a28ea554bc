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
	if got := SiblingField(p, Ident{Resource: "strain", Key: true}, fields, nil); got != "strain_barcode" {
		t.Errorf("SiblingField(barcode, strain) = %q, want strain_barcode", got)
	}
	if got := SiblingField(p, Ident{Resource: "trace", Key: true}, fields, nil); got == "strain_barcode" || got == "assembly_barcode" {
		t.Errorf("SiblingField(barcode, trace) = %q, want no other thing's barcode", got)
	}
}

// {orderIdentifiers}, "one or several order identifiers", reads each item's
// orderIdentifier (Royal Mail Click and Drop, blind round twenty).
func TestSiblingFieldOfPluralParam(t *testing.T) {
	p := &tools.Param{Name: "orderIdentifiers", In: "path"}
	fields := map[string]string{"orderidentifier": "orderIdentifier", "orderreference": "orderReference"}
	if got := SiblingField(p, Ident{Resource: "order"}, fields, nil); got != "orderIdentifier" {
		t.Errorf("SiblingField(orderIdentifiers) = %q, want orderIdentifier", got)
	}
}

// A value the spec calls unique picks one thing out by a key: doctype, "A 5 character
// unique document type", is a slot, and words there are asked about before a write; a
// unique name stays the person's own text (DigiLocker, blind round twenty).
func TestUniqueValueIsASlot(t *testing.T) {
	str := func(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }
	body := map[string]any{"type": "object", "properties": map[string]any{
		"doctype": str("A 5 character unique document type provided by DigiLocker."),
		"name":    str("A unique name for the webhook."),
		"note":    str("Any text."),
	}}
	op := &tools.Operation{Method: "POST", Path: "/pull/pulldocument", Name: "pull",
		Body: &tools.Body{Flattened: true, Props: []string{"doctype", "name", "note"}, Schema: body}}
	cat := tools.CatalogSpec{Operations: []*tools.Operation{op}}.Build()
	slots := Build(cat, nil).Slots(op)
	if s, ok := slots["doctype"]; !ok || !s.Key {
		t.Errorf("doctype: slot %+v (%v), want a key slot", s, ok)
	}
	for _, arg := range []string{"name", "note"} {
		if s, ok := slots[arg]; ok {
			t.Errorf("%s: slot %+v, want none", arg, s)
		}
	}
}
