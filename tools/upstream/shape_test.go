package upstream

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

func decoded(t *testing.T, s string) any {
	t.Helper()
	v, err := decodeBody([]byte(s), "application/json")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestSelect(t *testing.T) {
	raw := []byte(`{"total": 3, "results": [{"id": 12345678901234567890, "name": "A", "tags": ["x"]}, {"id": 2, "name": "B.C"}], "fav.movie": "Deer Hunter"}`)
	cases := []struct {
		paths     []string
		values    string
		unmatched []string
	}{
		{[]string{"results.#.name"}, `{"results.#.name": ["A", "B.C"]}`, nil},
		{[]string{"results.0.id", "total"}, `{"results.0.id": 12345678901234567890, "total": 3}`, nil},
		{[]string{`fav\.movie`}, `{"fav\\.movie": "Deer Hunter"}`, nil},
		{[]string{`results.#(name=="B.C").id`, "nope"}, `{"results.#(name==\"B.C\").id": 2}`, []string{"nope"}},
		{[]string{"{total,first:results.0.name}"}, `{"{total,first:results.0.name}": {"total": 3, "first": "A"}}`, nil},
	}
	for _, c := range cases {
		got := Select(raw, c.paths)
		if !reflect.DeepEqual(got.Values, decoded(t, c.values)) || !reflect.DeepEqual(got.Unmatched, c.unmatched) {
			t.Errorf("Select(%v) = %v unmatched %v, want %s %v", c.paths, got.Values, got.Unmatched, c.values, c.unmatched)
		}
	}
}

func TestSelectPaths(t *testing.T) {
	cases := []struct {
		in   any
		want []string
		err  bool
	}{
		{"a.b", []string{"a.b"}, false},
		{[]any{"a", " b ", ""}, []string{"a", "b"}, false},
		{nil, nil, false},
		{[]any{"a", 3}, nil, true},
		{map[string]any{}, nil, true},
		{make([]any, tools.MaxSelectPaths+1), nil, true},
	}
	for _, c := range cases {
		got, err := SelectPaths(c.in)
		if (err != nil) != c.err || (!c.err && !reflect.DeepEqual(got, c.want)) {
			t.Errorf("SelectPaths(%v) = %v, %v", c.in, got, err)
		}
	}
}

func TestCutJSON(t *testing.T) {
	items := make([]any, 50)
	for i := range items {
		items[i] = map[string]any{"id": json.Number(strings.Repeat("7", 3)), "name": strings.Repeat("n", 30)}
	}
	cases := []struct {
		name    string
		body    any
		max     int
		dropped []string
		lists   []CutList
	}{
		{"fits", map[string]any{"a": 1}, 100, nil, nil},
		{"top-level list", items, 500, nil, []CutList{{Path: "", Kept: 9, Total: 50, Example: "#.id"}}},
		{"envelope keeps the small fields and cuts the list", map[string]any{"total": 50, "page": 1, "results": items}, 600,
			nil, []CutList{{Path: "results", Kept: 11, Total: 50, Example: "results.#.id"}}},
		{"a big text is dropped whole", map[string]any{"title": "t", "readme": strings.Repeat("r", 1000), "data": map[string]any{"items": items}}, 400,
			[]string{"readme"}, []CutList{{Path: "data.items", Kept: 7, Total: 50, Example: "data.items.#.id"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			kept, cut := CutJSON(c.body, c.max, nil)
			if size := EncodedSize(kept); size > c.max {
				t.Errorf("kept %d bytes, over %d", size, c.max)
			}
			if c.dropped == nil && c.lists == nil {
				if cut != nil {
					t.Errorf("cut %+v of a body that fits", cut)
				}
				return
			}
			if cut == nil || !reflect.DeepEqual(cut.Dropped, c.dropped) || !reflect.DeepEqual(cut.Lists, c.lists) {
				t.Fatalf("cut %+v, want dropped %v lists %+v", cut, c.dropped, c.lists)
			}
			note := cut.Note(EncodedSize(c.body))
			for _, l := range c.lists {
				if !strings.Contains(note, l.Example) {
					t.Errorf("note %q does not say how to ask with _select", note)
				}
			}
		})
	}
}

func TestCompact(t *testing.T) {
	rules := CompactRules{
		Keep:       func(k string) bool { return k == "id" || k == "name" || k == "number" || k == "login" },
		Identifier: func(k string) bool { return k == "id" || k == "number" || k == "login" },
	}
	cases := []struct{ name, in, want string }{
		{"empties and nulls", `{"id": 1, "a": null, "b": "", "c": [], "d": {}, "e": 0, "f": false, "g": [null, ""]}`, `{"id": 1, "e": 0, "f": false}`},
		{"identifiers and labels kept whole, unless empty", `{"id": null, "name": {"first": "", "url": "https://a.example/x/1"}, "x": null, "number": 1}`, `{"name": {"first": "", "url": "https://a.example/x/1"}, "number": 1}`},
		{"github url fields repeating ids", `{"number": 1347, "login": "octocat", "url": "https://api.github.com/repos/o/r/issues/1347",
			"html_url": "https://github.com/o/r/issues/1347", "labels_url": "https://api.github.com/repos/o/r/labels{/name}",
			"user": {"login": "octocat", "avatar_url": "https://avatars.example/u/583231", "followers_url": "https://api.github.com/users/octocat/followers"},
			"homepage_url": "https://example.org/about"}`,
			`{"number": 1347, "login": "octocat", "user": {"login": "octocat", "avatar_url": "https://avatars.example/u/583231"}, "homepage_url": "https://example.org/about"}`},
		{"hal and json api links", `{"id": 5, "_links": {"self": {"href": "/x/5"}}, "links": {"self": "https://a.example/x/5"}}`, `{"id": 5}`},
		{"a data field called links stays", `{"id": 5, "links": [{"title": "docs", "target": "https://a.example"}]}`, `{"id": 5, "links": [{"title": "docs", "target": "https://a.example"}]}`},
		{"lists of records", `[{"id": 1, "note": null}, {"id": 2, "url": "https://a.example/things/2"}]`, `[{"id": 1}, {"id": 2}]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := decoded(t, c.in)
			got := Compact(in, rules)
			if !reflect.DeepEqual(got, decoded(t, c.want)) {
				g, _ := json.Marshal(got)
				t.Errorf("Compact = %s, want %s", g, c.want)
			}
		})
	}
}
