package secret

import (
	"encoding/base64"
	"encoding/json"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzRedact: any string of a secret's encodings, nested to any depth, never shows the
// secret once redacted. The fuzzer gives a secret (16 bytes or more, so every form is
// hidden wherever it stands), surrounding text, and a plan: which form the secret takes
// first (as is, URL-escaped, base64 whole, or base64 of a longer text holding it, at any
// alignment, URL-escaped or not), then any number of escaping levels (JSON with or
// without HTML escapes, JSON with escaped slashes, Go's %q), each wrapping the text so
// far in more text. What must hold: redacting the result is a fixed point (doing it
// again changes nothing), and neither the result nor anything its levels decode to
// (unescaped once, twice… as deep as it was built, percent-decoded, base64 runs decoded)
// holds the secret. A plan whose surrounding text alone shows the secret (built again
// with "[redacted]" in the secret's place) is skipped: that text is the fuzzer's, not an
// encoding of the secret.
func FuzzRedact(f *testing.F) {
	f.Add(`p@ss/w+rd=Zq9&x<7>"kLm`, "Bearer |:|key=|{\"k\":\"|\"}", []byte{0, 0, 1, 3})
	f.Add("sk-live-SECRET123456", "Bearer |x", []byte{9, 1, 2, 0, 0, 0})
	f.Add("sk-live-SECRET123456", "ab|cd", []byte{10, 2})
	f.Add(`\"quoted\\back/slash"`, "|\\|", []byte{0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add("tt-SECRET-987654ééé", "é|<>", []byte{1, 3, 3})
	f.Add("sk-live-SECRET123456", "", []byte{12, 1, 0})
	f.Fuzz(func(t *testing.T, secret, outer string, plan []byte) {
		if !utf8.ValidString(secret) || !utf8.ValidString(outer) || strings.TrimSpace(secret) != secret ||
			len(secret) < wholeWordBelow || len(secret) > 64 || len(plan) > 12 || len(outer) > 256 {
			t.Skip()
		}
		built, depth := buildEncoded(secret, outer, plan)
		if len(built) > 32<<10 {
			t.Skip() // each level can double the backslashes: depth is cheap, size is not
		}
		baseline, _ := buildEncoded(RedactedMark, outer, plan)
		if shows(baseline, secret, depth) {
			t.Skip() // the surrounding text shows it on its own
		}
		rd := NewRedactor(secret)
		got := rd.String(built)
		if again := rd.String(got); again != got {
			t.Fatalf("not a fixed point:\nonce:  %q\ntwice: %q", got, again)
		}
		if shows(got, secret, depth) {
			t.Fatalf("the secret shows:\nbuilt:    %q\nredacted: %q", built, got)
		}
	})
}

// buildEncoded writes secret in the form plan[0] chooses, then escapes it once per
// further plan byte, each level wrapped in pieces of outer; depth is how many levels.
func buildEncoded(secret, outer string, plan []byte) (string, int) {
	pieces := strings.Split(outer, "|")
	piece := func(i int) string { return pieces[i%len(pieces)] }
	if len(plan) == 0 {
		plan = []byte{0}
	}
	s := baseForm(secret, piece(0), piece(1), plan[0])
	for i, p := range plan[1:] {
		s = piece(2*i+2) + s + piece(2*i+3)
		switch p % 4 {
		case 0:
			s = jsonInnerTest(s, true)
		case 1:
			s = jsonInnerTest(s, false)
		case 2:
			s = strings.ReplaceAll(jsonInnerTest(s, false), "/", `\/`)
		case 3:
			q := strconv.Quote(s)
			s = q[1 : len(q)-1]
		}
	}
	return s, len(plan) - 1
}

// baseForm is secret written one of the ways it takes on the wire.
func baseForm(secret, pre, post string, kind byte) string {
	window := pre + secret + post
	switch kind % 13 {
	case 1:
		return url.QueryEscape(secret)
	case 2:
		return url.PathEscape(secret)
	case 3:
		return lowerHexEscapes(url.QueryEscape(secret))
	case 4:
		return base64.StdEncoding.EncodeToString([]byte(secret))
	case 5:
		return base64.URLEncoding.EncodeToString([]byte(secret))
	case 6:
		return base64.RawStdEncoding.EncodeToString([]byte(secret))
	case 7:
		return base64.RawURLEncoding.EncodeToString([]byte(secret))
	case 8:
		return base64.StdEncoding.EncodeToString([]byte(window))
	case 9:
		return base64.RawStdEncoding.EncodeToString([]byte(window))
	case 10:
		return base64.URLEncoding.EncodeToString([]byte(window))
	case 11:
		return url.QueryEscape(base64.StdEncoding.EncodeToString([]byte(window)))
	case 12:
		return base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(pre) + url.QueryEscape(secret) + url.QueryEscape(post)))
	}
	return secret
}

func jsonInnerTest(s string, html bool) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(html)
	_ = enc.Encode(s)
	q := strings.TrimSpace(b.String())
	return q[1 : len(q)-1]
}

// shows reports whether text holds secret, as is or once decoded: unescaped up to depth+1
// times, and at each level percent-decoded and with its base64 runs decoded.
func shows(text, secret string, depth int) bool {
	for range depth + 2 {
		for _, v := range []string{text, percentDecoded(text, false), percentDecoded(text, true)} {
			if strings.Contains(v, secret) || base64Shows(v, secret) {
				return true
			}
		}
		text = unescapeLenient(text)
	}
	return false
}

var (
	escapeRe = regexp.MustCompile(`\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|x[0-9a-fA-F]{2}|["\\/bfnrtva'])`)
	b64Run   = regexp.MustCompile(`[A-Za-z0-9+/_=-]{4,}`)
	pctRe    = regexp.MustCompile(`%[0-9a-fA-F]{2}`)
)

// unescapeLenient undoes one level of JSON or Go escaping wherever an escape stands, a
// surrogate pair joined.
func unescapeLenient(s string) string {
	out := escapeRe.ReplaceAllStringFunc(s, func(m string) string {
		switch m[1] {
		case 'u', 'U', 'x':
			n, _ := strconv.ParseUint(m[2:], 16, 32)
			if m[1] == 'x' {
				return string([]byte{byte(n)})
			}
			return string(rune(n))
		}
		if un, err := strconv.Unquote(`"` + m + `"`); err == nil {
			return un
		}
		return m[1:]
	})
	// A pair of surrogates written as two \u escapes became two U+FFFD: decode it right.
	return joinSurrogates(s, out)
}

// joinSurrogates redoes s's \uD8xx\uDCxx pairs as one character each, when s has any.
var surrogatePair = regexp.MustCompile(`\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}`)

func joinSurrogates(s, out string) string {
	pair := surrogatePair
	if !pair.MatchString(s) {
		return out
	}
	joined := pair.ReplaceAllStringFunc(s, func(m string) string {
		var r string
		if json.Unmarshal([]byte(`"`+m+`"`), &r) != nil {
			return m
		}
		return r
	})
	return escapeRe.ReplaceAllStringFunc(joined, func(m string) string {
		if un, err := strconv.Unquote(`"` + m + `"`); err == nil {
			return un
		}
		return m[1:]
	})
}

// percentDecoded decodes every %XX (and + as a space when plus).
func percentDecoded(s string, plus bool) string {
	if plus {
		s = strings.ReplaceAll(s, "+", " ")
	}
	return pctRe.ReplaceAllStringFunc(s, func(m string) string {
		n, _ := strconv.ParseUint(m[1:], 16, 8)
		return string([]byte{byte(n)})
	})
}

// base64Shows decodes each base64 run of s, in both alphabets, from each of its first
// four characters, and reports whether any holds secret.
func base64Shows(s, secret string) bool {
	for _, run := range b64Run.FindAllString(s, -1) {
		run = strings.TrimRight(run, "=")
		for start := 0; start < 4 && start < len(run); start++ {
			r := run[start:]
			if len(r)%4 == 1 {
				r = r[:len(r)-1]
			}
			for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
				if dec, err := enc.DecodeString(r); err == nil && strings.Contains(string(dec), secret) {
					return true
				}
			}
		}
	}
	return false
}
