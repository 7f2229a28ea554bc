package chain

import (
	"context"
	"testing"
)

// TestResolveOpenParent: a name whose only producer lists within a parent nobody named
// and no list settles (two workspaces) is no failure: the resolution stays open and says
// which thing it needs first, with the few candidates the list offered, and whether the
// call itself takes it.
func TestResolveOpenParent(t *testing.T) {
	cat, g := rtData(t, "unsettled.yaml", nil)
	two := `{"data":[{"id":"w1","name":"Marketing"},{"id":"w2","name":"Engineering"}]}`
	none := `{"data":[]}`
	cases := []struct {
		name       string
		op         string
		workspaces string
		withinArg  string
		options    int
	}{
		{"the call takes the parent", "GET /tasks", two, "workspace_id", 2},
		{"the call does not take the parent", "GET /projects/{project_id}/tasks", two, "", 2},
		{"no parent at all", "GET /projects/{project_id}/tasks", none, "", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			op := rtOp(t, cat, tc.op)
			f := &rtFetcher{bodies: map[string]string{"GET /workspaces": tc.workspaces}}
			rs := Resolve(context.Background(), g, op, map[string]any{"project_id": "Launch"}, f, nil)
			if len(rs) != 1 {
				t.Fatalf("resolutions: %+v", rs)
			}
			r := rs[0]
			if r.Outcome != Open || r.Err != nil || r.Arg != "project_id" || r.Resource != "project" || r.Input != "Launch" {
				t.Fatalf("resolution: %+v", r)
			}
			if r.Within == nil || r.Within.Resource != "workspace" || r.Within.Arg != tc.withinArg || len(r.Within.Candidates) != tc.options {
				t.Fatalf("within: %+v", r.Within)
			}
			for _, c := range f.calls {
				if c.op == "GET /workspaces/{workspace_id}/projects" {
					t.Errorf("projects listed under no workspace: %+v", c.args)
				}
			}
		})
	}
}

// TestResolveOpenFallsBack: a producer that cannot run (its parent is not settled) does
// not end the lookup: the next producer that can run answers.
func TestResolveOpenFallsBack(t *testing.T) {
	cat, g := rtData(t, "fallback.yaml", nil)
	op := rtOp(t, cat, "GET /tasks")
	if e := rtEdge(t, g, op, "project_id"); len(e.Producers) < 2 || e.Producers[0].OpKey != "GET /workspaces/{workspace_id}/projects/search" {
		t.Fatalf("producers, best first: %+v", e.Producers)
	}
	f := &rtFetcher{bodies: map[string]string{
		"GET /workspaces": `{"data":[{"id":"w1","name":"Marketing"},{"id":"w2","name":"Engineering"}]}`,
		"GET /projects":   `{"data":[{"id":"p1","name":"Launch"},{"id":"p2","name":"Roadmap"}]}`,
	}}
	rs := Resolve(context.Background(), g, op, map[string]any{"project_id": "Launch"}, f, nil)
	if len(rs) != 1 || rs[0].Outcome != Filled || rs[0].Value != "p1" || rs[0].Via != "GET /projects" {
		t.Fatalf("resolutions: %+v", rs)
	}
}

// TestResolveOpenNotReused: an open lookup is not carried to the next round as if it
// had been settled: once the parent is named, the project is looked up again.
func TestResolveOpenNotReused(t *testing.T) {
	cat, g := rtData(t, "unsettled.yaml", nil)
	op := rtOp(t, cat, "GET /tasks")
	f := &rtFetcher{bodies: map[string]string{
		"GET /workspaces":                         `{"data":[{"id":"w1","name":"Marketing"},{"id":"w2","name":"Engineering"}]}`,
		"GET /workspaces/{workspace_id}/projects": `{"data":[{"id":"p1","name":"Launch"},{"id":"p2","name":"Roadmap"}]}`,
	}}
	first := Resolve(context.Background(), g, op, map[string]any{"project_id": "Launch"}, f, nil)
	if len(first) != 1 || first[0].Outcome != Open {
		t.Fatalf("first round: %+v", first)
	}
	prior := map[string]Resolution{first[0].Arg: first[0]}
	rs := Resolve(context.Background(), g, op, map[string]any{"project_id": "Launch", "workspace_id": "Marketing"}, f, prior)
	got := map[string]Resolution{}
	for _, r := range rs {
		got[r.Arg] = r
	}
	if p := got["project_id"]; p.Outcome != Filled || p.Value != "p1" || p.Reused || got["workspace_id"].Value != "w1" {
		t.Fatalf("second round: %+v", rs)
	}
}
