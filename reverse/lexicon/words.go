package lexicon

import (
	"strings"
	"unicode"

	"github.com/askapi/askapi/tools"
)

// Abbreviates reports whether short is a clipped form of long ("repo" of "repository",
// "org" of "organization"): a prefix of at least three letters.
func Abbreviates(short, long string) bool {
	// A clip is short (repo, org, app): "order" is a word of its own, not a clipped
	// "orderer".
	return len(short) >= 3 && len(short) <= 4 && len(short) < len(long) && strings.HasPrefix(long, short)
}

// SnakeCase lower-cases and joins camelCase or snake_case parts with underscores; runs of
// capitals stay one word (silenceID → silence_id, HTTPServer → http_server).
func SnakeCase(s string) string {
	if isSnake(s) {
		// Most field names are snake case already: a large spec's graph asks for
		// hundreds of thousands of them (issue 31).
		return s
	}
	return snakeCase(s)
}

func snakeCase(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 4)
	rs := []rune(s)
	for i, r := range rs {
		if r == '-' || r == ' ' || r == '.' || r == '[' || r == ']' || r == '$' || r == '/' {
			r = '_'
		}
		if unicode.IsUpper(r) && i > 0 && !strings.HasSuffix(b.String(), "_") {
			prevUpper := unicode.IsUpper(rs[i-1])
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if !prevUpper || nextLower {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	out := b.String()
	for strings.Contains(out, "__") {
		out = strings.ReplaceAll(out, "__", "_")
	}
	return strings.Trim(out, "_")
}

// isSnake reports whether SnakeCase would return s unchanged: lower-case ASCII letters
// and digits, single underscores between them.
func isSnake(s string) bool {
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' {
		return s == ""
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		case c == '_' && s[i-1] != '_':
		default:
			return false
		}
	}
	return true
}

var IrregularPlural = map[string]string{"people": "person", "children": "child", "men": "man", "women": "woman", "series": "series", "news": "news",
	// Nouns ending in -ie, which the -ies → -y rule would break (movies → movy).
	"movies": "movie", "cookies": "cookie", "zombies": "zombie", "calories": "calorie", "rookies": "rookie",
	"selfies": "selfie", "hoodies": "hoodie", "species": "species", "data": "data", "media": "media", "analyses": "analysis",
	// Latin -us plurals and -ses words the -s rule would break (statuses → statuse), and
	// names that only look plural.
	"statuses": "status", "bonuses": "bonus", "campuses": "campus", "viruses": "virus", "censuses": "census", "buses": "bus",
	"focuses": "focus", "aliases": "alias", "biases": "bias", "canvases": "canvas", "kubernetes": "kubernetes", "aws": "aws", "dns": "dns", "https": "https"}

// Singular turns a path segment or field name into the singular resource noun; in a
// phrase (credit_cards) the last word is made singular.
func Singular(s string) string {
	s = strings.ToLower(s)
	if i := strings.LastIndexByte(s, '_'); i >= 0 && i < len(s)-1 {
		return s[:i+1] + Singular(s[i+1:])
	}
	if v, ok := IrregularPlural[s]; ok {
		return v
	}
	switch {
	case strings.HasSuffix(s, "ies") && len(s) > 4:
		return s[:len(s)-3] + "y"
	case strings.HasSuffix(s, "sses"), strings.HasSuffix(s, "xes"), strings.HasSuffix(s, "ches"), strings.HasSuffix(s, "shes"):
		return s[:len(s)-2]
	case strings.HasSuffix(s, "ss"), strings.HasSuffix(s, "us"), strings.HasSuffix(s, "is"):
		return s
	case strings.HasSuffix(s, "s") && len(s) > 3:
		return s[:len(s)-1]
	}
	return s
}

// SpelledOut are clipped nouns common in API paths, spelled out for people: the
// abbreviations with words to say (tools.Abbreviations).
var SpelledOut = func() map[string]string {
	out := map[string]string{}
	for _, a := range tools.Abbreviations() {
		if a.Say != "" {
			out[a.Short] = a.Say
		}
	}
	return out
}()

// Display is how a question names a resource: "credit_card" reads "credit card"; a
// two-letter noun is an abbreviation and reads in capitals ("vm" → "VM"); one letter
// names no kind at all ("" : the question is worded without one).
func Display(resource string) string {
	// A person is never asked for a thing's id: "rgd_id" is shown as the rgd it names.
	for _, w := range []string{"_id", "_ids", "_uuid", "_guid"} {
		if head, ok := strings.CutSuffix(resource, w); ok && head != "" {
			resource = head
			break
		}
	}
	if long, ok := SpelledOut[resource]; ok {
		return long
	}
	if len(resource) == 1 {
		return ""
	}
	if len(resource) <= 2 {
		return strings.ToUpper(resource)
	}
	return strings.ReplaceAll(resource, "_", " ")
}

// Normal lower-cases text and keeps letters and digits, single-spaced, so names match
// whatever their case, spacing or punctuation.
func Normal(s string) string {
	return strings.Join(Words(s), " ")
}

// Words lower-cases text and splits it into its runs of letters and digits: Normal's
// words.
func Words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// Plural is the plural of a resource noun for questions: "people", "TV shows".
func Plural(s string) string {
	switch {
	case s == "person":
		return "people"
	case len(s) > 1 && s[len(s)-1] == 'y' && !strings.ContainsRune("aeiou", rune(s[len(s)-2])):
		return s[:len(s)-1] + "ies"
	case strings.HasSuffix(s, "s"):
		return s
	}
	return s + "s"
}
