package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/askapi/askapi/clarify"
)

// A redirect to another host is refused, and the call is an error (it was ok, with a
// note, as if the 3xx were the answer); the other host is never called, and neither is
// it when the redirect comes from a lookup, which is then an unresolved question saying so.
func TestCrossHostRedirectIsAnError(t *testing.T) {
	var elsewhere atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1)
		stubJSON(w, 200, map[string]any{"results": []any{map[string]any{"id": 1, "name": "Budget"}}})
	}))
	defer other.Close()
	up := newStubUpstream(t, probeRoutes(map[string]http.HandlerFunc{
		"/redir/": func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+"/steal", http.StatusFound)
		},
		"/records": func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+"/records", http.StatusTemporaryRedirect)
		},
	}))
	p := probePipeline(t, probeOptions(up.URL, "ASKAPI_API_KEY=k-redirect-123456"))
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"redirect", map[string]any{"where": "away"}},
		{"getRecord", map[string]any{"record_id": "Budget"}}, // the lookup redirects
	} {
		res := p.Call(context.Background(), p.Catalog.Lookup(tc.tool), tc.args)
		if tc.tool == "getRecord" {
			// A lookup that fails is a question the assistant can act on, saying what was
			// tried (issue 26): here, that the redirect was refused.
			if res.Status != clarify.StatusNeedsClarification || len(res.Questions) != 1 || res.Questions[0].Kind != clarify.Unresolved ||
				!strings.Contains(res.Questions[0].Reason, "refused") {
				t.Errorf("%s: status %s, questions %+v; want an unresolved question saying the redirect was refused", tc.tool, res.Status, res.Questions)
			}
			continue
		}
		if res.Status != clarify.StatusError || res.Error == nil || !strings.Contains(res.Error.Message, "refused") {
			t.Errorf("%s: status %s, error %+v; want an error saying the redirect was refused", tc.tool, res.Status, res.Error)
		}
	}
	if n := elsewhere.Load(); n != 0 {
		t.Errorf("the other host was called %d times", n)
	}
}
