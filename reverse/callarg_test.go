package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestCallArg: a lookup's input is carried by the call's argument of that name, by the
// parameter of that name on the wire though the tool renamed it beside a body field
// (projectId__path), or by one spelt the same without case or separators.
func TestCallArg(t *testing.T) {
	op := &tools.Operation{Method: "PUT", Path: "/projects/{projectId}/hmacKeys/{accessId}",
		Params: []*tools.Param{
			{Name: "projectId", Arg: "projectId__path", In: "path"},
			{Name: "accessId", Arg: "accessId__path", In: "path"},
			{Name: "user_project", Arg: "user_project", In: "query"},
		},
		Body: &tools.Body{Flattened: true, Props: []string{"projectId", "accessId", "state"}}}
	for _, tc := range []struct{ need, want string }{
		{"projectId", "projectId__path"},
		{"accessId", "accessId__path"},
		{"userProject", "user_project"},
		{"state", "state"},
	} {
		if got, ok := CallArg(op, tc.need); !ok || got != tc.want {
			t.Errorf("CallArg(%q) = %q, %v; want %q", tc.need, got, ok, tc.want)
		}
	}
	if _, ok := CallArg(op, "bucket"); ok {
		t.Error("an input the call does not carry was found")
	}
}
