package pipeline

import (
	"net/http"
	"strings"
	"testing"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse/chain"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
)

// A confirmation shows the body a person reads: &, < and > as themselves, an escaped
// backslash kept.
func TestShownRequestBody(t *testing.T) {
	cases := []struct {
		body, want string
	}{
		{`{"name":"Lindqvist \u0026 Berg"}`, `"name": "Lindqvist & Berg"`},
		{`{"html":"\u003cb\u003eHi\u003c/b\u003e"}`, `"html": "<b>Hi</b>"`},
		{`{"path":"C:\\u0026"}`, `"path": "C:\\u0026"`}, // a backslash, then the text u0026
		{`{"n":1}`, `"n": 1`},
	}
	for _, tc := range cases {
		req, err := http.NewRequest("POST", "https://api.example.com/v1/companies", strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		target, shown := shownRequest(req, []byte(tc.body), secret.NewRedactor())
		if target != "POST /v1/companies" {
			t.Errorf("target %q", target)
		}
		if !strings.Contains(shown, tc.want) {
			t.Errorf("body %s shown as %q, want it to hold %q", tc.body, shown, tc.want)
		}
	}
}

// A value looked up from a name is shown with the name it stands for; a value the
// person gave as it is, or one not sent, is not.
func TestLookedUpNames(t *testing.T) {
	filled := func(arg, resource string, input, value any) chain.Resolution {
		return chain.Resolution{Arg: arg, Resource: resource, Input: input, Outcome: chain.Filled, Value: value}
	}
	cases := []struct {
		res  map[string]chain.Resolution
		args map[string]any
		want string
	}{
		{map[string]chain.Resolution{"project_id": filled("project_id", "project", "Harbour View Renovation", "3f9c")},
			map[string]any{"project_id": "3f9c"}, `(3f9c is the project "Harbour View Renovation".)`},
		{map[string]chain.Resolution{"project_id": filled("project_id", "project", "3f9c", "3f9c")},
			map[string]any{"project_id": "3f9c"}, ""}, // given as the id
		{map[string]chain.Resolution{"project_id": filled("project_id", "project", "Harbour", "3f9c")},
			map[string]any{"project_id": "other"}, ""}, // not what is sent
		{map[string]chain.Resolution{"group_id": filled("group_id", "group", "Ops", 7.0), "user_id": filled("user_id", "user", "Dana", 12.0)},
			map[string]any{"group_id": 7, "user_id": 12}, `(7 is the group "Ops"; 12 is the user "Dana".)`},
		{map[string]chain.Resolution{"x": {Arg: "x", Outcome: chain.Ambiguous, Input: "Sam"}}, map[string]any{"x": "Sam"}, ""},
	}
	for i, tc := range cases {
		c := &call{args: tc.args, state: clarify.State{Resolutions: tc.res}}
		if got := lookedUpNames(c); got != tc.want {
			t.Errorf("%d: lookedUpNames = %q, want %q", i, got, tc.want)
		}
	}
}

// TestConfirmEffectQuotesNoTemplate: an operation nothing describes is confirmed by the
// request shown, never by its path's template ({id} reads as a slot to fill).
func TestConfirmEffectQuotesNoTemplate(t *testing.T) {
	for _, tc := range []struct{ method, summary, desc, want string }{
		{"POST", "", "", "This writes what that request shows."},
		{"DELETE", "", "", "This deletes what that request names."},
		// A summary that is the path says nothing; the description after it does.
		{"POST", "companyCredits/{creditId}/decreaseBalance", "", "This writes what that request shows."},
		{"POST", "songs/{id}/comments", "Adds a comment to a song.", "This writes: Adds a comment to a song."},
	} {
		op := &tools.Operation{Method: tc.method, Path: "/api/songs/{id}/comments", Summary: tc.summary, Description: tc.desc}
		if got := confirmEffect(op); got != tc.want || strings.Contains(got, "{") {
			t.Errorf("%s: %q, want %q", tc.method, got, tc.want)
		}
	}
}
