package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/tools"
)

// invariantUpstream answers the fixture's lists and records every request with its body.
type invariantUpstream struct {
	mu   sync.Mutex
	seen []string
}

func (u *invariantUpstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	u.mu.Lock()
	u.seen = append(u.seen, r.Method+" "+r.URL.EscapedPath()+"?"+r.URL.RawQuery+" "+string(body))
	u.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	switch {
	case r.Method == "GET" && r.URL.Path == "/customers":
		w.Write([]byte(`{"data":[{"id":"cus_8Hq2","name":"Jenny Rosen"},{"id":"cus_4Lm9","name":"Bob Smith"}]}`))
	case r.Method == "GET" && r.URL.Path == "/accounts":
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`{"error":"not here"}`))
	case r.Method == "GET":
		w.WriteHeader(http.StatusNotFound)
	default:
		w.WriteHeader(http.StatusCreated)
		w.Write([]byte(`{"ok":true}`))
	}
}

// writes are the requests that changed something.
func (u *invariantUpstream) writes() []string {
	u.mu.Lock()
	defer u.mu.Unlock()
	var out []string
	for _, s := range u.seen {
		if !strings.HasPrefix(s, "GET ") {
			out = append(out, s)
		}
	}
	return out
}

// TestInvariantNoWordsInWrites: every way a person's words could reach a write as an id
// (path, query, body; with and without spaces; *_id, the thing's bare name, *Key) is a
// question, and nothing is written; ids, keys and what the write creates go out.
func TestInvariantNoWordsInWrites(t *testing.T) {
	cases := []struct {
		name, op string
		args     map[string]any
		// field is the argument asked about, kind its question's kind; "" means the write
		// is sent, and sent holds what the write must carry.
		field string
		kind  clarify.Kind
		sent  string
		// words must not appear in any write.
		words string
	}{
		{name: "path, *_id, one word, nothing lists projects", op: "POST /projects/{project_id}/archive",
			args: map[string]any{"project_id": "Mobile"}, field: "project_id", kind: clarify.Unresolved, words: "Mobile"},
		{name: "path, *_id, words with spaces", op: "POST /projects/{project_id}/archive",
			args: map[string]any{"project_id": "Mobile App"}, field: "project_id", kind: clarify.Unresolved, words: "Mobile"},
		{name: "path, bare noun, spaces, nothing lists folders", op: "DELETE /folders/{folder}",
			args: map[string]any{"folder": "Tax Returns"}, field: "folder", kind: clarify.Unresolved, words: "Tax"},
		{name: "path, bare noun, one word, customers are listed with ids", op: "POST /customers/{customer}",
			args: map[string]any{"customer": "Jenny", "phone": "+14155550134"}, sent: "POST /customers/cus_8Hq2", words: "Jenny"},
		{name: "query, *_id, one word", op: "DELETE /tags",
			args: map[string]any{"project_id": "Mobile"}, field: "project_id", kind: clarify.Unresolved, words: "Mobile"},
		{name: "body, *_id, spaces, the only lookup fails", op: "POST /transfers",
			args: map[string]any{"account_id": "Operating Account", "amount": 2000}, field: "account_id", kind: clarify.Unresolved, words: "Operating"},
		{name: "body, *Key, one word, nothing lists trainings", op: "POST /enrollments",
			args: map[string]any{"trainingKey": "onboarding", "email": "ana@northwind.io"}, field: "trainingKey", kind: clarify.Unresolved, words: "onboarding"},
		{name: "body, bare noun described as an id", op: "POST /invoices",
			args: map[string]any{"customer": "Bob Smith", "memo": "April"}, sent: `"customer":"cus_4Lm9"`, words: "Bob"},
		{name: "an id goes out as given", op: "POST /projects/{project_id}/archive",
			args: map[string]any{"project_id": "prj_8f2k3j9q"}, sent: "POST /projects/prj_8f2k3j9q/archive"},
		{name: "what a create authors goes out", op: "POST /projects",
			args: map[string]any{"key": "MOB", "name": "Mobile App"}, sent: `"key":"MOB"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u := &invariantUpstream{}
			srv := httptest.NewServer(u)
			defer srv.Close()
			p := pipelineWith(t, Options{Spec: "testdata/invariant.yaml", BaseURL: srv.URL, Environ: []string{}})
			op := p.Catalog.Lookup(tc.op)
			if op == nil {
				t.Fatalf("no operation %s", tc.op)
			}
			args := map[string]any{tools.ArgUserRequest: "do it"}
			for k, v := range tc.args {
				args[k] = v
			}
			res := p.Call(context.Background(), op, args)
			writes := u.writes()
			if tc.words != "" {
				for _, w := range writes {
					if strings.Contains(w, tc.words) || strings.Contains(w, strings.ReplaceAll(tc.words, " ", "%20")) {
						t.Fatalf("a write carried the person's words %q: %s", tc.words, w)
					}
				}
			}
			if tc.field == "" {
				if res.Status != clarify.StatusOK || len(writes) != 1 || !strings.Contains(writes[0], tc.sent) {
					t.Fatalf("want one write carrying %q; got %s %+v, writes %v", tc.sent, res.Status, res.Questions, writes)
				}
				return
			}
			if len(writes) != 0 {
				t.Fatalf("nothing may be written; sent %v", writes)
			}
			if res.Status != clarify.StatusNeedsClarification {
				t.Fatalf("status %s (%s), want needs_clarification", res.Status, res.Reason)
			}
			for _, q := range res.Questions {
				if q.Field == tc.field {
					if q.Kind != tc.kind {
						t.Fatalf("question on %s is %s, want %s: %+v", q.Field, q.Kind, tc.kind, q)
					}
					return
				}
			}
			t.Fatalf("no question on %s: %+v", tc.field, res.Questions)
		})
	}
}

// TestNameForIntegerIDIsUnresolved: a read given a name where an integer id goes, which
// nothing lists, asks which thing is meant (unresolved), not for a valid number; a
// number said in words where a count goes (a season's "first") is invalid. Nothing is
// sent either way.
func TestNameForIntegerIDIsUnresolved(t *testing.T) {
	for _, tc := range []struct {
		op, arg string
		args    map[string]any
		kind    clarify.Kind
	}{
		{"GET /packages/{packageId}", "packageId", map[string]any{"packageId": "Gold Unlimited"}, clarify.Unresolved},
		{"GET /shows/{show_id}/seasons/{season_number}", "season_number", map[string]any{"show_id": 1396, "season_number": "first"}, clarify.Invalid},
	} {
		t.Run(tc.op, func(t *testing.T) {
			u := &invariantUpstream{}
			srv := httptest.NewServer(u)
			defer srv.Close()
			p := pipelineWith(t, Options{Spec: "testdata/invariant.yaml", BaseURL: srv.URL, Environ: []string{}})
			args := map[string]any{tools.ArgUserRequest: "show it"}
			for k, v := range tc.args {
				args[k] = v
			}
			res := p.Call(context.Background(), p.Catalog.Lookup(tc.op), args)
			if len(u.seen) != 0 {
				t.Fatalf("sent %v", u.seen)
			}
			if len(res.Questions) != 1 || res.Questions[0].Field != tc.arg || res.Questions[0].Kind != tc.kind {
				t.Fatalf("questions %+v, want %s:%s", res.Questions, tc.arg, tc.kind)
			}
		})
	}
}
