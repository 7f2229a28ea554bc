package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/server/transport"
	"github.com/mark3labs/mcp-go/client"
	mcptransport "github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// sharedSpecPath is a spec of the shared folder beside the repository.
func sharedSpecPath(name string) string {
	return filepath.Join("..", "testdata", "shared", "specs", name)
}

// stubRequest is one request the stub upstream received.
type stubRequest struct {
	Method, Path string
	Query        url.Values
	Header       http.Header
	Body         string
}

// upstream is a loopback stub API that records every request and answers with handle.
type stubUpstream struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []stubRequest
}

func newStubUpstream(t *testing.T, handle func(w http.ResponseWriter, r *http.Request)) *stubUpstream {
	t.Helper()
	u := &stubUpstream{}
	u.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		u.mu.Lock()
		u.reqs = append(u.reqs, stubRequest{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone(), Body: string(body)})
		u.mu.Unlock()
		handle(w, r)
	}))
	t.Cleanup(u.Close)
	return u
}

func (u *stubUpstream) requests() []stubRequest {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]stubRequest(nil), u.reqs...)
}

func stubJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// stubRoutes answers the few routes the tests use for TMDB and Alertmanager.
func stubRoutes(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/person/72129/movie_credits":
		stubJSON(w, 200, map[string]any{"id": 72129, "cast": []any{map[string]any{"id": 70160, "title": "The Hunger Games"}}})
	case r.URL.Path == "/movie/500":
		http.Error(w, "boom: upstream exploded", http.StatusInternalServerError)
	case r.URL.Path == "/movie/401":
		// A careless API echoing the credential it was given, in the body.
		stubJSON(w, 401, map[string]any{
			"status_message": "Invalid API key: " + r.URL.Query().Get("api_key"),
			"echo_header":    r.Header.Get("X-Debug-Token"),
		})
	case strings.HasPrefix(r.URL.Path, "/movie/"):
		stubJSON(w, 200, map[string]any{"id": 550, "title": "Fight Club"})
	case r.URL.Path == "/api/v2/silences" && r.Method == http.MethodGet:
		stubJSON(w, 200, []any{})
	case r.URL.Path == "/api/v2/silences" && r.Method == http.MethodPost:
		stubJSON(w, 200, map[string]any{"silenceID": "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a"})
	case r.URL.Path == "/api/v2/silence/9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d":
		http.Error(w, "boom: silence store exploded", http.StatusInternalServerError)
	default:
		http.NotFound(w, r)
	}
}

// resultEnvelope is the result resultEnvelope as a client decodes it.
type resultEnvelope struct {
	Status    string `json:"status"`
	Operation string `json:"operation"`
	HTTP      *struct {
		Status int `json:"status"`
	} `json:"http"`
	Body      any              `json:"body"`
	Calls     []map[string]any `json:"calls"`
	Questions []struct {
		Field    string `json:"field"`
		Kind     string `json:"kind"`
		Question string `json:"question"`
		Reason   string `json:"reason"`
		Options  []struct {
			Value any    `json:"value"`
			Label string `json:"label"`
		} `json:"options"`
	} `json:"questions"`
	Continuation string `json:"continuation"`
	Reason       string `json:"reason"`
	Error        *struct {
		Message        string `json:"message"`
		UpstreamStatus int    `json:"upstream_status"`
		BodyExcerpt    string `json:"body_excerpt"`
	} `json:"error"`
}

func (e resultEnvelope) fields(kind string) []string {
	var out []string
	for _, q := range e.Questions {
		if kind == "" || q.Kind == kind {
			out = append(out, q.Field)
		}
	}
	sort.Strings(out)
	return out
}

// askapiUnderTest is an askapi server for one spec behind an in-process mcp-go client.
type askapiUnderTest struct {
	client *client.Client
	up     *stubUpstream
}

type askapiConfig struct {
	spec    string
	env     []string
	headers []string
}

func startAskapi(t *testing.T, cfg askapiConfig) *askapiUnderTest {
	t.Helper()
	up := newStubUpstream(t, stubRoutes)
	opts := Options{
		Spec:    sharedSpecPath(cfg.spec),
		BaseURL: up.URL,
		Headers: cfg.headers,
		Environ: cfg.env,
		Timeout: 10 * time.Second,
		MaxBody: 1 << 20,
		Version: "test",
	}
	ctx := context.Background()
	cat, err := LoadCatalog(ctx, opts)
	if err != nil {
		t.Fatalf("LoadCatalog(%s): %v", cfg.spec, err)
	}
	opts.BaseURLExact = stubAtRoot(cat)
	p, err := NewPipeline(cat, opts)
	if err != nil {
		t.Fatalf("NewPipeline: %v", err)
	}
	s, err := New(p, "test")
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var init mcp.InitializeRequest
	init.Params.ClientInfo = mcp.Implementation{Name: "askapi-test", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatalf("initialize: %v", err)
	}
	return &askapiUnderTest{client: c, up: up}
}

// call invokes a tool and decodes the resultEnvelope, checking that the text block carries the
// same JSON as structuredContent and that isError matches the status.
func (s *askapiUnderTest) call(t *testing.T, name string, args map[string]any) (resultEnvelope, *mcp.CallToolResult) {
	t.Helper()
	return mcpCall(t, s.client, name, args)
}

func mcpCall(t *testing.T, c *client.Client, name string, args map[string]any) (resultEnvelope, *mcp.CallToolResult) {
	t.Helper()
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("tools/call %s: %v", name, err)
	}
	checkOutput(t, c, name, res)
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var env resultEnvelope
	if err := json.Unmarshal(raw, &env); err != nil {
		t.Fatalf("structuredContent of %s is not an resultEnvelope: %v\n%s", name, err, raw)
	}
	text := textOf(t, res)
	lines := strings.Split(strings.TrimSpace(text), "\n")
	var fromText, fromStruct any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &fromText); err != nil {
		t.Fatalf("last line of the text content is not JSON: %v\n%s", err, text)
	}
	_ = json.Unmarshal(raw, &fromStruct)
	if !sameJSONText(fromText, fromStruct) {
		t.Errorf("text JSON and structuredContent differ:\ntext:   %s\nstruct: %s", lines[len(lines)-1], raw)
	}
	if res.IsError != (env.Status == "error") {
		t.Errorf("isError = %v with status %q", res.IsError, env.Status)
	}
	return env, res
}

func textOf(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) != 1 {
		t.Fatalf("want one content block, got %d", len(res.Content))
	}
	tc, ok := mcp.AsTextContent(res.Content[0])
	if !ok {
		t.Fatalf("content is %T, want text", res.Content[0])
	}
	return tc.Text
}

func sameJSONText(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

const tmdbSecret = "tmdb-s3cret-KEY-8c41f"

var tmdbSecretEnv = []string{"ASKAPI_AUTH_API_KEY=" + tmdbSecret}

func TestListTools(t *testing.T) {
	type toolWant struct {
		name, method, path, operationID string
		readOnly, destructive           bool
	}
	cases := []struct {
		spec  string
		count int // operation tools, without find_operations and plan
		tools []toolWant
	}{
		{"alertmanager-v2.yaml", 9, []toolWant{
			{"getSilences", "GET", "/silences", "getSilences", true, false},
			{"deleteSilence", "DELETE", "/silence/{silenceID}", "deleteSilence", false, true},
			{"postSilences", "POST", "/silences", "postSilences", false, false},
		}},
		{"tmdb.json", 54, []toolWant{
			{"GET_movie-movie_id-similar", "GET", "/movie/{movie_id}/similar", "GET_movie-movie_id-similar", true, false},
			{"GET_person-person_id-movie_credits", "GET", "/person/{person_id}/movie_credits", "GET_person-person_id-movie_credits", true, false},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.spec, func(t *testing.T) {
			s := startAskapi(t, askapiConfig{spec: tc.spec})
			list, err := s.client.ListTools(context.Background(), mcp.ListToolsRequest{})
			if err != nil {
				t.Fatalf("tools/list: %v", err)
			}
			byName := map[string]mcp.Tool{}
			for _, tool := range list.Tools {
				byName[tool.Name] = tool
				if tool.OutputSchema.Type != "object" {
					t.Errorf("%s: outputSchema type %q, want object", tool.Name, tool.OutputSchema.Type)
				}
				if tool.InputSchema.Type != "object" {
					t.Errorf("%s: inputSchema type %q, want object", tool.Name, tool.InputSchema.Type)
				}
			}
			if got, want := len(list.Tools), tc.count+3; got != want {
				t.Errorf("tools/list has %d tools, want %d (%d operations + find_operations, plan and describe_operation)", got, want, tc.count)
			}
			for _, meta := range []string{pipeline.ToolFindOperations, pipeline.ToolPlan} {
				if _, ok := byName[meta]; !ok {
					t.Errorf("meta-tool %s missing", meta)
				}
			}
			for _, w := range tc.tools {
				tool, ok := byName[w.name]
				if !ok {
					t.Errorf("tool %s missing", w.name)
					continue
				}
				if tool.Meta == nil {
					t.Errorf("%s: no _meta", w.name)
					continue
				}
				gotMeta, _ := json.Marshal(tool.Meta.AdditionalFields["openapi"])
				wantMeta, _ := json.Marshal(map[string]string{"method": w.method, "operationId": w.operationID, "path": w.path})
				if !bytes.Equal(gotMeta, wantMeta) {
					t.Errorf("%s: _meta.openapi = %s, want %s", w.name, gotMeta, wantMeta)
				}
				a := tool.Annotations
				if a.ReadOnlyHint == nil || *a.ReadOnlyHint != w.readOnly {
					t.Errorf("%s: readOnlyHint = %v, want %v", w.name, boolOrNil(a.ReadOnlyHint), w.readOnly)
				}
				if a.DestructiveHint == nil || *a.DestructiveHint != w.destructive {
					t.Errorf("%s: destructiveHint = %v, want %v", w.name, boolOrNil(a.DestructiveHint), w.destructive)
				}
				if _, ok := tool.OutputSchema.Properties["status"]; !ok || !hasString(tool.OutputSchema.Required, "status") {
					t.Errorf("%s: outputSchema must require status: %+v", w.name, tool.OutputSchema)
				}
			}
		})
	}
}

func boolOrNil(b *bool) any {
	if b == nil {
		return nil
	}
	return *b
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestCallOK(t *testing.T) {
	s := startAskapi(t, askapiConfig{spec: "tmdb.json", env: tmdbSecretEnv})
	env, _ := s.call(t, "GET_person-person_id-movie_credits", map[string]any{"person_id": 72129})
	if env.Status != "ok" || env.HTTP == nil || env.HTTP.Status != 200 {
		t.Fatalf("status %q http %+v, want ok 200 (%+v)", env.Status, env.HTTP, env)
	}
	body, ok := env.Body.(map[string]any)
	if !ok {
		t.Fatalf("body is %T, want the parsed JSON object", env.Body)
	}
	if cast, _ := body["cast"].([]any); len(cast) != 1 {
		t.Errorf("body.cast = %v", body["cast"])
	}
	if len(env.Calls) != 1 {
		t.Fatalf("calls = %v, want exactly the one upstream request", env.Calls)
	}
	reqs := s.up.requests()
	if len(reqs) != 1 || reqs[0].Method != "GET" || reqs[0].Path != "/person/72129/movie_credits" {
		t.Fatalf("upstream saw %+v", reqs)
	}
	if got := reqs[0].Query["api_key"]; len(got) != 1 || got[0] != tmdbSecret {
		t.Errorf("upstream api_key query = %v, want the configured credential", got)
	}
	if _, reserved := reqs[0].Query["_user_request"]; reserved {
		t.Errorf("a reserved argument was sent upstream: %v", reqs[0].Query)
	}
	callJSON, _ := json.Marshal(env.Calls)
	if strings.Contains(string(callJSON), tmdbSecret) {
		t.Errorf("calls carry the secret: %s", callJSON)
	}
}

// TestClarificationsSendNothing: every call the clarification layer stops answers a
// question of the expected kind and leaves the upstream untouched.
func TestClarificationsSendNothing(t *testing.T) {
	cases := []struct {
		name     string
		spec     string
		tool     string
		args     map[string]any
		field    string
		kind     string
		question string   // a substring of the question, when it matters
		options  []string // values that must be offered
	}{
		{
			name: "missing movie", spec: "tmdb.json", tool: "GET_movie-movie_id-similar", args: map[string]any{},
			field: "movie_id", kind: "missing", question: "Which movie",
		},
		{
			name: "invalid enum", spec: "tmdb.json", tool: "GET_trending-media_type-time_window",
			args:  map[string]any{"media_type": "films", "time_window": "day"},
			field: "media_type", kind: "invalid", options: []string{"all", "movie", "tv", "person"},
		},
		{
			name: "invalid type", spec: "alertmanager-v2.yaml", tool: "getAlerts",
			args: map[string]any{"active": "yes please"}, field: "active", kind: "invalid",
		},
		{
			name: "placeholder id", spec: "alertmanager-v2.yaml", tool: "getSilence",
			args: map[string]any{"silenceID": "00000000-0000-0000-0000-000000000000"}, field: "silenceID", kind: "unconfirmed",
		},
		{
			name: "placeholder author", spec: "alertmanager-v2.yaml", tool: "postSilences",
			args: map[string]any{
				"matchers": []any{map[string]any{"name": "alertname", "value": "DiskFull", "isRegex": false}},
				"startsAt": "2026-11-21T09:00:00Z", "endsAt": "2026-11-21T11:00:00Z",
				"createdBy": "John Doe", "comment": "disk swap",
			},
			field: "createdBy", kind: "unconfirmed",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := []string(nil)
			if tc.spec == "tmdb.json" {
				env = tmdbSecretEnv
			}
			s := startAskapi(t, askapiConfig{spec: tc.spec, env: env})
			got, _ := s.call(t, tc.tool, tc.args)
			if got.Status != "needs_clarification" {
				t.Fatalf("status %q, want needs_clarification: %+v", got.Status, got)
			}
			if len(got.Questions) != 1 || got.Questions[0].Field != tc.field || got.Questions[0].Kind != tc.kind {
				t.Fatalf("questions %+v, want one %s question on %s", got.Questions, tc.kind, tc.field)
			}
			q := got.Questions[0]
			if !strings.Contains(q.Question, tc.question) {
				t.Errorf("question %q does not contain %q", q.Question, tc.question)
			}
			offered := map[string]bool{}
			for _, o := range q.Options {
				offered[optionString(o.Value)] = true
			}
			for _, want := range tc.options {
				if !offered[want] {
					t.Errorf("option %q not offered: %+v", want, q.Options)
				}
			}
			if got.Continuation == "" {
				t.Error("no continuation to resume with")
			}
			if reqs := s.up.requests(); len(reqs) != 0 {
				t.Errorf("the upstream saw %d request(s) for a stopped call: %+v", len(reqs), reqs)
			}
		})
	}
}

func optionString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

var diskFullSilence = map[string]any{
	"matchers": []any{map[string]any{"name": "alertname", "value": "DiskFull", "isRegex": false}},
	"startsAt": "2026-11-21T09:00:00Z",
	"endsAt":   "2026-11-21T11:00:00Z",
}

// TestContinuation: both missing body fields are asked in one round; the answers plus
// the continuation complete the call; a tampered continuation is refused and sends nothing.
func TestContinuation(t *testing.T) {
	s := startAskapi(t, askapiConfig{spec: "alertmanager-v2.yaml"})
	first, _ := s.call(t, "postSilences", diskFullSilence)
	if first.Status != "needs_clarification" || first.Continuation == "" {
		t.Fatalf("first round: %+v", first)
	}
	if got := first.fields("missing"); strings.Join(got, ",") != "comment,createdBy" {
		t.Fatalf("missing questions on %v, want comment and createdBy in one round", got)
	}

	tampered := []byte(first.Continuation)
	i := len(tampered) / 2
	if tampered[i] == 'A' {
		tampered[i] = 'B'
	} else {
		tampered[i] = 'A'
	}
	bad, _ := s.call(t, "postSilences", map[string]any{
		"createdBy": "dana", "comment": "disk swap in rack 4", "_continuation": string(tampered),
	})
	if bad.Status != "needs_clarification" || len(bad.Questions) != 1 ||
		bad.Questions[0].Field != "_continuation" || bad.Questions[0].Kind != "invalid" {
		t.Fatalf("tampered continuation: %+v, want one invalid question on _continuation", bad)
	}
	if reqs := s.up.requests(); len(reqs) != 0 {
		t.Fatalf("a tampered continuation reached the upstream: %+v", reqs)
	}

	// A continuation from another operation is refused too.
	other, _ := s.call(t, "getSilence", map[string]any{"silenceID": "00000000-0000-0000-0000-000000000000"})
	cross, _ := s.call(t, "postSilences", map[string]any{
		"createdBy": "dana", "comment": "disk swap in rack 4", "_continuation": other.Continuation,
	})
	if cross.Status != "needs_clarification" || len(cross.Questions) != 1 || cross.Questions[0].Field != "_continuation" {
		t.Fatalf("continuation of another operation: %+v", cross)
	}

	done, _ := s.call(t, "postSilences", map[string]any{
		"createdBy": "dana", "comment": "disk swap in rack 4", "_continuation": first.Continuation,
	})
	if done.Status != "ok" {
		t.Fatalf("resumed call: %+v", done)
	}
	reqs := s.up.requests()
	if len(reqs) != 1 || reqs[0].Method != "POST" || reqs[0].Path != "/api/v2/silences" {
		t.Fatalf("upstream saw %+v, want one POST /api/v2/silences", reqs)
	}
	var sent map[string]any
	if err := json.Unmarshal([]byte(reqs[0].Body), &sent); err != nil {
		t.Fatalf("body %q: %v", reqs[0].Body, err)
	}
	for _, k := range []string{"matchers", "startsAt", "endsAt", "createdBy", "comment"} {
		if _, ok := sent[k]; !ok {
			t.Errorf("sent body lacks %s (carried by the continuation or answered): %s", k, reqs[0].Body)
		}
	}
	for _, k := range []string{"_continuation", "_user_request"} {
		if _, ok := sent[k]; ok {
			t.Errorf("reserved argument %s sent upstream: %s", k, reqs[0].Body)
		}
	}
}

func TestUpstreamError(t *testing.T) {
	s := startAskapi(t, askapiConfig{spec: "alertmanager-v2.yaml"})
	env, res := s.call(t, "getSilence", map[string]any{"silenceID": "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"})
	if env.Status != "error" || !res.IsError {
		t.Fatalf("status %q isError %v, want error/true", env.Status, res.IsError)
	}
	if env.Error == nil || env.Error.UpstreamStatus != 500 {
		t.Fatalf("error = %+v, want upstream_status 500", env.Error)
	}
	if !strings.Contains(env.Error.BodyExcerpt, "silence store exploded") {
		t.Errorf("body excerpt %q lacks the API's message", env.Error.BodyExcerpt)
	}
	if text := textOf(t, res); strings.Contains(text, "goroutine") || strings.Contains(text, ".go:") {
		t.Errorf("error text looks like a stack trace: %s", text)
	}
	if n := len(s.up.requests()); n != 1 {
		t.Errorf("upstream saw %d requests, want 1", n)
	}
}

// TestSecretsNeverLeak: a credential from ASKAPI_AUTH_* or --header is sent upstream but
// appears in no result, even when the API echoes it back in an error.
func TestSecretsNeverLeak(t *testing.T) {
	const headerSecret = "hdr-s3cret-77d0e"
	s := startAskapi(t, askapiConfig{spec: "tmdb.json", env: tmdbSecretEnv, headers: []string{"X-Debug-Token: " + headerSecret}})
	results := map[string]*mcp.CallToolResult{}
	env, res := s.call(t, "GET_movie-movie_id", map[string]any{"movie_id": 401})
	results["echoing error"] = res
	if env.Status != "error" || env.Error == nil || env.Error.UpstreamStatus != 401 {
		t.Fatalf("echoing 401: %+v", env)
	}
	if !strings.Contains(env.Error.BodyExcerpt, "Invalid API key") {
		t.Errorf("the API's message was lost: %q", env.Error.BodyExcerpt)
	}
	_, results["ok"] = s.call(t, "GET_movie-movie_id", map[string]any{"movie_id": 550})
	_, results["clarification"] = s.call(t, "GET_movie-movie_id", map[string]any{})

	reqs := s.up.requests()
	if len(reqs) != 2 {
		t.Fatalf("upstream saw %d requests, want 2", len(reqs))
	}
	if reqs[0].Query.Get("api_key") != tmdbSecret || reqs[0].Header.Get("X-Debug-Token") != headerSecret {
		t.Fatalf("the credentials were not sent upstream: query %v header %q", reqs[0].Query, reqs[0].Header.Get("X-Debug-Token"))
	}
	for name, res := range results {
		raw, _ := json.Marshal(res)
		for _, secret := range []string{tmdbSecret, headerSecret} {
			if strings.Contains(string(raw), secret) {
				t.Errorf("%s result carries secret %q: %s", name, secret, raw)
			}
		}
	}
}

// TestMissingCredentialIsAskedFromConfiguration: no ASKAPI_AUTH_API_KEY → a sensitive
// question naming the variable, and nothing sent.
func TestMissingCredentialIsAskedFromConfiguration(t *testing.T) {
	s := startAskapi(t, askapiConfig{spec: "tmdb.json"})
	env, _ := s.call(t, "GET_movie-movie_id", map[string]any{"movie_id": 550})
	if env.Status != "needs_clarification" || len(env.Questions) != 1 || env.Questions[0].Kind != "sensitive" {
		t.Fatalf("%+v, want one sensitive question", env)
	}
	if env.Questions[0].Field != "api_key" {
		t.Errorf("sensitive question on field %q, want the security scheme api_key", env.Questions[0].Field)
	}
	q := env.Questions[0].Question
	if !regexp.MustCompile(`\bASKAPI_AUTH_API_KEY\b`).MatchString(q) || strings.Contains(q, "ASKAPI_AUTH_ASKAPI_AUTH") {
		t.Errorf("question %q should name the variable ASKAPI_AUTH_API_KEY exactly", q)
	}
	if n := len(s.up.requests()); n != 0 {
		t.Errorf("upstream saw %d requests without credentials", n)
	}
}

func TestEffectiveBaseURL(t *testing.T) {
	cases := []struct {
		flag, spec, want string
		err              bool
	}{
		{"http://127.0.0.1:9093", "/api/v2/", "http://127.0.0.1:9093/api/v2/", false},
		{"http://127.0.0.1:9093/", "/api/v2/", "http://127.0.0.1:9093/api/v2/", false},
		{"http://127.0.0.1:9093/other", "/api/v2/", "http://127.0.0.1:9093/other", false},
		{"http://127.0.0.1:1", "https://api.themoviedb.org/3", "http://127.0.0.1:1/3", false},
		{"http://127.0.0.1:1/", "https://api.example.com", "http://127.0.0.1:1/", false},
		{"", "https://api.themoviedb.org/3", "https://api.themoviedb.org/3", false},
		{"", "/api/v2/", "", true},
		{"127.0.0.1:9093", "/api/v2/", "", true},
	}
	for _, tc := range cases {
		got, err := EffectiveBaseURL(tc.flag, tc.spec, false)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("EffectiveBaseURL(%q, %q) = %q, %v; want %q, error %v", tc.flag, tc.spec, got, err, tc.want, tc.err)
		}
	}
}

func TestHTTPListenAddr(t *testing.T) {
	for in, want := range map[string]string{
		":0":           "127.0.0.1:0",
		"8080":         "127.0.0.1:8080",
		"0.0.0.0:8080": "0.0.0.0:8080",
		"[::1]:9":      "[::1]:9",
	} {
		if got := HTTPListenAddr(in); got != want {
			t.Errorf("HTTPListenAddr(%q) = %q, want %q", in, got, want)
		}
	}
}

// syncLog collects the server's log lines.
type syncLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var httpURLLog = regexp.MustCompile(`url=(http://127\.0\.0\.1:\d+/mcp)`)

// serveHTTPForTest runs Serve with --http 127.0.0.1:0 and returns the endpoint URL it
// logged; the server stops when the test ends, and Serve must then return nil.
func serveHTTPForTest(t *testing.T, baseURL, token string) string {
	t.Helper()
	logs := &syncLog{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, Options{
			Spec: sharedSpecPath("alertmanager-v2.yaml"), BaseURL: baseURL,
			HTTPAddr: "127.0.0.1:0", HTTPToken: token,
			Timeout: 10 * time.Second, MaxBody: 1 << 20, Version: "test",
			Logger: slog.New(slog.NewTextHandler(logs, nil)),
		})
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve returned %v after cancel, want nil", err)
		}
	})
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if m := httpURLLog.FindStringSubmatch(logs.String()); m != nil {
			return m[1]
		}
		select {
		case err := <-done:
			t.Fatalf("Serve ended before listening: %v\n%s", err, logs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("Serve did not log its URL:\n%s", logs.String())
		}
	}
}

func httpMCPClient(t *testing.T, url string, headers map[string]string) (*client.Client, error) {
	t.Helper()
	c, err := client.NewStreamableHttpClient(url, mcptransport.WithHTTPHeaders(headers))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		return c, err
	}
	var init mcp.InitializeRequest
	init.Params.ClientInfo = mcp.Implementation{Name: "askapi-test", Version: "1"}
	_, err = c.Initialize(ctx, init)
	return c, err
}

func TestStreamableHTTP(t *testing.T) {
	up := newStubUpstream(t, stubRoutes)
	const token = "http-tok-5e2b"

	t.Run("bearer required", func(t *testing.T) {
		url := serveHTTPForTest(t, up.URL, token)

		for name, auth := range map[string]string{"no token": "", "wrong token": "Bearer nope"} {
			req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if auth != "" {
				req.Header.Set("Authorization", auth)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusUnauthorized || !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Bearer") {
				t.Errorf("%s: HTTP %d (WWW-Authenticate %q), want 401 with a Bearer challenge", name, resp.StatusCode, resp.Header.Get("WWW-Authenticate"))
			}
		}
		if _, err := httpMCPClient(t, url, nil); err == nil {
			t.Error("an MCP client without the token initialized; want it refused")
		}

		c, err := httpMCPClient(t, url, map[string]string{"Authorization": "Bearer " + token})
		if err != nil {
			t.Fatalf("initialize with the token: %v", err)
		}
		list, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
		if err != nil || len(list.Tools) != 12 {
			t.Fatalf("tools/list over HTTP: %v, %d tools, want 12 (9 operations and 3 meta-tools)", err, len(list.Tools))
		}
		before := len(up.requests())
		env, _ := mcpCall(t, c, "getSilences", map[string]any{})
		if env.Status != "ok" || env.HTTP == nil || env.HTTP.Status != 200 {
			t.Fatalf("getSilences over HTTP: %+v", env)
		}
		if reqs := up.requests(); len(reqs) != before+1 || reqs[len(reqs)-1].Path != "/api/v2/silences" {
			t.Errorf("upstream saw %+v", reqs[before:])
		}
	})

	t.Run("no token configured", func(t *testing.T) {
		url := serveHTTPForTest(t, up.URL, "")
		c, err := httpMCPClient(t, url, nil)
		if err != nil {
			t.Fatalf("initialize without a configured token: %v", err)
		}
		env, _ := mcpCall(t, c, "getSilence", map[string]any{})
		if env.Status != "needs_clarification" || strings.Join(env.fields("missing"), ",") != "silenceID" {
			t.Fatalf("getSilence without id over HTTP: %+v", env)
		}
	})
}

func TestRequireBearer(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })
	cases := []struct {
		token, auth string
		want        int
	}{
		{"", "", http.StatusTeapot},
		{"t0k", "", http.StatusUnauthorized},
		{"t0k", "Bearer t0k", http.StatusTeapot},
		{"t0k", "Bearer t0k2", http.StatusUnauthorized},
		{"t0k", "Basic t0k", http.StatusUnauthorized},
	}
	for _, tc := range cases {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/mcp", nil)
		if tc.auth != "" {
			req.Header.Set("Authorization", tc.auth)
		}
		transport.RequireBearer(tc.token, ok).ServeHTTP(rec, req)
		if rec.Code != tc.want {
			t.Errorf("token %q, Authorization %q: %d, want %d", tc.token, tc.auth, rec.Code, tc.want)
		}
	}
}
