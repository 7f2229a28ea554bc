package eval

import "testing"

func TestSentWords(t *testing.T) {
	words := []string{"Bob Smith", "Jenny"}
	cases := []struct {
		name string
		req  Request
		want int
	}{
		{"read may carry the name", Request{Method: "GET", Path: "/v1/customers/search", Query: map[string][]string{"query": {"Bob Smith"}}}, 0},
		{"path of a write, decoded", Request{Method: "POST", Path: "/v1/customers/Jenny", RawPath: "/v1/customers/Jenny"}, 1},
		{"path of a write, escaped", Request{Method: "DELETE", Path: "/x", RawPath: "/v1/customers/Bob%20Smith"}, 1},
		{"form body, plus-encoded", Request{Method: "POST", Path: "/v1/invoices", Body: "customer=Bob+Smith"}, 1},
		{"json body, another case", Request{Method: "PATCH", Path: "/v1/invoices", Body: `{"customer":"bob smith"}`}, 1},
		{"query of a write", Request{Method: "PUT", Path: "/v1/x", Query: map[string][]string{"owner": {"jenny"}}}, 1},
		{"an id is fine", Request{Method: "POST", Path: "/v1/customers/cus_123", RawPath: "/v1/customers/cus_123", Body: "customer=cus_123"}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := sentWords(words, []Request{tc.req}); len(got) != tc.want {
				t.Fatalf("sentWords = %v, want %d violations", got, tc.want)
			}
		})
	}
}

// TestWordsInWrites: every case is held to the invariant: the assistant's words of two or
// more reach no write where an identifier goes; an id, an authored name and a read may.
func TestWordsInWrites(t *testing.T) {
	turn := func(op string, args map[string]any) TurnResult {
		return TurnResult{Turn: 1, op: op, Arguments: args}
	}
	cases := []struct {
		name string
		t    TurnResult
		req  Request
		want int
	}{
		{"path", turn("POST /customers/{customer}", map[string]any{"customer": "Bob Smith"}),
			Request{Method: "POST", RawPath: "/customers/Bob%20Smith", Path: "/customers/Bob Smith"}, 1},
		{"path, resolved", turn("POST /customers/{customer}", map[string]any{"customer": "Bob Smith"}),
			Request{Method: "POST", RawPath: "/customers/cus_4Lm9", Path: "/customers/cus_4Lm9"}, 0},
		{"json body id", turn("POST /transfers", map[string]any{"account_id": "Operating Account"}),
			Request{Method: "POST", RawPath: "/transfers", Body: `{"account_id":"Operating Account","amount":5}`}, 1},
		{"form body id", turn("POST /v1/invoices", map[string]any{"customer_id": "Bob Smith"}),
			Request{Method: "POST", RawPath: "/v1/invoices", Body: `customer_id=Bob+Smith`}, 1},
		{"query key", turn("DELETE /tags", map[string]any{"projectKey": "Mobile App"}),
			Request{Method: "DELETE", RawPath: "/tags", Query: map[string][]string{"projectKey": {"Mobile App"}}}, 1},
		{"authored name", turn("POST /projects", map[string]any{"name": "Mobile App"}),
			Request{Method: "POST", RawPath: "/projects", Body: `{"name":"Mobile App"}`}, 0},
		{"a read", turn("GET /customers/{customer}", map[string]any{"customer": "Bob Smith"}),
			Request{Method: "GET", RawPath: "/customers/Bob%20Smith"}, 0},
		{"through call_operation", turn("POST /customers/{customer}", map[string]any{"operation": "POST /customers/{customer}", "arguments": map[string]any{"customer": "Bob Smith"}}),
			Request{Method: "POST", RawPath: "/customers/Bob%20Smith"}, 1},
	}
	for _, tc := range cases {
		res := &CaseResult{Turns: []TurnResult{tc.t}, Requests: []Request{tc.req}}
		if got := wordsInWrites(res); len(got) != tc.want {
			t.Errorf("%s: %v, want %d violations", tc.name, got, tc.want)
		}
	}
}
