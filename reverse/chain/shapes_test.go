package chain

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
)

// TestGraphIdentifierShapes: identifiers named as real APIs name them find producers
// from what the spec says: gid in a data envelope, a typeahead told the kind by an enum,
// the prefix style idBoard, /c/{id} beside /categories.json, an issue's number within its
// repository, a login for an owner, the caller's own record.
func TestGraphIdentifierShapes(t *testing.T) {
	cat, g := rtData(t, "shapes.yaml", nil)
	cases := []struct {
		op, arg, resource, producer, field, nameArg string
	}{
		{"GET /projects/{project_gid}/tasks", "project_gid", "project", "GET /workspaces/{workspace_gid}/typeahead", "gid", "query"},
		{"GET /workspaces/{workspace_gid}/projects", "workspace_gid", "workspace", "GET /workspaces", "gid", ""},
		{"GET /tags/{tag_gid}", "tag_gid", "tag", "GET /workspaces/{workspace_gid}/typeahead", "gid", "query"},
		{"GET /boards/{idBoard}/lists", "idBoard", "board", "GET /members/me/boards", "id", ""},
		{"GET /c/{id}/show.json", "id", "c", "GET /categories.json", "id", ""},
		{"GET /repos/{owner}/{repo}/issues/{issue_number}", "issue_number", "issue", "GET /repos/{owner}/{repo}/issues", "number", ""},
		{"GET /repos/{owner}/{repo}/issues", "owner", "user", "GET /search/users", "login", "q"},
	}
	for _, tc := range cases {
		t.Run(tc.op+" "+tc.arg, func(t *testing.T) {
			e := rtEdge(t, g, rtOp(t, cat, tc.op), tc.arg)
			if e.Resource != tc.resource {
				t.Errorf("resource = %q, want %q", e.Resource, tc.resource)
			}
			p := e.Producers[0]
			if p.OpKey != tc.producer || p.Collection.IDField != tc.field || p.NameArg != tc.nameArg {
				t.Errorf("first producer = %s (%s ← %q), want %s (%s ← %q); all: %+v", p.OpKey, p.Collection.IDField, p.NameArg, tc.producer, tc.field, tc.nameArg, e.Producers)
			}
		})
	}
	// The typeahead is told which kind it searches.
	e := rtEdge(t, g, rtOp(t, cat, "GET /tags/{tag_gid}"), "tag_gid")
	if e.Producers[0].Fixed["resource_type"] != "tag" {
		t.Errorf("typeahead fixed = %v, want resource_type=tag", e.Producers[0].Fixed)
	}
	// The caller's own record supplies a user gid from inside its data envelope.
	fav := rtEdge(t, g, rtOp(t, cat, "GET /users/{user_gid}/favorites"), "user_gid")
	self := false
	for _, p := range fav.Producers {
		if p.Self && p.OpKey == "GET /users/me" && p.Pointer == "/data/gid" {
			self = true
		}
	}
	if !self {
		t.Errorf("no self producer /users/me → /data/gid among %+v", fav.Producers)
	}
	// A repository's name is a key people say: it has producers but is used as given.
	if e, ok := g.Edge(rtOp(t, cat, "GET /repos/{owner}/{repo}/issues"), "repo"); ok && !e.Key {
		t.Errorf("repo edge is not a key: %+v", e)
	}
}

// TestResolveThroughParent: a project named by the person is found in the only
// workspace, which askapi settles itself; a producer that fails gives way to the next.
func TestResolveThroughParent(t *testing.T) {
	cat, g := rtData(t, "shapes.yaml", nil)
	op := rtOp(t, cat, "GET /projects/{project_gid}/tasks")
	f := &rtFetcher{bodies: map[string]string{
		"GET /workspaces": `{"data":[{"gid":"ws1","name":"Acme"}]}`,
		"GET /workspaces/{workspace_gid}/typeahead": `{"data":[{"gid":"p1","name":"Website Relaunch","resource_type":"project"}]}`,
	}}
	rs := Resolve(context.Background(), g, op, map[string]any{"project_gid": "Website Relaunch"}, f, nil)
	if len(rs) != 1 || rs[0].Outcome != Filled || rs[0].Value != "p1" {
		t.Fatalf("resolutions = %+v, want project_gid filled with p1", rs)
	}
	if len(f.calls) != 2 || f.calls[1].args["workspace_gid"] != "ws1" || f.calls[1].args["resource_type"] != "project" || f.calls[1].args["query"] != "Website Relaunch" {
		t.Errorf("calls = %+v, want the workspaces list, then a project typeahead in ws1", f.calls)
	}

	// The typeahead fails: the workspace's project list is matched instead, and the
	// workspace is not asked for twice.
	f = &rtFetcher{bodies: map[string]string{
		"GET /workspaces":                          `{"data":[{"gid":"ws1","name":"Acme"}]}`,
		"GET /workspaces/{workspace_gid}/projects": `{"data":[{"gid":"p1","name":"Website Relaunch"},{"gid":"p2","name":"Hiring"}]}`,
	}}
	rs = Resolve(context.Background(), g, op, map[string]any{"project_gid": "website relaunch"}, f, nil)
	if len(rs) != 1 || rs[0].Outcome != Filled || rs[0].Value != "p1" {
		t.Fatalf("after a failed typeahead: resolutions = %+v, want p1 from the list", rs)
	}
	if len(f.calls) != 3 || f.calls[2].op != "GET /workspaces/{workspace_gid}/projects" {
		t.Errorf("calls = %+v, want workspaces, typeahead (failed), projects", f.calls)
	}

	// Two workspaces: the parent is not guessed, and nothing else can list projects; the
	// lookup stays open on the workspace (a question), it does not fail.
	f = &rtFetcher{bodies: map[string]string{
		"GET /workspaces": `{"data":[{"gid":"ws1","name":"Acme"},{"gid":"ws2","name":"Side"}]}`,
	}}
	rs = Resolve(context.Background(), g, op, map[string]any{"project_gid": "Website Relaunch"}, f, nil)
	if len(rs) != 1 || rs[0].Outcome != Open || rs[0].Within == nil || rs[0].Within.Resource != "workspace" || len(rs[0].Within.Candidates) != 2 {
		t.Fatalf("resolutions = %+v, want open on the workspace (parent not settled)", rs)
	}

	// A login said as a person's full name is looked up; a login is used as given.
	issues := rtOp(t, cat, "GET /repos/{owner}/{repo}/issues")
	f = &rtFetcher{bodies: map[string]string{"GET /search/users": `{"total_count":1,"items":[{"id":1,"login":"octocat"}]}`}}
	rs = Resolve(context.Background(), g, issues, map[string]any{"owner": "The Octocat", "repo": "hello-world"}, f, nil)
	if len(rs) != 1 || rs[0].Arg != "owner" || rs[0].Value != "octocat" {
		t.Fatalf("resolutions = %+v, want owner → octocat only", rs)
	}
	rs = Resolve(context.Background(), g, issues, map[string]any{"owner": "octocat", "repo": "hello-world"}, &rtFetcher{}, nil)
	if len(rs) != 0 {
		t.Errorf("keys were looked up: %+v", rs)
	}
}

// TestIdentifyKeysAndCompounds: what an argument names and whether a value is a key
// people say or words to look up.
func TestIdentifyKeysAndCompounds(t *testing.T) {
	str := map[string]any{"type": "string"}
	cases := []struct {
		path, name string
		resource   string
		field      string
		key        bool
	}{
		{"/rest/api/3/project/{projectIdOrKey}/versions", "projectIdOrKey", "project", "key", true},
		{"/accounts/{account_slug}/members", "account_slug", "account", "slug", true},
		{"/teammates/{username}", "username", "teammate", "username", true},
		{"/repos/{owner}/{repo}", "owner", "user", "login", true},
		{"/subscriptions/{s}/providers/Microsoft.Storage/storageAccounts/{accountName}", "accountName", "storage_account", "name", true},
		{"/accountHolders/{id}", "id", "account_holder", "", false},
		{"/status_updates/{status_gid}", "status_gid", "status_update", "gid", false},
		{"/api/Contact/{CompanyIDFK}", "CompanyIDFK", "company", "", false}, // a foreign key's id
		{"/orders/{customer_fk}", "customer_fk", "customer", "", false},
	}
	for _, tc := range cases {
		op := &tools.Operation{Method: "GET", Path: tc.path}
		id, ok := reverse.Identify(op, &tools.Param{Name: tc.name, In: "path", Schema: str})
		if !ok || id.Resource != tc.resource || id.Field != tc.field || id.Key != tc.key {
			t.Errorf("Identify(%s in %s) = %+v, %v; want {%s %s %v}", tc.name, tc.path, id, ok, tc.resource, tc.field, tc.key)
		}
	}
	keys := []struct {
		v     string
		field string
		want  bool
	}{
		{"MOB", "key", true}, {"PROJ-12", "key", true}, {"Mobile", "key", false}, {"Mobile Banking", "key", false},
		{"northwind-team", "slug", true}, {"Northwind", "slug", false},
		{"octocat", "login", true}, {"The Octocat", "login", false}, {"hello-world", "", true},
	}
	for _, k := range keys {
		if got := reverse.LooksLikeKey(k.v, k.field); got != k.want {
			t.Errorf("LooksLikeKey(%q, %q) = %v, want %v", k.v, k.field, got, k.want)
		}
	}
}

// TestResolveMissingAndFilters: a read's identifier nobody gave comes from a plain list
// with one item (a handful become a choice); a filter that finds nothing gives way to its
// list matched on labels; an identity nested in metadata is read there.
func TestResolveMissingAndFilters(t *testing.T) {
	cat, g := rtData(t, "shapes.yaml", nil)
	op := rtOp(t, cat, "GET /workspaces/{workspace_gid}/projects")
	one := &rtFetcher{bodies: map[string]string{"GET /workspaces": `{"data":[{"gid":"ws1","name":"Acme"}]}`}}
	rs := Resolve(context.Background(), g, op, map[string]any{}, one, nil)
	if len(rs) != 1 || rs[0].Outcome != Filled || rs[0].Value != "ws1" {
		t.Fatalf("the only workspace: %+v", rs)
	}
	two := &rtFetcher{bodies: map[string]string{"GET /workspaces": `{"data":[{"gid":"ws1","name":"Acme"},{"gid":"ws2","name":"Side"}]}`}}
	rs = Resolve(context.Background(), g, op, map[string]any{}, two, nil)
	if len(rs) != 1 || rs[0].Outcome != Ambiguous || len(rs[0].Candidates) != 2 {
		t.Fatalf("two workspaces: %+v", rs)
	}
	// Given but not to be looked up (the pipeline blanks an invented value): untouched.
	rs = Resolve(context.Background(), g, op, map[string]any{"workspace_gid": nil}, one, nil)
	if len(rs) != 0 {
		t.Fatalf("a blanked value was completed: %+v", rs)
	}
	// A write is never completed from a list.
	if w := cat.Lookup("POST /workspaces/{workspace_gid}/projects"); w != nil {
		if rs := Resolve(context.Background(), g, w, map[string]any{}, one, nil); len(rs) != 0 {
			t.Fatalf("a write was completed: %+v", rs)
		}
	}

	items := Items(mustJSON(t, `[{"metadata":{"name":"web-1","uid":"u1"}},{"metadata":{"name":"db-1","uid":"u2"}}]`), reverse.Collection{})
	if c := candidates(items, "metadata/name"); len(c) != 2 || c[0].ID != "web-1" || !strings.HasPrefix(c[0].Label, "web-1") {
		t.Fatalf("nested identity: %+v", c)
	}
}

func mustJSON(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}
