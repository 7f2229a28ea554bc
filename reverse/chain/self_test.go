package chain

import (
	"context"
	"testing"
)

// The caller's own record answers each id it holds from the object named after it; a
// lower-case glued id under a one-word segment finds the list of its envelope; a thing
// listed at …/list on another route (/pvt/, /pub/ place it) is found; a plural "lists"
// is a thing of its own.
func TestSelfRecordAndGluedIDEdges(t *testing.T) {
	cat, g := rtData(t, "selfrecord.yaml", nil)
	cases := []struct {
		op, arg, producer, pointer string
	}{
		{"GET /accounts/{account_id}/apps", "account_id", "GET /me", "/account/id"},
		{"GET /users/{user_id}/settings", "user_id", "GET /me", "/user/id"},
		{"GET /apps/{app_id}/keys", "app_id", "GET /accounts/{account_id}/apps", ""},
		{"GET /orgunits/{orgid}/projects", "orgid", "GET /orgunits", ""},
		{"GET /api/catalog/pvt/brand/{brandId}", "brandId", "GET /api/catalog_system/pvt/brand/list", ""},
		{"GET /api/catalog_system/pub/saleschannel/{salesChannelId}", "salesChannelId", "GET /api/catalog_system/pvt/saleschannel/list", ""},
		{"GET /marketing/lists/{id}/contacts/count", "id", "GET /marketing/lists", ""},
		{"GET /trainings/{trainingKey}", "trainingKey", "GET /trainings", ""},
	}
	for _, tc := range cases {
		t.Run(tc.op+" "+tc.arg, func(t *testing.T) {
			e := rtEdge(t, g, rtOp(t, cat, tc.op), tc.arg)
			for _, p := range e.Producers {
				if p.OpKey == tc.producer && p.Pointer == tc.pointer {
					return
				}
			}
			t.Errorf("no producer %s at %q: %+v", tc.producer, tc.pointer, e.Producers)
		})
	}
}

// A name whose list needs a parent that only the caller's record gives is looked up
// under it; a read's missing account is the caller's; a write's missing target is
// offered from its list, never taken.
func TestResolveThroughSelfRecord(t *testing.T) {
	cat, g := rtData(t, "selfrecord.yaml", nil)
	bodies := map[string]string{
		"GET /me":                         `{"account":{"id":"VgQpOZ","name":"Acme"},"user":{"id":7,"email":"a@acme.test"}}`,
		"GET /accounts/{account_id}/apps": `[{"id":"bN8KnA","name":"Driver Tracker"},{"id":"X7hw2c","name":"Customer Notifications"}]`,
	}
	f := &rtFetcher{bodies: bodies}
	rs := Resolve(context.Background(), g, rtOp(t, cat, "GET /apps/{app_id}/keys"), map[string]any{"app_id": "Driver Tracker"}, f, nil)
	if len(rs) != 1 || rs[0].Outcome != Filled || rs[0].Value != "bN8KnA" {
		t.Fatalf("app by name: %+v", rs)
	}
	for _, c := range f.calls {
		if c.op == "GET /accounts/{account_id}/apps" && c.args["account_id"] != "VgQpOZ" {
			t.Errorf("apps listed under %v, not the caller's account", c.args["account_id"])
		}
	}

	rs = Resolve(context.Background(), g, rtOp(t, cat, "GET /accounts/{account_id}/apps"), map[string]any{}, &rtFetcher{bodies: bodies}, nil)
	if len(rs) != 1 || rs[0].Outcome != Filled || rs[0].Value != "VgQpOZ" {
		t.Fatalf("the caller's account: %+v", rs)
	}

	rs = Resolve(context.Background(), g, rtOp(t, cat, "PUT /apps/{app_id}/start"), map[string]any{}, &rtFetcher{bodies: bodies}, nil)
	if len(rs) != 1 || rs[0].Outcome != Ambiguous || len(rs[0].Candidates) != 2 {
		t.Fatalf("a write's target: %+v", rs)
	}
}

// Words given for an id whose list needs a parent nothing settles are a question about
// the parent, never sent as the id; a token is used as given.
func TestResolveBlockedLookupAsks(t *testing.T) {
	cat, g := rtData(t, "selfrecord.yaml", nil)
	op := rtOp(t, cat, "GET /boards/{board_id}/cards")
	f := &rtFetcher{}
	rs := Resolve(context.Background(), g, op, map[string]any{"board_id": "Q3 Roadmap"}, f, nil)
	if len(rs) != 1 || rs[0].Outcome != Open || rs[0].Within == nil || rs[0].Within.Resource != "team" {
		t.Fatalf("words for a board under no team: %+v", rs)
	}
	if len(f.calls) != 0 {
		t.Errorf("requests made: %+v", f.calls)
	}
	if rs := Resolve(context.Background(), g, op, map[string]any{"board_id": "b8Kq2Lx"}, f, nil); len(rs) != 0 {
		t.Errorf("a token is used as given: %+v", rs)
	}
}

// A list that matches the call's route word for word ranks before one told apart only
// by a word that places a route.
func TestRouteWordsRankBehindExactTrail(t *testing.T) {
	cat, g := rtData(t, "selfrecord.yaml", nil)
	e := rtEdge(t, g, rtOp(t, cat, "GET /device/strategy/vars/int32s/{int32Name}"), "int32Name")
	if len(e.Producers) == 0 || e.Producers[0].OpKey != "GET /device/strategy/vars/int32s" {
		t.Fatalf("producers: %+v", e.Producers)
	}
}
