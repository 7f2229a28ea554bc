package find

import (
	"strings"
	"unicode"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// Paths written as one lower-case word ("/customerclaims", "/readyforcollection",
// "/ipblacklist") hide their words from a search: a request for "customer claims" finds
// nothing called so. Such a segment is split into the words the spec itself says
// elsewhere, in its summaries, operation names, tags and argument names.

// compoundMin is the shortest segment worth splitting: shorter ones are words.
const compoundMin = 7

// specWords are the words (lower case, as written) that a catalog's operations say in
// their short texts.
func specWords(ops []*tools.Operation) map[string]bool {
	words := map[string]bool{}
	add := func(text string) {
		lexicon.EachWord(text, func(_, said string) { words[said] = true })
	}
	for _, op := range ops {
		add(op.Summary)
		add(op.OperationID)
		add(strings.Join(op.Tags, " "))
		for _, p := range op.Params {
			add(p.Name)
		}
		if op.Body != nil {
			for _, name := range op.Body.Props {
				add(name)
			}
		}
	}
	return words
}

// pathText is an operation's path followed by the words of each one-word segment that
// splits into words the spec says elsewhere.
func pathText(path string, words map[string]bool) string {
	var b strings.Builder
	b.WriteString(path)
	for _, seg := range strings.Split(path, "/") {
		if len(seg) < compoundMin || strings.ContainsAny(seg, "{}") || words[seg] ||
			strings.ContainsFunc(seg, func(r rune) bool { return !unicode.IsLower(r) }) {
			continue
		}
		if parts := splitCompound(seg, words); len(parts) > 1 {
			b.WriteString(" ")
			b.WriteString(strings.Join(parts, " "))
		}
	}
	return b.String()
}

// compoundText is a one-word path step followed by the words it splits into, when it
// splits into words the spec says elsewhere ("updatestock update stock").
func compoundText(seg string, words map[string]bool) string {
	if len(seg) < compoundMin || words[seg] || strings.ContainsFunc(seg, func(r rune) bool { return !unicode.IsLower(r) }) {
		return seg
	}
	if parts := splitCompound(seg, words); len(parts) > 1 {
		return seg + " " + strings.Join(parts, " ")
	}
	return seg
}

// splitCompound splits s into the fewest known words (a plural's "s" may close the
// last: "customerclaims"), or returns nil. Stopwords count as words ("bypostcode").
func splitCompound(s string, words map[string]bool) []string {
	known := func(w string) bool {
		return len(w) >= 2 && (words[w] || lexicon.StopWords[w] || len(w) > 3 && strings.HasSuffix(w, "s") && words[w[:len(w)-1]])
	}
	// best[i] is the fewest words that make s[:i]; from[i] where the last begins.
	n := len(s)
	best, from := make([]int, n+1), make([]int, n+1)
	for i := 1; i <= n; i++ {
		best[i] = -1
		for j := max(0, i-24); j < i; j++ {
			if best[j] >= 0 && known(s[j:i]) && (best[i] < 0 || best[j]+1 < best[i]) {
				best[i], from[i] = best[j]+1, j
			}
		}
	}
	if best[n] < 2 {
		return nil
	}
	var parts []string
	for i := n; i > 0; i = from[i] {
		parts = append([]string{s[from[i]:i]}, parts...)
	}
	return parts
}
