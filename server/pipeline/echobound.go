package pipeline

import (
	"encoding/json"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
)

// One bound on echoed text. A value the caller gave comes back wherever it is quoted (a
// question, a reason, an error, calls[]): each quote is cut to tools.EchoLimit bytes with
// its size noted, whatever code wrote it, and no string of the envelope besides the
// API's body is longer than fieldLimit. An answer then grows with the spec (questions,
// options, calls) and the upstream body (--max-body), never with a multiple of the
// arguments: a 4 MB name once came back as a 34 MB answer.

// fieldLimit bounds one string of the envelope: a confirmation showing its body (2 KB
// of it) fits, a quoted megabyte does not.
const fieldLimit = 4 << 10

// maxEchoes bounds how many long values are looked for; longer ones first. A string
// holding others is still cut at fieldLimit.
const maxEchoes = 32

// echo is one long value given, and the start of it every spelling of it begins with.
type echo struct {
	value string
	// heads are the first bytes of each spelling (as is, %q, JSON, URL-escaped): a
	// string holding none of them holds no spelling, and costs no more.
	heads []string
	// wholes are the spellings, each computed once when first needed.
	wholes []string
	// folded is the length of the value with its white space folded; -1 until counted.
	folded int
}

// least is the shortest the spelling j of e can be.
func (e *echo) least(j int) int {
	if j != foldedSpelling {
		return len(e.value)
	}
	if e.folded < 0 {
		e.folded = foldedLen(e.value)
	}
	return e.folded
}

// spellings of a long value: as given, quoted by %q or by JSON (with and without HTML
// escapes), URL-escaped as a query or a path value, and with its white space folded as
// a quoted API message is. All but the last are never shorter than the value.
var spellings = []func(string) string{
	func(s string) string { return s },
	func(s string) string { q := strconv.Quote(s); return q[1 : len(q)-1] },
	func(s string) string { return jsonInner(s, true) },
	func(s string) string { return jsonInner(s, false) },
	url.QueryEscape,
	url.PathEscape,
	foldSpace,
}

// foldedSpelling is the index of foldSpace in spellings: the one spelling that can be shorter.
const foldedSpelling = 6

// foldedLen is the length of foldSpace(s), counted without building it.
func foldedLen(s string) int {
	n, space := 0, false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = n > 0
			continue
		}
		if space {
			n++
			space = false
		}
		n += utf8.RuneLen(r)
	}
	return n
}

// foldSpace is s with each run of white space one space, and none at either end.
func foldSpace(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// echoHead is how much of a spelling is looked for before the whole is computed.
const echoHead = 64

func jsonInner(s string, html bool) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(html)
	if enc.Encode(s) != nil {
		return s
	}
	q := strings.TrimSpace(b.String())
	return q[1 : len(q)-1]
}

// longValues are the values in args (strings, numbers and object keys, at any depth)
// longer than tools.EchoLimit, the longest maxEchoes of them.
func longValues(args map[string]any) []echo {
	var long []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			if len(x) > tools.EchoLimit {
				long = append(long, x)
			}
		case json.Number:
			walk(string(x))
		case map[string]any:
			for k, e := range x {
				walk(k)
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(args)
	sort.Slice(long, func(i, j int) bool { return len(long[i]) > len(long[j]) })
	if len(long) > maxEchoes {
		long = long[:maxEchoes]
	}
	out := make([]echo, len(long))
	for i, v := range long {
		head := v[:min(len(v), echoHead)]
		out[i].value, out[i].folded = v, -1
		for _, spell := range spellings {
			out[i].heads = append(out[i].heads, spell(head)[:min(len(spell(head)), echoHead)])
		}
	}
	return out
}

// BoundEchoes returns r with every long argument value quoted in it cut, and every
// string of it over fieldLimit cut; r itself when nothing is long. The body (bounded by
// --max-body), the continuation (sealbound.go), the described tool and the operations
// found (the spec's own text) are left as they are.
func BoundEchoes(r *clarify.Result, args map[string]any, rd *secret.Redactor) *clarify.Result {
	if r == nil {
		return r
	}
	echoes := longValues(args)
	shell := *r
	shell.Body, shell.Continuation, shell.Tool, shell.Operations = nil, "", nil, nil
	data, err := json.Marshal(&shell)
	if err != nil || (len(echoes) == 0 && len(data) <= fieldLimit) {
		return r
	}
	var generic any
	if decodeNumbers(data, &generic) != nil {
		return r
	}
	changed := false
	generic = mapStrings(generic, func(s string) string {
		out := cutEchoes(s, echoes, rd)
		if len(out) > fieldLimit {
			out = tools.EchoCut(out, rd.CutBefore(out, fieldLimit))
		}
		if out != s {
			changed = true
		}
		return out
	})
	if !changed {
		return r
	}
	if data, err = json.Marshal(generic); err != nil {
		return r
	}
	out := new(clarify.Result)
	if decodeNumbers(data, out) != nil {
		return r
	}
	out.Body, out.Continuation, out.Tool, out.Operations = r.Body, r.Continuation, r.Tool, r.Operations
	return out
}

// cutEchoes replaces each spelling of a long value in s with its first EchoLimit bytes
// (never ending inside a secret) and its size.
func cutEchoes(s string, echoes []echo, rd *secret.Redactor) string {
	if len(s) <= tools.EchoLimit {
		return s
	}
	for i := range echoes {
		e := &echoes[i]
		for j, head := range e.heads {
			if len(s) < e.least(j) || !strings.Contains(s, head) {
				continue // a spelling longer than s, or whose start s lacks, is not in it
			}
			if e.wholes == nil {
				e.wholes = make([]string, len(spellings))
			}
			if e.wholes[j] == "" {
				e.wholes[j] = spellings[j](e.value)
			}
			whole := e.wholes[j]
			if len(whole) > tools.EchoLimit && strings.Contains(s, whole) {
				s = strings.ReplaceAll(s, whole, tools.EchoCut(whole, rd.CutBefore(whole, tools.EchoLimit)))
			}
		}
	}
	return s
}

// mapStrings is v, decoded JSON, with f applied to every string and object key.
func mapStrings(v any, f func(string) string) any {
	switch x := v.(type) {
	case string:
		return f(x)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[f(k)] = mapStrings(e, f)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = mapStrings(e, f)
		}
		return out
	}
	return v
}
