package server

import (
	"net/http"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
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
		target, shown := shownRequest(req, []byte(tc.body), tools.NewRedactor())
		if target != "POST /v1/companies" {
			t.Errorf("target %q", target)
		}
		if !strings.Contains(shown, tc.want) {
			t.Errorf("body %s shown as %q, want it to hold %q", tc.body, shown, tc.want)
		}
	}
}
