package eval

import (
	"strings"
	"testing"

	"github.com/askapi/askapi/model/modeltest"
)

func TestScriptedReplies(t *testing.T) {
	m := &ModelSpec{Replies: []ModelReply{
		{Operation: "GET /person/{person_id}/movie_credits", Reason: "credits", Arguments: map[string]any{"person_id": "Sofia Coppola", "page": 2.0}},
		{Reason: "nothing fits"},
		{Text: "free text"},
	}}
	got := m.scriptedReplies()
	if len(got) != 3 {
		t.Fatalf("%d replies", len(got))
	}
	args := got[0].Arguments.(map[string]any)
	pairs := args["arguments"].([]any)
	if args["operation"] != "GET /person/{person_id}/movie_credits" || len(pairs) != 2 ||
		pairs[0].(map[string]any)["value"] != "2" || pairs[1].(map[string]any)["value"] != "Sofia Coppola" {
		t.Errorf("first reply %v: want name/value pairs of text, sorted by name", args)
	}
	if got[1].Arguments.(map[string]any)["operation"] != "none" {
		t.Errorf("a reply without operation is none: %v", got[1].Arguments)
	}
	if got[2].Text != "free text" || got[2].Arguments != nil {
		t.Errorf("text reply %+v", got[2])
	}
}

func TestModelProblems(t *testing.T) {
	m := &ModelSpec{Replies: []ModelReply{{Operation: "x"}}}
	ep := modeltest.New()
	defer ep.Close()
	probs := modelProblems(m, ep, []string{"s3cret"})
	if len(probs) != 1 || !strings.Contains(probs[0], "asked 0 times") {
		t.Errorf("problems %v, want the count mismatch", probs)
	}
}
