package pipeline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/upstream"
)

// The answer an assistant reads is shaped after the call, never before: _select picks
// paths out of the whole answer (even past --max-body), _compact (or --compact) drops
// what tells nothing, and a JSON answer over --max-body is cut on value boundaries with
// a note naming what was left out. The envelope's shape field says what was done and
// what it saved. All of it reads the answer with its secrets already hidden.

// shapeArgs are the reserved arguments that shape an answer.
type shapeArgs struct {
	paths   []string
	compact bool
	// problem is why a _select could not be read; the answer comes whole, with it noted.
	problem string
}

// takeShape takes _select and _compact out of a call's raw arguments (they are never
// sent, nor sealed into a continuation); def is --compact.
func takeShape(raw map[string]any, def bool) (map[string]any, shapeArgs) {
	sh := shapeArgs{compact: def}
	_, hasSel := raw[tools.ArgSelect]
	_, hasCompact := raw[tools.ArgCompact]
	if !hasSel && !hasCompact {
		return raw, sh
	}
	out := make(map[string]any, len(raw))
	for k, v := range raw {
		out[k] = v
	}
	if hasSel {
		paths, err := upstream.SelectPaths(raw[tools.ArgSelect])
		if err != nil {
			sh.problem = err.Error()
		}
		sh.paths = paths
		delete(out, tools.ArgSelect)
	}
	if hasCompact {
		if b, ok := raw[tools.ArgCompact].(bool); ok {
			sh.compact = b
		}
		delete(out, tools.ArgCompact)
	}
	return out, sh
}

// compactRules keep what name resolution reads (the reverse package decides).
var compactRules = upstream.CompactRules{Keep: reverse.ResolutionField, Identifier: reverse.IdentifierField}

// exampleField is the field of a cut list's items the note's _select example reads:
// one name resolution identifies or labels records by.
func exampleField(item map[string]any) string {
	for _, is := range []func(string) bool{reverse.IdentifierField, reverse.LabelField} {
		for _, k := range upstream.SortedKeys(item) {
			if is(k) {
				return k
			}
		}
	}
	return ""
}

// shape applies sh to an ok answer.
func (p *Pipeline) shape(c *call, sh shapeArgs) {
	resp := c.resp
	if c.result.Status != clarify.StatusOK || resp == nil {
		return
	}
	max := int(p.Sender.MaxBody)
	if max <= 0 {
		max = int(upstream.DefaultMaxBody)
	}
	wantShape := len(sh.paths) > 0 || sh.compact
	if !wantShape && !(resp.Truncated && resp.Raw != nil) && sh.problem == "" {
		return
	}
	s := &clarify.Shape{FullBytes: resp.Bytes}
	var notes []string
	if sh.problem != "" {
		notes = append(notes, "_select was not used: "+sh.problem)
	}
	// Shaping reads the answer as the assistant may see it: secrets already hidden, so a
	// path, a modifier or a comparison cannot tell a secret's text from "[redacted]".
	rd := p.redactor()
	raw := rd.JSON(resp.Raw)
	body := c.result.Body
	if raw == nil || !sameSlice(raw, resp.Raw) {
		// The answer held a secret (or is not JSON): the body decoded from it is
		// redacted too. An answer JSON left as it was holds none.
		body = rd.Value(body)
	}
	if raw != nil {
		s.FullBytes = len(raw)
		if resp.Truncated && (len(sh.paths) == 0 || sh.compact) {
			if whole, err := decodeAnswer(raw); err == nil {
				body = whole
			}
		}
	}
	switch {
	case len(sh.paths) > 0 && raw != nil:
		sel := upstream.Select(raw, sh.paths)
		body = sel.Values
		s.Select, s.Unmatched = sh.paths, sel.Unmatched
		if len(sel.Unmatched) > 0 {
			notes = append(notes, fmt.Sprintf("nothing matched %s", strings.Join(quoteAll(sel.Unmatched), ", ")))
		}
	case len(sh.paths) > 0 && resp.Truncated:
		notes = append(notes, fmt.Sprintf("_select could not be used: the answer is over %d bytes, or not JSON", upstream.WholeBodyLimit(max64(p.Sender.MaxBody))))
	case len(sh.paths) > 0:
		notes = append(notes, "_select reads JSON objects and lists; this answer is neither, so it comes whole")
	}
	if sh.compact {
		before := upstream.EncodedSize(body)
		body = upstream.Compact(body, compactRules)
		s.Compact = true
		s.SavedBytes = before - upstream.EncodedSize(body)
	}
	if resp.Raw != nil {
		before := s.FullBytes // the API's answer, unless _select or _compact changed it
		if wantShape {
			before = upstream.EncodedSize(body)
		}
		if kept, cut := upstream.CutJSON(body, max, exampleField); cut != nil {
			body = kept
			s.Cut = cut
			notes = append(notes, cut.Note(before))
		}
	}
	s.Bytes = upstream.EncodedSize(body)
	c.result.Body = body
	c.result.Shape = s
	if resp.Raw != nil && resp.Truncated {
		c.result.Note = "" // the text cut's note; the structured cut says more
	}
	if len(sh.paths) > 0 && resp.Raw != nil {
		notes = append([]string{fmt.Sprintf("only the values at %s of the %d-byte answer", strings.Join(quoteAll(sh.paths), ", "), s.FullBytes)}, notes...)
	}
	if sh.compact {
		notes = append(notes, fmt.Sprintf("compact: %d bytes saved", s.SavedBytes))
	}
	if len(notes) > 0 {
		if c.result.Note != "" {
			notes = append([]string{c.result.Note}, notes...)
		}
		c.result.Note = strings.Join(notes, "; ")
	}
}

// max64 is the cap the sender applies.
func max64(n int64) int64 {
	if n <= 0 {
		return upstream.DefaultMaxBody
	}
	return n
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// decodeAnswer decodes one JSON value, numbers as json.Number so long ids keep every digit.
func decodeAnswer(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("decode answer: %w", err)
	}
	return v, nil
}

// sameSlice reports whether a and b are the same bytes in memory (Redactor.JSON returns
// its input itself when it hid nothing).
func sameSlice(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
