package server

import "testing"

// TestDeclareOutputSchemas: auto keeps the output schemas of a list a client compiles in
// a blink, and leaves them out of a long static one; always and never say so.
func TestDeclareOutputSchemas(t *testing.T) {
	cases := []struct {
		setting string
		n       int
		want    bool
	}{
		{"", 4, true}, {"auto", OutputSchemaMaxTools, true}, {"auto", OutputSchemaMaxTools + 1, false},
		{"always", 5000, true}, {"never", 3, false}, {"AUTO", 1226, false},
	}
	for _, tc := range cases {
		if got := declareOutputSchemas(tc.setting, tc.n); got != tc.want {
			t.Errorf("declareOutputSchemas(%q, %d) = %v, want %v", tc.setting, tc.n, got, tc.want)
		}
	}
	for _, v := range []string{"", "auto", "always", "never"} {
		if err := CheckOutputSchema(v); err != nil {
			t.Errorf("CheckOutputSchema(%q): %v", v, err)
		}
	}
	if CheckOutputSchema("sometimes") == nil {
		t.Error("CheckOutputSchema accepted sometimes")
	}
}
