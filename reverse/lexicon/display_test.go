package lexicon

import "testing"

// TestDisplay: a resource is shown as the thing a person knows, never as its id.
func TestDisplay(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"tv", "TV show"},
		{"storage_target", "storage target"},
		{"rgd_id", "rgd"},
		{"account_uuid", "account"},
		{"id", "ID"}, // nothing before the id word: no thing to name instead
	} {
		if got := Display(tc.in); got != tc.want {
			t.Errorf("Display(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
