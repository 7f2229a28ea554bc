package server

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/askapi/askapi/clarify"
)

// A path value that is a dot segment is an invalid question, and nothing is sent (it
// was an error out of the request builder); a value merely holding dots is sent, its
// slashes escaped. A URL value of megabytes is asked about the same way, cut.
func TestUnsendablePathValueIsAQuestion(t *testing.T) {
	up := newStubUpstream(t, probeRoutes(map[string]http.HandlerFunc{
		"/": func(w http.ResponseWriter, r *http.Request) { stubJSON(w, 200, map[string]any{"results": []any{}}) },
	}))
	p := probePipeline(t, probeOptions(up.URL, "ASKAPI_API_KEY=k-dots-123456789"))
	for _, tc := range []struct {
		tool, arg string
		value     any
	}{
		{"getFile", "name", ".."},
		{"getFile", "name", "."},
		{"getFile", "name", []any{".."}},
		{"getFile", "name", strings.Repeat("x", 9000)},
		{"echoSearch", "q", strings.Repeat("y", 9000)},
	} {
		before := len(up.requests())
		res := p.Call(context.Background(), p.Catalog.Lookup(tc.tool), map[string]any{tc.arg: tc.value})
		if res.Status != clarify.StatusNeedsClarification || len(res.Questions) != 1 ||
			res.Questions[0].Field != tc.arg || res.Questions[0].Kind != clarify.Invalid {
			t.Errorf("%s %s=%.20v: %s %+v, want one invalid question on %s", tc.tool, tc.arg, tc.value, res.Status, res.Questions, tc.arg)
		}
		if n := len(up.requests()) - before; n != 0 {
			t.Errorf("%s %s=%.20v: %d requests sent", tc.tool, tc.arg, tc.value, n)
		}
		if len(res.Questions) == 1 && len(res.Questions[0].Question) > 1000 {
			t.Errorf("%s: the question quotes %d bytes", tc.tool, len(res.Questions[0].Question))
		}
	}
	res := p.Call(context.Background(), p.Catalog.Lookup("getFile"), map[string]any{"name": "../../admin"})
	reqs := up.requests()
	if res.Status != clarify.StatusOK || reqs[len(reqs)-1].Path != "/files/../../admin" {
		t.Errorf("../../admin: %s, sent %q; want it sent as one escaped segment", res.Status, reqs[len(reqs)-1].Path)
	}
}
