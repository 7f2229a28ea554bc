package find

import (
	"slices"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

// supportCatalog is a small API for the structural reading: tasks of projects that can be
// archived, webhooks whose settings alone can be deleted, tags that can only be created
// and deleted, users whose relationship takes an action.
func supportCatalog() *tools.Catalog {
	op := func(method, path, summary string) *tools.Operation {
		return &tools.Operation{Method: method, Path: path, Name: method + path, Summary: summary}
	}
	relationship := op("POST", "/users/{user_id}/relationship", "Modify the relationship with a user")
	relationship.Body = &tools.Body{Props: []string{"action"}, Schema: map[string]any{"properties": map[string]any{
		"action": map[string]any{"enum": []any{"follow", "block"}}}}}
	return tools.CatalogSpec{Operations: []*tools.Operation{
		op("GET", "/projects", "List projects"),
		op("POST", "/projects", "Create a project"),
		op("GET", "/projects/{project_id}/tasks", "List a project's tasks"),
		op("POST", "/projects/{project_id}/tasks/{task_id}/archive", "Archive a task"),
		op("GET", "/webhooks", "List webhooks"),
		op("POST", "/webhooks", "Create a webhook"),
		op("DELETE", "/webhooks/{webhook_id}/settings", "Reset a webhook's settings"),
		op("POST", "/tags", "Create a tag"),
		op("DELETE", "/tags/{tag_id}", "Delete a tag"),
		op("GET", "/users/{user_id}", "Get a user"),
		relationship,
		op("POST", "/invoices/{invoice_id}/send", "Email an invoice to its customer"),
		op("GET", "/invoices", "List invoices"),
	}}.Build()
}

func TestSearchSupport(t *testing.T) {
	ix := NewIndex(supportCatalog())
	cases := []struct {
		query string
		first string // the first candidate, ok or not
		// reason lists words an unsupported answer's reason must name; empty means ok.
		reason []string
	}{
		{"archive task", "POST /projects/{project_id}/tasks/{task_id}/archive", nil},
		// The action is done to a project's tasks, never to the project.
		{"archive project", "POST /projects/{project_id}/tasks/{task_id}/archive", []string{"archive", "project"}},
		{"delete webhook settings", "DELETE /webhooks/{webhook_id}/settings", nil},
		// Only a webhook's settings can be deleted.
		{"delete webhook", "DELETE /webhooks/{webhook_id}/settings", []string{"delete", "webhook"}},
		{"remove tag", "DELETE /tags/{tag_id}", nil}, // remove is delete
		{"add tag", "POST /tags", nil},               // add is create
		// Tags can only be created and deleted.
		{"rename tag", "", []string{"rename"}},
		{"change tag", "", []string{"change"}},                    // nothing here updates anything
		{"block user", "POST /users/{user_id}/relationship", nil}, // a value of the body's action
		{"send invoice", "POST /invoices/{invoice_id}/send", nil}, // an action segment
		{"list project tasks", "GET /projects/{project_id}/tasks", nil},
		{"list invoices for Maria", "GET /invoices", nil}, // a name is a value
		{"book a flight", "", []string{"book", "flight"}},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			r := ix.Search(tc.query, 10)
			if r.Unsupported != (tc.reason != nil) {
				t.Fatalf("unsupported = %v (%s), want %v", r.Unsupported, r.Reason, tc.reason != nil)
			}
			for _, w := range tc.reason {
				if !strings.Contains(r.Reason, `"`+w+`"`) {
					t.Errorf("reason %q does not name %q", r.Reason, w)
				}
			}
			if tc.first != "" && (len(r.Matches) == 0 || r.Matches[0].Op.Key() != tc.first) {
				t.Errorf("matches = %v, want %s first", matchKeys(r.Matches), tc.first)
			}
		})
	}
}

// Every answer carries the nearest candidates with the query words each matched; an
// unsupported one names the words no operation serves.
func TestSearchCandidates(t *testing.T) {
	ix := NewIndex(supportCatalog())
	r := ix.Search("archive project", 10)
	if !r.Unsupported || len(r.Matches) == 0 {
		t.Fatalf("result = %+v, want unsupported with candidates", r)
	}
	if got := r.Matches[0].Matched; !slices.Equal(got, []string{"archive", "project"}) {
		t.Errorf("matched = %q, want [archive project]", got)
	}
	r = ix.Search("schedule tweet about tasks", 10)
	if !r.Unsupported || !slices.Equal(r.Unserved, []string{"schedule", "tweet"}) {
		t.Errorf("unserved = %q (%s), want [schedule tweet]", r.Unserved, r.Reason)
	}
	if len(r.Matches) == 0 || !slices.Contains(r.Matches[0].Matched, "tasks") {
		t.Errorf("candidates = %v, want the task operations", matchKeys(r.Matches))
	}
	if r := ix.Search("list projects", 1); len(r.Matches) != 1 {
		t.Errorf("limit 1: %d matches", len(r.Matches))
	}
}

func TestReadOperation(t *testing.T) {
	spec := supportCatalog().Spec()
	spec.Operations = append(spec.Operations,
		&tools.Operation{Method: "PUT", Path: "/user/starred/{owner}/{repo}", Summary: "Star a repository"},
		&tools.Operation{Method: "POST", Path: "/v1/{name}:undelete", Summary: "Restore a secret"},
		&tools.Operation{Method: "POST", Path: "/campaigns/{campaign_id}/actions/schedule", Summary: "Schedule a campaign"},
		&tools.Operation{Method: "PATCH", Path: "/issues/{id}", OperationID: "Issues_PatchIssue"})
	cat := spec.Build()
	shape := shapeOf(cat.Operations())
	cases := []struct {
		path                   string
		actions, thing, parent []string
	}{
		{"/projects/{project_id}/tasks/{task_id}/archive", []string{"creat", "archiv"}, []string{"task"}, []string{"project"}},
		{"/webhooks/{webhook_id}/settings", []string{"delet", "reset"}, []string{"set"}, []string{"webhook"}},
		{"/user/starred/{owner}/{repo}", []string{"updat", "star"}, []string{"user", "star", "owner", "repositori"}, nil},
		{"/v1/{name}:undelete", []string{"creat", "restor", "undelet"}, []string{"name"}, nil},
		{"/campaigns/{campaign_id}/actions/schedule", []string{"creat", "schedul"}, []string{"campaign"}, nil},
		{"/issues/{id}", []string{"updat"}, []string{"issu"}, nil},
		{"/projects", []string{"get", "list"}, []string{"project"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			var op *tools.Operation
			for _, o := range cat.Operations() {
				if o.Path == tc.path && (op == nil || o.Method == "GET") {
					op = o
				}
			}
			r := readOperation(op, shape, specWords(cat.Operations()))
			for _, a := range tc.actions {
				if !slices.Contains(r.actions, a) {
					t.Errorf("actions %q lack %q", r.actions, a)
				}
			}
			for _, w := range tc.thing {
				if !slices.Contains(r.thing, w) {
					t.Errorf("thing %q lacks %q", r.thing, w)
				}
			}
			for _, w := range tc.parent {
				if !slices.Contains(r.parents, w) || slices.Contains(r.thing, w) {
					t.Errorf("parents %q, thing %q: want %q a parent only", r.parents, r.thing, w)
				}
			}
		})
	}
}

func matchKeys(ms []Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Op.Key())
	}
	return out
}

// Lists offers the operations that list or search a kind of thing, never one that acts
// on it otherwise or lists something of it.
func TestLists(t *testing.T) {
	ix := NewIndex(supportCatalog())
	cases := []struct {
		thing string
		want  []string
	}{
		{"project", []string{"GET /projects"}},
		{"Tasks", []string{"GET /projects/{project_id}/tasks"}},
		{"invoice", []string{"GET /invoices"}},
		{"tag", nil}, // tags are only created and deleted
		{"", nil},
	}
	for _, tc := range cases {
		t.Run(tc.thing, func(t *testing.T) {
			if got := matchKeys(ix.Lists(tc.thing, 5)); !slices.Equal(got, tc.want) {
				t.Errorf("Lists(%q) = %q, want %q", tc.thing, got, tc.want)
			}
		})
	}
}

func TestClosestWithoutTags(t *testing.T) {
	op := &tools.Operation{Name: "PostCharges", Description: "<p>Creates a <b>charge</b>.</p>"}
	if got := closest(op); got != `"Creates a charge"` {
		t.Errorf("closest = %s, want \"Creates a charge\"", got)
	}
}
