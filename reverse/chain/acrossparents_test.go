package chain

import (
	"context"
	"testing"

	"github.com/askapi/askapi/reverse"
)

// TestParentOfNamed: a pod named without its namespace is found in the list of pods of
// every namespace, and its namespace filled; a name two namespaces hold is a choice
// between them; a name none holds leaves the namespace to the other rules.
func TestParentOfNamed(t *testing.T) {
	cat, g := rtData(t, "acrossparents.yaml", nil)
	const pods = `{"items":[
	  {"metadata":{"name":"ledger-worker-k2x7q","namespace":"payments","uid":"u1"}},
	  {"metadata":{"name":"api-gateway","namespace":"production","uid":"u2"}},
	  {"metadata":{"name":"api-gateway","namespace":"staging","uid":"u3"}}]}`
	cases := []struct {
		name, pod string
		outcome   Outcome
		value     any
		options   int
	}{
		{"one namespace", "ledger-worker-k2x7q", Filled, "payments", 0},
		{"two namespaces", "api-gateway", Ambiguous, nil, 2},
	}
	for _, key := range []string{"GET /api/v1/namespaces/{namespace}/pods/{name}", "DELETE /api/v1/namespaces/{namespace}/pods/{name}"} {
		op := rtOp(t, cat, key)
		for _, tc := range cases {
			t.Run(key+" "+tc.name, func(t *testing.T) {
				f := &rtFetcher{bodies: map[string]string{"GET /api/v1/pods": pods}}
				e := reverse.Edge{Arg: "namespace", Resource: "namespace"}
				r, ok := parentOfNamed(context.Background(), g, op, e, map[string]any{"name": tc.pod}, f)
				if !ok || r.Outcome != tc.outcome || r.Value != tc.value || len(r.Candidates) != tc.options {
					t.Errorf("%v %+v, want %s %v with %d options", ok, r, tc.outcome, tc.value, tc.options)
				}
				if len(f.calls) != 1 || f.calls[0].op != "GET /api/v1/pods" {
					t.Errorf("calls %+v, want one list of every namespace's pods", f.calls)
				}
			})
		}
		f := &rtFetcher{bodies: map[string]string{"GET /api/v1/pods": pods}}
		if r, ok := parentOfNamed(context.Background(), g, op, reverse.Edge{Arg: "namespace", Resource: "namespace"}, map[string]any{"name": "nobody"}, f); ok {
			t.Errorf("%s: a name no namespace holds settled %+v", key, r)
		}
	}
}
