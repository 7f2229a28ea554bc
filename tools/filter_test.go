package tools

import (
	"reflect"
	"strings"
	"testing"
)

// filterCatalog is a small GitHub-like catalog: operationIds with a namespace, tags, reads
// and writes.
func filterCatalog() *Catalog {
	ops := []*Operation{
		{OperationID: "repos/get", Method: "GET", Path: "/repos/{owner}/{repo}", Tags: []string{"repos"}},
		{OperationID: "repos/delete", Method: "DELETE", Path: "/repos/{owner}/{repo}", Tags: []string{"repos"}},
		{OperationID: "issues/list-for-repo", Method: "GET", Path: "/repos/{owner}/{repo}/issues", Tags: []string{"issues"}},
		{OperationID: "issues/create", Method: "POST", Path: "/repos/{owner}/{repo}/issues", Tags: []string{"Issues"}},
		{OperationID: "users/get-authenticated", Method: "GET", Path: "/user", Tags: []string{"users"}},
		{OperationID: "meta/root", Method: "GET", Path: "/"},
		{Method: "HEAD", Path: "/repos/{owner}/{repo}/ping", Tags: []string{"repos", "meta"}},
	}
	AssignNames(ops)
	return CatalogSpec{Title: "gh", Operations: ops}.Build()
}

func keys(cat *Catalog) []string {
	var out []string
	for _, op := range cat.Operations() {
		out = append(out, op.Key())
	}
	return out
}

func TestFilterApply(t *testing.T) {
	cases := []struct {
		name   string
		filter Filter
		want   []string
	}{
		{"empty keeps all", Filter{}, keys(filterCatalog())},
		{"one tag, case-insensitive", Filter{Tags: []string{"ISSUES"}},
			[]string{"GET /repos/{owner}/{repo}/issues", "POST /repos/{owner}/{repo}/issues"}},
		{"several tags are alternatives", Filter{Tags: []string{"users", "meta"}},
			[]string{"GET /user", "HEAD /repos/{owner}/{repo}/ping"}},
		{"tag glob", Filter{Tags: []string{"iss*"}},
			[]string{"GET /repos/{owner}/{repo}/issues", "POST /repos/{owner}/{repo}/issues"}},
		{"METHOD /path glob crosses slashes", Filter{Include: []string{"GET /repos/*"}},
			[]string{"GET /repos/{owner}/{repo}", "GET /repos/{owner}/{repo}/issues"}},
		{"method is case-insensitive", Filter{Include: []string{"post /repos/*"}},
			[]string{"POST /repos/{owner}/{repo}/issues"}},
		{"any method", Filter{Include: []string{"* /repos/{owner}/{repo}"}},
			[]string{"GET /repos/{owner}/{repo}", "DELETE /repos/{owner}/{repo}"}},
		{"a bare path matches every method", Filter{Include: []string{"/repos/*/issues"}},
			[]string{"GET /repos/{owner}/{repo}/issues", "POST /repos/{owner}/{repo}/issues"}},
		{"operationId glob", Filter{Include: []string{"issues/*"}},
			[]string{"GET /repos/{owner}/{repo}/issues", "POST /repos/{owner}/{repo}/issues"}},
		{"tool name", Filter{Include: []string{"users_get-authenticated"}}, []string{"GET /user"}},
		{"generated tool name with ?", Filter{Include: []string{"head_repos_pin?"}}, []string{"HEAD /repos/{owner}/{repo}/ping"}},
		{"includes are alternatives", Filter{Include: []string{"repos/get", "GET /user"}},
			[]string{"GET /repos/{owner}/{repo}", "GET /user"}},
		{"exclude removes", Filter{Exclude: []string{"* /repos/*"}}, []string{"GET /user", "GET /"}},
		{"exclude wins over include", Filter{Include: []string{"issues/*"}, Exclude: []string{"issues/create"}},
			[]string{"GET /repos/{owner}/{repo}/issues"}},
		{"tags and include both apply", Filter{Tags: []string{"repos"}, Include: []string{"GET *"}},
			[]string{"GET /repos/{owner}/{repo}"}},
		{"read-only hides writes", Filter{ReadOnly: true},
			[]string{"GET /repos/{owner}/{repo}", "GET /repos/{owner}/{repo}/issues", "GET /user", "GET /", "HEAD /repos/{owner}/{repo}/ping"}},
		{"read-only with a tag", Filter{ReadOnly: true, Tags: []string{"issues"}}, []string{"GET /repos/{owner}/{repo}/issues"}},
		{"nothing matches", Filter{Include: []string{"nope"}}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cat := filterCatalog()
			before := keys(cat)
			got := tc.filter.Apply(cat)
			if !reflect.DeepEqual(keys(got), tc.want) {
				t.Errorf("kept %v, want %v", keys(got), tc.want)
			}
			if !reflect.DeepEqual(keys(cat), before) {
				t.Errorf("Apply changed the catalog it was given: %v", keys(cat))
			}
			if got.Title() != cat.Title() {
				t.Errorf("catalog fields not kept: title %q", got.Title())
			}
		})
	}
}

func TestFilterKeepsNames(t *testing.T) {
	cat := filterCatalog()
	full := map[string]string{}
	for _, op := range cat.Operations() {
		full[op.Key()] = op.Name
	}
	for _, op := range (Filter{Tags: []string{"repos"}}).Apply(cat).Operations() {
		if op.Name != full[op.Key()] {
			t.Errorf("%s renamed %q → %q by filtering", op.Key(), full[op.Key()], op.Name)
		}
	}
}

func TestFilterUnmatched(t *testing.T) {
	f := Filter{Tags: []string{"issues", "isues"}, Include: []string{"GET /repos/*", "GET /repoz/*"}, Exclude: []string{"nothing/*"}}
	got := f.Unmatched(filterCatalog())
	want := []string{"tag isues", `include "GET /repoz/*"`, `exclude "nothing/*"`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Unmatched = %v, want %v", got, want)
	}
	if u := (Filter{}).Unmatched(filterCatalog()); len(u) != 0 {
		t.Errorf("empty filter: %v", u)
	}
}

func TestGlobMatch(t *testing.T) {
	cases := []struct {
		p, s string
		want bool
	}{
		{"*", "", true},
		{"*", "anything/at/all", true},
		{"a*c", "abc", true},
		{"a*c", "abcd", false},
		{"a*b*c", "axxbyyc", true},
		{"a*b*c", "axxcyyb", false},
		{"?", "", false},
		{"?x", "éx", true},
		{"/repos/*", "/repos/{owner}/{repo}/issues", true},
		{"/repos/*", "/repositories", false},
		{"**", "x", true},
		{"a[b]", "a[b]", true}, // only * and ? are special
		{strings.Repeat("*a", 20) + "b", strings.Repeat("a", 60), false},
	}
	for _, tc := range cases {
		if got := globMatch(tc.p, tc.s); got != tc.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", tc.p, tc.s, got, tc.want)
		}
	}
}

func TestSplitList(t *testing.T) {
	got := SplitList(" issues, repos\nGET /repos/*\r\n,, \n")
	want := []string{"issues", "repos", "GET /repos/*"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SplitList = %q, want %q", got, want)
	}
	if SplitList("") != nil {
		t.Error("empty list is not nil")
	}
}
