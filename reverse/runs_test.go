package reverse

import (
	"maps"
	"testing"
)

// A run's words before its last describe it, in a definite run only.
func TestRunHeads(t *testing.T) {
	cases := []struct {
		text string
		want map[string]string
	}{
		{"add a note to the pump alert that a technician is on his way", map[string]string{"pump": "alert"}},
		{"give Maya's marked lab report back", map[string]string{"marked": "report", "lab": "report"}},
		{"start a live stream", map[string]string{}},
		{"call off the flash sale text campaign, it rained", map[string]string{"flash": "campaign", "sale": "campaign", "text": "campaign"}},
		{"turn on two-factor authentication", map[string]string{}},
	}
	for _, tc := range cases {
		if got := runHeads(tc.text); !maps.Equal(got, tc.want) {
			t.Errorf("runHeads(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	for _, pair := range [][2]string{{"notified", "notifications"}, {"unsubscribe", "unsubscriptions"}, {"describe", "description"}} {
		if stem(pair[0]) != stem(pair[1]) {
			t.Errorf("%s %q and %s %q stem apart", pair[0], stem(pair[0]), pair[1], stem(pair[1]))
		}
	}
}
