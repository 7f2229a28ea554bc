package clarify

import (
	"reflect"
	"testing"

	"github.com/askapi/askapi/tools"
)

func nestedOp() *tools.Operation {
	charge := map[string]any{"type": "object", "required": []any{"point", "description"}, "properties": map[string]any{
		"point": map[string]any{"type": "integer"}, "description": map[string]any{"type": "string"},
		"meta": map[string]any{"type": "object", "properties": map[string]any{"tag": map[string]any{"type": "string"}}}}}
	lines := map[string]any{"type": "array", "items": charge}
	return &tools.Operation{Method: "POST", Path: "/charges", InputSchema: map[string]any{"type": "object",
		"properties": map[string]any{"usage_charge": charge, "lines": lines, "a.b": map[string]any{"type": "string"}}}}
}

func TestFoldDotted(t *testing.T) {
	op := nestedOp()
	for _, tc := range []struct {
		name string
		in   map[string]any
		want map[string]any
	}{
		{"beside what was given", map[string]any{"usage_charge": map[string]any{"description": "May"}, "usage_charge.point": 5.0},
			map[string]any{"usage_charge": map[string]any{"description": "May", "point": 5.0}}},
		{"nothing given yet", map[string]any{"usage_charge.point": 5.0}, map[string]any{"usage_charge": map[string]any{"point": 5.0}}},
		{"two levels", map[string]any{"usage_charge.meta.tag": "x"}, map[string]any{"usage_charge": map[string]any{"meta": map[string]any{"tag": "x"}}}},
		{"an argument named with a dot", map[string]any{"a.b": "x"}, map[string]any{"a.b": "x"}},
		{"no such field", map[string]any{"usage_charge.nope": 1.0}, map[string]any{"usage_charge.nope": 1.0}},
		{"inside a list", map[string]any{"lines.point": 1.0}, map[string]any{"lines.point": 1.0}},
	} {
		if got := FoldDotted(op, tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: FoldDotted(%v) = %v, want %v", tc.name, tc.in, got, tc.want)
		}
	}
	given := map[string]any{"description": "May"}
	FoldDotted(op, map[string]any{"usage_charge": given, "usage_charge.point": 5.0})
	if len(given) != 1 {
		t.Errorf("FoldDotted changed the caller's object: %v", given)
	}
}

// A required field missing inside an object argument is a missing question by its
// dotted path; inside a list it stays the argument's invalid question.
func TestNestedMissingQuestion(t *testing.T) {
	op := nestedOp()
	for _, tc := range []struct {
		args  map[string]any
		field string
		kind  Kind
	}{
		{map[string]any{"usage_charge": map[string]any{"description": "May"}}, "usage_charge.point", Missing},
		{map[string]any{"lines": []any{map[string]any{"description": "May"}}}, "lines", Invalid},
	} {
		qs, err := Check(Call{Op: op, Args: tc.args})
		if err != nil {
			t.Fatal(err)
		}
		if len(qs) != 1 || qs[0].Field != tc.field || qs[0].Kind != tc.kind {
			t.Errorf("Check(%v) = %+v, want one %s question on %s", tc.args, qs, tc.kind, tc.field)
		}
	}
}

func TestWireNames(t *testing.T) {
	str := map[string]any{"type": "string"}
	op := &tools.Operation{Method: "POST", Path: "/users", Params: []*tools.Param{
		{Name: "profile/givenName", Arg: "profile_givenName", In: "query", Schema: str},
		{Name: "a@b", Arg: "a_b", In: "query", Schema: str}},
		InputSchema: map[string]any{"type": "object", "properties": map[string]any{"profile_givenName": str, "a_b": str}}}
	for _, tc := range []struct {
		in, want map[string]any
	}{
		{map[string]any{"profile/givenName": "Priya"}, map[string]any{"profile_givenName": "Priya"}},
		{map[string]any{"a@b": "x", "a_b": "y"}, map[string]any{"a@b": "x", "a_b": "y"}}, // both: the assistant's to fix
		{map[string]any{"other/name": "x"}, map[string]any{"other/name": "x"}},
	} {
		if got := WireNames(op, tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("WireNames(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestBodyFields: fields of a body served as one argument (a oneOf of objects), given
// beside it, are the body's; a name of no alternative stays unknown.
func TestBodyFields(t *testing.T) {
	mute := map[string]any{"type": "object", "properties": map[string]any{"action": map[string]any{"type": "string", "enum": []any{"mute"}}}}
	transfer := map[string]any{"type": "object", "properties": map[string]any{"action": map[string]any{"type": "string"}, "destination": map[string]any{"type": "object"}}}
	body := map[string]any{"oneOf": []any{mute, transfer}}
	op := &tools.Operation{Method: "PUT", Path: "/{uuid}", Params: []*tools.Param{{Name: "uuid", Arg: "uuid", In: "path"}},
		Body:        &tools.Body{Arg: "body", Schema: body},
		InputSchema: map[string]any{"type": "object", "properties": map[string]any{"uuid": map[string]any{"type": "string"}, "body": body}}}
	for _, tc := range []struct{ in, want map[string]any }{
		{map[string]any{"uuid": "u", "action": "mute"}, map[string]any{"uuid": "u", "body": map[string]any{"action": "mute"}}},
		{map[string]any{"uuid": "u", "action": "mute", "body": map[string]any{}}, map[string]any{"uuid": "u", "action": "mute", "body": map[string]any{}}},
		{map[string]any{"uuid": "u", "colour": "red"}, map[string]any{"uuid": "u", "colour": "red"}},
	} {
		if got := BodyFields(op, tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("BodyFields(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
	// {"action": "mute"} fits both alternatives: the spec's overlap, not a question.
	qs, err := Check(Call{Op: op, Args: map[string]any{"uuid": "u", "body": map[string]any{"action": "mute"}}})
	if err != nil || len(qs) != 0 {
		t.Errorf("a body two alternatives accept: questions %+v (%v), want none", qs, err)
	}
}
