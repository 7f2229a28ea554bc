package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/askapi/askapi/model"
	"github.com/askapi/askapi/model/modeltest"
	"github.com/askapi/askapi/server/pipeline"
)

// No model runs in these tests: the endpoint is scripted (modeltest), and the host's
// model is a sampling handler answering recorded replies.

const (
	testLLMKey  = "sk-llm-secret-0123456789"
	testAPIKey  = "tmdb-secret-key-987654"
	tmdbSpec    = "../testdata/shared/specs/tmdb.json"
	resolveName = ToolResolve
)

func resolvePipeline(t *testing.T, spec, upstream string, llm pipeline.LLMOptions, policy string, mode string) *pipeline.Pipeline {
	t.Helper()
	opts := Options{Spec: spec, BaseURL: upstream, Environ: []string{"ASKAPI_API_KEY=" + testAPIKey}, LLM: llm, Mode: mode}
	if policy != "" {
		f := filepath.Join(t.TempDir(), "policy.yaml")
		if err := os.WriteFile(f, []byte(policy), 0o600); err != nil {
			t.Fatal(err)
		}
		opts.PolicyFile = f
	}
	cat, err := LoadCatalog(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.BaseURLExact = stubAtRoot(cat)
	p, err := NewPipeline(cat, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// choose is a scripted model reply choosing op with name/value arguments.
func choose(op, reason string, args ...string) modeltest.Reply {
	pairs := []any{}
	for i := 0; i+1 < len(args); i += 2 {
		pairs = append(pairs, map[string]any{"name": args[i], "value": args[i+1]})
	}
	return modeltest.Reply{Arguments: map[string]any{"operation": op, "reason": reason, "arguments": pairs}}
}

func TestResolveEndpoint(t *testing.T) {
	cases := []struct {
		name      string
		spec      string // default TMDB
		request   string
		replies   []modeltest.Reply
		policy    string
		status    string
		operation string
		sent      []string // upstream requests, in order
		question  string   // "field:kind" of the first question
	}{
		{name: "a person's films, named", request: "movies with Jennifer Connelly",
			replies: []modeltest.Reply{choose("GET_person-person_id-movie_credits", "credits of a person", "person_id", "Jennifer Connelly")},
			status:  "ok", operation: "GET /person/{person_id}/movie_credits",
			sent: []string{"GET /search/person", "GET /person/6161/movie_credits"}},
		{name: "value not in the request", request: "movies with my favourite actress",
			replies: []modeltest.Reply{choose("GET_person-person_id-movie_credits", "credits of a person", "person_id", "72129")},
			status:  "needs_clarification", operation: "GET /person/{person_id}/movie_credits",
			question: "person_id:unconfirmed"},
		{name: "nothing fits", request: "book me a table for two tonight",
			replies: []modeltest.Reply{{Arguments: map[string]any{"operation": "none", "reason": "this API knows films, not restaurants", "arguments": []any{}}}},
			status:  "unsupported"},
		{name: "a write under a confirm policy", spec: "../testdata/shared/specs/spotify.json", request: "set the playback volume to 40",
			replies: []modeltest.Reply{choose("set-volume-for-users-playback", "sets the volume", "volume_percent", "40")},
			policy:  "confirm: {all_writes: true}\n",
			status:  "needs_clarification", operation: "PUT /me/player/volume", question: "_confirm:unconfirmed"},
		{name: "unusable reply", request: "movies with Jennifer Connelly",
			replies: []modeltest.Reply{{Text: "I would search for her."}},
			status:  "error"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			stub := &tmdbStub{}
			up := httptest.NewServer(stub)
			defer up.Close()
			ep := modeltest.New(tc.replies...)
			defer ep.Close()
			spec := tc.spec
			if spec == "" {
				spec = tmdbSpec
			}
			p := resolvePipeline(t, spec, up.URL, pipeline.LLMOptions{BaseURL: ep.BaseURL(), Model: "scripted", APIKey: testLLMKey}, tc.policy, "")
			c := connectInProcess(t, p, nil, "")
			out := callForStructured(t, c, resolveName, map[string]any{"request": tc.request})
			if out["status"] != tc.status {
				t.Fatalf("status = %v, want %s: %v", out["status"], tc.status, out)
			}
			if tc.operation != "" {
				sel, _ := out["selected"].(map[string]any)
				if sel["operation"] != tc.operation || out["operation"] != tc.operation {
					t.Errorf("selected %v, operation %v; want %s", sel, out["operation"], tc.operation)
				}
			}
			if got := strings.Join(stub.requests(), ", "); got != strings.Join(tc.sent, ", ") {
				t.Errorf("upstream got [%s], want [%s]", got, strings.Join(tc.sent, ", "))
			}
			if tc.question != "" {
				qs, _ := out["questions"].([]any)
				if len(qs) == 0 {
					t.Fatalf("no question: %v", out)
				}
				q := qs[0].(map[string]any)
				if got := q["field"].(string) + ":" + q["kind"].(string); got != tc.question {
					t.Errorf("first question %s, want %s (%v)", got, tc.question, q)
				}
			}
			reqs := ep.Requests()
			if len(reqs) != 1 {
				t.Fatalf("model asked %d times, want 1", len(reqs))
			}
			r := reqs[0]
			if r.Decoded["model"] != "scripted" {
				t.Errorf("model = %v", r.Decoded["model"])
			}
			if n := len(r.OperationEnum()) - 1; n < 1 || n > resolveCandidates {
				t.Errorf("%d candidates offered, want 1..%d", n, resolveCandidates)
			}
			for _, secret := range []string{testLLMKey, testAPIKey} {
				if strings.Contains(string(r.Body), secret) {
					t.Errorf("the prompt holds a secret")
				}
			}
			if len(r.Prompt()) > model.MaxPromptBytes {
				t.Errorf("prompt %d bytes", len(r.Prompt()))
			}
		})
	}
}

// A later round resumes the chosen operation from the continuation: the model is not
// asked again, and the search already made is not repeated.
func TestResolveContinuation(t *testing.T) {
	stub := &tmdbStub{}
	up := httptest.NewServer(stub)
	defer up.Close()
	ep := modeltest.New(choose("GET_person-person_id-movie_credits", "credits of a person", "person_id", "Jennifer"))
	defer ep.Close()
	p := resolvePipeline(t, tmdbSpec, up.URL, pipeline.LLMOptions{BaseURL: ep.BaseURL(), Model: "scripted"}, "", "")
	c := connectInProcess(t, p, nil, "")
	first := callForStructured(t, c, resolveName, map[string]any{"request": "movies with Jennifer"})
	if first["status"] != "needs_clarification" || first["continuation"] == nil {
		t.Fatalf("first round: %v", first)
	}
	second := callForStructured(t, c, resolveName, map[string]any{
		"request": "movies with Jennifer", "arguments": map[string]any{"person_id": 6161}, "_continuation": first["continuation"],
	})
	if second["status"] != "ok" {
		t.Fatalf("second round: %v", second)
	}
	if sel, _ := second["selected"].(map[string]any); sel["resumed"] != true {
		t.Errorf("selected = %v, want resumed", sel)
	}
	if n := len(ep.Requests()); n != 1 {
		t.Errorf("model asked %d times, want 1", n)
	}
	if got := strings.Join(stub.requests(), ", "); got != "GET /search/person, GET /person/6161/movie_credits" {
		t.Errorf("upstream got %s", got)
	}
}

// sampler is the host's model: it answers every sampling request with reply, and
// records the requests.
type sampler struct {
	reply string
	mu    sync.Mutex
	got   []mcp.CreateMessageRequest
}

func (s *sampler) CreateMessage(ctx context.Context, req mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	s.mu.Lock()
	s.got = append(s.got, req)
	s.mu.Unlock()
	return &mcp.CreateMessageResult{
		SamplingMessage: mcp.SamplingMessage{Role: mcp.RoleAssistant, Content: mcp.TextContent{Type: "text", Text: s.reply}},
		Model:           "host-model",
	}, nil
}

func connectSampling(t *testing.T, p *pipeline.Pipeline, h client.SamplingHandler, version string) *client.Client {
	t.Helper()
	srv, err := New(p, "test")
	if err != nil {
		t.Fatal(err)
	}
	opts := []client.ClientOption{}
	if h != nil {
		opts = append(opts, client.WithSamplingHandler(h))
	}
	if version != "" {
		opts = append(opts, client.WithProtocolVersion(version))
	}
	c, err := client.NewInProcessClientWithOptions(srv, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var ir mcp.InitializeRequest
	ir.Params.ClientInfo = mcp.Implementation{Name: "askapi-test", Version: "1"}
	ir.Params.ProtocolVersion = version
	if _, err := c.Initialize(ctx, ir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func listsResolve(t *testing.T, c *client.Client) bool {
	t.Helper()
	res, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range res.Tools {
		if tl.Name == ToolResolve {
			return true
		}
	}
	return false
}

// The host's model through sampling, in both protocol eras: resolve is listed to a client
// that can sample, and its reply is checked by the rule like any other.
func TestResolveSampling(t *testing.T) {
	reply := "```json\n" + `{"operation": "GET_person-person_id-movie_credits", "reason": "credits", "arguments": [{"name": "person_id", "value": "Jennifer Connelly"}]}` + "\n```"
	for _, version := range []string{"", mcp.ProtocolVersion20251125} {
		t.Run("protocol "+version, func(t *testing.T) {
			stub := &tmdbStub{}
			up := httptest.NewServer(stub)
			defer up.Close()
			p := resolvePipeline(t, tmdbSpec, up.URL, pipeline.LLMOptions{}, "", "")
			s := &sampler{reply: reply}
			c := connectSampling(t, p, s, version)
			if !listsResolve(t, c) {
				t.Fatal("resolve is not listed to a client that can sample")
			}
			out := callForStructured(t, c, resolveName, map[string]any{"request": "movies with Jennifer Connelly"})
			if out["status"] != "ok" {
				t.Fatalf("status %v: %v", out["status"], out)
			}
			sel, _ := out["selected"].(map[string]any)
			if sel["operation"] != "GET /person/{person_id}/movie_credits" || sel["model"] != "host-model" {
				t.Errorf("selected = %v", sel)
			}
			if len(s.got) != 1 {
				t.Fatalf("host's model asked %d times, want 1", len(s.got))
			}
			msg := s.got[0]
			text, _ := json.Marshal(msg.CreateMessageParams)
			if strings.Contains(string(text), testAPIKey) {
				t.Error("the sampling request holds the API key")
			}
			if !strings.Contains(msg.SystemPrompt, "JSON object") {
				t.Errorf("the system prompt does not ask for JSON: %q", msg.SystemPrompt)
			}
		})
	}
}

// With neither an endpoint nor a client that samples, resolve is not listed; with
// --no-sampling, not even to a client that samples.
func TestResolveListed(t *testing.T) {
	for _, tc := range []struct {
		name  string
		llm   pipeline.LLMOptions
		samp  bool
		lists bool
	}{
		{"no endpoint, client cannot sample", pipeline.LLMOptions{}, false, false},
		{"no endpoint, client samples", pipeline.LLMOptions{}, true, true},
		{"no sampling, client samples", pipeline.LLMOptions{NoSampling: true}, true, false},
		{"endpoint, client cannot sample", pipeline.LLMOptions{BaseURL: "http://127.0.0.1:9/v1", Model: "m"}, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := resolvePipeline(t, tmdbSpec, "http://127.0.0.1:9", tc.llm, "", "")
			var h client.SamplingHandler
			if tc.samp {
				h = &sampler{}
			}
			if got := listsResolve(t, connectSampling(t, p, h, "")); got != tc.lists {
				t.Errorf("resolve listed = %v, want %v", got, tc.lists)
			}
		})
	}
}

// The model endpoint's key is a configured secret: redacted from results and logs like
// the API's own.
func TestResolveKeyRedacted(t *testing.T) {
	secrets := configuredSecrets(Options{LLM: pipeline.LLMOptions{APIKey: testLLMKey}})
	found := false
	for _, s := range secrets {
		found = found || s == testLLMKey
	}
	if !found {
		t.Fatal("the model key is not among the configured secrets")
	}
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		stubJSON(w, 200, map[string]any{"id": 550, "title": "echo " + testLLMKey})
	}))
	defer up.Close()
	ep := modeltest.New(choose("GET_movie-movie_id", "details", "movie_id", "550"))
	defer ep.Close()
	p := resolvePipeline(t, tmdbSpec, up.URL, pipeline.LLMOptions{BaseURL: ep.BaseURL(), Model: "scripted", APIKey: testLLMKey}, "", "")
	c := connectInProcess(t, p, nil, "")
	out := callForStructured(t, c, resolveName, map[string]any{"request": "details of movie 550"})
	data, _ := json.Marshal(out)
	if out["status"] != "ok" || strings.Contains(string(data), testLLMKey) {
		t.Fatalf("status %v; key shown: %v", out["status"], strings.Contains(string(data), testLLMKey))
	}
}

// The encoded whole list has a variant for clients that sample: exactly mcp-go's list of
// every registered tool, resolve included.
func TestResolveSampledList(t *testing.T) {
	p := resolvePipeline(t, tmdbSpec, "http://127.0.0.1:9", pipeline.LLMOptions{}, "", "")
	entries, err := serverTools(p)
	if err != nil {
		t.Fatal(err)
	}
	list, err := encodeToolList(entries)
	if err != nil {
		t.Fatal(err)
	}
	if list.sampled == nil || list.sampled.n != list.n+1 {
		t.Fatalf("no sampled variant with resolve: %+v", list.sampled)
	}
	s := newMCPServer("test") // no filter: every registered tool
	s.AddTools(entries...)
	if want := mcpGoTools(t, s); string(list.sampled.json) != string(want) {
		t.Error("the sampled list differs from mcp-go's list of every tool")
	}
}
