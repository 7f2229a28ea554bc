package clarify

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

// aeOps are small operations of every argument shape an API's error can point at.
func aeOps() map[string]*tools.Operation {
	silence := &tools.Operation{Method: "POST", Path: "/silences", Body: &tools.Body{
		Flattened: true, Props: []string{"matchers", "startsAt", "createdBy", "comment"},
		Schema: map[string]any{"properties": map[string]any{"matchers": map[string]any{"type": "array"}}},
	}}
	get := &tools.Operation{Method: "GET", Path: "/silence/{silenceID}", Params: []*tools.Param{
		{Name: "silenceID", Arg: "silenceID", In: "path", Required: true, Schema: map[string]any{"type": "string"}},
	}}
	search := &tools.Operation{Method: "GET", Path: "/search", Params: []*tools.Param{
		{Name: "page[size]", Arg: "page_size", In: "query", Schema: map[string]any{"type": "integer"}},
		{Name: "q", Arg: "q", In: "query", Schema: map[string]any{"type": "string"}},
	}}
	whole := &tools.Operation{Method: "PUT", Path: "/config", Body: &tools.Body{
		Arg: "body", Schema: map[string]any{"properties": map[string]any{"route": map[string]any{}}},
	}}
	issue := &tools.Operation{Method: "GET", Path: "/repos/{owner}/{repo}/issues/{issue_number}", Params: []*tools.Param{
		{Name: "owner", Arg: "owner", In: "path"}, {Name: "repo", Arg: "repo", In: "path"}, {Name: "issue_number", Arg: "issue_number", In: "path"},
	}}
	return map[string]*tools.Operation{"silence": silence, "get": get, "search": search, "whole": whole, "issue": issue}
}

func TestFromAPIError(t *testing.T) {
	ops := aeOps()
	cases := []struct {
		name   string
		op     string
		status int
		ctype  string
		body   string
		args   map[string]any
		want   string // "field:kind,..." or "" for no question
		quoted string // text the question must quote
	}{
		{"alertmanager plain message names matchers", "silence", 400, "application/json",
			`"silence invalid: invalid label matcher 0: invalid label name \"\""`,
			map[string]any{"matchers": []any{map[string]any{"name": "", "value": "x"}}}, "matchers:invalid", "invalid label name"},
		{"nested body path", "silence", 422, "", `{"errors":[{"field":"body.matchers[0].name","message":"must not be empty"}]}`,
			nil, "matchers:invalid", "must not be empty"},
		{"camel and snake", "silence", 422, "", `{"errors":[{"field":"created_by","message":"is required"}]}`, nil, "createdBy:invalid", "is required"},
		{"json pointer", "silence", 422, "", `{"errors":[{"detail":"too long","pointer":"#/comment"}]}`, nil, "comment:invalid", "too long"},
		{"fastapi loc query", "search", 422, "", `{"detail":[{"loc":["query","page[size]"],"msg":"must be at most 100"}]}`, map[string]any{"page_size": 500}, "page_size:invalid", "at most 100"},
		{"stripe param", "search", 400, "", `{"error":{"message":"Search query too short","param":"q"}}`, map[string]any{"q": "a"}, "q:invalid", "too short"},
		{"location disagrees", "search", 422, "", `{"errors":[{"field":"q","in":"body","message":"bad"}]}`, nil, "", ""},
		{"whole body argument", "whole", 400, "", `{"errors":[{"field":"route.receiver","message":"unknown receiver"}]}`, nil, "body:invalid", "unknown receiver"},
		{"404 on the one path identifier", "get", 404, "application/json", `{"message":"silence not found"}`, map[string]any{"silenceID": "abc"}, "silenceID:not_found", "silence not found"},
		{"404 could not be found", "get", 404, "application/json", `{"status_code":34,"status_message":"The resource you requested could not be found."}`, map[string]any{"silenceID": "abc"}, "silenceID:not_found", "could not be found"},
		{"404 empty body", "get", 404, "", ``, map[string]any{"silenceID": "abc"}, "silenceID:not_found", ""},
		{"404 html page is a wrong route", "get", 404, "text/html", `"<html>404 page</html>"`, nil, "", ""},
		{"404 on several path identifiers names none", "issue", 404, "application/json", `{"message":"Not Found"}`, nil, "", ""},
		{"404 quoting the value not found among others", "issue", 404, "application/json", `{"message":"Issue 'bug-tracker' not found in repository 'octo' of owner 'octocat'"}`,
			map[string]any{"owner": "octocat", "repo": "octo", "issue_number": "bug-tracker"}, "issue_number:not_found", "not found"},
		{"400 naming nothing stays an error", "silence", 400, "application/json", `{"message":"Bad request"}`, nil, "", ""},
		{"401 is not about a value", "silence", 401, "", `{"errors":[{"field":"comment","message":"x"}]}`, nil, "", ""},
		{"unknown field is no question", "silence", 422, "", `{"errors":[{"field":"colour","message":"x"}]}`, nil, "", ""},
		{"uuid words are not quoted", "get", 422, "", `{"code":601,"message":"silenceID in path must be of type uuid"}`, map[string]any{"silenceID": "x"}, "silenceID:invalid", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var body any
			if c.body != "" {
				if err := json.Unmarshal([]byte(c.body), &body); err != nil {
					t.Fatal(err)
				}
			}
			op := ops[c.op]
			qs := FromAPIError(Call{Op: op, Args: c.args, Things: map[string]string{"silenceID": "silence"}}, APIRefusal{Status: c.status, ContentType: c.ctype, Body: body})
			if got := strings.Join(ctShape(qs), ","); got != c.want {
				t.Fatalf("questions %s, want %q (%+v)", got, c.want, qs)
			}
			for _, q := range qs {
				if c.quoted != "" && !strings.Contains(q.Question, c.quoted) {
					t.Errorf("question %q does not quote %q", q.Question, c.quoted)
				}
				if idWordsText.MatchString(q.Question) {
					t.Errorf("question %q asks for an id", q.Question)
				}
				if !strings.Contains(q.Reason, op.Key()) {
					t.Errorf("reason %q does not name the operation", q.Reason)
				}
			}
		})
	}
}

// An API's refusal of a placeholder value is asked about without quoting it back.
func TestFromAPIErrorQuotesNoPlaceholder(t *testing.T) {
	ops := aeOps()
	cases := []struct {
		name, op string
		status   int
		body     string
		args     map[string]any
		want     string
	}{
		{"404 on a nil uuid", "get", 404, `{"message":"silence not found"}`, map[string]any{"silenceID": "00000000-0000-0000-0000-000000000000"},
			`The API answered: "silence not found". The API found no such silence. Which silence do you mean? A name or title is enough.`},
		{"filler refused", "search", 400, `{"error":{"message":"Search query too short","param":"q"}}`, map[string]any{"q": "XXXX"},
			`The API answered: "Search query too short". The API did not accept the search value given. What is the search value?`},
		{"a real value is quoted", "get", 404, `{"message":"silence not found"}`, map[string]any{"silenceID": "rack-4"},
			`The API answered: "silence not found". The API found no silence "rack-4". Which silence do you mean? A name or title is enough.`},
		{"a bare not found is not repeated", "get", 404, `{"error":"not found","status":404}`, map[string]any{"silenceID": "rack-4"},
			`The API found no silence "rack-4". Which silence do you mean? A name or title is enough.`},
		{"nor a 404 Not Found", "get", 404, `{"message":"404 Not Found"}`, map[string]any{"silenceID": "rack-4"},
			`The API found no silence "rack-4". Which silence do you mean? A name or title is enough.`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var body any
			if err := json.Unmarshal([]byte(c.body), &body); err != nil {
				t.Fatal(err)
			}
			qs := FromAPIError(Call{Op: ops[c.op], Args: c.args, Things: map[string]string{"silenceID": "silence"}}, APIRefusal{Status: c.status, ContentType: "application/json", Body: body})
			if len(qs) != 1 || qs[0].Question != c.want {
				t.Errorf("questions = %+v\n want %q", qs, c.want)
			}
		})
	}
}
