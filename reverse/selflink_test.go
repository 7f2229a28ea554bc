package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// An item's link to itself gives the id where the target's path puts its parameter, from
// a full URL or a path; a link to something else gives none.
func TestIDFromLink(t *testing.T) {
	for _, tc := range []struct {
		link, template, want string
		ok                   bool
	}{
		{"/Employer/ER007", "/Employer/{EmployerId}", "ER007", true},
		{"/Employer/ER004/Employee/EE003", "/Employer/{EmployerId}/Employee/{EmployeeId}", "EE003", true},
		{"https://dublin.api.threatjammer.com/v1/denylist/private/6f0c2a", "/v1/denylist/private/{denylist_id}", "6f0c2a", true},
		{"https://api.example.com/base/v1/denylist/private/a%20b?x=1", "/v1/denylist/private/{denylist_id}", "a b", true},
		{"/Employer/ER004/PaySchedule/SCH003", "/Employer/{EmployerId}/Employee/{EmployeeId}", "", false},
		{"/Employer", "/Employer/{EmployerId}", "", false},
	} {
		got, ok := IDFromLink(tc.link, tc.template)
		if got != tc.want || ok != tc.ok {
			t.Errorf("IDFromLink(%q, %q) = %q, %v; want %q, %v", tc.link, tc.template, got, ok, tc.want, tc.ok)
		}
	}
}

// A list beside a path parameter whose items carry no id but a link to themselves
// produces the parameter as a key read from the link (PayRun's /Employers for
// /Employer/{EmployerId}, ThreatJammer's …/private/all for …/private/{denylist_id}); items
// with an id of their own are read by it, and a list elsewhere is none (blind round
// twenty, issue 26).
func TestSelfLinkProducers(t *testing.T) {
	str := map[string]any{"type": "string"}
	list := func(path string, item map[string]any) *tools.Operation {
		return &tools.Operation{Method: "GET", Path: path, Name: "list" + path,
			Response: map[string]any{"type": "object", "properties": map[string]any{"Links": map[string]any{"type": "array", "items": item}}}}
	}
	linkItem := map[string]any{"type": "object", "properties": map[string]any{"@href": str, "@title": str, "@rel": str}}
	employers := list("/Employers", linkItem)
	denylists := list("/v1/denylist/private/all", map[string]any{"type": "object", "properties": map[string]any{"self": str, "name": str}})
	elsewhere := list("/invoices", linkItem)
	read := func(path, param string) *tools.Operation {
		return &tools.Operation{Method: "GET", Path: path, Name: "read" + path,
			Params: []*tools.Param{{Name: param, Arg: param, In: "path", Required: true, Schema: str}}}
	}
	employer := read("/Employer/{EmployerId}", "EmployerId")
	denylist := read("/v1/denylist/private/{denylist_id}", "denylist_id")
	report := read("/report/{ReportId}", "ReportId")
	cat := tools.CatalogSpec{Operations: []*tools.Operation{employers, denylists, elsewhere, employer, denylist, report}}.Build()
	g := Build(cat, nil)
	for _, tc := range []struct {
		op       *tools.Operation
		arg      string
		producer *tools.Operation
		field    string
	}{
		{employer, "EmployerId", employers, "@href"},
		{denylist, "denylist_id", denylists, "self"},
		{report, "ReportId", nil, ""},
	} {
		e, ok := g.Edge(tc.op, tc.arg)
		if tc.producer == nil {
			if ok {
				t.Errorf("%s: edge %+v, want none", tc.op.Key(), e)
			}
			continue
		}
		if !ok || e.Producers[0].Op != tc.producer || e.Producers[0].Collection.IDField != tc.field || e.Producers[0].Collection.LinkPath == "" || !e.Key {
			t.Errorf("%s: edge %+v (%v), want a key from %s's %s links", tc.op.Key(), e, ok, tc.producer.Key(), tc.field)
		}
	}
}

// A response's own links (an array named links, or of items with a rel beside their
// href) are no list of things when the response lists something else too: Parliament's
// search answers paging links beside its items, Mailchimp its _links beside members
// (judged sample, 17 of 40 wrong before the guard).
func TestSelfLinkSkipsLinkBlocks(t *testing.T) {
	str := map[string]any{"type": "string"}
	arr := func(props ...string) map[string]any {
		p := map[string]any{}
		for _, n := range props {
			p[n] = str
		}
		return map[string]any{"type": "array", "items": map[string]any{"type": "object", "properties": p}}
	}
	search := &tools.Operation{Method: "GET", Path: "/api/Members/Search", Name: "search",
		Response: map[string]any{"type": "object", "properties": map[string]any{
			"items": arr("value", "description"),
			"links": arr("rel", "href", "method"),
		}}}
	member := &tools.Operation{Method: "GET", Path: "/api/Members/{id}", Name: "member",
		Params: []*tools.Param{{Name: "id", Arg: "id", In: "path", Required: true, Schema: str}}}
	cat := tools.CatalogSpec{Operations: []*tools.Operation{search, member}}.Build()
	if e, ok := Build(cat, nil).Edge(member, "id"); ok && e.Producers[0].Collection.LinkPath != "" {
		t.Errorf("GET /api/Members/{id}: read from the search's paging links %+v", e)
	}
}

// An alias picks one thing out as a key does: a write's removeAlias is an identifier, so
// words there ("Okta Production SAML") are asked about, never sent (AEM's truststore,
// blind round twenty-one).
func TestAliasIsAnIdentifier(t *testing.T) {
	op := &tools.Operation{Method: "POST", Path: "/libs/granite/security/post/truststore"}
	for _, name := range []string{"removeAlias", "idpCertAlias", "alias"} {
		if _, ok := Identify(op, &tools.Param{Name: name, Arg: name, In: "query", Schema: map[string]any{"type": "string"}}); !ok {
			t.Errorf("%s: not an identifier", name)
		}
	}
}
