package tools

import (
	"crypto/sha1"
	"encoding/hex"
	"regexp"
	"strings"
)

// MaxToolName is the longest tool name askapi emits; several clients reject longer ones.
const MaxToolName = 64

var (
	validToolName = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)
	invalidRun    = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)
)

// ValidToolName reports whether s is usable as an MCP tool name.
func ValidToolName(s string) bool { return validToolName.MatchString(s) }

// BaseToolName picks the readable name of an operation before collisions are settled:
// its operationId when valid, the operationId cleaned up when not, else a name made
// from the method and path.
func BaseToolName(operationID, method, path string) string {
	if ValidToolName(operationID) {
		return operationID
	}
	if operationID != "" {
		if n := Shorten(strings.Trim(invalidRun.ReplaceAllString(operationID, "_"), "_")); n != "" {
			return n
		}
	}
	return Shorten(NameFromPath(method, path))
}

// NameFromPath makes "get_person_movie_credits" from GET /person/{person_id}/movie_credits,
// and "get_person_by_person_id" from GET /person/{person_id}, so a list and an item of the
// same resource do not collide.
func NameFromPath(method, path string) string {
	words := []string{strings.ToLower(method)}
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i, seg := range segs {
		if seg == "" {
			continue
		}
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			if i == len(segs)-1 {
				words = append(words, "by", strings.Trim(seg, "{}"))
			}
			continue
		}
		words = append(words, seg)
	}
	n := invalidRun.ReplaceAllString(strings.Join(words, "_"), "_")
	n = strings.Trim(n, "_")
	if n == "" {
		n = strings.ToLower(method)
	}
	return n
}

// Shorten fits a name into MaxToolName characters and keeps it readable: a cut name reads
// as whole words, never as "organiz". In order, until the name fits:
//  1. long words take their usual short form (organization → org, repository → repo,
//     authenticated → auth: the words APIs such as GitHub's use themselves), right to left;
//  2. filler words (for, of, the, in, ...) are dropped, left to right;
//  3. words are dropped from the end.
//
// Only a name that is mostly one huge word is cut inside that word.
// The collision pass adds a suffix if shortening made two names equal.
func Shorten(n string) string { return shortenTo(n, MaxToolName) }

func shortenTo(n string, limit int) string {
	if len(n) <= limit {
		return n
	}
	words := splitWords(n)
	// Measured, not joined: Graph's 22,000 long operationIds made gigabytes of trial names.
	fits := func() bool { return joinedLen(words) <= limit }
	for _, sf := range shortForms {
		for i := len(words) - 1; i > 0 && !fits(); i-- {
			if strings.EqualFold(words[i].word, sf.long) {
				words[i].word = matchCase(sf.short, words[i].word)
			}
		}
	}
	// The first word (often a namespace, "actions") and the last stay.
	for i := 1; i < len(words)-1 && !fits(); {
		if !fillerWords[strings.ToLower(words[i].word)] {
			i++
			continue
		}
		// The separator before the dropped word now stands before the next one:
		// "ns_for-x" → "ns_x"; a camelCase hump keeps the next word's own.
		if words[i].sep != "" {
			words[i+1].sep = words[i].sep
		}
		words = append(words[:i], words[i+1:]...)
	}
	// Dropping words from the end is fine while half the name is left; a name that is
	// mostly one huge word is cut inside it instead.
	for len(words) > 1 && !fits() && joinedLen(words[:len(words)-1]) >= limit/2 {
		words = words[:len(words)-1]
	}
	out := joinWords(words)
	if len(out) > limit {
		out = out[:limit]
	}
	return strings.TrimRight(out, "_-.")
}

// shortForms are the usual short forms of long words, in the order they are tried: the
// abbreviations marked for names.
var shortForms = func() []struct{ long, short string } {
	var out []struct{ long, short string }
	for _, a := range abbreviations {
		if a.Name {
			out = append(out, struct{ long, short string }{a.Long, a.Short})
		}
	}
	return out
}()

// ShortForm is the short form shorten may give a word ("organization" → "org"), or "".
func ShortForm(word string) string {
	for _, sf := range shortForms {
		if strings.EqualFold(word, sf.long) {
			return matchCase(sf.short, word)
		}
	}
	return ""
}

// fillerWords carry little meaning in a tool name and are the first to go when it is too long.
var fillerWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "for": true, "in": true, "on": true,
	"to": true, "by": true, "with": true, "from": true, "at": true,
}

// nameWord is one word of a name with the separator before it ("" for camelCase).
type nameWord struct{ sep, word string }

// splitWords splits a name at '_', '-' and '.' runs and at camelCase humps.
func splitWords(n string) []nameWord {
	var out []nameWord
	sep, start := "", 0
	flush := func(end int) {
		if end > start {
			out = append(out, nameWord{sep: sep, word: n[start:end]})
			sep = ""
		}
	}
	for i := 0; i < len(n); i++ {
		c := n[i]
		switch {
		case c == '_' || c == '-' || c == '.':
			flush(i)
			sep += string(c)
			start = i + 1
		case UpperASCII(c) && i > start && (LowerASCII(n[i-1]) || DigitASCII(n[i-1])):
			flush(i)
			start = i
		}
	}
	flush(len(n))
	if sep != "" && len(out) > 0 {
		out[len(out)-1].word += sep // trailing separators stay with the last word
	}
	return out
}

// NameWords are the words of a tool name or operationId, as shorten sees them.
func NameWords(n string) []string {
	var out []string
	for _, w := range splitWords(invalidRun.ReplaceAllString(n, "_")) {
		out = append(out, strings.TrimRight(w.word, "_-."))
	}
	return out
}

// joinedLen is len(joinWords(words)).
func joinedLen(words []nameWord) int {
	n := 0
	for _, w := range words {
		n += len(w.sep) + len(w.word)
	}
	return n
}

func joinWords(words []nameWord) string {
	var b strings.Builder
	for _, w := range words {
		b.WriteString(w.sep)
		b.WriteString(w.word)
	}
	return b.String()
}

// matchCase gives short the case of the word it replaces: org, Org or ORG.
func matchCase(short, like string) string {
	switch {
	case like == strings.ToUpper(like):
		return strings.ToUpper(short)
	case UpperASCII(like[0]):
		return strings.ToUpper(short[:1]) + short[1:]
	}
	return short
}

func UpperASCII(c byte) bool { return c >= 'A' && c <= 'Z' }
func LowerASCII(c byte) bool { return c >= 'a' && c <= 'z' }
func DigitASCII(c byte) bool { return c >= '0' && c <= '9' }

// WithSuffix appends a short hash of the operation's key, so a colliding name is stable
// whatever order the spec lists operations in.
func WithSuffix(name, key string) string {
	sum := sha1.Sum([]byte(key))
	suffix := "_" + hex.EncodeToString(sum[:])[:6]
	return shortenTo(name, MaxToolName-len(suffix)) + suffix
}

// AssignNames gives every operation a unique tool name. An operation whose valid
// operationId is its name keeps it; every other member of a collision gets a hash suffix.
func AssignNames(ops []*Operation) {
	groups := map[string][]*Operation{}
	for _, op := range ops {
		op.Name = BaseToolName(op.OperationID, op.Method, op.Path)
		groups[op.Name] = append(groups[op.Name], op)
	}
	taken := map[string]bool{}
	for _, op := range ops {
		if len(groups[op.Name]) == 1 {
			taken[op.Name] = true
		}
	}
	for name, group := range groups {
		if len(group) < 2 {
			continue
		}
		owner := -1
		for i, op := range group {
			if op.OperationID == name {
				owner = i
				break
			}
		}
		for i, op := range group {
			if i == owner {
				taken[name] = true
				continue
			}
			n := WithSuffix(name, op.Key())
			for taken[n] {
				n = WithSuffix(n, op.Key())
			}
			op.Name = n
			taken[n] = true
		}
	}
}

// outsideToolName reports a rune invalidRun replaces.
func outsideToolName(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '.' || r == '-')
}
