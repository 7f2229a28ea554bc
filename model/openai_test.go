package model_test

import (
	"context"
	"strings"
	"testing"

	"github.com/askapi/askapi/model"
	"github.com/askapi/askapi/model/modeltest"
)

var cands = []model.Candidate{
	{Name: "search-person", Key: "GET /search/person", Summary: "Search People", Params: []model.Param{{Name: "query", Type: "string", Required: true}, {Name: "page", Type: "integer"}}},
	{Name: "person-movie-credits", Key: "GET /person/{person_id}/movie_credits", Summary: "Get Movie Credits", Params: []model.Param{{Name: "person_id", Type: "integer", Required: true}}},
}

const key = "sk-test-secret-key-123456"

func TestOpenAIFunctionCall(t *testing.T) {
	ep := modeltest.New(modeltest.Reply{Arguments: map[string]any{
		"operation": "person-movie-credits", "reason": "credits of a person",
		"arguments": []any{map[string]any{"name": "person_id", "value": "Sofia Coppola"}},
	}})
	defer ep.Close()
	c, err := model.NewOpenAI(model.Config{BaseURL: ep.BaseURL(), Model: "scripted-1", APIKey: key})
	if err != nil {
		t.Fatal(err)
	}
	p := model.NewPrompt("movies directed by Sofia Coppola", cands)
	r, err := c.Complete(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	ch, err := model.Parse(r, p.Candidates)
	if err != nil {
		t.Fatal(err)
	}
	if ch.Candidate == nil || ch.Candidate.Key != "GET /person/{person_id}/movie_credits" || ch.Arguments["person_id"] != "Sofia Coppola" {
		t.Fatalf("choice = %+v", ch)
	}
	reqs := ep.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	got := reqs[0]
	if got.Decoded["model"] != "scripted-1" {
		t.Errorf("model = %v", got.Decoded["model"])
	}
	if enum := got.OperationEnum(); strings.Join(enum, ",") != "search-person,person-movie-credits,none" {
		t.Errorf("operation enum = %v (candidates + none)", enum)
	}
	tools := got.Decoded["tools"].([]any)
	fn := tools[0].(map[string]any)["function"].(map[string]any)
	if fn["strict"] != true || fn["name"] != model.FunctionName {
		t.Errorf("function = %v, want strict %s", fn, model.FunctionName)
	}
	if tc, _ := got.Decoded["tool_choice"].(map[string]any); tc == nil {
		t.Errorf("tool_choice not forced: %v", got.Decoded["tool_choice"])
	}
	if strings.Contains(string(got.Body), key) {
		t.Error("the API key is in the request body")
	}
	if got.Authorization != "Bearer "+key {
		t.Errorf("Authorization = %q", got.Authorization)
	}
	if got.Decoded["max_tokens"] == nil {
		t.Errorf("no token budget for a compatible endpoint: %s", got.Body)
	}
}

// An endpoint that refuses tools is asked again in JSON mode, and is not offered tools
// again on the next call.
func TestOpenAIJSONModeFallback(t *testing.T) {
	answer := `Sure! {"operation": "search-person", "reason": "a search", "arguments": {"query": "Sofia Coppola"}}`
	ep := modeltest.New(modeltest.Reply{Status: 400}, modeltest.Reply{Text: answer}, modeltest.Reply{Text: answer})
	defer ep.Close()
	c, err := model.NewOpenAI(model.Config{BaseURL: ep.BaseURL(), Model: "llama"})
	if err != nil {
		t.Fatal(err)
	}
	p := model.NewPrompt("find Sofia Coppola", cands)
	for i := 0; i < 2; i++ {
		r, err := c.Complete(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		ch, err := model.Parse(r, p.Candidates)
		if err != nil || ch.Candidate == nil || ch.Candidate.Name != "search-person" || ch.Arguments["query"] != "Sofia Coppola" {
			t.Fatalf("call %d: choice %+v, %v", i, ch, err)
		}
	}
	reqs := ep.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests, want 3 (tools refused, JSON mode, JSON mode)", len(reqs))
	}
	for i, r := range reqs[1:] {
		if r.Decoded["tools"] != nil {
			t.Errorf("request %d offers tools after the refusal", i+2)
		}
		if rf, _ := r.Decoded["response_format"].(map[string]any); rf["type"] != "json_object" {
			t.Errorf("request %d: response_format = %v", i+2, r.Decoded["response_format"])
		}
		if r.Authorization != "" {
			t.Errorf("a keyless endpoint got Authorization %q", r.Authorization)
		}
	}
}

func TestOpenAIConfig(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  model.Config
		want string
	}{
		{"no model", model.Config{BaseURL: "http://127.0.0.1:11434/v1"}, "--llm-model"},
		{"bad url", model.Config{BaseURL: "ftp://x", Model: "m"}, "--llm-base-url"},
	} {
		if _, err := model.NewOpenAI(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want mention of %s", tc.name, err, tc.want)
		}
	}
}
