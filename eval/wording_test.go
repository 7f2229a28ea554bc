package eval

import (
	"strings"
	"testing"
)

func TestTextFaults(t *testing.T) {
	w := &wordingScope{
		vocab:    map[string]bool{"statuses": true, "kubernetes": true, "project": true, "projects": true, "movies": true, "scheduling": true},
		given:    []string{"12345"},
		examples: []string{"1331", "artist", "my-team"},
		dict:     map[string]bool{"movie": true, "which": true, "what": true, "mean": true},
	}
	cases := []struct {
		name   string
		text   string
		labels []string
		asks   bool
		want   string // a fault's start, or "" for none
	}{
		{"thing asked", "Which project do you mean? A name or title is enough.", nil, true, ""},
		{"gid asked", "What is the project gid?", nil, true, "asks a person for an internal"},
		{"id quoted", `What number should "id" be?`, nil, true, "asks a person for an internal"},
		{"uuid asked", "Which UUID should be used?", nil, true, "asks a person for an internal"},
		{"id in an option", "Which sort should be used: id or name?", []string{"id", "name"}, true, ""},
		{"id in the purpose", "Which silence do you mean? (needed to get a silence by its ID)", nil, true, ""},
		{"id in a confirmation", "Shall I send DELETE /x/1? This deletes: Delete a silence by its ID.", nil, false, ""},
		{"given value quoted", `Which project do you mean? ("12345" looks invented, not something you said.)`, nil, true, ""},
		{"filler", "What is the project? — XXXXXXXXX", nil, true, "quotes placeholder text"},
		{"slot", "What is the team? — Use <team-name>", nil, true, "quotes placeholder text"},
		{"e.g.", "What is the workspace? — The workspace (e.g. 1331)", nil, true, "quotes the spec's example"},
		{"example value", "What is the team? — Short name like my-team", nil, true, "quotes the spec's example value"},
		{"word example", "Which artist do you mean?", nil, true, ""},
		{"stemmed -es", "Which proposal statuse do you mean?", nil, true, "uses a stemmed word"},
		{"stemmed name", "Which kubernete cluster do you mean?", nil, true, "uses a stemmed word"},
		{"stemmed -ing", "nothing in this API mentions schedul", nil, true, "uses a stemmed word"},
		{"singular word", "Which movie do you mean?", nil, true, ""},
		{"exponent", "The API found no movie 9.9999999e+07. Which movie do you mean?", nil, true, "writes a number in exponent form"},
		{"plain number", "The API found no movie 99999999. Which movie do you mean?", nil, true, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := w.textFaults(tc.text, tc.labels, tc.asks)
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("faults %q, want none", got)
			case tc.want != "" && (len(got) == 0 || !strings.HasPrefix(got[0], tc.want)):
				t.Errorf("faults %q, want %q", got, tc.want)
			}
		})
	}
}

// Without a word list, an English word beside a longer spec word is not called a stem.
func TestStemmedNeedsDictionary(t *testing.T) {
	vocab := map[string]bool{"meaning": true, "statuses": true}
	without := &wordingScope{vocab: vocab}
	if got := without.stemmed("Which one do you mean?"); got != "" {
		t.Errorf("without a word list: stemmed = %q, want none", got)
	}
	with := &wordingScope{vocab: vocab, dict: map[string]bool{"mean": true}}
	if got := with.stemmed("Which statuse do you mean?"); got != "statuse" {
		t.Errorf("with a word list: stemmed = %q, want \"statuse\"", got)
	}
}
