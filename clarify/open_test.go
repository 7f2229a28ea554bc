package clarify

import (
	"strings"
	"testing"

	"github.com/askapi/askapi/reverse/chain"
)

// TestFromOpenResolution: a lookup that needed a parent nobody named ends in a question,
// asked in plain words about the thing a person knows, never about an id: on the parent
// where the call takes it (with the few the API listed as options), else on the argument
// itself.
func TestFromOpenResolution(t *testing.T) {
	two := []chain.Candidate{{ID: "w1", Label: "Marketing"}, {ID: "w2", Label: "Engineering"}}
	cases := []struct {
		name     string
		r        chain.Resolution
		field    string
		kind     Kind
		contains []string
		options  int
	}{
		{"the call takes the parent", chain.Resolution{Arg: "project_id", Resource: "project", Input: "Launch", Outcome: chain.Open, Via: "GET /workspaces/{workspace_id}/projects",
			Within: &chain.Resolution{Arg: "workspace_id", Resource: "workspace", Outcome: chain.Ambiguous, Candidates: two}},
			"workspace_id", Missing, []string{"Which workspace", `project "Launch"`, "name is enough"}, 2},
		{"the call takes the parent, none listed", chain.Resolution{Arg: "project_id", Resource: "project", Input: "Launch", Outcome: chain.Open, Via: "GET /workspaces/{workspace_id}/projects",
			Within: &chain.Resolution{Arg: "workspace_id", Resource: "workspace"}},
			"workspace_id", Missing, []string{"Which workspace", "name is enough"}, 0},
		{"the call does not take the parent", chain.Resolution{Arg: "project_id", Resource: "project", Input: "Launch", Outcome: chain.Open, Via: "GET /workspaces/{workspace_id}/projects",
			Within: &chain.Resolution{Resource: "workspace", Outcome: chain.Ambiguous, Candidates: two}},
			"project_id", Invalid, []string{"Which project", `"Launch"`, "workspace"}, 0},
		{"nothing said of the parent", chain.Resolution{Arg: "parent_id", Resource: "parent_node", Input: "Legal Contracts", Outcome: chain.Open, Via: "GET /v4/nodes/{node_id}/parents"},
			"parent_id", Invalid, []string{"Which parent node", `"Legal Contracts"`}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			q, ok := FromResolution(tc.r)
			if !ok {
				t.Fatal("no question")
			}
			if q.Field != tc.field || q.Kind != tc.kind || q.Reason == "" || q.Via != tc.r.Via {
				t.Errorf("question = %+v", q)
			}
			for _, want := range tc.contains {
				if !strings.Contains(q.Question, want) {
					t.Errorf("question %q lacks %q", q.Question, want)
				}
			}
			if ctRawID.MatchString(q.Question) || strings.Contains(q.Question, "_id") {
				t.Errorf("question %q asks for an id", q.Question)
			}
			if len(q.Options) != tc.options {
				t.Fatalf("options = %+v, want %d", q.Options, tc.options)
			}
			for i, o := range q.Options {
				if c := tc.r.Within.Candidates[i]; o.Value != c.ID || o.Label != c.Label {
					t.Errorf("option %d = %+v", i, o)
				}
			}
		})
	}
}
