package clarify

import (
	"fmt"
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestNestedWords: the invariant reaches into a write's body: words in a nested reference
// to a thing by its id (to[0].tokenId) are asked about; an id-shaped value, a nested
// object's own id (part of what the write creates), a nested name, and any read are not.
func TestNestedWords(t *testing.T) {
	str := map[string]any{"type": "string"}
	format := map[string]any{"type": "string", "description": "Enum: 'undefined', 'letter', 'largeLetter', 'smallParcel'"}
	recipient := map[string]any{"type": "object", "properties": map[string]any{"address": str, "tokenId": str, "id": str, "name": str, "packageFormatIdentifier": format}}
	schema := map[string]any{"type": "object", "properties": map[string]any{"to": map[string]any{"type": "array", "items": recipient}}}
	op := func(method string) *tools.Operation {
		return &tools.Operation{Method: method, Path: "/send", InputSchema: schema}
	}
	cases := []struct {
		name   string
		method string
		to     map[string]any
		want   string // the field asked about, or ""
	}{
		{"a token's symbol for its id", "POST", map[string]any{"address": "NPq5Tc", "tokenId": "CHESS"}, "to[0].tokenId"},
		{"words with spaces", "POST", map[string]any{"tokenId": "Chess Club Token"}, "to[0].tokenId"},
		{"the token's id", "POST", map[string]any{"tokenId": "La4kPq7WzT2nRbV9hYc3mJx8sD6fGu1eKoNa5E"}, ""},
		{"the part's own id, created", "POST", map[string]any{"id": "username", "name": "Username"}, ""},
		{"a bare id holding words with spaces", "POST", map[string]any{"id": "Corporate Landing Zones"}, "to[0].id"},
		{"a read", "GET", map[string]any{"tokenId": "CHESS"}, ""},
		{"a value its description lists", "POST", map[string]any{"packageFormatIdentifier": "smallParcel"}, ""},
		{"words its description does not list", "POST", map[string]any{"packageFormatIdentifier": "Small Box"}, "to[0].packageFormatIdentifier"},
	}
	// A list of ids at the top (label_ids) or inside an object (assignee_ids).
	ids := map[string]any{"type": "array", "items": str}
	listOp := &tools.Operation{Method: "PATCH", Path: "/issues/{id}", InputSchema: map[string]any{"type": "object", "properties": map[string]any{
		"label_ids": ids, "ids": ids, "meta": map[string]any{"type": "object", "properties": map[string]any{"assignee_ids": ids}}}}}
	for _, tc := range []struct {
		args map[string]any
		want []string
	}{
		{map[string]any{"label_ids": []any{"Bug", "a1b2c3d4e5f6a7b8c9d0"}}, []string{"label_ids[0]"}},
		{map[string]any{"meta": map[string]any{"assignee_ids": []any{"Bob Smith"}}}, []string{"meta.assignee_ids[0]"}},
		{map[string]any{"label_ids": []any{"3f2c1a9e-44b1-4c7e-9a51-0e6f8b7d2c10"}}, nil},
		{map[string]any{"ids": []any{"SHR/NCrl"}}, []string{"ids[0]"}},
	} {
		var got []string
		for _, q := range WordsForIDs(Stop{Op: listOp, Args: tc.args}) {
			got = append(got, q.Field)
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%v: asked about %v, want %v", tc.args, got, tc.want)
		}
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			qs := WordsForIDs(Stop{Op: op(tc.method), Args: map[string]any{"to": []any{tc.to}}})
			got := ""
			if len(qs) > 0 {
				got = qs[0].Field
				if qs[0].Kind != Unresolved {
					t.Errorf("kind %s", qs[0].Kind)
				}
			}
			if got != tc.want || len(qs) > 1 {
				t.Errorf("asked about %q (%d questions), want %q", got, len(qs), tc.want)
			}
		})
	}
}
