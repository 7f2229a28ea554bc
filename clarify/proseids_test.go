package clarify

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestProseIDsAreExamples: an opaque id the operation's prose shows is the documentation's
// example; another id, or a word the description names, is not.
func TestProseIDsAreExamples(t *testing.T) {
	op := &tools.Operation{Method: "GET", Path: "/v2/customers/{customerId}/certificates",
		Description: "shopperId is a number of max length 10 digits (ex: 1234567890) whereas customerId is a UUIDv4 (ex: 295e3bc3-b3b9-4d95-aae5-ede41a994d13)",
		Params: []*tools.Param{{Name: "customerId", Arg: "customerId", In: "path", Required: true, Schema: map[string]any{"type": "string"},
			Description: "An identifier for a customer, or me for yours."}}}
	cases := []struct {
		v    any
		want bool
	}{
		{"295e3bc3-b3b9-4d95-aae5-ede41a994d13", true},
		{"1234567890", true},
		{"8f14e45f-ceea-467f-a0e6-3c2b7c1b9d10", false},
		{"me", false},
	}
	for _, tc := range cases {
		if got, _ := LooksInvented(op, "customerId", tc.v); got != tc.want {
			t.Errorf("LooksInvented(%v) = %v, want %v", tc.v, got, tc.want)
		}
	}
}

// TestEnumValueIsAChoice: a value the argument's enum allows is a choice, even where the
// spec's example is that value; the same example for free text is invented.
func TestEnumValueIsAChoice(t *testing.T) {
	mode := map[string]any{"type": "string", "enum": []any{"live", "test"}, "examples": []any{"live"}}
	note := map[string]any{"type": "string", "examples": []any{"live"}}
	props := map[string]any{"mode": mode, "note": note}
	op := &tools.Operation{Method: "PUT", Path: "/v1/links",
		Body:        &tools.Body{Flattened: true, Props: []string{"mode", "note"}, Schema: map[string]any{"type": "object", "properties": props}},
		InputSchema: map[string]any{"type": "object", "properties": props}}
	for _, tc := range []struct {
		arg  string
		want bool
	}{
		{"mode", false},
		{"note", true},
	} {
		if got, _ := LooksInvented(op, tc.arg, "live"); got != tc.want {
			t.Errorf("LooksInvented(%s, live) = %v, want %v", tc.arg, got, tc.want)
		}
	}
}
