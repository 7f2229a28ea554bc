package openapi

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// testdata/jspatterns.json lists patterns with whether JavaScript's RegExp accepts them in
// "u" mode (as Ajv compiles "pattern"); e2e's TestJSPatternVerdicts checks those verdicts
// against node itself.
func loadJSPatterns(t *testing.T) []struct {
	Pattern string `json:"pattern"`
	JS      bool   `json:"js"`
} {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "jspatterns.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Pattern string `json:"pattern"`
		JS      bool   `json:"js"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

func TestJSCompatiblePattern(t *testing.T) {
	goOnly := 0
	for _, tc := range loadJSPatterns(t) {
		if _, err := regexp.Compile(tc.Pattern); err != nil {
			continue // keepPattern drops it already
		}
		if got := JSCompatiblePattern(tc.Pattern); got != tc.JS {
			t.Errorf("JSCompatiblePattern(%q) = %v, but JavaScript's u mode says %v", tc.Pattern, got, tc.JS)
		}
		if !tc.JS {
			goOnly++
		}
	}
	if goOnly < 20 {
		t.Errorf("only %d patterns valid in Go and not in JavaScript: the table lost its point", goOnly)
	}
}

func TestKeepPattern(t *testing.T) {
	cases := map[string]string{
		"":                    "",
		"^[a-z]+$":            "^[a-z]+$",
		"^[A-Za-z0-9.\\-_]+$": "^[A-Za-z0-9.\\-_]+$", // \- inside a class is fine
		"^v\\-[0-9]+$":        "",                    // \- outside a class: JavaScript rejects it
		"(?i)^abc$":           "",                    // inline flags: JavaScript rejects them
		"[":                   "",                    // Go rejects it
		"\\p{L}+":             "\\p{L}+",
		"\\(\\?s\\).*":        "", // escaped twice: it demands the text "(?s)"
	}
	for in, want := range cases {
		if got := keepPattern(in); got != want {
			t.Errorf("keepPattern(%q) = %q, want %q", in, got, want)
		}
	}
}
