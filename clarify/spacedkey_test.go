package clarify

import (
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestSpacedToken: words with spaces given for a path slug, handle or login, or for an
// id nothing can look up by name, are asked about before anything is sent; a name or a
// key with spaces is not questioned here (an object key may be a file name).
func TestSpacedToken(t *testing.T) {
	str := map[string]any{"type": "string"}
	param := func(name string) *tools.Param {
		return &tools.Param{Name: name, Arg: name, In: "path", Required: true, Schema: str}
	}
	props := map[string]any{}
	var params []*tools.Param
	for _, n := range []string{"member_slug", "userName", "handle", "item_id", "Key", "name"} {
		params = append(params, param(n))
		props[n] = str
	}
	op := &tools.Operation{Method: "GET", Path: "/members/{member_slug}", Params: params,
		InputSchema: map[string]any{"type": "object", "properties": props}}
	cases := []struct {
		arg, value string
		want       string // the question's tail, or "" for none
	}{
		{"member_slug", "Priya Raman", `("Priya Raman" cannot be used: the API needs the member's slug here, which has no spaces.)`},
		{"member_slug", "priya-raman", ""},
		{"userName", "Jon Berg", "user name here"},
		{"handle", "the acme team", "handle here"},
		{"item_id", "Dark mode", "identifier here"}, // nothing can look it up: words would go out as the id
		{"Key", "reports/Q3 board pack.pdf", ""},
		{"name", "Priya Raman", ""},
	}
	for _, tc := range cases {
		c := Call{Op: op, Args: map[string]any{tc.arg: tc.value}, Things: map[string]string{"member_slug": "member"}}
		q, ok := c.spacedToken(tc.arg)
		switch {
		case tc.want == "" && ok:
			t.Errorf("%s=%q: asked %q, want no question", tc.arg, tc.value, q.Question)
		case tc.want != "" && (!ok || !strings.Contains(q.Question, tc.want) || q.Kind != Invalid):
			t.Errorf("%s=%q: got %v %q, want a question ending %q", tc.arg, tc.value, ok, q.Question, tc.want)
		}
	}
}

// An id a producer can look up by name is resolved by the pipeline before this check: its
// words are not questioned here.
func TestSpacedTokenResolvableID(t *testing.T) {
	str := map[string]any{"type": "string"}
	op := &tools.Operation{Method: "GET", Path: "/items/{item_id}", Params: []*tools.Param{{Name: "item_id", Arg: "item_id", In: "path", Required: true, Schema: str}},
		InputSchema: map[string]any{"type": "object", "properties": map[string]any{"item_id": str}}}
	c := Call{Op: op, Args: map[string]any{"item_id": "Dark mode"}, Resources: map[string]string{"item_id": "item"}}
	if q, ok := c.spacedToken("item_id"); ok {
		t.Errorf("asked %q of a resolvable id", q.Question)
	}
}
