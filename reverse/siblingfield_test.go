package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestSiblingField: which of the listed items' fields a path parameter reads. A name
// given by an identifier word the items carry (slug) is that field even when the
// description calls it a name; a plain noun described as a name reads the name.
func TestSiblingField(t *testing.T) {
	fields := map[string]string{"id": "id", "name": "name", "slug": "slug", "location": "location"}
	for _, tc := range []struct {
		param, desc string
		id          Ident
		want        string
	}{
		{"slug", "Groundhog name in kebab-case: (eg, lucy-the-lobster)", Ident{Resource: "groundhog", Field: "slug", Key: true}, "slug"},
		{"location", "Name of the backup location", Ident{Resource: "location", Key: true}, "name"},
		{"id", "The id of the groundhog", Ident{Resource: "groundhog"}, "id"},
	} {
		p := &tools.Param{Name: tc.param, In: "path", Description: tc.desc, Schema: map[string]any{"type": "string"}}
		if got := SiblingField(p, tc.id, fields); got != tc.want {
			t.Errorf("{%s} %q reads %q, want %q", tc.param, tc.desc, got, tc.want)
		}
	}
}

// TestIsCompact: the allocation-free comparison agrees with compact on every spelling.
func TestIsCompact(t *testing.T) {
	for _, name := range []string{"api_id", "apiId", "APIId", "api-id", "Api.Id", "datasetReference", "DataSetId", "id", "_id", "ID", "naïve_id", "api$id", "x"} {
		for _, want := range []string{"apiid", "id", "datasetreference", "datasetid", "naïveid", "x", ""} {
			if got := isCompact(name, want); got != (compact(name) == want) {
				t.Errorf("isCompact(%q, %q) = %v, compact gives %q", name, want, got, compact(name))
			}
		}
	}
}
