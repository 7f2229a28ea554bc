package chain

import (
	"context"
	"testing"
)

// TestResolveNearMatchIsOffered: a name that only nearly matches (a misspelt word, the
// start of one) is never filled: it is not_found with the near item offered, whether a
// list held it or a search answered it (issue 26: "Acme Cop" became Acme Corp). Accents
// and case do not make a near match.
func TestResolveNearMatchIsOffered(t *testing.T) {
	cases := []struct {
		spec, op, arg, producer, body, input string
		outcome                              Outcome
		offered                              any
	}{
		{"tmdb.json", "GET /person/{person_id}", "person_id", "GET /search/person", rtJenniferBody, "Jenifer Lawrence", NotFound, 72129.0},
		{"tmdb.json", "GET /person/{person_id}", "person_id", "GET /search/person", rtJenniferBody, "Jennifer Law", NotFound, 72129.0},
		{"tmdb.json", "GET /person/{person_id}", "person_id", "GET /search/person", rtJenniferBody, "jennifer LAWRENCE", Filled, 72129.0},
		{"tmdb.json", "GET /person/{person_id}", "person_id", "GET /search/person",
			`{"results":[{"id":14386,"name":"Beyoncé Knowles"}]}`, "Beyonce", Filled, 14386.0},
		{"alertmanager-v2.yaml", "DELETE /silence/{silenceID}", "silenceID", "GET /silences", rtSilenceBody, "DiskFul", NotFound, "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a"},
		{"alertmanager-v2.yaml", "DELETE /silence/{silenceID}", "silenceID", "GET /silences", rtSilenceBody, "rack 4 disk swa", NotFound, "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a"},
	}
	for _, tc := range cases {
		t.Run(tc.input, func(t *testing.T) {
			cat, g := rtShared(t, tc.spec)
			op := rtOp(t, cat, tc.op)
			f := &rtFetcher{bodies: map[string]string{tc.producer: tc.body}}
			res := Resolve(context.Background(), g, op, map[string]any{tc.arg: tc.input}, f, nil)
			if len(res) != 1 || res[0].Outcome != tc.outcome {
				t.Fatalf("resolutions = %+v, want %s", res, tc.outcome)
			}
			r := res[0]
			switch tc.outcome {
			case Filled:
				if r.Value != tc.offered {
					t.Errorf("value = %v, want %v", r.Value, tc.offered)
				}
			case NotFound:
				if r.Value != nil || len(r.Candidates) != 1 || r.Candidates[0].ID != tc.offered {
					t.Errorf("want nothing filled and %v offered: %+v", tc.offered, r)
				}
			}
		})
	}
}

// TestResolveSearchIgnoredFilter: a search that answers people called something else
// entirely (a filter the API ignored) fills nothing and offers nothing.
func TestResolveSearchIgnoredFilter(t *testing.T) {
	cat, g := rtShared(t, "tmdb.json")
	op := rtOp(t, cat, "GET /person/{person_id}")
	f := &rtFetcher{bodies: map[string]string{"GET /search/person": `{"results":[{"id":72129,"name":"Jennifer Lawrence"}]}`}}
	res := Resolve(context.Background(), g, op, map[string]any{"person_id": "Zed Quimby"}, f, nil)
	if len(res) != 1 || res[0].Outcome != NotFound || len(res[0].Candidates) != 0 {
		t.Fatalf("resolutions = %+v, want not_found offering nothing", res)
	}
}
