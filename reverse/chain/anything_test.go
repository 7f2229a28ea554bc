package chain

import (
	"context"
	"strings"
	"testing"
)

// TestResolveAnyThing: a name for an argument that names any thing (resourceArn) is
// looked for in every list that carries such ids: found in one, it is that one's id;
// found in two, the person chooses, each option labelled with its kind; found nowhere,
// it is not found.
func TestResolveAnyThing(t *testing.T) {
	cat, g := rtData(t, "anything.yaml", nil)
	op := rtOp(t, cat, "POST /tags/{resourceArn}")
	const (
		data   = `{"DataIntegrations":[{"Arn":"arn:aws:app-integrations:us-east-1:1:data-integration/d1","Id":"d1","Name":"ZendeskTickets"},{"Arn":"arn:aws:app-integrations:us-east-1:1:data-integration/d2","Id":"d2","Name":"SalesforceAccounts"}]}`
		events = `{"EventIntegrations":[{"EventIntegrationArn":"arn:aws:app-integrations:us-east-1:1:event-integration/ZendeskTickets","Name":"ZendeskTickets"}]}`
		jobs   = `{"Jobs":[]}`
	)
	cases := []struct {
		name, input string
		outcome     Outcome
		value       any
		labels      []string
	}{
		{"in one list", "SalesforceAccounts", Filled, "arn:aws:app-integrations:us-east-1:1:data-integration/d2", nil},
		{"in two lists", "ZendeskTickets", Ambiguous, nil, []string{"ZendeskTickets (data integration)", "ZendeskTickets (event integration)"}},
		{"in none", "Marketo Leads", NotFound, nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := &rtFetcher{bodies: map[string]string{"GET /dataIntegrations": data, "GET /eventIntegrations": events, "GET /jobs": jobs}}
			rs := Resolve(context.Background(), g, op, map[string]any{"resourceArn": tc.input}, f, nil)
			if len(rs) != 1 {
				t.Fatalf("resolutions = %+v, want one", rs)
			}
			r := rs[0]
			if r.Outcome != tc.outcome || r.Value != tc.value {
				t.Errorf("outcome %s value %v, want %s %v (%+v)", r.Outcome, r.Value, tc.outcome, tc.value, r)
			}
			var labels []string
			for _, c := range r.Candidates {
				labels = append(labels, c.Label)
			}
			if tc.labels != nil && (len(labels) != len(tc.labels) || !strings.HasPrefix(labels[0], tc.labels[0]) || !strings.HasPrefix(labels[1], tc.labels[1])) {
				t.Errorf("options %v, want %v", labels, tc.labels)
			}
			if len(f.calls) != 2 {
				t.Errorf("calls %d, want every list of tagged things asked once (2)", len(f.calls))
			}
		})
	}
}

// TestResolveAnyThingOwnNames: across lists of several kinds, an item counts as called a
// name by its own label and keys, not by another thing it mentions (an event integration
// that names its data integration's source).
func TestResolveAnyThingOwnNames(t *testing.T) {
	cat, g := rtData(t, "anything.yaml", nil)
	op := rtOp(t, cat, "GET /tags/{resourceArn}")
	f := &rtFetcher{bodies: map[string]string{
		"GET /dataIntegrations":  `{"DataIntegrations":[{"Arn":"arn:aws:x:us-east-1:1:data-integration/d1","Id":"d1","Name":"sales-feed"}]}`,
		"GET /eventIntegrations": `{"EventIntegrations":[{"EventIntegrationArn":"arn:aws:x:us-east-1:1:event-integration/e1","Name":"orders","Source":"sales-feed"}]}`,
	}}
	rs := Resolve(context.Background(), g, op, map[string]any{"resourceArn": "sales-feed"}, f, nil)
	if len(rs) != 1 || rs[0].Outcome != Filled || rs[0].Value != "arn:aws:x:us-east-1:1:data-integration/d1" {
		t.Errorf("resolutions %+v, want the data integration called sales-feed alone", rs)
	}
}
