package reverse

import "testing"

// TestBareNounTakes: a parameter named after its thing takes what its description says:
// an id, a key people say, or either (then a key is used as given and words are looked up
// for the id).
func TestBareNounTakes(t *testing.T) {
	cases := []struct {
		desc string
		want Ident
	}{
		{"Unique identifier of the class.", Ident{Resource: "team"}},
		{"The name of the team.", Ident{Resource: "team", Key: true}},
		{"Team unique identifier expressed as UUID or name.", Ident{Resource: "team", Key: true, Field: "id"}},
		{"This can either be the workspace ID (slug) or the workspace UUID.", Ident{Resource: "team", Key: true, Field: "id"}},
		{"", Ident{Resource: "team", Key: true, Bare: true}},
	}
	for _, tc := range cases {
		if got := bareNoun("team", tc.desc); got != tc.want {
			t.Errorf("bareNoun(%q) = %+v, want %+v", tc.desc, got, tc.want)
		}
	}
}
