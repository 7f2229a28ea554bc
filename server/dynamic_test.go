package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/server/pipeline"
)

var dynamicMetaTools = sorted(pipeline.ToolFindOperations, pipeline.ToolPlan, pipeline.ToolDescribeOperation, pipeline.ToolCallOperation)

func TestDynamicModeSelection(t *testing.T) {
	cases := []struct {
		name    string
		opts    Options
		dynamic bool
	}{
		{"auto below the default threshold", Options{Spec: "tmdb.json"}, false},
		{"auto above a lower threshold", Options{Spec: "tmdb.json", DynamicThreshold: 53}, true},
		{"auto at the threshold", Options{Spec: "tmdb.json", Mode: "auto", DynamicThreshold: 54}, false},
		{"auto counts what the filters leave", Options{Spec: "tmdb.json", DynamicThreshold: 10, Include: []string{"GET /person/*"}}, false},
		{"dynamic", Options{Spec: "alertmanager-v2.yaml", Mode: "dynamic"}, true},
		{"static above the threshold", Options{Spec: "tmdb.json", Mode: "Static", DynamicThreshold: 1}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := pipelineWith(t, tc.opts)
			if p.Dynamic() != tc.dynamic {
				t.Fatalf("Dynamic() = %v, want %v", p.Dynamic(), tc.dynamic)
			}
			got := listedTools(t, connectInProcess(t, p, nil, ""))
			if tc.dynamic && !reflect.DeepEqual(got, dynamicMetaTools) {
				t.Errorf("dynamic tools/list = %v, want exactly %v", got, dynamicMetaTools)
			}
			if !tc.dynamic && (len(got) != len(p.Catalog.Operations())+3 || hasString(got, pipeline.ToolCallOperation)) {
				t.Errorf("static tools/list has %d tools (%v…), want %d operations + find_operations, plan and describe_operation", len(got), got[:3], len(p.Catalog.Operations()))
			}
			// askapi tools prints what is served.
			data, err := ToolList(p)
			if err != nil {
				t.Fatal(err)
			}
			var printed struct{ Tools []mcp.Tool }
			if err := json.Unmarshal(data, &printed); err != nil {
				t.Fatal(err)
			}
			if len(printed.Tools) != len(got) {
				t.Errorf("ToolList prints %d tools, tools/list serves %d", len(printed.Tools), len(got))
			}
		})
	}
	for _, bad := range []string{"dynamc", "on"} {
		if err := CheckMode(bad); err == nil {
			t.Errorf("CheckMode(%q) accepted", bad)
		}
		opts := Options{Spec: sharedSpecPath("alertmanager-v2.yaml"), Mode: bad}
		cat, err := LoadCatalog(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		opts.BaseURLExact = stubAtRoot(cat)
		if _, err := NewPipeline(cat, opts); err == nil || !strings.Contains(err.Error(), "--mode") {
			t.Errorf("NewPipeline with mode %q: %v, want a --mode error", bad, err)
		}
	}
	for _, good := range []string{"", "auto", "static", "dynamic", "DYNAMIC"} {
		if err := CheckMode(good); err != nil {
			t.Errorf("CheckMode(%q) = %v", good, err)
		}
	}
}

// describeEnvelope is describe_operation's answer.
type describeEnvelope struct {
	Status    string `json:"status"`
	Operation string `json:"operation"`
	Tool      struct {
		Name        string         `json:"name"`
		Description string         `json:"description"`
		InputSchema map[string]any `json:"inputSchema"`
		Meta        struct {
			OpenAPI struct {
				Method, Path, OperationID string
			} `json:"openapi"`
			Askapi struct {
				Resolvable []map[string]any `json:"resolvable"`
			} `json:"askapi"`
		} `json:"_meta"`
		Annotations  map[string]any `json:"annotations"`
		OutputSchema any            `json:"outputSchema"`
	} `json:"tool"`
	Questions []struct {
		Field, Kind string
		Options     []struct {
			Value any
			Label string
		}
	} `json:"questions"`
}

func describe(t *testing.T, p *pipeline.Pipeline, operation string) describeEnvelope {
	t.Helper()
	c := connectInProcess(t, p, nil, "")
	out := callForStructured(t, c, pipeline.ToolDescribeOperation, map[string]any{"operation": operation})
	data, _ := json.Marshal(out)
	var env describeEnvelope
	if err := json.Unmarshal(data, &env); err != nil {
		t.Fatalf("describe_operation answer %s: %v", data, err)
	}
	return env
}

func TestDescribeOperation(t *testing.T) {
	p := pipelineWith(t, Options{Spec: "tmdb.json", Mode: ModeDynamic})
	static, err := DescribedTool(p.Catalog.Lookup("GET /person/{person_id}/movie_credits"), p.Resolvable["GET_person-person_id-movie_credits"], false)
	if err != nil {
		t.Fatal(err)
	}
	var wantSchema map[string]any
	_ = json.Unmarshal(static.RawInputSchema, &wantSchema)
	for _, name := range []string{"GET /person/{person_id}/movie_credits", "get /person/{person_id}/movie_credits", "GET_person-person_id-movie_credits"} {
		t.Run(name, func(t *testing.T) {
			env := describe(t, p, name)
			if env.Status != "ok" || env.Operation != "GET /person/{person_id}/movie_credits" {
				t.Fatalf("status %q operation %q", env.Status, env.Operation)
			}
			tool := env.Tool
			if tool.Name != "GET_person-person_id-movie_credits" || !strings.Contains(tool.Description, "GET /person/{person_id}/movie_credits") {
				t.Errorf("name %q description %.80q", tool.Name, tool.Description)
			}
			if !reflect.DeepEqual(tool.InputSchema, wantSchema) {
				t.Errorf("inputSchema differs from the described tool's:\n got %v\nwant %v", tool.InputSchema, wantSchema)
			}
			props, _ := tool.InputSchema["properties"].(map[string]any)
			if _, ok := props["person_id"]; !ok || !reflect.DeepEqual(tool.InputSchema["required"], []any{"person_id"}) {
				t.Errorf("inputSchema lacks the required person_id: %v", tool.InputSchema)
			}
			if m := tool.Meta.OpenAPI; m.Method != "GET" || m.Path != "/person/{person_id}/movie_credits" {
				t.Errorf("_meta.openapi = %+v", m)
			}
			if len(tool.Meta.Askapi.Resolvable) == 0 || tool.Meta.Askapi.Resolvable[0]["arg"] != "person_id" {
				t.Errorf("_meta.askapi.resolvable = %v, want person_id", tool.Meta.Askapi.Resolvable)
			}
			if tool.Annotations["readOnlyHint"] != true {
				t.Errorf("annotations = %v", tool.Annotations)
			}
		})
	}
	t.Run("unknown operation offers close matches", func(t *testing.T) {
		env := describe(t, p, "GET_person-person_id-movie_credit")
		if env.Status != "needs_clarification" || len(env.Questions) != 1 || env.Questions[0].Field != "operation" || env.Questions[0].Kind != "invalid" {
			t.Fatalf("answer %+v, want one invalid question on operation", env)
		}
		opts := env.Questions[0].Options
		if len(opts) == 0 || opts[0].Value != "GET_person-person_id-movie_credits" || !strings.Contains(opts[0].Label, "GET /person/{person_id}/movie_credits") {
			t.Errorf("options = %+v, want the typo's operation first", opts)
		}
		if len(opts) > pipeline.MaxCloseMatches {
			t.Errorf("%d options, want at most %d", len(opts), pipeline.MaxCloseMatches)
		}
	})
	t.Run("words find close matches too", func(t *testing.T) {
		env := describe(t, p, "person movie credits")
		if env.Status != "needs_clarification" || len(env.Questions) != 1 {
			t.Fatalf("answer %+v", env)
		}
		var values []any
		for _, o := range env.Questions[0].Options {
			values = append(values, o.Value)
		}
		if !hasAny(values, "GET_person-person_id-movie_credits") {
			t.Errorf("options %v lack the movie credits operation", values)
		}
	})
	t.Run("no operation is missing", func(t *testing.T) {
		env := describe(t, p, "")
		if env.Status != "needs_clarification" || env.Questions[0].Kind != "missing" {
			t.Errorf("answer %+v, want a missing question", env)
		}
	})
}

func hasAny(list []any, v any) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// TestCallOperationJennifer: call_operation runs the whole pipeline: the name is
// resolved through the person search, the ambiguity comes back as a question, and the
// continuation plus the chosen id completes the call without repeating the search.
func TestCallOperationJennifer(t *testing.T) {
	for _, where := range []string{"inside arguments", "top level"} {
		t.Run(where, func(t *testing.T) {
			stub := &tmdbStub{}
			up := httptest.NewServer(stub)
			defer up.Close()
			p := pipelineWith(t, Options{Spec: "tmdb.json", BaseURL: up.URL, Mode: ModeDynamic})
			c := connectInProcess(t, p, nil, "")
			first, _ := mcpCall(t, c, pipeline.ToolCallOperation, map[string]any{
				"operation":     "GET /person/{person_id}/movie_credits",
				"arguments":     map[string]any{"person_id": "Jennifer"},
				"_user_request": "Find films with Jennifer",
			})
			if first.Status != "needs_clarification" || first.Operation != "GET /person/{person_id}/movie_credits" {
				t.Fatalf("first call: %+v", first)
			}
			if len(first.Questions) != 1 || first.Questions[0].Field != "person_id" || first.Questions[0].Kind != "ambiguous" {
				t.Fatalf("questions %+v, want one ambiguous person_id", first.Questions)
			}
			var offered []string
			for _, o := range first.Questions[0].Options {
				offered = append(offered, optionString(o.Value))
			}
			if !reflect.DeepEqual(offered, []string{"72129", "6161"}) {
				t.Errorf("options %v, want 72129 and 6161", offered)
			}
			if got := stub.requests(); !reflect.DeepEqual(got, []string{"GET /search/person"}) {
				t.Fatalf("upstream saw %v before the user chose, want only the search", got)
			}
			if first.Continuation == "" {
				t.Fatal("no continuation")
			}

			args := map[string]any{"person_id": 72129}
			second := map[string]any{"operation": "GET_person-person_id-movie_credits", "arguments": args}
			if where == "top level" {
				second["_continuation"] = first.Continuation
			} else {
				args["_continuation"] = first.Continuation
			}
			done, _ := mcpCall(t, c, pipeline.ToolCallOperation, second)
			if done.Status != "ok" || done.HTTP == nil || done.HTTP.Status != 200 {
				t.Fatalf("resumed call: %+v", done)
			}
			if got := stub.requests(); !reflect.DeepEqual(got, []string{"GET /search/person", "GET /person/72129/movie_credits"}) {
				t.Errorf("upstream saw %v, want the search once and then the credits of 72129", got)
			}
		})
	}
}

// TestCallOperationSameAsStatic: for the same arguments, call_operation answers what the
// operation's own tool answers.
func TestCallOperationSameAsStatic(t *testing.T) {
	up := httptest.NewServer(&tmdbStub{})
	defer up.Close()
	static := connectInProcess(t, pipelineWith(t, Options{Spec: "tmdb.json", BaseURL: up.URL, Mode: ModeStatic}), nil, "")
	dynamic := connectInProcess(t, pipelineWith(t, Options{Spec: "tmdb.json", BaseURL: up.URL, Mode: ModeDynamic}), nil, "")
	for _, args := range []map[string]any{
		{"person_id": "Jennifer", "_user_request": "films with Jennifer"},
		{},
		{"person_id": "Jennifer", "page": "first"},
	} {
		want, _ := mcpCall(t, static, "GET_person-person_id-movie_credits", args)
		got, _ := mcpCall(t, dynamic, pipeline.ToolCallOperation, map[string]any{"operation": "GET /person/{person_id}/movie_credits", "arguments": args})
		want.Continuation, got.Continuation = "", ""
		for _, calls := range [][]map[string]any{want.Calls, got.Calls} {
			for _, call := range calls {
				delete(call, "duration_ms")
			}
		}
		if len(want.Questions) == 0 && want.Status != "error" {
			t.Fatalf("arguments %v: the static tool asked nothing; the case tests nothing: %+v", args, want)
		}
		if !reflect.DeepEqual(want, got) {
			t.Errorf("arguments %v:\nstatic  %+v\ndynamic %+v", args, want, got)
		}
	}
}

// TestCallOperationElicits: a client that can show forms gets the question as a form
// through call_operation too, and the answer completes the call (2026-07-28 multi
// round-trip and the 2025-11-25 elicitation request).
func TestCallOperationElicits(t *testing.T) {
	for _, version := range []string{"", mcp.ProtocolVersion20251125} {
		t.Run("version "+version, func(t *testing.T) {
			stub := &tmdbStub{}
			up := httptest.NewServer(stub)
			defer up.Close()
			p := pipelineWith(t, Options{Spec: "tmdb.json", BaseURL: up.URL, Mode: ModeDynamic})
			h := &elicitor{action: mcp.ElicitationResponseActionAccept, content: map[string]any{"person_id": "6161"}}
			c := connectInProcess(t, p, h, version)
			out := callForStructured(t, c, pipeline.ToolCallOperation, map[string]any{
				"operation": "GET /person/{person_id}/movie_credits", "arguments": map[string]any{"person_id": "Jennifer"},
			})
			if out["status"] != "ok" {
				t.Fatalf("status %v: %v", out["status"], out)
			}
			if len(h.forms) != 1 || !strings.Contains(h.forms[0].Message, "get movie credits") {
				t.Errorf("forms %+v, want one about the operation", h.forms)
			}
			if got := stub.requests(); !reflect.DeepEqual(got, []string{"GET /search/person", "GET /person/6161/movie_credits"}) {
				t.Errorf("upstream saw %v", got)
			}
		})
	}
}

// TestCallOperationConfirms: a write the policy wants confirmed is asked about and sent
// only with _confirm and the continuation, given beside the arguments.
func TestCallOperationConfirms(t *testing.T) {
	var mu sync.Mutex
	var deletes []string
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodDelete {
			mu.Lock()
			deletes = append(deletes, r.URL.Path)
			mu.Unlock()
		}
		w.WriteHeader(http.StatusOK)
	}))
	defer up.Close()
	p := pipelineFor(t, sharedSpecPath("alertmanager-v2.yaml"), up.URL, "confirm: {methods: [DELETE]}")
	p.DynamicMode = true
	c := connectInProcess(t, p, nil, "")
	id := "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
	ask, _ := mcpCall(t, c, pipeline.ToolCallOperation, map[string]any{"operation": "deleteSilence", "arguments": map[string]any{"silenceID": id}})
	if ask.Status != "needs_clarification" || len(ask.Questions) != 1 || ask.Questions[0].Field != "_confirm" {
		t.Fatalf("first call: %+v, want the confirmation question", ask)
	}
	if len(deletes) != 0 {
		t.Fatalf("deleted before confirmation: %v", deletes)
	}
	done, _ := mcpCall(t, c, pipeline.ToolCallOperation, map[string]any{
		"operation": "DELETE /silence/{silenceID}", "arguments": map[string]any{"silenceID": id},
		"_confirm": true, "_continuation": ask.Continuation,
	})
	if done.Status != "ok" || !reflect.DeepEqual(deletes, []string{"/api/v2/silence/" + id}) {
		t.Errorf("confirmed call: %+v, deletes %v", done, deletes)
	}
}

func TestCallOperationBadInput(t *testing.T) {
	up := httptest.NewServer(&tmdbStub{})
	defer up.Close()
	p := pipelineWith(t, Options{Spec: "tmdb.json", BaseURL: up.URL, Mode: ModeDynamic})
	c := connectInProcess(t, p, nil, "")

	unknown, _ := mcpCall(t, c, pipeline.ToolCallOperation, map[string]any{"operation": "GET /persons/{person_id}/movie_credits", "arguments": map[string]any{"person_id": 1}})
	if unknown.Status != "needs_clarification" || unknown.Questions[0].Field != "operation" || len(unknown.Questions[0].Options) == 0 ||
		optionString(unknown.Questions[0].Options[0].Value) != "GET_person-person_id-movie_credits" {
		t.Errorf("unknown operation: %+v", unknown)
	}
	notObject, _ := mcpCall(t, c, pipeline.ToolCallOperation, map[string]any{"operation": "GET_person-person_id-movie_credits", "arguments": []any{72129}})
	if notObject.Status != "needs_clarification" || notObject.Questions[0].Field != "arguments" || notObject.Questions[0].Kind != "invalid" {
		t.Errorf("arguments not an object: %+v", notObject)
	}
	// A JSON text of an object, as some models send it, is taken as the object.
	text, _ := mcpCall(t, c, pipeline.ToolCallOperation, map[string]any{"operation": "GET_person-person_id-movie_credits", "arguments": `{"person_id": 6161}`})
	if text.Status != "ok" {
		t.Errorf("arguments as JSON text: %+v", text)
	}
	// find_operations names the tools call_operation takes.
	found := callForStructured(t, c, pipeline.ToolFindOperations, map[string]any{"query": "movie credits of a person"})
	raw, _ := json.Marshal(found)
	if found["status"] != "ok" || !strings.Contains(string(raw), `"tool":"GET_person-person_id-movie_credits"`) {
		t.Errorf("find_operations: %s", raw)
	}
	// A word the API never uses is read as the one it does, and the note says so.
	films := callForStructured(t, c, pipeline.ToolFindOperations, map[string]any{"query": "films similar to a film"})
	raw, _ = json.Marshal(films)
	if films["status"] != "ok" || !strings.Contains(string(raw), `"path":"/movie/{movie_id}/similar"`) ||
		!strings.Contains(string(raw), `read \"films\" as \"movie\"`) {
		t.Errorf("find_operations with a synonym: %s", raw)
	}
}

func TestOperationArguments(t *testing.T) {
	// As an assistant sends them: bound to call_operation's argument type by mcp-go.
	bind := func(raw string) pipeline.CallArgs {
		var a pipeline.CallArgs
		if err := json.Unmarshal([]byte(raw), &a); err != nil {
			t.Fatalf("bind %s: %v", raw, err)
		}
		return a
	}
	got, err := operationArguments(bind(`{"operation": "x", "arguments": {"a": 1.0, "_continuation": "inner"},
		"_continuation": "outer", "_user_request": "words", "_confirm": true, "stray": "ignored"}`))
	want := map[string]any{"a": 1.0, "_continuation": "inner", "_user_request": "words", "_confirm": true}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("operationArguments = %v, %v; want %v", got, err, want)
	}
	if got, err := operationArguments(bind(`{"arguments": "{\"a\": 2}"}`)); err != nil || got["a"] != 2.0 {
		t.Errorf("arguments as the JSON text of an object = %v, %v", got, err)
	}
	if _, err := operationArguments(bind(`{"arguments": "not json"}`)); err == nil {
		t.Error("a string that is not JSON was accepted")
	}
	if got, err := operationArguments(bind(`{}`)); err != nil || len(got) != 0 {
		t.Errorf("no arguments = %v, %v", got, err)
	}
}

// TestCompactOutputSchema: dynamic mode's output schema keeps every field of the envelope
// with its type, so results conform to it exactly as to the full schema.
func TestCompactOutputSchema(t *testing.T) {
	full := clarify.OutputSchema()
	compact := compactOutputSchema()
	if !reflect.DeepEqual(compact["required"], full["required"]) || compact["type"] != "object" {
		t.Errorf("compact schema: type %v required %v", compact["type"], compact["required"])
	}
	fp, cp := full["properties"].(map[string]any), compact["properties"].(map[string]any)
	if len(fp) != len(cp) {
		t.Errorf("compact schema has %d fields, the envelope %d", len(cp), len(fp))
	}
	for name, s := range fp {
		c, ok := cp[name].(map[string]any)
		if !ok {
			t.Errorf("field %s missing", name)
			continue
		}
		f := s.(map[string]any)
		if !reflect.DeepEqual(c["type"], f["type"]) || !reflect.DeepEqual(c["enum"], f["enum"]) {
			t.Errorf("field %s: compact %v, full %v", name, c, f)
		}
	}
	full2, _ := json.Marshal(full)
	compact2, _ := json.Marshal(compact)
	if len(compact2) >= len(full2)/2 {
		t.Errorf("compact schema is %d bytes, the full one %d: not compact", len(compact2), len(full2))
	}
}
