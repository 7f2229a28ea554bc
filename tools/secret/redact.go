package secret

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// MinSecretLen is the floor: a configured secret shorter than 8 bytes is not searched
// for in text. Redaction finds a secret by its text, and below 8 bytes a value collides
// with ordinary words, numbers and ids ("admin", "2024", "en-US"): redacting it would
// rewrite unrelated text, and each "[redacted]" standing where an ordinary word was
// would point at the very secret it hides. 8 is also the shortest memorised secret NIST
// SP 800-63B accepts. A shorter secret is still sent upstream, and a value equal to it
// is still hidden where askapi itself placed it (IsSecret, calls[].query).
const MinSecretLen = 8

// wholeWordBelow: a form shorter than 16 bytes may be a real word or number
// ("password", "12345678"), so it is redacted only where it stands as a whole word, not
// glued to a letter or digit. A longer one is random enough that any occurrence is the
// secret, even glued to other text (key%3D<secret>, "Bearer<secret>").
const wholeWordBelow = 16

// RedactedMark replaces a secret in text.
const RedactedMark = "[redacted]"

// Redactor hides configured secrets, in every form they take on the wire or in an echo,
// from text and from JSON values. The zero value and nil hide nothing.
type Redactor struct {
	// needles are the forms searched for in text (each at least MinSecretLen long),
	// longest first so a form containing another is hidden whole.
	needles []string
	// exact holds every form of every secret, whatever its length.
	exact map[string]bool
	// deep are the forms matched under any escaping, and the base64 windows
	// (redactdeep.go).
	deep []deepForm
	// probes are what Mentions looks for: the start of each needle, as written and as
	// JSON writes it (Go escapes &, < and > in the JSON it encodes).
	probes []string
	// heads are the distinct texts a string must hold for a needle (its first
	// MinSecretLen bytes) or a deep form (its anchor) to be in it; needleHead and
	// deepHead index them (-1: a deep form without an anchor, always searched). Many
	// forms share a head, and a pass looks for each head once.
	heads      []string
	needleHead []int
	deepHead   []int
}

// NewRedactor derives the forms of each secret (see secretForms); empty ones are ignored.
func NewRedactor(secrets ...string) *Redactor {
	r := &Redactor{exact: map[string]bool{}}
	for _, s := range secrets {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		for _, f := range secretForms(s) {
			if f == "" || r.exact[f] {
				continue
			}
			r.exact[f] = true
			if len(s) >= MinSecretLen && len(f) >= MinSecretLen {
				r.needles = append(r.needles, f)
			}
		}
		if len(s) >= MinSecretLen {
			r.deep = append(r.deep, deepFormsOf(s)...)
		}
	}
	sortLongestFirst(r.needles)
	r.indexHeads()
	seen := map[string]bool{}
	for _, n := range r.needles {
		head := n[:MinSecretLen]
		for _, p := range []string{head, jsonEscaped(head, true), jsonEscaped(head, false)} {
			if !seen[p] {
				seen[p] = true
				r.probes = append(r.probes, p)
			}
		}
	}
	return r
}

// Redact replaces each secret occurrence in s with "[redacted]".
func Redact(s string, secrets []string) string {
	return RedactorFor(secrets).String(s)
}

// redactors memoises the redactor of each secret list this package is handed (a process
// has one or two), so deriving the forms is not paid on every request.
var (
	redactors     sync.Map // the secrets joined by NUL → *Redactor
	redactorCount atomic.Int32
)

// maxRedactors bounds the memo; lists beyond it get a redactor built each time.
const maxRedactors = 16

// RedactorFor is NewRedactor(secrets...), memoised; nil for no secrets.
func RedactorFor(secrets []string) *Redactor {
	if len(secrets) == 0 {
		return nil
	}
	key := strings.Join(secrets, "\x00")
	if r, ok := redactors.Load(key); ok {
		return r.(*Redactor)
	}
	r := NewRedactor(secrets...)
	if redactorCount.Load() < maxRedactors {
		if _, loaded := redactors.LoadOrStore(key, r); !loaded {
			redactorCount.Add(1)
		}
	}
	return r
}

// ShortSecret reports whether s is too short to be redacted from text (MinSecretLen).
func ShortSecret(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && len(s) < MinSecretLen
}

// secretForms are the ways a secret shows up in text: as configured; URL-escaped as a
// query or path value (upper- and lower-case hex), once or twice; base64, as in Basic auth and as
// APIs that echo a key encoded write it; JSON-escaped as an echoing API's encoder writes
// it, with Go's HTML escapes or without, with PHP's escaped slashes, and twice (the
// request an API echoes as a JSON string inside its JSON answer).
func secretForms(s string) []string {
	forms := []string{s, url.QueryEscape(s), url.PathEscape(s)}
	for _, f := range forms[1:3] {
		forms = append(forms, lowerHexEscapes(f))
	}
	// URL-escaped twice: a URL holding the key, escaped again as a query value.
	for _, f := range forms[1:3] {
		forms = append(forms, url.QueryEscape(f), url.PathEscape(f))
	}
	b := []byte(s)
	forms = append(forms,
		base64.StdEncoding.EncodeToString(b), base64.URLEncoding.EncodeToString(b),
		base64.RawStdEncoding.EncodeToString(b), base64.RawURLEncoding.EncodeToString(b))
	// Each text form JSON-escaped once or twice, each time with or without HTML escapes:
	// an echo of the request URL (path-escaped) inside a JSON answer, or a JSON string a
	// second encoder with other settings wrote again (the sweep test found both).
	for _, t := range forms[:5] {
		for _, h1 := range []bool{true, false} {
			j := jsonEscaped(t, h1)
			forms = append(forms, j, strings.ReplaceAll(j, "/", `\/`))
			for _, h2 := range []bool{true, false} {
				forms = append(forms, jsonEscaped(j, h2))
			}
		}
	}
	return append(forms, spelledForms(s)...)
}

// spelledForms write each byte or character of s as a code: hex (a dump of the header),
// a \u escape for every character (an encoder that escapes all it writes), in lower and
// upper case, and HTML character references, decimal and hex.
func spelledForms(s string) []string {
	h := hex.EncodeToString([]byte(s))
	out := []string{h, strings.ToUpper(h)}
	var u, ent, entx strings.Builder
	for _, c := range s {
		if c > 0xffff {
			return out // it would take a surrogate pair: not worth spelling
		}
		fmt.Fprintf(&u, `\u%04x`, c)
		fmt.Fprintf(&ent, "&#%d;", c)
		fmt.Fprintf(&entx, "&#x%x;", c)
	}
	upper := strings.ReplaceAll(strings.ToUpper(u.String()), `\U`, `\u`)
	return append(out, u.String(), upper, ent.String(), entx.String())
}

var percentEscape = regexp.MustCompile(`%[0-9A-F]{2}`)

func lowerHexEscapes(s string) string {
	return percentEscape.ReplaceAllStringFunc(s, strings.ToLower)
}

func jsonEscaped(s string, html bool) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(html)
	if enc.Encode(s) != nil {
		return s
	}
	q := bytes.TrimSpace(b.Bytes())
	return string(q[1 : len(q)-1])
}

// sortLongestFirst orders secrets so a secret containing another is redacted whole.
func sortLongestFirst(s []string) {
	sort.Slice(s, func(i, j int) bool {
		if len(s[i]) != len(s[j]) {
			return len(s[i]) > len(s[j])
		}
		return s[i] < s[j]
	})
}

// Empty reports whether r hides nothing.
func (r *Redactor) Empty() bool { return r == nil || len(r.exact) == 0 }

// Longest is the length of the longest form searched for, 0 when none is.
func (r *Redactor) Longest() int {
	if r == nil || len(r.needles) == 0 {
		return 0
	}
	return len(r.needles[0])
}

// IsSecret reports whether v is a secret in one of its forms, or holds one: askapi hides
// such a value whole where it placed it itself (a query parameter), whatever its length.
func (r *Redactor) IsSecret(v string) bool {
	if r.Empty() {
		return false
	}
	return r.exact[v] || r.String(v) != v
}

// Mentions reports whether data may hold a secret, or the start of one (its first
// MinSecretLen bytes): a cheap test before any real work, never missing what String
// would hide.
func (r *Redactor) Mentions(data []byte) bool {
	if r == nil {
		return false
	}
	for _, p := range r.probes {
		if bytes.Contains(data, []byte(p)) {
			return true
		}
	}
	for _, d := range r.deep {
		if d.anchor == "" || bytes.Contains(data, []byte(d.anchor)) {
			return true
		}
	}
	return false
}

// String replaces every secret in s with RedactedMark, and the start of a long one cut
// off by someone else's length limit (at the end of s or before an ellipsis), until
// nothing more changes (redactdeep.go).
func (r *Redactor) String(s string) string {
	if r == nil || s == "" {
		return s
	}
	for range maxPasses {
		out := r.pass(s)
		if out == s {
			break
		}
		s = out
	}
	return s
}

// pass is one pass of String: the literal forms, then the deep ones.
func (r *Redactor) pass(s string) string {
	var buf [128]int8
	present := buf[:0]
	if len(r.heads) > len(buf) {
		present = make([]int8, len(r.heads))
	} else {
		present = buf[:len(r.heads)]
	}
	holds := func(h int) bool { // whether s holds head h, looked for once per pass
		if h < 0 {
			return true
		}
		if present[h] == 0 {
			present[h] = -1
			if strings.Contains(s, r.heads[h]) {
				present[h] = 1
			}
		}
		return present[h] > 0
	}
	for i, n := range r.needles {
		if !holds(r.needleHead[i]) {
			continue
		}
		if len(n) >= wholeWordBelow {
			s = strings.ReplaceAll(s, n, RedactedMark)
			s = redactCutStart(s, n)
		} else {
			s = replaceWholeWords(s, n)
		}
	}
	for i, d := range r.deep {
		if holds(r.deepHead[i]) {
			s = replaceSpans(s, d.matches(s))
		}
	}
	return s
}

// indexHeads fills heads, needleHead and deepHead.
func (r *Redactor) indexHeads() {
	index := map[string]int{}
	head := func(h string) int {
		if h == "" {
			return -1
		}
		if i, ok := index[h]; ok {
			return i
		}
		index[h] = len(r.heads)
		r.heads = append(r.heads, h)
		return index[h]
	}
	for _, n := range r.needles {
		r.needleHead = append(r.needleHead, head(n[:MinSecretLen]))
	}
	for _, d := range r.deep {
		r.deepHead = append(r.deepHead, head(d.anchor))
	}
}

// replaceWholeWords replaces n where it is not glued to a letter or digit. An escape
// right before it (%3D, \u0026, \n) ends the word before: the secret starts there.
func replaceWholeWords(s, n string) string {
	var b strings.Builder
	from := 0
	for i := 0; i+len(n) <= len(s); {
		j := strings.Index(s[i:], n)
		if j < 0 {
			break
		}
		at, end := i+j, i+j+len(n)
		if (at == 0 || !isWordByte(s[at-1]) || escapeEndsAt(s, at)) && (end == len(s) || !isWordByte(s[end])) {
			b.WriteString(s[from:at])
			b.WriteString(RedactedMark)
			from, i = end, end
			continue
		}
		i = at + 1
	}
	if from == 0 {
		return s
	}
	b.WriteString(s[from:])
	return b.String()
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// escapeEndsAt reports whether s[:i] ends with a percent escape (%3D), a JSON \u escape
// or a one-letter backslash escape (\n).
func escapeEndsAt(s string, i int) bool {
	isHex := func(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
	if i >= 3 && s[i-3] == '%' && isHex(s[i-2]) && isHex(s[i-1]) {
		return true
	}
	if i >= 6 && s[i-6] == '\\' && s[i-5] == 'u' && isHex(s[i-4]) && isHex(s[i-3]) && isHex(s[i-2]) && isHex(s[i-1]) {
		return true
	}
	return i >= 2 && s[i-2] == '\\' && strings.IndexByte("nrtbf", s[i-1]) >= 0
}

// redactCutStart hides the first bytes (at least MinSecretLen) of the long secret n
// where they end s or stand right before an ellipsis: what is left of n after a label or
// an excerpt was cut to length before it reached the edge.
func redactCutStart(s, n string) string {
	ends := []int{len(s)}
	for _, cut := range []string{"…", "..."} {
		for i := 0; ; {
			j := strings.Index(s[i:], cut)
			if j < 0 {
				break
			}
			ends = append(ends, i+j)
			i += j + len(cut)
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ends))) // from the end, so earlier positions hold
	for _, e := range ends {
		for k := min(len(n)-1, e); k >= MinSecretLen; k-- {
			if s[e-k:e] == n[:k] {
				s = s[:e-k] + RedactedMark + s[e:]
				break
			}
		}
	}
	return s
}

// Value returns v, a value decoded from JSON (with or without UseNumber), with every
// secret hidden: in strings, in object keys, and in numbers (which become the mark).
// Containers are copied only where something changed.
func (r *Redactor) Value(v any) any {
	if r.Empty() {
		return v
	}
	switch x := v.(type) {
	case string:
		return r.String(x)
	case json.Number:
		if r.IsSecret(string(x)) {
			return RedactedMark
		}
	case float64:
		if r.IsSecret(strconv.FormatFloat(x, 'f', -1, 64)) {
			return RedactedMark
		}
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[r.String(k)] = r.Value(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = r.Value(e)
		}
		return out
	case []string:
		out := make([]string, len(x))
		for i, e := range x {
			out[i] = r.String(e)
		}
		return out
	}
	return v
}

// spans are the [start, end) ranges of s near i (within the longest form of it) that
// hold a secret: enough to tell whether a cut at i splits one.
func (r *Redactor) spans(s string, i int) [][2]int {
	longest := r.Longest()
	if longest == 0 {
		return nil
	}
	lo, hi := max(i-longest, 0), min(i+longest, len(s))
	var out [][2]int
	for _, n := range r.needles {
		for k := lo; k < hi; {
			j := strings.Index(s[k:hi], n)
			if j < 0 {
				break
			}
			out = append(out, [2]int{k + j, k + j + len(n)})
			k += j + 1
		}
	}
	// A deep form may be longer than any literal one: its spans are looked for in a
	// window as wide as the text around i allows.
	dlo, dhi := max(i-4*longest, 0), min(i+4*longest, len(s))
	for _, d := range r.deep {
		for _, m := range d.matches(s[dlo:dhi]) {
			out = append(out, [2]int{dlo + m[0], dlo + m[1]})
		}
	}
	return out
}

// inside returns the start and end of a secret that a cut at i would split.
func (r *Redactor) inside(s string, i int) (int, int, bool) {
	for _, sp := range r.spans(s, i) {
		if sp[0] < i && i < sp[1] {
			return sp[0], sp[1], true
		}
	}
	return 0, 0, false
}

// CutBefore moves a cut at n back so it splits no secret in s: a cut through a secret
// would keep its first bytes, which no later redaction recognises.
func (r *Redactor) CutBefore(s string, n int) int {
	for {
		start, _, split := r.inside(s, n)
		if !split {
			return n
		}
		n = start
	}
}

// Excerpt is s[from:to], widened so it splits no secret, redacted, with an ellipsis on
// each side where s goes on.
func (r *Redactor) Excerpt(s string, from, to int) string {
	from, to = max(from, 0), min(to, len(s))
	for {
		start, _, split := r.inside(s, from)
		if !split {
			break
		}
		from = start
	}
	for {
		_, end, split := r.inside(s, to)
		if !split {
			break
		}
		to = end
	}
	out := r.String(s[from:to])
	if from > 0 {
		out = "…" + out
	}
	if to < len(s) {
		out += "…"
	}
	return out
}
