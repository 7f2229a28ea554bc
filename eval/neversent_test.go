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
