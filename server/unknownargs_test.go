package server

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/askapi/askapi/clarify"
)

// TestUnknownArgumentsAnsweredToAssistant: an argument the tool does not take (a header
// askapi sets itself, a misspelt name) is the assistant's mistake: an error naming it and
// the arguments the tool takes, never a question for the person, and nothing is sent.
func TestUnknownArgumentsAnsweredToAssistant(t *testing.T) {
	cases := []struct {
		name string
		args map[string]any
		says []string
	}{
		{"a header askapi sets", map[string]any{"customer": "cus_8Hq2", "Accept": "application/json"}, []string{`"Accept"`, "It takes: customer, phone"}},
		{"a misspelt name", map[string]any{"customer": "cus_8Hq2", "phnoe": "+14155550134"}, []string{`"phnoe" (did you mean "phone"?)`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u := &invariantUpstream{}
			srv := httptest.NewServer(u)
			defer srv.Close()
			p := pipelineWith(t, Options{Spec: "testdata/invariant.yaml", BaseURL: srv.URL, Environ: []string{}})
			res := p.Call(context.Background(), p.Catalog.Lookup("POST /customers/{customer}"), tc.args)
			if res.Status != clarify.StatusError || !res.IsError() || len(res.Questions) != 0 {
				t.Fatalf("want an error for the assistant, no question: %+v", res)
			}
			for _, s := range tc.says {
				if !strings.Contains(res.Reason, s) {
					t.Errorf("reason %q lacks %q", res.Reason, s)
				}
			}
			if len(u.seen) != 0 {
				t.Errorf("sent %v", u.seen)
			}
		})
	}
}
