package clarify

import (
	"testing"
	"time"
)

func TestGroundedNumberWords(t *testing.T) {
	cases := []struct {
		v    any
		said string
		want bool
	}{
		{2.0, "Show me the second season of Game of Thrones", true},
		{3.0, "book three seats", true},
		{21.0, "the twenty-first episode", true},
		{21.0, "twenty one tickets", true},
		{40.0, "the fortieth anniversary", true},
		{2.0, "the third season", false},
		{1.0, "Which one is it? someone said so", true}, // "one" is a number said in words
		{2.0, "a secondhand camera", false},             // only whole words count
		{7.0, "season 7", true},
		{120.0, "a hundred and twenty", false}, // past 99, digits only
	}
	now := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	for _, tc := range cases {
		if got := Grounded(tc.v, tc.said, now); got != tc.want {
			t.Errorf("Grounded(%v, %q) = %v, want %v", tc.v, tc.said, got, tc.want)
		}
	}
}
