package openapi

import (
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

func TestBaseToolName(t *testing.T) {
	long := "retrieveTheCompleteListOfEveryMovieCreditForAPersonIncludingCastAndCrew" // 72 chars
	cases := []struct {
		name, opID, method, path, want string
	}{
		{"valid operationId kept", "getPersonMovieCredits", "GET", "/person/{person_id}/movie_credits", "getPersonMovieCredits"},
		{"valid with dots and dashes", "get-an-artist.v1", "GET", "/artists/{id}", "get-an-artist.v1"},
		{"spaces cleaned", "get person credits", "GET", "/x", "get_person_credits"},
		{"slashes and braces cleaned", "/users/{id}/get", "GET", "/x", "users_id_get"},
		{"unicode cleaned", "películas por año", "GET", "/x", "pel_culas_por_a_o"},
		{"nothing usable falls back to the path", "???", "GET", "/person/{person_id}", "get_person_by_person_id"},
		{"no operationId: method and path", "", "GET", "/person/{person_id}/movie_credits", "get_person_movie_credits"},
		{"item of a resource", "", "GET", "/person/{person_id}", "get_person_by_person_id"},
		{"list of a resource", "", "GET", "/person", "get_person"},
		{"delete", "", "DELETE", "/silence/{silenceID}", "delete_silence_by_silenceID"},
		{"root", "", "GET", "/", "get"},
		{"odd characters in the path", "", "POST", "/v1/items:batch/{id}", "post_v1_items_batch_by_id"},
		{"several templates", "", "GET", "/tv/{tv_id}/season/{season_number}", "get_tv_season_by_season_number"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := tools.BaseToolName(tc.opID, tc.method, tc.path)
			if got != tc.want {
				t.Errorf("baseToolName(%q, %s %s) = %q, want %q", tc.opID, tc.method, tc.path, got, tc.want)
			}
			if !tools.ValidToolName(got) {
				t.Errorf("%q is not a valid tool name", got)
			}
		})
	}
	t.Run("long operationId shortened at a word boundary", func(t *testing.T) {
		got := tools.BaseToolName(long, "GET", "/x")
		if len(got) > tools.MaxToolName || !tools.ValidToolName(got) {
			t.Fatalf("%q: %d chars", got, len(got))
		}
		assertWholeWords(t, got, long)
		if want := "retrieveCompleteListEveryMovieCreditAPersonIncludingCastAndCrew"; got != want {
			t.Errorf("got %q, want the filler words dropped: %q", got, want)
		}
	})
}

func TestShorten(t *testing.T) {
	words := strings.Repeat("segment_", 10) + "end" // 83 chars
	cases := []struct {
		in   string
		want string
	}{
		{"short_name", "short_name"},
		{strings.Repeat("a", 64), strings.Repeat("a", 64)},
		// Cut at the last word boundary before 64, no trailing separator.
		{words, strings.TrimSuffix(strings.Repeat("segment_", 8), "_")},
		// No boundary in the second half: a hard cut.
		{strings.Repeat("b", 80), strings.Repeat("b", 64)},
		{"get_" + strings.Repeat("c", 70), "get_" + strings.Repeat("c", 60)},
	}
	for _, tc := range cases {
		got := tools.Shorten(tc.in)
		if got != tc.want {
			t.Errorf("shorten(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if len(got) > tools.MaxToolName {
			t.Errorf("shorten(%q) has %d chars", tc.in, len(got))
		}
	}
	// A long generated name from a deep path stays whole words.
	path := "/organizations/{org}/repositories/{repo}/environments/{env}/deployment_protection_rules/apps"
	got := tools.BaseToolName("", "GET", path)
	if len(got) > tools.MaxToolName || strings.HasSuffix(got, "_") {
		t.Fatalf("%q", got)
	}
	assertWholeWords(t, got, tools.NameFromPath("GET", path))
	if want := "get_orgs_repos_environments_deployment_protection_rules_apps"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// assertWholeWords checks that every word of a shortened name is a whole word of the
// original or its short form: nothing cut mid-word.
func assertWholeWords(t *testing.T, name, original string) {
	t.Helper()
	words := map[string]bool{}
	for _, w := range tools.NameWords(original) {
		words[w] = true
		if s := tools.ShortForm(w); s != "" {
			words[s] = true
		}
	}
	for _, w := range tools.NameWords(name) {
		if !words[w] {
			t.Errorf("%q: word %q is not a whole word of %q", name, w, original)
		}
	}
}

// GitHub's longest operationIds, made tool names: whole words, the distinguishing end
// kept, no hash suffix.
func TestShortenReadable(t *testing.T) {
	cases := map[string]string{
		"actions_get-github-actions-default-workflow-permissions-organization":       "actions_get-github-actions-default-workflow-permissions-org",
		"actions_get-github-actions-default-workflow-permissions-repository":         "actions_get-github-actions-default-workflow-permissions-repo",
		"orgs_custom-properties-for-repos-create-or-update-organization-definitions": "orgs_custom-properties-repos-create-or-update-org-definitions",
		"codespaces_list-devcontainers-in-repository-for-authenticated-user":         "codespaces_list-devcontainers-in-repo-for-authenticated-user",
		"actions_remove-all-custom-labels-from-self-hosted-runner-for-repo":          "actions_remove-all-custom-labels-self-hosted-runner-for-repo",
		"packages_list-docker-migration-conflicting-packages-for-authenticated-user": "packages_list-docker-migration-conflicting-packages-auth-user",
		"ns_for-" + strings.Repeat("word-", 12) + "end":                              "ns_" + strings.Repeat("word-", 11) + "word",
		"listAllTheThingsOfTheOrganizationForTheAuthenticatedUserWithTheirOwners":    "listAllTheThingsOfTheOrgForTheAuthenticatedUserWithTheirOwners",
		"listAllTheThingsOfTheOrganizationForTheAuthenticatedUserWithTheirOwnersToo": "listAllTheThingsOfTheOrgForTheAuthUserWithTheirOwnersToo",
		"GET_ORGANIZATION_" + strings.Repeat("X", 50):                                "GET_ORG_" + strings.Repeat("X", 50),
	}
	for in, want := range cases {
		got := tools.Shorten(in)
		if got != want {
			t.Errorf("shorten(%q)\n  = %q\nwant %q", in, got, want)
		}
		if len(got) > tools.MaxToolName || !tools.ValidToolName(got) {
			t.Errorf("%q: %d chars or invalid", got, len(got))
		}
		assertWholeWords(t, got, in)
	}
}

func TestWithSuffix(t *testing.T) {
	a := tools.WithSuffix("list_users", "GET /users")
	b := tools.WithSuffix("list_users", "GET /users")
	c := tools.WithSuffix("list_users", "GET /people")
	if a != b {
		t.Errorf("suffix not stable: %q vs %q", a, b)
	}
	if a == c {
		t.Errorf("different keys gave the same name %q", a)
	}
	if !strings.HasPrefix(a, "list_users_") || len(a) != len("list_users_")+6 {
		t.Errorf("suffixed name = %q", a)
	}
	long := tools.WithSuffix(strings.Repeat("x", 64), "GET /x")
	if len(long) > tools.MaxToolName || !tools.ValidToolName(long) {
		t.Errorf("long suffixed name %q has %d chars", long, len(long))
	}
}

func btNamingOps() []*tools.Operation {
	return []*tools.Operation{
		// Two invalid operationIds cleaning to the same name, and the valid owner.
		{OperationID: "list users", Method: "GET", Path: "/users"},
		{OperationID: "list/users", Method: "GET", Path: "/v2/users"},
		{OperationID: "list_users", Method: "GET", Path: "/v3/users"},
		// Two paths cleaning to the same name, neither an owner.
		{Method: "GET", Path: "/a-b/{id}"},
		{Method: "GET", Path: "/a-b/{id}/"},
		// No collision.
		{Method: "GET", Path: "/person/{person_id}/movie_credits"},
		{OperationID: "getThing", Method: "GET", Path: "/thing"},
	}
}

func TestAssignNames(t *testing.T) {
	ops := btNamingOps()
	tools.AssignNames(ops)
	byKey := map[string]string{}
	seen := map[string]bool{}
	for _, op := range ops {
		byKey[op.Key()] = op.Name
		if seen[op.Name] {
			t.Errorf("name %q assigned twice", op.Name)
		}
		seen[op.Name] = true
		if !tools.ValidToolName(op.Name) {
			t.Errorf("invalid name %q", op.Name)
		}
	}
	if got := byKey["GET /v3/users"]; got != "list_users" {
		t.Errorf("owner of list_users = %q, want the plain name", got)
	}
	for _, k := range []string{"GET /users", "GET /v2/users"} {
		if got := byKey[k]; got != tools.WithSuffix("list_users", k) {
			t.Errorf("%s = %q, want %q", k, got, tools.WithSuffix("list_users", k))
		}
	}
	for _, k := range []string{"GET /a-b/{id}", "GET /a-b/{id}/"} {
		if got := byKey[k]; !strings.HasPrefix(got, "get_a-b_by_id_") || len(got) != len("get_a-b_by_id_")+6 {
			t.Errorf("%s = %q, want get_a-b_by_id with a hash suffix", k, got)
		}
	}
	if got := byKey["GET /person/{person_id}/movie_credits"]; got != "get_person_movie_credits" {
		t.Errorf("no-collision name = %q", got)
	}
	if got := byKey["GET /thing"]; got != "getThing" {
		t.Errorf("getThing = %q", got)
	}

	// The names do not depend on the order the operations come in.
	for shift := 1; shift < len(ops); shift++ {
		perm := btNamingOps()
		perm = append(perm[shift:], perm[:shift]...)
		// Reverse too, for a different relative order inside groups.
		for i, j := 0, len(perm)-1; i < j; i, j = i+1, j-1 {
			perm[i], perm[j] = perm[j], perm[i]
		}
		tools.AssignNames(perm)
		for _, op := range perm {
			if op.Name != byKey[op.Key()] {
				t.Errorf("order %d: %s = %q, want %q", shift, op.Key(), op.Name, byKey[op.Key()])
			}
		}
	}
}

// Built from a spec: a collision between a generated name and an operationId.
func TestBuildNames(t *testing.T) {
	cat := btBuild(t, `openapi: 3.0.3
info: {title: names, version: "1"}
paths:
  /users/{id}:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    get:
      responses: {"200": {description: ok}}
    delete:
      operationId: delete user
      responses: {"204": {description: ok}}
  /people/{id}:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    get:
      operationId: get_users_by_id
      responses: {"200": {description: ok}}
  /person/{person_id}/movie_credits:
    parameters: [{name: person_id, in: path, required: true, schema: {type: integer}}]
    get:
      responses: {"200": {description: ok}}
`)
	cases := map[string]string{
		"GET /people/{id}":                      "get_users_by_id",
		"GET /users/{id}":                       tools.WithSuffix("get_users_by_id", "GET /users/{id}"),
		"DELETE /users/{id}":                    "delete_user",
		"GET /person/{person_id}/movie_credits": "get_person_movie_credits",
	}
	for key, want := range cases {
		if op := btOp(t, cat, key); op.Name != want {
			t.Errorf("%s = %q, want %q", key, op.Name, want)
		}
	}
	// Lookup by tool name, operationId and METHOD /path.
	for _, name := range []string{"get_person_movie_credits", "delete user", "delete_user", "GET /people/{id}"} {
		if cat.Lookup(name) == nil {
			t.Errorf("Lookup(%q) = nil", name)
		}
	}
}

func TestValidToolName(t *testing.T) {
	cases := map[string]bool{
		"get_person":            true,
		"a.b-c_D9":              true,
		"":                      false,
		"has space":             false,
		"slash/name":            false,
		strings.Repeat("a", 64): true,
		strings.Repeat("a", 65): false,
		"ünïcode":               false,
	}
	for in, want := range cases {
		if got := tools.ValidToolName(in); got != want {
			t.Errorf("ValidToolName(%q) = %v, want %v", in, got, want)
		}
	}
}
