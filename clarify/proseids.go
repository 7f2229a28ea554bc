package clarify

import (
	"regexp"
	"strings"
)

// An id that the spec's own prose shows ("customerId is a UUIDv4 (ex: 295e3bc3-…)") is
// the documentation's, as a schema's example is: no account of the person's is named in
// an API's documentation. Only opaque tokens count, eight characters or more with a
// digit, so a word the description names as valid ("me", "default") stays valid.

// proseToken is a run of id characters in prose.
var proseToken = regexp.MustCompile(`[A-Za-z0-9][A-Za-z0-9._:-]{6,}[A-Za-z0-9]`)

// proseIDs are the opaque tokens of the texts.
func proseIDs(texts ...string) []any {
	var out []any
	for _, t := range texts {
		if t == "" {
			continue
		}
		for _, tok := range proseToken.FindAllString(t, -1) {
			if strings.ContainsAny(tok, "0123456789") {
				out = append(out, tok)
			}
		}
	}
	return out
}
