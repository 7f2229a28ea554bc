package pipeline

import (
	"encoding/json"
	"testing"

	"github.com/askapi/askapi/tools"
)

// A looked-up id is sent as the parameter declares it: a list's number for a
// string-typed id is its text, whatever JSON decoding made of it.
func TestAsDeclared(t *testing.T) {
	op := &tools.Operation{Params: []*tools.Param{
		{Name: "issue_id", Arg: "issue_id", In: "path", Schema: map[string]any{"type": "string"}},
		{Name: "page", Arg: "page", In: "query", Schema: map[string]any{"type": "integer"}},
	}}
	cases := []struct {
		arg  string
		v    any
		want any
	}{
		{"issue_id", 12.0, "12"},
		{"issue_id", json.Number("12"), "12"},
		{"issue_id", 12, "12"},
		{"issue_id", int64(12), "12"},
		{"issue_id", 1.5, 1.5}, // not an id: left to the check
		{"issue_id", "PROJ-12", "PROJ-12"},
		{"page", json.Number("3"), json.Number("3")}, // declared a number: as it is
		{"other", 7.0, 7.0},
	}
	for _, tc := range cases {
		if got := asDeclared(op, tc.arg, tc.v); got != tc.want {
			t.Errorf("asDeclared(%s, %#v) = %#v, want %#v", tc.arg, tc.v, got, tc.want)
		}
	}
}
