package chain

import (
	"reflect"
	"testing"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
)

func rtRef(step int, pointer string) Ref { return Ref{From: RefFrom{Step: step, Pointer: pointer}} }

// rtStepKeys lists the "METHOD /path" of each step.
func rtStepKeys(p Plan) []string {
	var out []string
	for _, s := range p.Steps {
		out = append(out, s.Method+" "+s.Path)
	}
	return out
}

func TestPlanTMDB(t *testing.T) {
	cat, g := rtShared(t, "tmdb.json")
	credits := rtOp(t, cat, "GET /person/{person_id}/movie_credits")
	cases := []struct {
		name   string
		hints  map[string]any
		status string
		steps  []string
		args   []map[string]any
		needs  []Need
	}{
		{"a name goes through the search", map[string]any{"person_id": "Sofia Coppola"}, "ok",
			[]string{"GET /search/person", "GET /person/{person_id}/movie_credits"},
			[]map[string]any{{"query": "Sofia Coppola"}, {"person_id": rtRef(0, "/results/0/id")}}, nil},
		{"the hint may name the thing", map[string]any{"person": "Sofia Coppola"}, "ok",
			[]string{"GET /search/person", "GET /person/{person_id}/movie_credits"},
			[]map[string]any{{"query": "Sofia Coppola"}, {"person_id": rtRef(0, "/results/0/id")}}, nil},
		{"an id is used as given", map[string]any{"person_id": 1769.0}, "ok",
			[]string{"GET /person/{person_id}/movie_credits"}, []map[string]any{{"person_id": 1769.0}}, nil},
		{"an id as text is used as given", map[string]any{"person_id": "1769"}, "ok",
			[]string{"GET /person/{person_id}/movie_credits"}, []map[string]any{{"person_id": "1769"}}, nil},
		{"nothing said: ask for the person", nil, "needs_clarification",
			[]string{"GET /person/{person_id}/movie_credits"}, []map[string]any{{}},
			[]Need{{Operation: "GET /person/{person_id}/movie_credits", Arg: "person_id", Resource: "person"}}},
		{"unknown hints are not passed on", map[string]any{"person_id": 1769.0, "colour": "blue"}, "ok",
			[]string{"GET /person/{person_id}/movie_credits"}, []map[string]any{{"person_id": 1769.0}}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := PlanCall(g, credits, tc.hints)
			if p.Status != tc.status {
				t.Errorf("status = %q, want %q (needs %+v)", p.Status, tc.status, p.Needs)
			}
			if got := rtStepKeys(p); !reflect.DeepEqual(got, tc.steps) {
				t.Fatalf("steps = %q, want %q", got, tc.steps)
			}
			for i, want := range tc.args {
				if !reflect.DeepEqual(p.Steps[i].Arguments, want) {
					t.Errorf("step %d arguments = %#v, want %#v", i, p.Steps[i].Arguments, want)
				}
			}
			last := p.Steps[len(p.Steps)-1]
			if last.Operation != credits.Name || last.Provides != "" {
				t.Errorf("last step = %+v, want the target", last)
			}
			if len(p.Steps) > 1 && (p.Steps[0].Operation != "GET_search-person" || p.Steps[0].Provides == "") {
				t.Errorf("producer step = %+v", p.Steps[0])
			}
			if len(p.Needs) != len(tc.needs) {
				t.Fatalf("needs = %+v, want %+v", p.Needs, tc.needs)
			}
			for i, n := range tc.needs {
				got := p.Needs[i]
				if got.Operation != n.Operation || got.Arg != n.Arg || got.Resource != n.Resource || got.Reason == "" {
					t.Errorf("need %d = %+v, want %+v", i, got, n)
				}
			}
		})
	}
}

func TestPlanSpotifyAndAlertmanager(t *testing.T) {
	cat, g := rtShared(t, "spotify.json")
	p := PlanCall(g, rtOp(t, cat, "GET /artists/{id}/top-tracks"), map[string]any{"id": "Radiohead"})
	if p.Status != "ok" || !reflect.DeepEqual(rtStepKeys(p), []string{"GET /search", "GET /artists/{id}/top-tracks"}) {
		t.Fatalf("plan = %+v", p)
	}
	if want := map[string]any{"q": "Radiohead", "type": []any{"artist"}}; !reflect.DeepEqual(p.Steps[0].Arguments, want) {
		t.Errorf("search arguments = %#v, want %#v", p.Steps[0].Arguments, want)
	}
	if got := p.Steps[1].Arguments["id"]; got != rtRef(0, "/artists/items/0/id") {
		t.Errorf("id = %#v", got)
	}

	// A plan never runs a write as a producer, and a write target is planned, not run.
	am, ag := rtShared(t, "alertmanager-v2.yaml")
	del := rtOp(t, am, "DELETE /silence/{silenceID}")
	p = PlanCall(ag, del, map[string]any{"silenceID": "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a"})
	if p.Status != "ok" || !reflect.DeepEqual(rtStepKeys(p), []string{"DELETE /silence/{silenceID}"}) {
		t.Errorf("plan = %+v", p)
	}
	post := rtOp(t, am, "POST /silences")
	p = PlanCall(ag, post, map[string]any{"matchers": []any{}, "startsAt": "2026-11-20T10:00:00Z", "endsAt": "2026-11-22T10:00:00Z"})
	var missing []string
	for _, n := range p.Needs {
		missing = append(missing, n.Arg)
	}
	if p.Status != "needs_clarification" || !reflect.DeepEqual(missing, []string{"createdBy", "comment"}) {
		t.Errorf("needs = %+v, want createdBy and comment", p.Needs)
	}
	if got := p.Steps[0].Arguments; len(got) != 3 {
		t.Errorf("body arguments kept = %#v", got)
	}
}

// rtHints makes hints for every required argument of op: a name for each argument the
// graph can resolve, a number for the rest.
func rtHints(g *reverse.Graph, op *tools.Operation) map[string]any {
	hints := map[string]any{}
	for _, arg := range requiredArgs(op) {
		if _, ok := g.Edge(op, arg); ok {
			hints[arg] = "Some Name"
		} else {
			hints[arg] = 7.0
		}
	}
	return hints
}

// For every TMDB operation: every step is a real operation, producers are safe, every
// $from points at an earlier step, and the plan ends with the target.
func TestPlanEveryOperation(t *testing.T) {
	for _, spec := range []string{"tmdb.json", "spotify.json", "alertmanager-v2.yaml"} {
		t.Run(spec, func(t *testing.T) {
			cat, g := rtShared(t, spec)
			keys := map[string]*tools.Operation{}
			for _, op := range cat.Operations() {
				keys[op.Key()] = op
			}
			resolved := 0
			for _, op := range cat.Operations() {
				p := PlanCall(g, op, rtHints(g, op))
				if len(p.Steps) == 0 {
					t.Errorf("%s: no steps", op.Key())
					continue
				}
				last := p.Steps[len(p.Steps)-1]
				if last.Method != op.Method || last.Path != op.Path || last.Operation != op.Name {
					t.Errorf("%s: last step is %s %s", op.Key(), last.Method, last.Path)
				}
				for i, s := range p.Steps {
					real := keys[s.Method+" "+s.Path]
					if real == nil || real.Name != s.Operation {
						t.Errorf("%s: step %d %s %s (%s) is not an operation", op.Key(), i, s.Method, s.Path, s.Operation)
						continue
					}
					if i < len(p.Steps)-1 && !real.ReadOnly() {
						t.Errorf("%s: producer step %d is a write: %s", op.Key(), i, real.Key())
					}
					for arg, v := range s.Arguments {
						if real.ParamByArg(arg) == nil && !reverse.IsBodyArg(real, arg) {
							t.Errorf("%s: step %d has argument %q the operation does not take", op.Key(), i, arg)
						}
						if ref, ok := v.(Ref); ok && (ref.From.Step < 0 || ref.From.Step >= i || ref.From.Pointer == "") {
							t.Errorf("%s: step %d %s refers to step %d", op.Key(), i, arg, ref.From.Step)
						}
					}
					if i < len(p.Steps)-1 {
						// Every producer step feeds a later step.
						used := false
						for _, later := range p.Steps[i+1:] {
							for _, v := range later.Arguments {
								if ref, ok := v.(Ref); ok && ref.From.Step == i {
									used = true
								}
							}
						}
						if !used {
							t.Errorf("%s: step %d (%s %s) feeds nothing", op.Key(), i, s.Method, s.Path)
						}
					}
				}
				if p.Status == "ok" {
					if len(p.Needs) != 0 {
						t.Errorf("%s: ok with needs %+v", op.Key(), p.Needs)
					}
					for _, arg := range requiredArgs(op) {
						if _, ok := last.Arguments[arg]; !ok {
							t.Errorf("%s: ok but %s not filled", op.Key(), arg)
						}
					}
				} else if len(p.Needs) == 0 {
					t.Errorf("%s: status %q without needs", op.Key(), p.Status)
				}
				if len(p.Steps) > 1 {
					resolved++
				}
			}
			if spec == "tmdb.json" && resolved < 25 {
				t.Errorf("only %d TMDB plans resolve a name through a producer", resolved)
			}
		})
	}
}

func TestPlanDepthLimit(t *testing.T) {
	cat, g := rtData(t, "chain.yaml", nil)
	names := map[string]any{"a_id": "Alpha", "b_id": "Beta", "c_id": "Gamma", "d_id": "Delta"}

	// p1 ← p2 ← p3 ← p4: three producers before the target, at the limit.
	p1 := rtOp(t, cat, "p1")
	hints := map[string]any{"q": "x"}
	for k, v := range names {
		hints[k] = v
	}
	p := PlanCall(g, p1, hints)
	if p.Status != "ok" || !reflect.DeepEqual(rtStepKeys(p), []string{"GET /p4", "GET /p3/{d_id}", "GET /p2/{c_id}", "GET /p1/{b_id}"}) {
		t.Fatalf("plan at the depth limit = %+v", p)
	}
	if got := p.Steps[1].Arguments; got["d_id"] != rtRef(0, "/hits/0/id") || got["q"] != "Gamma" {
		t.Errorf("p3 arguments = %#v", got)
	}
	if got := p.Steps[3].Arguments; got["b_id"] != rtRef(2, "/hits/0/id") || got["q"] != "x" {
		t.Errorf("p1 arguments = %#v", got)
	}

	// target ← p1 ← p2 ← p3 ← p4: one producer too many.
	p = PlanCall(g, rtOp(t, cat, "target"), names)
	if p.Status != "needs_clarification" || len(p.Needs) == 0 {
		t.Fatalf("plan past the depth limit = %+v", p)
	}
	if got := rtStepKeys(p); !reflect.DeepEqual(got, []string{"GET /t/{a_id}"}) {
		t.Errorf("steps = %q, want only the target (no half-built chain)", got)
	}
	if n := p.Needs[0]; n.Operation != "GET /t/{a_id}" || n.Arg != "a_id" {
		t.Errorf("need = %+v, want the target's a_id", n)
	}
	if MaxDepth != 3 {
		t.Errorf("MaxDepth = %d; the chain fixture assumes 3", MaxDepth)
	}
}

func TestPlanCycle(t *testing.T) {
	cat, g := rtData(t, "cycle.yaml", nil)
	target := rtOp(t, cat, "target")
	p := PlanCall(g, target, map[string]any{"a_id": "Alpha", "b_id": "Beta"})
	if p.Status != "needs_clarification" {
		t.Errorf("status = %q", p.Status)
	}
	if got := rtStepKeys(p); !reflect.DeepEqual(got, []string{"GET /x/{a_id}"}) {
		t.Errorf("steps = %q, want only the target", got)
	}
	if len(p.Needs) != 1 || p.Needs[0].Arg != "a_id" || p.Needs[0].Operation != "GET /x/{a_id}" {
		t.Errorf("needs = %+v", p.Needs)
	}
	// Ids break the cycle.
	p = PlanCall(g, target, map[string]any{"a_id": "a-123456789012"})
	if p.Status != "ok" || len(p.Steps) != 1 {
		t.Errorf("with an id: %+v", p)
	}
}

// A producer that cannot be completed leaves nothing behind in the plan.
func TestPlanAbandonedProducerLeavesNoSteps(t *testing.T) {
	cat, g := rtData(t, "orphan.yaml", reverse.DeclaredSources{"GET /t/{a_id}": {"a_id": {Operation: "GET /p1b"}}})
	target := rtOp(t, cat, "target")
	if e := rtEdge(t, g, target, "a_id"); len(e.Producers) != 2 || e.Producers[0].OpKey != "GET /p1/{b_id}/{e_id}" {
		t.Fatalf("producers = %+v", e.Producers)
	}
	p := PlanCall(g, target, map[string]any{"a_id": "Alpha", "b_id": "Beta"})
	if p.Status != "ok" {
		t.Fatalf("status = %q, needs %+v", p.Status, p.Needs)
	}
	if got, want := rtStepKeys(p), []string{"GET /p1b", "GET /t/{a_id}"}; !reflect.DeepEqual(got, want) {
		t.Errorf("steps = %q, want %q", got, want)
	}
	if got := p.Steps[len(p.Steps)-1].Arguments["a_id"]; got != rtRef(0, "/0/id") {
		t.Errorf("a_id = %#v", got)
	}
}
