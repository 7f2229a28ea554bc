package openapi

import (
	"reflect"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

func TestArgName(t *testing.T) {
	cases := []struct{ in, want string }{
		{"person_id", "person_id"},
		{"page[size]", "page_size"},
		{"filter[name][eq]", "filter_name_eq"},
		{"X-Request-ID", "X-Request-ID"},
		{"certification.lte", "certification.lte"},
		{"$top", "top"},
		{"_private_", "private"},
		{"name é", "name"},
		{"ünïcode", "n_code"},
		{"[]", "param"},
		{"", "param"},
		{strings.Repeat("n", 80), strings.Repeat("n", 64)},
	}
	for _, tc := range cases {
		got := tools.ArgName(tc.in)
		if got != tc.want {
			t.Errorf("argName(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if !tools.ValidToolName(got) {
			t.Errorf("argName(%q) = %q is not a valid property key", tc.in, got)
		}
	}
}

func btArgsOp(params []*tools.Param, body *tools.Body) *tools.Operation {
	return &tools.Operation{Method: "POST", Path: "/x", Params: params, Body: body}
}

func TestNameArguments(t *testing.T) {
	flat := func(props ...string) *tools.Body {
		return &tools.Body{ContentType: "application/json", Flattened: true, Props: props}
	}
	cases := []struct {
		name   string
		params []*tools.Param
		body   *tools.Body
		want   []string // args in parameter order
	}{
		{"plain", []*tools.Param{{Name: "id", In: "path"}, {Name: "page", In: "query"}}, nil, []string{"id", "page"}},
		{"param shares a body property's name",
			[]*tools.Param{{Name: "playlist_id", In: "path"}, {Name: "uris", In: "query"}, {Name: "position", In: "query"}},
			flat("position", "uris"), []string{"playlist_id", "uris__query", "position__query"}},
		{"same name in two locations", []*tools.Param{{Name: "id", In: "query"}, {Name: "id", In: "header"}}, nil, []string{"id__query", "id__header"}},
		{"sanitised names colliding", []*tools.Param{{Name: "page[size]", In: "query"}, {Name: "page_size", In: "query"}}, nil, []string{"page_size__query", "page_size__query_"}},
		{"reserved names are never taken by a parameter",
			[]*tools.Param{{Name: "_user_request", In: "query"}, {Name: "_continuation", In: "header"}}, nil,
			[]string{"user_request", "continuation"}},
		{"non-object body named body", []*tools.Param{{Name: "body", In: "query"}}, &tools.Body{Arg: "body"}, []string{"body__query"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			op := btArgsOp(tc.params, tc.body)
			tools.NameArguments(op)
			var got []string
			for _, p := range op.Params {
				got = append(got, p.Arg)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("args = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestInputSchema(t *testing.T) {
	str := map[string]any{"type": "string"}
	op := btArgsOp([]*tools.Param{
		{Name: "playlist_id", In: "path", Required: true, Schema: str},
		{Name: "uris", In: "query", Schema: str},
		{Name: "trace", In: "header", Required: true, Schema: str},
	}, &tools.Body{
		ContentType: "application/json", Required: true, Flattened: true,
		Props:         []string{"position", "uris"},
		RequiredProps: []string{"uris"},
		Schema: map[string]any{"type": "object", "properties": map[string]any{
			"position": map[string]any{"type": "integer"},
			"uris":     map[string]any{"type": "array", "items": str},
		}, "required": []string{"uris"}},
	})
	tools.NameArguments(op)
	s := tools.InputSchema(op)
	if s["type"] != "object" {
		t.Errorf("type = %v", s["type"])
	}
	if got, want := btRequired(s), []string{"playlist_id", "trace", "uris"}; !reflect.DeepEqual(got, want) {
		t.Errorf("required = %q, want %q", got, want)
	}
	if got, want := btKeys(btProps(s)), []string{"_continuation", "_user_request", "playlist_id", "position", "trace", "uris", "uris__query"}; !reflect.DeepEqual(got, want) {
		t.Errorf("properties = %q, want %q", got, want)
	}
	if btProps(s)["uris"].(map[string]any)["type"] != "array" {
		t.Errorf("uris is not the body's array")
	}

	// No required arguments: no required keyword at all (an empty list is rejected by
	// some clients' draft-04 validators).
	empty := tools.InputSchema(btArgsOp(nil, nil))
	if _, ok := empty["required"]; ok {
		t.Errorf("empty operation has required = %v", empty["required"])
	}
	if got := btKeys(btProps(empty)); !reflect.DeepEqual(got, []string{tools.ArgContinuation, tools.ArgUserRequest}) {
		t.Errorf("empty operation properties = %q", got)
	}

	// A body that is not required: neither its argument nor its properties are.
	opt := btArgsOp(nil, &tools.Body{Arg: "body", Schema: map[string]any{"type": "array"}})
	tools.NameArguments(opt)
	if r := btRequired(tools.InputSchema(opt)); r != nil {
		t.Errorf("optional body made %q required", r)
	}
	req := btArgsOp(nil, &tools.Body{Arg: "body", Required: true, Schema: map[string]any{"type": "array"}})
	tools.NameArguments(req)
	if r := btRequired(tools.InputSchema(req)); !reflect.DeepEqual(r, []string{"body"}) {
		t.Errorf("required body = %q, want [body]", r)
	}
}
