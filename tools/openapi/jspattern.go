package openapi

import (
	"strings"

	"github.com/askapi/askapi/tools"
)

// JSCompatiblePattern reports whether a regular expression Go accepts is also valid for
// JavaScript's RegExp in "u" mode, which Ajv (the validator of the MCP TypeScript SDKs)
// compiles "pattern" with. A pattern one client cannot compile makes it reject the whole
// tool, so keepPattern drops such patterns.
//
// It reads the pattern with JavaScript's grammar and refuses what Go allows and "u" mode
// does not: identity escapes of non-syntax characters (\- outside a class, \:, \#),
// Go-only escapes (\A, \z, \Q…\E, \pL, \p{Greek}, \x{41}, octal \123), inline flags
// ((?i), (?s:…), (?P<name>…)), a group name used twice, POSIX classes ([[:alpha:]]), lone ] { }, and ranges
// with a class escape ([\d-z]), and a quantifier with nothing to repeat: at the start, after
// "(" or "|", after an assertion (^, $, \b, \B: "^*", "{2}"), which Go reads as a
// literal or an empty repeat. It also refuses what both accept but read differently, so
// a kept pattern means the same to the client as to askapi's validation: a count with a
// leading zero ({00}: Go's text) and a class opening with ] ([][]: Go's ']' member,
// JavaScript's empty class).
func JSCompatiblePattern(p string) bool {
	inClass := false
	// Outside a class: what a quantifier would repeat.
	const (
		repNothing = iota // the start, "(", "|", an assertion, a lazy quantifier
		repAtom           // a character, class, escape or group: it may be repeated
		repQuant          // a quantifier: only "?" (lazy) may follow
	)
	rep := repNothing
	// In a class: what the last atom was, for ranges.
	const (
		atomNone = iota
		atomChar
		atomClassEscape
	)
	last := atomNone
	names := map[string]bool{} // the named groups so far
	for i := 0; i < len(p); i++ {
		c := p[i]
		if inClass {
			switch c {
			case ']':
				inClass, rep = false, repAtom
				continue
			case '[':
				if i+1 < len(p) && p[i+1] == ':' && strings.Contains(p[i+2:], ":]") {
					// A POSIX class: Go reads [:name:] as one wherever a ":]" follows
					// (and refuses an unknown name). Without one, "[:" is two characters
					// to both, as "[=" and "[." always are.
					return false
				}
				last = atomChar
			case '\\':
				n, class, ok := jsEscape(p[i+1:], true)
				if !ok {
					return false
				}
				i += n
				last = atomChar
				if class {
					last = atomClassEscape
				}
			case '-':
				if last == atomNone || i+1 >= len(p) || p[i+1] == ']' {
					last = atomChar // a literal dash
					continue
				}
				if last == atomClassEscape {
					return false
				}
				// A range: its upper end must be a character, not a class escape.
				if p[i+1] == '\\' {
					n, class, ok := jsEscape(p[i+2:], true)
					if !ok || class {
						return false
					}
					i += 1 + n
				} else {
					i++
				}
				last = atomNone
			default:
				last = atomChar
			}
			continue
		}
		switch c {
		case '\\':
			n, _, ok := jsEscape(p[i+1:], false)
			if !ok {
				return false
			}
			rep = repAtom
			if p[i+1] == 'b' || p[i+1] == 'B' {
				rep = repNothing // an assertion
			}
			i += n
		case '[':
			inClass, last = true, atomNone
			if i+1 < len(p) && p[i+1] == '^' {
				i++
			}
			if i+1 < len(p) && p[i+1] == ']' {
				// [] and [^] are empty (or full) classes in JavaScript, where Go reads the
				// ']' as the class's first member: "[][]" would mean two things.
				return false
			}
		case ']', '}':
			return false // lone in "u" mode
		case '{':
			n := quantifierBraces(p[i:])
			if n == 0 || rep != repAtom {
				return false
			}
			i += n - 1
			rep = repQuant
		case '*', '+', '?':
			switch {
			case rep == repAtom:
				rep = repQuant
			case rep == repQuant && c == '?':
				rep = repNothing // lazy: nothing more may follow
			default:
				return false
			}
		case '^', '$', '|':
			rep = repNothing
		case '(':
			rep = repNothing
			if i+1 < len(p) && p[i+1] == '?' {
				// Only non-capturing and named groups: no inline flags, no (?P<name>.
				switch {
				case i+2 < len(p) && p[i+2] == ':':
					i += 2
				case i+3 < len(p) && p[i+2] == '<' && (letterASCII(p[i+3]) || p[i+3] == '_'):
					// A name starts as an identifier does in both: a letter or "_" (JavaScript
					// also takes "$", which Go refuses; Go also takes a digit, which JavaScript
					// refuses).
					end := strings.IndexByte(p[i+3:], '>')
					if end < 0 {
						return false
					}
					// JavaScript refuses a group name used twice ("(?<m>)(?<m>)"); Go
					// takes it.
					name := p[i+3 : i+3+end]
					if names[name] {
						return false
					}
					names[name] = true
					i += 3 + end
				default:
					return false
				}
			}
		default: // ')', '.', a character
			rep = repAtom
		}
	}
	return !inClass
}

// jsEscape checks the escape after a backslash in "u" mode and returns how many bytes it
// takes after the backslash, and whether it is a class escape (\d, \w, \s, \p{…}).
func jsEscape(s string, inClass bool) (n int, class bool, ok bool) {
	if s == "" {
		return 0, false, false
	}
	c := s[0]
	switch c {
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/':
		return 1, false, true
	case '-':
		return 1, false, inClass
	case 'd', 'D', 'w', 'W', 's', 'S':
		return 1, true, true
	case 'b':
		return 1, false, true // a word boundary, or backspace in a class
	case 'B':
		return 1, false, !inClass
	case 'f', 'n', 'r', 't', 'v':
		return 1, false, true
	case '0':
		return 1, false, len(s) < 2 || !tools.DigitASCII(s[1])
	case 'c':
		return 2, false, len(s) >= 2 && letterASCII(s[1])
	case 'x':
		return 3, false, len(s) >= 3 && hexASCII(s[1]) && hexASCII(s[2])
	case 'u':
		if len(s) >= 5 && hexASCII(s[1]) && hexASCII(s[2]) && hexASCII(s[3]) && hexASCII(s[4]) {
			return 5, false, true
		}
		return 0, false, false // \u{…} is fine in JS but not in Go, so never seen here
	case 'p', 'P':
		// General categories only (\p{L}, \p{Lu}): Go's script names (\p{Greek}) need
		// Script= in JavaScript, and \pL needs braces.
		if len(s) >= 4 && s[1] == '{' && tools.UpperASCII(s[2]) {
			if s[3] == '}' {
				return 4, true, true
			}
			if len(s) >= 5 && tools.LowerASCII(s[3]) && s[4] == '}' {
				return 5, true, true
			}
		}
		return 0, false, false
	}
	return 0, false, false
}

// quantifierBraces is the length of a {n}, {n,} or {n,m} quantifier at the start of s,
// or 0. A count with a leading zero ({00}, {1,02}) is not one: Go reads the braces as
// literal text where JavaScript repeats, so the pattern would mean two things.
func quantifierBraces(s string) int {
	i := 1
	digits := func() int {
		start := i
		for i < len(s) && tools.DigitASCII(s[i]) {
			i++
		}
		if i-start > 1 && s[start] == '0' {
			return -1
		}
		return i - start
	}
	if digits() <= 0 {
		return 0
	}
	if i < len(s) && s[i] == ',' {
		i++
		if digits() < 0 {
			return 0
		}
	}
	if i < len(s) && s[i] == '}' {
		return i + 1
	}
	return 0
}

func letterASCII(c byte) bool { return tools.UpperASCII(c) || tools.LowerASCII(c) }
func hexASCII(c byte) bool {
	return tools.DigitASCII(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}
