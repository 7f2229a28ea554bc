package find

import (
	"reflect"
	"testing"
)

func TestSplitCompound(t *testing.T) {
	words := map[string]bool{"customer": true, "claim": true, "ready": true, "collection": true, "postcode": true,
		"ip": true, "blacklist": true, "due": true, "date": true}
	cases := []struct {
		seg  string
		want []string
	}{
		{"customerclaims", []string{"customer", "claims"}},
		{"readyforcollection", []string{"ready", "for", "collection"}},
		{"bypostcode", []string{"by", "postcode"}},
		{"ipblacklist", []string{"ip", "blacklist"}},
		{"duedate", []string{"due", "date"}},
		{"customers", nil}, // one word
		{"webhookz", nil},  // not words the spec says
	}
	for _, tc := range cases {
		if got := splitCompound(tc.seg, words); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("splitCompound(%q) = %q, want %q", tc.seg, got, tc.want)
		}
	}
	if got := pathText("/restaurants/{tenant}/customerclaims", words); got != "/restaurants/{tenant}/customerclaims customer claims" {
		t.Errorf("pathText = %q", got)
	}
}
