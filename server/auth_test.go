package server

import (
	"context"
	"encoding/base64"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools"
)

// ownSpec is a spec of the repository's testdata.
func ownSpec(name string) string { return filepath.Join("..", "testdata", "specs", name) }

// authPipeline is a pipeline for spec against up, with env and extra options, and the log
// it writes.
func authPipeline(t *testing.T, spec string, up *stubUpstream, env []string, edit func(*Options)) (*pipeline.Pipeline, *syncLog) {
	t.Helper()
	logs := &syncLog{}
	opts := Options{Spec: spec, BaseURL: up.URL, Environ: env, Timeout: 10 * time.Second, MaxBody: 1 << 20, Version: "test",
		NoCache: true, Logger: slog.New(slog.NewTextHandler(logs, nil))}
	if edit != nil {
		edit(&opts)
	}
	cat, err := LoadCatalog(context.Background(), opts)
	if err != nil {
		t.Fatalf("LoadCatalog(%s): %v", spec, err)
	}
	p, err := NewPipeline(cat, opts)
	if err != nil {
		t.Fatalf("NewPipeline: %v", err)
	}
	return p, logs
}

func callOp(t *testing.T, p *pipeline.Pipeline, opID string, args map[string]any) *clarify.Result {
	t.Helper()
	for _, op := range p.Catalog.Operations() {
		if op.OperationID == opID {
			return p.Call(context.Background(), op, args)
		}
	}
	t.Fatalf("no operation %s", opID)
	return nil
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// Stripe lists basicAuth before bearerAuth: a key in ASKAPI_API_KEY goes as Bearer, which
// Stripe accepts; a key given for the Basic scheme alone goes as "key:", base64-encoded.
func TestStripeKeyIsSentAsStripeAcceptsIt(t *testing.T) {
	cases := []struct {
		name string
		env  []string
		want string
	}{
		{"shared key", []string{"ASKAPI_API_KEY=sk_test_x"}, "Bearer sk_test_x"},
		{"basic scheme's own variable", []string{"ASKAPI_AUTH_BASICAUTH=sk_test_x"}, "Basic " + b64("sk_test_x:")},
		{"basic user:password", []string{"ASKAPI_AUTH_BASICAUTH=sk_test_x:"}, "Basic " + b64("sk_test_x:")},
		{"basic already encoded", []string{"ASKAPI_AUTH_BASICAUTH=" + b64("sk_test_x:")}, "Basic " + b64("sk_test_x:")},
		{"bearer scheme's own variable", []string{"ASKAPI_AUTH_BEARERAUTH=sk_test_x"}, "Bearer sk_test_x"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			up := newStubUpstream(t, func(w http.ResponseWriter, r *http.Request) { stubJSON(w, 200, map[string]any{"object": "balance"}) })
			p, _ := authPipeline(t, ownSpec("stripe-auth.json"), up, tc.env, nil)
			res := callOp(t, p, "GetBalance", map[string]any{})
			if res.Status != clarify.StatusOK {
				t.Fatalf("GetBalance: %s %s", res.Status, res.Reason)
			}
			reqs := up.requests()
			if len(reqs) != 1 || reqs[0].Header.Get("Authorization") != tc.want {
				t.Fatalf("upstream saw %d requests, Authorization %q; want %q", len(reqs), reqs[0].Header.Get("Authorization"), tc.want)
			}
		})
	}
}

// A spec that declares no scheme (GitHub's): --auth says how the key goes; without it,
// start-up warns, naming ASKAPI_HEADERS and --auth, and a 401 says no credential went.
func TestAuthFlagOnSpecWithoutScheme(t *testing.T) {
	const key = "ghp_k3y-of-test-0123456789"
	cases := []struct {
		auth  string
		check func(r stubRequest) bool
	}{
		{"bearer", func(r stubRequest) bool { return r.Header.Get("Authorization") == "Bearer "+key }},
		{"basic", func(r stubRequest) bool { return r.Header.Get("Authorization") == "Basic "+b64(key+":") }},
		{"header:X-Api-Key", func(r stubRequest) bool {
			return r.Header.Get("X-Api-Key") == key && r.Header.Get("Authorization") == ""
		}},
		{"query:access_token", func(r stubRequest) bool { return r.Query.Get("access_token") == key }},
		{"", func(r stubRequest) bool { return r.Header.Get("Authorization") == "" && len(r.Query) == 0 }},
	}
	for _, tc := range cases {
		t.Run("auth="+tc.auth, func(t *testing.T) {
			up := newStubUpstream(t, func(w http.ResponseWriter, r *http.Request) {
				stubJSON(w, 401, map[string]any{"message": "Requires authentication"})
			})
			p, logs := authPipeline(t, ownSpec("github-noauth.json"), up, []string{"ASKAPI_API_KEY=" + key}, func(o *Options) { o.Auth = tc.auth })
			res := callOp(t, p, "users/get-authenticated", map[string]any{})
			reqs := up.requests()
			if len(reqs) != 1 || !tc.check(reqs[0]) {
				t.Fatalf("upstream saw %+v", reqs)
			}
			warned := strings.Contains(logs.String(), "declares no security scheme")
			if warned != (tc.auth == "") {
				t.Errorf("start-up warning given: %v, want %v:\n%s", warned, tc.auth == "", logs.String())
			}
			if tc.auth == "" {
				for _, w := range []string{"ASKAPI_HEADERS", "--auth", "ASKAPI_API_KEY"} {
					if !strings.Contains(logs.String(), w) {
						t.Errorf("warning does not name %s:\n%s", w, logs.String())
					}
				}
			}
			if strings.Contains(logs.String(), key) || strings.Contains(res.Reason, key) {
				t.Error("the key leaked into the log or the result")
			}
			if res.Status != clarify.StatusError || res.Error == nil || res.Error.UpstreamStatus != 401 {
				t.Fatalf("a 401: %+v", res)
			}
			want := "ASKAPI_API_KEY (scheme \"auth\""
			if tc.auth == "" {
				want = "askapi sent no credential"
			}
			if !strings.Contains(res.Reason, want) {
				t.Errorf("401 reason %q does not say %q", res.Reason, want)
			}
		})
	}
}

// lookupSpec has two producers for person_id: a search and a plain list.
const lookupSpec = `{
 "openapi": "3.0.3",
 "info": {"title": "People", "version": "1"},
 "components": {"securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Key"}},
  "schemas": {"Person": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}},
 "security": [{"key": []}],
 "paths": {
  "/search/people": {"get": {"operationId": "searchPeople", "summary": "Search people by name",
   "parameters": [{"name": "q", "in": "query", "required": true, "description": "name to search for", "schema": {"type": "string"}}],
   "responses": {"200": {"description": "matches", "content": {"application/json": {"schema": {"type": "object", "properties": {"results": {"type": "array", "items": {"$ref": "#/components/schemas/Person"}}}}}}}}}},
  "/people": {"get": {"operationId": "listPeople", "summary": "List people",
   "responses": {"200": {"description": "everyone", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Person"}}}}}}}},
  "/people/{person_id}": {"get": {"operationId": "getPerson", "summary": "Get a person",
   "parameters": [{"name": "person_id", "in": "path", "required": true, "schema": {"type": "integer"}}],
   "responses": {"200": {"description": "the person", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Person"}}}}}}}
 }
}`

// A 401 or 403 on a lookup is a credential problem: no other producer is tried, and the
// answer is a sensitive question naming the variable whose value was refused.
func TestRefusedLookupIsNotRetried(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "people.json")
	if err := os.WriteFile(spec, []byte(lookupSpec), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, status := range []int{401, 403} {
		up := newStubUpstream(t, func(w http.ResponseWriter, r *http.Request) { stubJSON(w, status, map[string]any{"error": "no"}) })
		p, _ := authPipeline(t, spec, up, []string{"ASKAPI_AUTH_KEY=k3y-refused-by-the-api"}, nil)
		if e, _ := p.Graph.Edge(opByID(t, p, "getPerson"), "person_id"); len(e.Producers) < 2 {
			t.Fatalf("the spec should offer two producers of person_id, has %d", len(e.Producers))
		}
		res := callOp(t, p, "getPerson", map[string]any{"person_id": "Ann Smith"})
		if n := len(up.requests()); n != 1 {
			t.Errorf("%d: upstream saw %d requests, want 1 (the first lookup only)", status, n)
		}
		// A setting must change: a sensitive question naming it (issue 26), never an error.
		if res.Status != clarify.StatusNeedsClarification || len(res.Questions) != 1 || res.Questions[0].Kind != clarify.Sensitive ||
			!strings.Contains(res.Questions[0].Question, "ASKAPI_AUTH_KEY") || strings.Contains(res.Questions[0].Question, "k3y-refused") {
			t.Errorf("%d: result %s %+v", status, res.Status, res.Questions)
		}
	}
}

func opByID(t *testing.T, p *pipeline.Pipeline, id string) *tools.Operation {
	t.Helper()
	for _, op := range p.Catalog.Operations() {
		if op.OperationID == id {
			return op
		}
	}
	t.Fatalf("no operation %s", id)
	return nil
}

// TestAuthFlagWithoutKeyWarns: --auth says how a key goes, and none is set: start-up says
// which variable to set (a new user's README trial met the silence).
func TestAuthFlagWithoutKeyWarns(t *testing.T) {
	up := newStubUpstream(t, func(w http.ResponseWriter, r *http.Request) { stubJSON(w, 200, map[string]any{}) })
	_, logs := authPipeline(t, ownSpec("github-noauth.json"), up, []string{}, func(o *Options) { o.Auth = "bearer" })
	if !strings.Contains(logs.String(), "--auth bearer is set, but no key is") || !strings.Contains(logs.String(), "ASKAPI_API_KEY") {
		t.Errorf("no warning naming the variable:\n%s", logs.String())
	}
}
