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
		if got := SiblingField(p, tc.id, fields, nil); got != tc.want {
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

// An item's id may be named by its thing qualified with a parent the path names
// (accountHoldingId under /Accounts/{accountId}/Holdings); a parent's own id, or a
// qualifier the path does not name, is not it (blind batch li, issue 26).
func TestParentQualifiedID(t *testing.T) {
	fields := map[string]string{"accountholdingid": "accountHoldingId", "accountid": "accountId", "externaldestinationid": "externalDestinationId", "description": "description"}
	for _, tc := range []struct {
		path, resource string
		fields         map[string]string
		want           string
	}{
		{"/api/Accounts/{accountId}/Holdings/{id}", "holding", fields, "accountHoldingId"},
		{"/api/Portfolios/{portfolioId}/Holdings/{id}", "holding", fields, ""},
		{"/api/Accounts/{id}", "account", fields, ""},
		{"/orders/{orderId}/lines/{id}", "line", map[string]string{"orderlineid": "orderLineId", "orderid": "orderId"}, "orderLineId"},
		{"/orders/{orderId}/lines/{id}", "", map[string]string{"orderlineid": "orderLineId"}, ""},
	} {
		if got := parentQualifiedID(tc.path, tc.resource, tc.fields); got != tc.want {
			t.Errorf("parentQualifiedID(%s, %s) = %q, want %q", tc.path, tc.resource, got, tc.want)
		}
	}
}

// A bare parameter under the collection it names (/apis/{owner}/{api}) names one of its
// things, though "api" alone is a route's prefix; and items an owner and a name identify
// (no field named as an id, the owner's field carried) are keyed by their name (blind
// batch jz, issue 26).
func TestNamedUnderOwner(t *testing.T) {
	str := map[string]any{"type": "string"}
	op := &tools.Operation{Method: "GET", Path: "/apis/{owner}/{api}", Params: []*tools.Param{
		{Name: "owner", Arg: "owner", In: "path", Schema: str}, {Name: "api", Arg: "api", In: "path", Schema: str}}}
	item := func(fields ...string) map[string]any {
		props := map[string]any{}
		for _, f := range fields {
			props[f] = str
		}
		return map[string]any{"type": "object", "properties": props}
	}
	for _, tc := range []struct {
		item map[string]any
		want bool
	}{
		{item("name", "owner", "url"), true},
		{item("name", "owner", "apiId"), false}, // an id of its own
		{item("name", "owner", "slug"), false},
		{item("name", "url"), false}, // not the owner's
		{item("title", "owner"), false},
	} {
		if got := namedUnderOwner(op, op.Params[1], tc.item); got != tc.want {
			t.Errorf("namedUnderOwner(%v) = %v, want %v", tc.item["properties"], got, tc.want)
		}
	}
	for _, tc := range []struct{ path, name, want string }{
		{"/apis/{owner}/{api}", "api", "api"},
		{"/api/v1/things/{api}", "api", ""},
		{"/teams/{team}", "team", "team"},
		{"/orgs/{org}/members/{username}", "username", ""},
	} {
		if got := pathCollectionNoun(tc.path, tc.name); got != tc.want {
			t.Errorf("pathCollectionNoun(%s, %s) = %q, want %q", tc.path, tc.name, got, tc.want)
		}
	}
}
