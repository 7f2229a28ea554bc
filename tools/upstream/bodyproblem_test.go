package upstream

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/tools/secret"
)

// A body whose Content-Type declares JSON must be JSON: an empty or malformed one is a
// problem (the caller answers an error), except where no body is expected at all.
func TestSendBodyProblem(t *testing.T) {
	const secretValue = "0123456789abcdef"
	long := `{"items": [` + strings.Repeat(`"abcdefgh", `, 40) + `"key ` + secretValue + `", `
	cases := []struct {
		name, method, ct, body string
		status                 int
		problem                string // a part of the message, "" for none
		excerpt                string // a part of the excerpt
	}{
		{"cut short", "GET", "application/json", `{"a": [1, 2`, 200, "the API answered 200 with a body that is not valid JSON: unexpected end of JSON input at byte 11", `{"a": [1, 2`},
		{"trailing text", "GET", "application/json; charset=utf-8", `{"a": 1} and more`, 200, "not valid JSON: invalid character 'a' after top-level value at byte 10", "and more"},
		{"offset counts leading space", "GET", "application/json", "  \n{,}", 200, "invalid character ',' looking for beginning of object key string at byte 5", "{,}"},
		{"vendor JSON type", "GET", "application/vnd.api+json", `[1,`, 201, "the API answered 201 with a body that is not valid JSON", "[1,"},
		// A success with no body is its answer, never a problem (issue 26).
		{"empty success", "GET", "application/json", "", 200, "", ""},
		{"blank success", "POST", "application/json", " \r\n", 201, "", ""},
		{"empty failure", "GET", "application/json", "", 502, "the API answered 502 with an empty body, though its Content-Type says application/json", ""},
		{"excerpt around the problem, redacted", "GET", "application/json", long, 200, "unexpected end of JSON input", "key [redacted]"},
		{"204 without a body", "DELETE", "application/json", "", 204, "", ""},
		{"HEAD without a body", "HEAD", "application/json", "", 200, "", ""},
		{"valid JSON", "GET", "application/json", `{"a": 1}`, 200, "", ""},
		{"byte order mark", "GET", "application/json", "\xef\xbb\xbf{\"a\": 1}", 200, "", ""},
		{"not declared JSON", "GET", "text/plain", `{"a": [1, 2`, 200, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", c.ct)
				w.WriteHeader(c.status)
				_, _ = io.WriteString(w, c.body)
			}))
			defer srv.Close()
			req, err := http.NewRequest(c.method, srv.URL+"/x", nil)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := NewSender(5*time.Second, 0).Send(req, []string{secretValue})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case c.problem == "" && resp.Problem != nil:
				t.Fatalf("problem %+v, want none", resp.Problem)
			case c.problem == "":
				return
			case resp.Problem == nil:
				t.Fatalf("no problem, want %q (body %#v)", c.problem, resp.Body)
			}
			if !strings.Contains(resp.Problem.Message, c.problem) {
				t.Errorf("message %q, want %q", resp.Problem.Message, c.problem)
			}
			if !strings.Contains(resp.Problem.Excerpt, c.excerpt) || strings.Contains(resp.Problem.Excerpt, secretValue[:secret.MinSecretLen]) {
				t.Errorf("excerpt %q, want it to hold %q and no secretValue", resp.Problem.Excerpt, c.excerpt)
			}
		})
	}
}

// A body cut at the cap is askapi's doing, not a problem; the cut never splits a secret.
func TestSendTruncatedBodyKeepsNoHalfSecret(t *testing.T) {
	const secret = "0123456789abcdef"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"k": "`+secret+`", "more": "`+strings.Repeat("z", 100)+`"}`)
	}))
	defer srv.Close()
	req, err := http.NewRequest("GET", srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := NewSender(5*time.Second, 15).Send(req, []string{secret}) // the cap falls inside the key
	if err != nil {
		t.Fatal(err)
	}
	text, _ := resp.Body.(string)
	if resp.Problem != nil || !resp.Truncated || !strings.HasPrefix(text, `{"k": "`+"\n[") || strings.Contains(text, "0123") {
		t.Errorf("truncated body %q (problem %+v)", text, resp.Problem)
	}
}
