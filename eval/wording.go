package eval

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"
	"unicode"
)

// The wording checks (issue 13, point 4): every text a person reads — a question, an
// unsupported reason, a form's title and description — is checked for what a person
// cannot answer or would misread: an internal id asked for, placeholder text quoted from
// the spec, a word cut down by a stemmer, a number in exponent form. A case that shows one
// fails.

var (
	// idAsked: an id, gid or uuid named in what a person reads.
	idAsked = regexp.MustCompile(`(?i)\b(ids?|gids?|uuids?|guids?)\b`)
	// fillerText: XXXXXXXX, 00000, <project-id>, {id}: a spec's stand-in for a value.
	fillerText = regexp.MustCompile(`(?i)\b(x{4,}|0{5,})\b|<[a-z][a-z0-9 _-]*>|\{[a-z][a-z0-9_]*\}`)
	// exampleQuoted: a question that quotes the spec's example ("e.g. 1234").
	exampleQuoted = regexp.MustCompile(`(?i)\b(e\.g\.|for example|example:)`)
	quotedText    = regexp.MustCompile("\"[^\"]*\"|`[^`]*`")
	// exponentNumber: a number as a float's exponent form (9.9999999e+07), which no person
	// writes and few read.
	exponentNumber = regexp.MustCompile(`\b\d(\.\d+)?e[+-]\d+\b`)
	purposeClause  = regexp.MustCompile(`\(needed to [^()]*\)|This (deletes|changes|sends|writes|creates|updates)?:? [^?]*$`)
)

// DictionaryPath is the word list stemmed words are told apart by (Debian's wamerican;
// scripts/test installs it).
const DictionaryPath = "/usr/share/dict/words"

var dictionary = sync.OnceValues(func() (map[string]bool, error) {
	f, err := os.Open(DictionaryPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	words := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		words[strings.ToLower(strings.TrimSpace(sc.Text()))] = true
	}
	return words, sc.Err()
})

// noDictionaryWarning says once per process that the word list could not be read. It is
// said where the list is read (newWordingScope), not where the check is left out: a scope
// built without a list (as tests do) is no sign that the list is missing.
var noDictionaryWarning sync.Once

// wordingScope is what a text may legitimately quote: the words of the spec and of the
// conversation, the values the assistant gave, and the options offered.
type wordingScope struct {
	vocab    map[string]bool // lower-case words of the spec, the user's requests and the arguments
	given    []string        // argument values as text, quoted back legitimately
	examples []string        // the spec's example values of the published arguments
	dict     map[string]bool // nil when no dictionary is installed
}

// textFaults lists what breaks the wording rules in one text; labels are the options
// the text offers (an enum value "id" is a choice, not a request for an id).
func (w *wordingScope) textFaults(text string, labels []string, asks bool) []string {
	// What the assistant gave is quoted back ("12345" looks invented): not the text's own.
	clean := quotedText.ReplaceAllStringFunc(text, func(q string) string {
		for _, g := range w.given {
			if q[1:len(q)-1] == g {
				return `""`
			}
		}
		return q
	})
	for _, l := range labels {
		if l != "" {
			clean = strings.ReplaceAll(clean, l, "")
		}
	}
	var out []string
	// The purpose clause quotes the operation's summary ("get a silence by its ID"):
	// it says what will be done, it asks nothing.
	asking := purposeClause.ReplaceAllString(clean, "")
	if m := idAsked.FindString(asking); asks && m != "" {
		out = append(out, fmt.Sprintf("asks a person for an internal %q", m))
	}
	if m := fillerText.FindString(clean); m != "" {
		out = append(out, fmt.Sprintf("quotes placeholder text %q", m))
	}
	if m := exampleQuoted.FindString(clean); m != "" {
		out = append(out, fmt.Sprintf("quotes the spec's example (%q)", m))
	}
	for _, ex := range w.examples {
		// A word shown as an example ("artist") may be the right word; an example with a
		// digit or a symbol (12345, my-team) is a value to copy.
		if len(ex) >= 4 && strings.ContainsFunc(ex, func(r rune) bool { return !unicode.IsLetter(r) && r != ' ' }) && strings.Contains(clean, ex) {
			out = append(out, fmt.Sprintf("quotes the spec's example value %q", ex))
			break
		}
	}
	if m := exponentNumber.FindString(clean); m != "" {
		out = append(out, fmt.Sprintf("writes a number in exponent form (%s)", m))
	}
	if s := w.stemmed(clean); s != "" {
		out = append(out, fmt.Sprintf("uses a stemmed word %q", s))
	}
	return out
}

// stemmed finds a word that is neither English nor the spec's or the conversation's own,
// but is one of their words cut short: "statuse" (statuses), "kubernete" (kubernetes),
// "schedul" (scheduling).
func (w *wordingScope) stemmed(text string) string {
	if w.dict == nil {
		// Without a word list every English word one letter short of a spec's word
		// ("mean" beside "meaning") would be taken for a stem: the check is left out (said
		// once by newWordingScope; in CI a missing list is an error there).
		return ""
	}
	for _, word := range splitWords(text) {
		if len(word) < 4 || w.vocab[word] || w.dict[word] {
			continue
		}
		for _, suffix := range []string{"s", "es", "e", "ing", "ed", "er", "ion"} {
			if w.vocab[word+suffix] {
				return word
			}
		}
	}
	return ""
}

// splitWords lowers text into its words of letters; camelCase and snake_case break.
func splitWords(text string) []string {
	var out []string
	var cur []rune
	var prev rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for _, r := range text {
		switch {
		case !unicode.IsLetter(r):
			flush()
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	return out
}

// addWords puts the words of text into vocab, both whole (kubernetes) and split
// (camelCase → camel, case).
func addWords(vocab map[string]bool, text string) {
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		vocab[strings.ToLower(f)] = true
	}
	for _, word := range splitWords(text) {
		vocab[word] = true
	}
}

// newWordingScope reads the spec's words and what the conversation said.
func newWordingScope(specFile string, c *Case, res *CaseResult, schemas map[string]map[string]any) (*wordingScope, error) {
	data, err := os.ReadFile(specFile)
	if err != nil {
		return nil, fmt.Errorf("wording check: %w", err)
	}
	w := &wordingScope{vocab: map[string]bool{}}
	addWords(w.vocab, string(data))
	for _, t := range c.Turns {
		addWords(w.vocab, t.UserRequest)
	}
	for _, t := range res.Turns {
		for _, v := range turnArguments(t.Arguments) {
			s := fmt.Sprint(v)
			addWords(w.vocab, s)
			w.given = append(w.given, s)
		}
	}
	// An id the API itself answered with is its data, even where the spec's example is
	// that very value: a question showing it quotes no placeholder.
	var served strings.Builder
	for _, e := range c.Upstream {
		served.Write(e.Body)
	}
	for _, schema := range schemas {
		props, _ := schema["properties"].(map[string]any)
		for _, p := range props {
			pm, _ := p.(map[string]any)
			var exs []any
			if ex, ok := pm["example"]; ok && ex != nil {
				exs = append(exs, ex)
			}
			if more, ok := pm["examples"].([]any); ok {
				exs = append(exs, more...)
			}
			for _, ex := range exs {
				if text := fmt.Sprint(ex); !strings.Contains(served.String(), text) {
					w.examples = append(w.examples, text)
				}
			}
		}
	}
	dict, err := dictionary()
	if err != nil {
		if os.Getenv("CI") == "true" {
			return nil, fmt.Errorf("wording check needs a word list at %s (Debian: wamerican): %w", DictionaryPath, err)
		}
		noDictionaryWarning.Do(func() {
			fmt.Fprintf(os.Stderr, "askapi eval: no word list (Debian: wamerican): %v: the stemmed-word check is skipped\n", err)
		})
	}
	w.dict = dict
	return w, nil
}

// wordingFaults checks every text a person reads in a case's results.
func wordingFaults(w *wordingScope, res *CaseResult) []string {
	var out []string
	for _, t := range res.Turns {
		for _, q := range t.Questions {
			// A confirmation asks yes or no; it names the request, not an id to give.
			for _, f := range w.textFaults(q.Text, q.Labels, q.Field != "_confirm") {
				out = append(out, fmt.Sprintf("turn %d, question on %s: %s: %q", t.Turn, q.Field, f, q.Text))
			}
		}
		if t.Status == statusUnsupported {
			reason, _ := t.Structured["reason"].(string)
			for _, f := range w.textFaults(reason, nil, false) {
				out = append(out, fmt.Sprintf("turn %d, unsupported reason: %s: %q", t.Turn, f, reason))
			}
		}
	}
	for _, f := range res.Forms {
		for i, text := range f.texts() {
			// The message gathers the questions, confirmations among them; the fields ask.
			for _, fault := range w.textFaults(text, nil, i > 0 && !strings.HasPrefix(text, "Shall I send")) {
				out = append(out, fmt.Sprintf("turn %d, form: %s: %q", f.Turn+1, fault, text))
			}
		}
	}
	return out
}

// texts are what a form shows a person: its message, and each field's title and
// description (a choice's titles are its options).
func (f Form) texts() []string {
	out := []string{f.Message}
	props, _ := f.Schema["properties"].(map[string]any)
	for _, p := range props {
		pm, _ := p.(map[string]any)
		for _, k := range []string{"title", "description"} {
			if s, ok := pm[k].(string); ok && s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}
