package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestSearchInPath: a search may name the field it searches by after its verb and take
// the words in its path; the thing it finds is named before the verb.
func TestSearchInPath(t *testing.T) {
	str := map[string]any{"type": "string"}
	cases := []struct {
		path, noun, nameArg string
		params              []*tools.Param
	}{
		{"/api/v1/company/search/name/{country}/{name}", "company", "name",
			[]*tools.Param{{Name: "country", Arg: "country", In: "path", Schema: str}, {Name: "name", Arg: "name", In: "path", Schema: str}}},
		{"/people/search", "person", "q", []*tools.Param{{Name: "q", Arg: "q", In: "query", Schema: str}}},
		// A read of one thing by its name is no search.
		{"/users/{name}", "user", "", []*tools.Param{{Name: "name", Arg: "name", In: "path", Schema: str}}},
	}
	for _, tc := range cases {
		op := &tools.Operation{Method: "GET", Path: tc.path, Params: tc.params}
		if got := lastStatic(tc.path); got != tc.noun {
			t.Errorf("lastStatic(%s) = %q, want %q", tc.path, got, tc.noun)
		}
		if got := NameInput(op); got != tc.nameArg {
			t.Errorf("NameInput(%s) = %q, want %q", tc.path, got, tc.nameArg)
		}
	}
}
