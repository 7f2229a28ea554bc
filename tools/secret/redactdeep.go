package secret

import (
	"encoding/base64"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Redaction to a fixed point. The literal forms (redact.go) hold a secret as written,
// URL-escaped, base64-encoded, and JSON-escaped once or twice; two more kinds of form
// close what they leave open:
//
//   - A deep form matches a text form of the secret under any depth of escaping: each
//     character an encoder escapes (", \, /, <, >, &, ', controls, non-ASCII) is matched
//     with any run of backslashes before it, or as a \uXXXX (\xXX) escape behind any run
//     of backslashes. A key holding `"` was recognised through two levels of JSON
//     escaping only; `_select … |@tostr|@tostr|@tostr`, or askapi's own %q quoting of an
//     API message that held it escaped twice, made a third.
//   - A base64 window is the part of base64 that encodes only the secret's bytes, at each
//     of the three alignments the secret can have inside a longer encoded string
//     ("Bearer <key>", "<key>:", a cursor holding it): for secrets of 16 bytes or more,
//     whose windows are long enough never to occur by chance. Where a window is found,
//     the whole base64 run around it is hidden: its edges hold bits of the secret too.
//
// String then repeats its pass until the text no longer changes, so what it returns is a
// fixed point: redacting it again changes nothing.

// maxPasses bounds the passes to a fixed point; one more pass than the text needs is
// the usual cost (none is needed when nothing matched).
const maxPasses = 8

// deepForm is one form matched by a pattern rather than as written.
type deepForm struct {
	re *regexp.Regexp
	// anchor is text every match holds as written (the longest run of characters no
	// encoder escapes): a string without it is not searched. Empty: always searched.
	anchor string
	// short forms are hidden only where they stand as a whole word (wholeWordBelow).
	short bool
	// run: a base64 window, whose whole base64 run is hidden.
	run bool
}

// minAnchor is the shortest anchor worth a pre-check.
const minAnchor = 4

// escapedChars are the ASCII characters some encoder escapes: JSON (", \, and / for
// PHP), Go's HTML-safe JSON (<, >, &), and single quotes (PHP's JSON_HEX_APOS, Python's
// repr).
const escapedChars = "\"\\/<>&'"

// plain reports whether no encoder escapes c.
func plain(c rune) bool {
	return c >= 0x20 && c < 0x7f && !strings.ContainsRune(escapedChars, c)
}

// deepFormsOf are the deep forms of a secret's text forms that hold an escaped
// character, and the base64 windows of a secret of wholeWordBelow bytes or more.
func deepFormsOf(s string) []deepForm {
	var out []deepForm
	texts := []string{s, url.QueryEscape(s), url.PathEscape(s)}
	texts = append(texts, lowerHexEscapes(texts[1]), lowerHexEscapes(texts[2]))
	b := []byte(s)
	texts = append(texts, base64.StdEncoding.EncodeToString(b), base64.RawStdEncoding.EncodeToString(b))
	seen := map[string]bool{}
	for _, t := range texts {
		if seen[t] || !needsDeep(t) {
			continue
		}
		seen[t] = true
		out = append(out, newDeepForm(t, len(t) < wholeWordBelow, false))
	}
	if len(s) < wholeWordBelow {
		return out
	}
	// The windows of the text as written, URL-escaped, and JSON-escaped (a JSON cursor
	// or token, base64-encoded, holds the secret as its encoder wrote it).
	for _, t := range []string{s, url.QueryEscape(s), url.PathEscape(s), jsonEscaped(s, true), jsonEscaped(s, false)} {
		if seen["window of "+t] {
			continue
		}
		seen["window of "+t] = true
		for _, w := range base64Windows([]byte(t)) {
			if !seen[w] {
				seen[w] = true
				out = append(out, newDeepForm(w, false, true))
			}
			if q := url.QueryEscape(w); !seen[q] {
				// A window of standard base64 URL-escaped (%2B, %2F) in a query string.
				seen[q] = true
				out = append(out, newDeepForm(q, false, true))
				if l := lowerHexEscapes(q); !seen[l] {
					seen[l] = true
					out = append(out, newDeepForm(l, false, true))
				}
			}
		}
	}
	return out
}

// needsDeep reports whether some encoder writes t otherwise than as it is.
func needsDeep(t string) bool {
	for _, c := range t {
		if !plain(c) {
			return true
		}
	}
	return false
}

// base64Windows are, for each alignment of b inside a longer encoded string and each
// alphabet, the base64 characters that encode b's bytes alone: the whole 3-byte groups
// b fills, unpadded.
func base64Windows(b []byte) []string {
	var out []string
	for skip := range 3 {
		core := b[skip:]
		core = core[:len(core)/3*3]
		if len(core) < 3 {
			continue
		}
		out = append(out, base64.RawStdEncoding.EncodeToString(core), base64.RawURLEncoding.EncodeToString(core))
	}
	return out
}

func newDeepForm(t string, short, run bool) deepForm {
	return deepForm{re: regexp.MustCompile(deepPattern(t)), anchor: anchorOf(t), short: short, run: run}
}

// deepPattern matches t under any depth of escaping.
func deepPattern(t string) string {
	var b strings.Builder
	for _, c := range t {
		if plain(c) {
			b.WriteString(regexp.QuoteMeta(string(c)))
			continue
		}
		alts := []string{`\\*` + regexp.QuoteMeta(string(c))}
		if c == utf8.RuneError {
			alts = nil // invalid UTF-8 is written as U+FFFD or escaped: only as an escape
		}
		if c <= 0xffff {
			alts = append(alts, `\\+u`+hexClass(fmt.Sprintf("%04x", c)))
		} else {
			hi, lo := 0xd800+((c-0x10000)>>10), 0xdc00+((c-0x10000)&0x3ff)
			alts = append(alts, `\\+u`+hexClass(fmt.Sprintf("%04x", hi))+`\\+u`+hexClass(fmt.Sprintf("%04x", lo)))
			// Go's %q writes a rune beyond the BMP it cannot print as \U and eight digits.
			alts = append(alts, `\\+U`+hexClass(fmt.Sprintf("%08x", c)))
		}
		if c < 0x80 {
			alts = append(alts, `\\+x`+hexClass(fmt.Sprintf("%02x", c)))
		}
		if letter, ok := shortEscapes[c]; ok {
			alts = append(alts, `\\+`+letter)
		}
		b.WriteString("(?:" + strings.Join(alts, "|") + ")")
	}
	return b.String()
}

// shortEscapes are the one-letter escapes of control characters (JSON's and Go's).
var shortEscapes = map[rune]string{'\n': "n", '\r': "r", '\t': "t", '\b': "b", '\f': "f", '\v': "v", '\a': "a"}

// hexClass matches the hex digits of h in either case.
func hexClass(h string) string {
	var b strings.Builder
	for _, c := range h {
		if c >= 'a' && c <= 'f' {
			b.WriteString("[" + string(c) + strings.ToUpper(string(c)) + "]")
		} else {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// anchorOf is the longest run of plain characters of t, or "" when shorter than minAnchor.
func anchorOf(t string) string {
	best, start := "", -1
	for i, c := range t + "\x00" {
		if i < len(t) && plain(c) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start > len(best) {
			best = t[start:i]
		}
		start = -1
	}
	if len(best) < minAnchor {
		return ""
	}
	return best
}

// matches are the spans of s where d stands (whole words only for a short form; the
// whole base64 run for a window).
func (d deepForm) matches(s string) [][2]int {
	if d.anchor != "" && !strings.Contains(s, d.anchor) {
		return nil
	}
	var out [][2]int
	for _, m := range d.re.FindAllStringIndex(s, -1) {
		at, end := m[0], m[1]
		if d.short && !((at == 0 || !isWordByte(s[at-1]) || escapeEndsAt(s, at)) && (end == len(s) || !isWordByte(s[end]))) {
			continue
		}
		if d.run {
			at, end = base64Run(s, at, end)
		}
		if n := len(out); n > 0 && at <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], end)
			continue
		}
		out = append(out, [2]int{at, end})
	}
	return out
}

// replaceSpans puts RedactedMark in place of each span (sorted, not overlapping).
func replaceSpans(s string, spans [][2]int) string {
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	from := 0
	for _, sp := range spans {
		b.WriteString(s[from:sp[0]])
		b.WriteString(RedactedMark)
		from = sp[1]
	}
	b.WriteString(s[from:])
	return b.String()
}

// base64Run widens [at, end) to the run of base64 text around it: letters, digits,
// + / - _, padding on the right, a slash escaped by backslashes, a %2B %2F %3D escape.
func base64Run(s string, at, end int) (int, int) {
	for at > 0 {
		switch c := s[at-1]; {
		case isBase64Byte(c):
			at--
		case c == '\\' && s[at] == '/':
			for at > 0 && s[at-1] == '\\' {
				at--
			}
		case at >= 3 && s[at-3] == '%' && isBase64Escape(s[at-2:at]):
			at -= 3
		default:
			return at, base64RunEnd(s, end)
		}
	}
	return at, base64RunEnd(s, end)
}

func base64RunEnd(s string, end int) int {
	for end < len(s) {
		switch c := s[end]; {
		case isBase64Byte(c) || c == '=':
			end++
		case c == '\\':
			e := end
			for e < len(s) && s[e] == '\\' {
				e++
			}
			if e == len(s) || s[e] != '/' {
				return end
			}
			end = e + 1
		case c == '%' && end+3 <= len(s) && isBase64Escape(s[end+1:end+3]):
			end += 3
		default:
			return end
		}
	}
	return end
}

func isBase64Byte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '-' || c == '_'
}

// isBase64Escape: the hex of a percent-escaped +, / or =.
func isBase64Escape(hex string) bool {
	switch strings.ToUpper(hex) {
	case "2B", "2F", "3D":
		return true
	}
	return false
}
