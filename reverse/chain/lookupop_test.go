package chain

import (
	"context"
	"testing"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
)

// TestLookupOperations: a POST that says it searches is a lookup askapi may run (its
// words go in the body); any other write is not.
func TestLookupOperations(t *testing.T) {
	cases := []struct {
		method, path string
		want         bool
	}{
		{"GET", "/customers", true},
		{"POST", "/customers/search", true},
		{"POST", "/v1/assets:search", true},
		{"POST", "/users-search", true},
		{"POST", "/orders/list", true},
		{"POST", "/customers", false},
		{"POST", "/customers/{id}/search-index", false},
		{"DELETE", "/search", false},
	}
	for _, tc := range cases {
		if got := reverse.Lookup(&tools.Operation{Method: tc.method, Path: tc.path}); got != tc.want {
			t.Errorf("Lookup(%s %s) = %v, want %v", tc.method, tc.path, got, tc.want)
		}
	}
	cat, g := rtData(t, "postsearch.yaml", nil)
	op := rtOp(t, cat, "GET /customers/{customer_id}")
	e := rtEdge(t, g, op, "customer_id")
	for _, p := range e.Producers {
		if p.OpKey == "POST /customers" {
			t.Fatalf("a create is a producer: %+v", e.Producers)
		}
	}
	if e.Producers[0].OpKey != "POST /customers/search" || e.Producers[0].NameArg != "query" {
		t.Fatalf("producers %+v, want the posted search taking query", e.Producers)
	}
	f := &rtFetcher{bodies: map[string]string{"POST /customers/search": `{"data":[{"id":"c_71","name":"Jenny Rosen"}]}`}}
	res := Resolve(context.Background(), g, op, map[string]any{"customer_id": "Jenny Rosen"}, f, nil)
	if len(res) != 1 || res[0].Value != "c_71" || f.calls[0].args["query"] != "Jenny Rosen" {
		t.Fatalf("resolutions %+v, calls %+v", res, f.calls)
	}
}

// TestRouteOwner: the caller's own route ranks above one for everyone, which ranks above
// an administrator's.
func TestRouteOwner(t *testing.T) {
	cases := map[string]int{
		"/users/@me/guilds": 1, "/me/projects": 1, "/api/v2/self/applications": 1, "/users/current/boards": 1,
		"/guilds": 0, "/users/{id}/repos": 0, "/user/{id}": 0,
		"/admin/organizations": -1, "/api/admin/users": -1,
	}
	for path, want := range cases {
		if got := reverse.RouteOwner(path); got != want {
			t.Errorf("routeOwner(%s) = %d, want %d", path, got, want)
		}
	}
}
