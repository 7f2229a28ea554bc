package eval

import (
	"encoding/json"
	"net/url"
	"os"
	"testing"
)

func decode(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

func readReport(file string) (Report, error) {
	var r Report
	data, err := os.ReadFile(file)
	if err != nil {
		return r, err
	}
	return r, json.Unmarshal(data, &r)
}

func TestEqualAndSameValue(t *testing.T) {
	tests := []struct {
		a, b       string
		equal      bool
		sameOption bool
	}{
		{`72129`, `72129`, true, true},
		{`72129`, `72129.0`, true, true},
		{`72129`, `"72129"`, false, true},
		{`"72129"`, `72129`, false, true},
		{`"72129x"`, `72129`, false, false},
		{`"a"`, `"a"`, true, true},
		{`{"a":[1,2]}`, `{"a":[1,2]}`, true, true},
		{`{"a":[1,2]}`, `{"a":[2,1]}`, false, false},
		{`{"a":1}`, `{"a":1,"b":2}`, false, false},
		{`null`, `null`, true, true},
		{`true`, `"true"`, false, false},
	}
	for _, tt := range tests {
		a, b := decode(t, tt.a), decode(t, tt.b)
		if got := Equal(a, b); got != tt.equal {
			t.Errorf("Equal(%s, %s) = %v", tt.a, tt.b, got)
		}
		if got := SameValue(a, b); got != tt.sameOption {
			t.Errorf("SameValue(%s, %s) = %v", tt.a, tt.b, got)
		}
	}
	if !Equal(int64(3), 3.0) || !Equal(json.Number("3"), 3.0) {
		t.Error("numbers decoded differently must compare equal")
	}
}

func TestSubset(t *testing.T) {
	tests := []struct {
		want, got string
		ok        bool
	}{
		{`{"id":2}`, `{"id":2,"name":"x"}`, true},
		{`{"id":2}`, `{"id":3}`, false},
		{`{"id":2}`, `{"name":"x"}`, false},
		{`{"results":[{"id":1769}]}`, `{"page":1,"results":[{"id":1,"n":"a"},{"id":1769,"n":"b"}]}`, true},
		{`{"results":[{"id":1769}]}`, `{"results":[{"id":1}]}`, false},
		{`[{"id":7}]`, `[{"id":7,"title":"t"}]`, true},
		{`[1,2]`, `[2,3,1]`, true},
		{`[1,4]`, `[2,3,1]`, false},
		{`{"a":{"b":{"c":1}}}`, `{"a":{"b":{"c":1,"d":2},"e":3}}`, true},
		{`{"a":null}`, `{"a":null}`, true},
		{`{}`, `{"a":1}`, true},
		{`{"a":1}`, `[{"a":1}]`, false},
		{`1`, `1.0`, true},
	}
	for _, tt := range tests {
		if got := Subset(decode(t, tt.want), decode(t, tt.got)); got != tt.ok {
			t.Errorf("Subset(%s, %s) = %v, want %v", tt.want, tt.got, got, tt.ok)
		}
	}
}

func TestQuestionMatches(t *testing.T) {
	got := Question{Field: "person_id", Kind: "ambiguous", Options: []any{72129.0, 6161.0, "4491"}}
	tests := []struct {
		name string
		want WantQuestion
		ok   bool
	}{
		{"field and kind", WantQuestion{Field: "person_id", Kind: "ambiguous"}, true},
		{"options offered", WantQuestion{Field: "person_id", Kind: "ambiguous", OptionsInclude: []any{72129.0, 6161.0}}, true},
		{"string for a number", WantQuestion{Field: "person_id", Kind: "ambiguous", OptionsInclude: []any{"72129"}}, true},
		{"number for a string", WantQuestion{Field: "person_id", Kind: "ambiguous", OptionsInclude: []any{4491.0}}, true},
		{"option missing", WantQuestion{Field: "person_id", Kind: "ambiguous", OptionsInclude: []any{1.0}}, false},
		{"other kind", WantQuestion{Field: "person_id", Kind: "not_found"}, false},
		{"other field", WantQuestion{Field: "movie_id", Kind: "ambiguous"}, false},
	}
	for _, tt := range tests {
		if ok := QuestionMatches(tt.want, got); ok != tt.ok {
			t.Errorf("%s: got %v, want %v", tt.name, ok, tt.ok)
		}
	}
}

func TestQueryMatches(t *testing.T) {
	tests := []struct {
		name  string
		query string
		want  map[string]any
		ok    bool
	}{
		{"plain", "query=Sofia+Coppola&page=1", map[string]any{"query": "Sofia Coppola"}, true},
		{"value differs", "query=Sofia", map[string]any{"query": "Sofia Coppola"}, false},
		{"key absent", "page=1", map[string]any{"query": "x"}, false},
		{"number as string", "page=2", map[string]any{"page": 2.0}, true},
		{"bool as string", "active=true", map[string]any{"active": true}, true},
		{"array repeated", "labels=bug&labels=ui", map[string]any{"labels": []any{"bug", "ui"}}, true},
		{"array comma-joined", "type=artist,track", map[string]any{"type": []any{"artist", "track"}}, true},
		{"one-element array as plain value", "type=artist", map[string]any{"type": []any{"artist"}}, true},
		{"scalar holding a comma", "type=artist,album", map[string]any{"type": "artist,album"}, true},
		{"array order matters", "labels=ui&labels=bug", map[string]any{"labels": []any{"bug", "ui"}}, false},
		{"array item missing", "labels=bug", map[string]any{"labels": []any{"bug", "ui"}}, false},
		{"unlisted keys ignored", "a=1&b=2", map[string]any{}, true},
	}
	for _, tt := range tests {
		q, err := url.ParseQuery(tt.query)
		if err != nil {
			t.Fatal(err)
		}
		if ok := queryMatches(q, tt.want); ok != tt.ok {
			t.Errorf("%s: got %v, want %v", tt.name, ok, tt.ok)
		}
	}
}

func TestCallMatchesPaths(t *testing.T) {
	r := Request{Method: "GET", Path: "/documents/../admin", RawPath: "/documents/..%2Fadmin"}
	if !CallMatches(Call{Method: "get", Path: "/documents/..%2Fadmin"}, r) {
		t.Error("the escaped path must match")
	}
	if CallMatches(Call{Method: "GET", Path: "/admin"}, r) {
		t.Error("a traversal must not match the path it would reach")
	}
	if CallMatches(Call{Method: "DELETE", Path: "/documents/..%2Fadmin"}, r) {
		t.Error("the method must match")
	}
}

func TestTemplateRegexp(t *testing.T) {
	tests := []struct {
		tmpl, path string
		ok         bool
	}{
		{"/silence/{silenceID}", "/silence/3c1d", true},
		{"/silence/{silenceID}", "/silences", false},
		{"/silence/{silenceID}", "/silence/a/b", false},
		{"/silence/{silenceID}", "/silence/..%2Fadmin", true},
		{"/tv/{tv_id}/season/{season_number}", "/tv/1396/season/1", true},
		{"/a.b/{x}", "/aXb/1", false},
		{"/alerts", "/alerts", true},
	}
	for _, tt := range tests {
		re, err := templateRegexp(tt.tmpl)
		if err != nil {
			t.Fatal(err)
		}
		if ok := re.MatchString(tt.path); ok != tt.ok {
			t.Errorf("%s ~ %s: got %v", tt.tmpl, tt.path, ok)
		}
	}
}

func TestTamper(t *testing.T) {
	for _, tok := range []string{"AVeryLongTokenAAAA", "ab", "A"} {
		if got := tamper(tok); got == tok || len(got) != len(tok) {
			t.Errorf("tamper(%q) = %q", tok, got)
		}
	}
}
