package openapi

import (
	"regexp"
	"strings"

	"github.com/askapi/askapi/tools"
)

// maxSchemaDepth cuts nesting so recursive or very deep schemas stay finite and small.
const maxSchemaDepth = 8

// schemaMode says which side of the wire a schema describes: request schemas drop
// readOnly properties, response schemas drop writeOnly ones.
type schemaMode int

const (
	modeRequest schemaMode = iota
	modeResponse
)

func typeValue(types []string) any {
	if len(types) == 1 {
		return types[0]
	}
	return types
}

// knownFormats are the formats JSON Schema defines; vendor formats (int32, binary, ...)
// carry no validation meaning for clients and some validators reject unknown ones.
var knownFormats = map[string]bool{
	"date-time": true, "date": true, "time": true, "duration": true,
	"email": true, "idn-email": true, "hostname": true, "idn-hostname": true,
	"ipv4": true, "ipv6": true, "uri": true, "uri-reference": true, "iri": true,
	"iri-reference": true, "uuid": true, "uri-template": true, "json-pointer": true,
	"relative-json-pointer": true, "regex": true,
}

func keepFormat(f string) string {
	if knownFormats[f] {
		return f
	}
	if tools.UUIDFormat(f) {
		// UUID, uuid4, guid: one format under other spellings. Kept as JSON Schema's
		// name, so a name given where one goes is told from the id (reverse.LooksLikeID).
		return "uuid"
	}
	return ""
}

// keepPattern drops patterns that a strict validator could not compile, rather than
// publishing a schema some client rejects as a whole: Go's regexp here, JavaScript's
// "u" mode in the TypeScript SDKs (Ajv).
func keepPattern(p string) string {
	if p == "" {
		return ""
	}
	// The same patterns recur through a spec (Microsoft Graph's 11,000 parameters share a
	// few dozen): each is compiled and judged once per process.
	return keptPatterns.Get(p, judgePattern)
}

// keptPatterns caches keepPattern's answers, by pattern.
var keptPatterns = tools.NewBoundedCache[string, string](1 << 14)

func judgePattern(p string) string {
	if strings.Contains(p, `\(\?`) {
		// A regular expression escaped twice: \(\?s\).* demands the text "(?s)" of its own
		// inline flag (AWS's converted specs, on every free-text field). No value
		// carries it, so the pattern is dropped rather than refuse everything.
		return ""
	}
	if _, err := regexp.Compile(p); err == nil && JSCompatiblePattern(p) {
		return p
	}
	// Identity escapes of plain punctuation (\: \@ \#) mean the character itself, but
	// JavaScript's unicode mode refuses them: the same pattern without the backslash is
	// kept rather than losing the constraint.
	if q := plainEscapes(p); q != p {
		if _, err := regexp.Compile(q); err == nil && JSCompatiblePattern(q) {
			return q
		}
	}
	return ""
}

// jsSyntax are the characters an escape must keep (JavaScript's SyntaxCharacter, the
// solidus and the class range dash).
const jsSyntax = `^$\.*+?()[]{}|/-`

func plainEscapes(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '\\' && i+1 < len(p) {
			n := p[i+1]
			isWord := (n >= 'a' && n <= 'z') || (n >= 'A' && n <= 'Z') || (n >= '0' && n <= '9') || n == '_'
			if !isWord && n < 0x80 && !strings.ContainsRune(jsSyntax, rune(n)) {
				b.WriteByte(n)
				i++
				continue
			}
			b.WriteByte(c)
			b.WriteByte(n)
			i++
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// firstSentence shortens a description to its first sentence, for cut schemas and
// questions.
func firstSentence(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "\n"); i > 0 {
		s = s[:i]
	}
	if i := strings.Index(s, ". "); i > 0 {
		s = s[:i+1]
	}
	return strings.TrimSpace(s)
}
