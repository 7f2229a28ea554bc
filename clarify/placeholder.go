package clarify

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// placeholderWords are values assistants put in when they have nothing real: the words
// of example code and form templates.
var placeholderWords = map[string]bool{
	"string": true, "example": true, "test": true, "foo": true, "bar": true, "baz": true,
	"xxx": true, "xxxx": true, "todo": true, "tbd": true, "placeholder": true, "sample": true,
	"value": true, "dummy": true, "lorem ipsum": true, "john doe": true, "jane doe": true,
	"your_api_key": true, "your-api-key": true, "api_key": true, "user": true, "username": true,
	"name": true, "n/a": true, "none": true, "null": true, "undefined": true, "unknown": true,
	"1234": true, "12345": true, "123456": true, "0000": true, "abc": true, "abc123": true,
	"00000000-0000-0000-0000-000000000000": true, "123e4567-e89b-12d3-a456-426614174000": true,
	"user@example.com": true, "test@example.com": true, "email@example.com": true,
	"john.doe@example.com": true, "john@example.com": true,
}

var (
	// <id>, {id}, [name], YOUR_TOKEN_HERE, ${VAR}: template slots, not values.
	slotPattern = regexp.MustCompile(`^(<[^<>]+>|\{[^{}]+\}|\[[^\[\]]+\]|\$\{[^}]+\})$`)
	yourPattern = regexp.MustCompile(`(?i)^(your|my)[ _-]`)
	// Placeholder addresses at the domains reserved for documentation.
	exampleDomain = regexp.MustCompile(`(?i)@example\.(com|org|net)$|^https?://(www\.)?example\.(com|org|net)(/|$)`)
	repeated      = regexp.MustCompile(`^(x+|0+|9+|1+)$`)
)

// Placeholder reports whether v looks invented, and why. examples are the spec's own
// example and default values for the field, which an assistant copies from the schema.
func Placeholder(v any, examples []any) (bool, string) {
	if isExample(v, examples) {
		return true, "it is the API documentation's example value"
	}
	s, ok := scalarText(v)
	if !ok {
		return false, ""
	}
	t := strings.ToLower(strings.TrimSpace(s))
	switch {
	case t == "":
		return false, ""
	case placeholderWords[t]:
		return true, fmt.Sprintf("%q is a placeholder value", s)
	}
	return fabricatedText(s, t)
}

// Fabricated reports whether v has a form no real value takes, and why: a template slot,
// "your_…", an address at a domain reserved for documentation, filler. Unlike a
// placeholder word ("test", "name", "none"), which an optional argument may well take,
// such a value is invented wherever it is given.
func Fabricated(v any) (bool, string) {
	s, ok := scalarText(v)
	if !ok {
		return false, ""
	}
	return fabricatedText(s, strings.ToLower(strings.TrimSpace(s)))
}

func fabricatedText(s, t string) (bool, string) {
	switch {
	case t == "00000000-0000-0000-0000-000000000000", t == "123e4567-e89b-12d3-a456-426614174000":
		return true, fmt.Sprintf("%q is a placeholder value", s)
	case slotPattern.MatchString(t):
		return true, fmt.Sprintf("%q is a template slot, not a value", s)
	case yourPattern.MatchString(t):
		return true, fmt.Sprintf("%q is a placeholder value", s)
	case exampleDomain.MatchString(t):
		return true, fmt.Sprintf("%q uses a documentation-only example domain", s)
	case len(t) >= 4 && repeated.MatchString(strings.ReplaceAll(t, "-", "")):
		return true, fmt.Sprintf("%q is a filler value", s)
	case prefixedFiller(t):
		return true, fmt.Sprintf("%q is a filler value behind an id's prefix", s)
	case fillerPart(t):
		return true, fmt.Sprintf("%q holds filler where a part of the id goes", s)
	case slotPart(s):
		return true, fmt.Sprintf("%q holds a template slot where a part of the name goes", s)
	}
	return false, ""
}

// fillerPart reports a resource's full name (parts between ':' and '/': an ARN, a
// resource path) one of whose parts is filler: a character repeated
// (controlpanel/xxxxxxxx) or the digits counted in order (account 123456789012), as a
// documentation's example is written.
func fillerPart(t string) bool {
	if !strings.ContainsAny(t, ":/") {
		return false
	}
	for _, part := range strings.FieldsFunc(t, func(r rune) bool { return r == ':' || r == '/' }) {
		part = strings.ReplaceAll(part, "-", "")
		if len(part) >= 6 && (repeated.MatchString(part) || countedDigits(part)) {
			return true
		}
	}
	return false
}

// slotPart reports a resource path one of whose parts is a documentation's slot for an
// id, written as formats are (projects/PROJECT_ID/locations/LOCATION_ID): capitals and
// underscores, ending in _ID. A real path's part is not spelt as the name of its slot.
func slotPart(s string) bool {
	if !strings.Contains(s, "/") {
		return false
	}
	for _, part := range strings.Split(s, "/") {
		if len(part) > 3 && strings.HasSuffix(part, "_ID") && strings.Trim(part, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == "" {
			return true
		}
	}
	return false
}

// countedDigits reports digits that count up one by one (123456789012).
func countedDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' || (i > 0 && s[i] != '0'+(s[i-1]-'0'+1)%10) {
			return false
		}
	}
	return true
}

// prefixedFiller reports an id built of a type prefix and filler: Stripe-style
// acct_00000000-0000-0000-0000-000000000000, cus_XXXXXXXX, prj-0000. The prefix is a
// short run of letters; what follows it is a placeholder on its own.
func prefixedFiller(t string) bool {
	i := strings.IndexAny(t, "_:-")
	if i < 1 || i > 12 || strings.Trim(t[:i], "abcdefghijklmnopqrstuvwxyz") != "" {
		return false
	}
	rest := t[i+1:]
	return placeholderWords[rest] || (len(rest) >= 4 && repeated.MatchString(strings.ReplaceAll(rest, "-", "")))
}

func scalarText(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case float64, int, int64, json.Number:
		return ValueText(x), true
	}
	return "", false
}

// SameValue compares two JSON values by their JSON text, so 5 and 5.0 agree.
func SameValue(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}

// givenWords stand in a question for a value that must not be quoted back.
const givenWords = "the value given"

// quoteGiven renders a value given, for a question: quoted as given, unless it is or
// holds placeholder or example text (a nil UUID, XXXX, "string", <id>, the spec's own
// example), which a question never quotes back: that is "the value given".
func quoteGiven(v any, examples []any) string {
	if placeholderText(v, examples) {
		return givenWords
	}
	return describe(v)
}

// placeholderText reports whether v is, or holds, placeholder or example text.
func placeholderText(v any, examples []any) bool {
	if bad, _ := Placeholder(v, examples); bad {
		return true
	}
	s, ok := v.(string)
	return ok && fillerInside.MatchString(s)
}

// fillerInside is a run of filler inside a value, between any separators ("prj-XXXX",
// "acct_00000000", a nil UUID inside a path): \b would not part it from an underscore.
var fillerInside = regexp.MustCompile(`(?i)(?:^|[^a-z0-9])(?:x{3,}|0{6,}|9{6,})(?:[^a-z0-9]|$)`)

// capFirst starts a sentence with a capital: "the value given" → "The value given".
func capFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Invented is the question for a value of a form no real value takes (a template slot
// such as <job-id>, an all-zero UUID), where a check found it invalid for its schema:
// it was invented, not mistyped, and is asked about as such (unconfirmed), unless the
// person said it.
func Invented(c Call, arg string, v any, said string, now time.Time) (Question, bool) {
	fab, why := Fabricated(v)
	if !fab || (said != "" && Grounded(v, said, now)) {
		return Question{}, false
	}
	return Question{
		Field:    arg,
		Kind:     Unconfirmed,
		Question: fmt.Sprintf("%s (%s looks invented, not something you said.)", Ask(c.Op, c.field(arg)), capFirst(quoteGiven(v, nil))),
		Reason:   why,
	}, true
}
