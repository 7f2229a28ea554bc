package tools

import (
	"regexp"
	"strings"
)

var (
	quotedValue = regexp.MustCompile("\"[^\"]*\"|'[^']*'|`[^`]*`|“[^”]*”")
	// exampleBefore ends the text just before a quote that gives an example.
	exampleBefore = regexp.MustCompile(`(e\.g\.?|eg\.?|example:?|examples:?|for instance|such as|like)\s*[:,]?\s*$`)
	emailValue    = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[a-zA-Z]{2,}$`)
	// takesEmail reads a description that lets the value be an email: "an email, or the
	// gid of a user", "the user's email address".
	takesEmail = regexp.MustCompile(`(?i)\b(e-?mail)\b`)
)

// DocumentedValue reports whether the spec's description of a field names v as a value
// it takes, so v is used as given: Asana's `This can either be the string "me", an
// email, or the gid of a user` documents "me" and any email. A quote that gives an
// example ("e.g. "1234"") documents nothing.
func DocumentedValue(desc string, v any) bool {
	s, ok := v.(string)
	if !ok || s == "" || desc == "" {
		return false
	}
	if emailValue.MatchString(s) && takesEmail.MatchString(desc) {
		return true
	}
	for _, loc := range quotedValue.FindAllStringIndex(desc, -1) {
		q := desc[loc[0]:loc[1]]
		inner := strings.TrimFunc(q, func(r rune) bool { return strings.ContainsRune("\"'`“”", r) })
		if inner != s {
			continue
		}
		before := strings.ToLower(desc[max(0, loc[0]-24):loc[0]])
		if !exampleBefore.MatchString(before) {
			return true
		}
	}
	return false
}
