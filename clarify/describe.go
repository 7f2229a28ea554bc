package clarify

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
)

var (
	// htmlTag and markdown emphasis are markup, not words.
	htmlTag = regexp.MustCompile(`<[^<>]*>`)
	// exampleAside is a parenthesis that gives an example: "(e.g. 1234)", "(example: foo)".
	exampleAside = regexp.MustCompile(`(?i)\s*[(\[][^()\[\]]*\b(e\.?g\.?|i\.e\.|example|examples|for instance|such as|like)\b[^()\[\]]*[)\]]`)
	// exampleTail is where a sentence turns to an example: ", e.g. 1234", ". Example: foo".
	exampleTail = regexp.MustCompile(`(?i)\s*[,;:.—–-]?\s*\b(e\.g\.?|eg\.|for example|for instance|example:|examples:|such as)(\s|:|,|$).*$`)
	// fillerRun is a run of one repeated character standing in for a value: XXXXXXXX, 00000.
	fillerRun   = regexp.MustCompile(`(?i)\b(x{3,}|0{4,}|9{4,})\b`)
	idWordsText = regexp.MustCompile(`(?i)\b(id|ids|gid|gids|uuid|guid|identifier|identifiers)\b`)
	quoted      = regexp.MustCompile("\"[^\"]*\"|'[^']*'|`[^`]*`")
)

// plainDescription is the first sentence of a field's description as a question may
// quote it: without examples and placeholder text, which a person would take for a
// value to copy ("What is the project? — XXXXXXXXX"). Empty when nothing is left.
func plainDescription(f Field) string {
	d, _ := f.Schema["description"].(string)
	d = htmlTag.ReplaceAllString(d, " ")
	d, _, _ = strings.Cut(strings.TrimSpace(d), "\n")
	d = exampleAside.ReplaceAllString(d, "")
	d = exampleTail.ReplaceAllString(d, "")
	d = firstLine(d)
	if idWordsText.MatchString(d) {
		// "Globally unique identifier for the project": read beside a question, it asks
		// the person for an id.
		return ""
	}
	examples := append(schemaExamples(f.Schema), f.Examples...)
	d = quoted.ReplaceAllStringFunc(d, func(q string) string {
		if bad, _ := Placeholder(q[1:len(q)-1], examples); bad {
			return ""
		}
		return q
	})
	var kept []string
	for _, w := range strings.Fields(d) {
		bare := strings.Trim(w, ".,;:()[]\"'`")
		if bare != "" && (fillerRun.MatchString(bare) || slotPattern.MatchString(bare)) {
			continue
		}
		if len(bare) >= 3 && matchesExample(bare, examples) {
			continue
		}
		kept = append(kept, w)
	}
	d = strings.TrimSpace(strings.Join(kept, " "))
	d = strings.TrimRight(d, " ,;:—–-")
	// What is left must still say something: a word or two of letters.
	letters := 0
	for _, r := range d {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			letters++
		}
	}
	if letters < 4 || repeatsName(d, Human(f.Arg)) {
		return ""
	}
	return d
}

// repeatsName reports whether a description says no more than the field's name ("The
// search query" of search_query): quoted after "What is the search query?" it only
// repeats the question.
func repeatsName(desc, name string) bool {
	named := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(name)) {
		named[strings.TrimSuffix(w, "s")] = true
	}
	words := lexicon.Words(desc)
	for _, w := range words {
		if !named[strings.TrimSuffix(w, "s")] && !articles[w] {
			return false
		}
	}
	return len(words) > 0
}

// articles say nothing of what a field is.
var articles = map[string]bool{"the": true, "a": true, "an": true, "this": true, "its": true}

// schemaExamples are the example values a schema shows.
func schemaExamples(s map[string]any) []any {
	var out []any
	if ex, ok := s["examples"].([]any); ok {
		out = append(out, ex...)
	}
	if ex, ok := s["example"]; ok && ex != nil {
		out = append(out, ex)
	}
	return out
}

func matchesExample(w string, examples []any) bool {
	for _, ex := range examples {
		if ex != nil && strings.EqualFold(fmt.Sprint(ex), w) {
			return true
		}
	}
	return false
}

// FirstSentence is a spec's text up to its first sentence's end, without markup: what a
// confirmation says a request does, never the examples that follow ("For example, …").
func FirstSentence(s string) string {
	return strings.TrimSpace(firstLine(spaceBeforeStop.ReplaceAllString(StripMarkup(s), "$1")))
}

// StripMarkup is a spec's text as a person reads it: no HTML tags (eBay's
// <strong>schedule_id</strong>), markdown links' targets or emphasis marks, and no line
// breaks. The static tool list's descriptions are written with it too.
func StripMarkup(s string) string {
	s = markupTag.ReplaceAllString(s, " ")
	s = markdownLink.ReplaceAllString(s, "$1")
	s = strings.NewReplacer("**", "", "__", "", "`", "", "&nbsp;", " ", "&amp;", "&", "&lt;", "<", "&gt;", ">").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

var (
	// markupTag and markdownLink are bounded: a spec's prose can be long.
	markupTag    = regexp.MustCompile(`<[^>]{1,200}>`)
	markdownLink = regexp.MustCompile(`\[([^\]]{1,200})\]\([^)]{1,400}\)`)
	// spaceBeforeStop is a space a removed tag left before punctuation ("policy</b>.").
	spaceBeforeStop = regexp.MustCompile(` ([.,;:!?])`)
)
