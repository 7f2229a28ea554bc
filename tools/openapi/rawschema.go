package openapi

import (
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unsafe"
)

// rawSchema is one schema object read from raw bytes: the keywords the converter uses,
// with subschemas left as raw slices of the document. It mirrors what kin-openapi decodes
// into openapi3.Schema, so conversion gives the same JSON Schema.
//
// A large spec has a hundred thousand of them (Microsoft Graph beta: 134,515, most of
// them a type and a description), all held until the compile ends: the keywords few
// schemas carry live apart (rawRare), and the schemas that carry none share one empty
// set. Always make one with newRawSchema.
type rawSchema struct {
	always *bool

	types              []string
	title, description []byte // raw tokens, decoded when used
	format             string
	items              []byte
	props              []member
	nprops             int
	required           []string
	allOf              [][]byte
	uniqueItems        bool
	deprecated         bool
	readOnly           bool
	writeOnly          bool
	nullable           bool
	// flagged is set once cycle is known: 1 + the $ref cycle of the component the schema
	// lies in, 0 for none (see memo.go).
	flagged bool
	cycle   int
	// conjunct is the extra allOf entry made of a 3.1 $ref's assertion siblings.
	conjunct *rawSchema
	// at is where the schema lies in the document: the one address compiler.schema
	// gives it again once it was let go (trimCaches), so what is known of it by address
	// outlives it.
	at *byte
	// rawRare is never nil: noRare, shared and never written, when the schema carries
	// none of its keywords; rare gives a schema its own before one is set.
	*rawRare
}

// rawRare holds the keywords few schemas carry.
type rawRare struct {
	pattern                    string
	enum, constV, def, example []byte
	examples                   []byte
	min, max, multipleOf       *float64
	exMinB, exMaxB             *bool
	exMinV, exMaxV             *float64
	minLength, minItems        uint64
	maxLength, maxItems        *uint64
	prefixItems                [][]byte
	apHas                      *bool
	apSchema                   []byte
	oneOf, anyOf               [][]byte
	not                        []byte
}

// noRare is the rare keywords of a schema that carries none: read-only.
var noRare = &rawRare{}

func newRawSchema() *rawSchema { return &rawSchema{rawRare: noRare} }

// rare is s's own set of rare keywords, to write into.
func (s *rawSchema) rare() *rawRare {
	if s.rawRare == noRare {
		s.rawRare = &rawRare{}
	}
	return s.rawRare
}

// copySchema is a copy of s that owns its rare keywords (overlay writes them).
func copySchema(s *rawSchema) *rawSchema {
	cp := *s
	cp.at = nil
	if cp.rawRare != noRare {
		r := *cp.rawRare
		cp.rawRare = &r
	}
	return &cp
}

// parseSchemaObject reads the keywords of one schema object.
func (c *compiler) parseSchemaObject(obj []byte) *rawSchema {
	s := newRawSchema()
	c.objEach(obj, func(key string, v []byte) bool {
		if isNull(v) {
			return true
		}
		switch key {
		case "type":
			if isString(v) {
				s.types = []string{rawStr(v)}
			} else if isArray(v) {
				c.arrEach(v, func(e []byte) { s.types = append(s.types, rawStr(e)) })
			}
		case "title":
			s.title = v
		case "description":
			s.description = v
		case "format":
			s.format = rawStr(v)
		case "pattern":
			s.rare().pattern = rawStr(v)
		case "enum":
			s.rare().enum = v
		case "const":
			s.rare().constV = v
		case "default":
			s.rare().def = v
		case "example":
			s.rare().example = v
		case "examples":
			s.rare().examples = v
		case "minimum":
			s.rare().min = rawFloat(v)
		case "maximum":
			s.rare().max = rawFloat(v)
		case "multipleOf":
			s.rare().multipleOf = rawFloat(v)
		case "exclusiveMinimum":
			if isBool(v) {
				b := rawTrue(v)
				s.rare().exMinB = &b
			} else {
				s.rare().exMinV = rawFloat(v)
			}
		case "exclusiveMaximum":
			if isBool(v) {
				b := rawTrue(v)
				s.rare().exMaxB = &b
			} else {
				s.rare().exMaxV = rawFloat(v)
			}
		case "minLength":
			if u := rawUint(v); u != nil {
				s.rare().minLength = *u
			}
		case "maxLength":
			s.rare().maxLength = rawUint(v)
		case "minItems":
			if u := rawUint(v); u != nil {
				s.rare().minItems = *u
			}
		case "maxItems":
			s.rare().maxItems = rawUint(v)
		case "uniqueItems":
			s.uniqueItems = rawTrue(v)
		case "deprecated":
			s.deprecated = rawTrue(v)
		case "readOnly":
			s.readOnly = rawTrue(v)
		case "writeOnly":
			s.writeOnly = rawTrue(v)
		case "nullable":
			s.nullable = rawTrue(v)
		case "items":
			s.items = v
		case "prefixItems":
			s.rare().prefixItems = c.rawList(v)
		case "properties":
			if isObject(v) {
				s.props = s.props[:0]
				c.objEach(v, func(k string, pv []byte) bool {
					s.props = append(s.props, member{k, pv})
					return true
				})
				s.nprops = len(s.props)
			}
		case "required":
			if isArray(v) {
				s.required = nil
				c.arrEach(v, func(e []byte) {
					if isString(e) {
						s.required = append(s.required, rawStr(e))
					}
				})
			}
		case "additionalProperties":
			if isBool(v) {
				b := rawTrue(v)
				s.rare().apHas = &b
			} else {
				s.rare().apSchema = v
			}
		case "oneOf":
			s.rare().oneOf = c.rawList(v)
		case "anyOf":
			s.rare().anyOf = c.rawList(v)
		case "allOf":
			s.allOf = c.rawList(v)
		case "not":
			s.rare().not = v
		}
		return true
	})
	return s
}

// refSiblingAnnotationKeys are the 3.1 $ref siblings that override the referenced schema's
// own keyword (kin-openapi's list); the others are added as one more allOf entry.
var refSiblingAnnotationKeys = map[string]bool{
	"$comment": true, "allowEmptyValue": true, "default": true, "deprecated": true,
	"description": true, "discriminator": true, "example": true, "examples": true,
	"externalDocs": true, "nullable": true, "readOnly": true, "title": true,
	"writeOnly": true, "xml": true,
}

// overlay copies the keyword named key from src to dst.
func overlay(dst, src *rawSchema, key string) bool {
	switch key {
	case "oneOf":
		dst.rare().oneOf = src.oneOf
	case "anyOf":
		dst.rare().anyOf = src.anyOf
	case "allOf":
		dst.allOf = src.allOf
	case "not":
		dst.rare().not = src.not
	case "type":
		dst.types = src.types
	case "title":
		dst.title = src.title
	case "format":
		dst.format = src.format
	case "description":
		dst.description = src.description
	case "enum":
		dst.rare().enum = src.enum
	case "default":
		dst.rare().def = src.def
	case "example":
		dst.rare().example = src.example
	case "examples":
		dst.rare().examples = src.examples
	case "const":
		dst.rare().constV = src.constV
	case "uniqueItems":
		dst.uniqueItems = src.uniqueItems
	case "exclusiveMinimum":
		dst.rare().exMinB, dst.rare().exMinV = src.exMinB, src.exMinV
	case "exclusiveMaximum":
		dst.rare().exMaxB, dst.rare().exMaxV = src.exMaxB, src.exMaxV
	case "nullable":
		dst.nullable = src.nullable
	case "readOnly":
		dst.readOnly = src.readOnly
	case "writeOnly":
		dst.writeOnly = src.writeOnly
	case "deprecated":
		dst.deprecated = src.deprecated
	case "minimum":
		dst.rare().min = src.min
	case "maximum":
		dst.rare().max = src.max
	case "multipleOf":
		dst.rare().multipleOf = src.multipleOf
	case "minLength":
		dst.rare().minLength = src.minLength
	case "maxLength":
		dst.rare().maxLength = src.maxLength
	case "pattern":
		dst.rare().pattern = src.pattern
	case "minItems":
		dst.rare().minItems = src.minItems
	case "maxItems":
		dst.rare().maxItems = src.maxItems
	case "items":
		dst.items = src.items
	case "prefixItems":
		dst.rare().prefixItems = src.prefixItems
	case "properties":
		dst.props, dst.nprops = src.props, src.nprops
	case "required":
		dst.required = src.required
	case "additionalProperties":
		dst.rare().apHas, dst.rare().apSchema = src.apHas, src.apSchema
	default:
		return false
	}
	return true
}

// rawConverter is the converter of schema.go over raw bytes.
type rawConverter struct {
	c    *compiler
	mode schemaMode
	// skeleton keeps only the structure the dependency graph and the search index read
	// (type, properties, required, items); compositions and additionalProperties remain
	// as empty markers. Response schemas are compiled so: their full form was most of a
	// large catalog's memory and nobody read the rest.
	skeleton bool
	maxDepth int
	depth    int
	stack    []*rawSchema
	// onStack counts, per $ref cycle, the schemas on the stack that lie in it.
	onStack map[int]int
	// deepest is the deepest level converted below the current memo entry, and
	// depthCut whether the depth limit cut anything there (see convert).
	deepest  int
	depthCut bool
	// treeLeft is how many nodes a skeleton may still hold, counted as a tree (a shared
	// subtree as often as it appears); treeCut whether it ran out below the current memo
	// entry (see skeletonbudget.go).
	treeLeft int
	treeCut  bool
	// budget is what a bounded request schema may still emit (see schemabudget.go); nil
	// at the top, where convert starts one.
	budget *schemaBudget
}

func (c *compiler) newConverter(mode schemaMode) *rawConverter {
	return &rawConverter{c: c, mode: mode, maxDepth: maxSchemaDepth}
}

func (rc *rawConverter) convertRaw(raw []byte) map[string]any {
	return rc.convert(rc.c.schema(raw))
}

func (rc *rawConverter) convert(s *rawSchema) map[string]any {
	if !rc.skeleton {
		if rc.budget == nil {
			return rc.c.boundedSchema(s, rc.mode)
		}
		return rc.convert1(s)
	}
	if s.leaf() && rc.depth <= rc.maxDepth {
		if !rc.takeTree(1) {
			return rc.cut(s, tooLarge)
		}
		rc.deepest = max(rc.deepest, rc.depth)
		return rc.c.leafSkeleton(s)
	}
	memo := rc.c.memo != nil && s != nil && (s.cycle == 0 || rc.onStack[s.cycle] == 0)
	key := memoKey{s, rc.maxDepth - rc.depth}
	if memo {
		e, ok := rc.c.skeletons[s]
		fits := ok && rc.depth+e.height <= rc.maxDepth
		if !fits {
			e, ok = rc.c.memo[key]
		}
		if ok {
			if !rc.takeTree(e.size) {
				return rc.cut(s, tooLarge)
			}
			rc.reached(e, e.cut && !fits)
			return e.out
		}
	}
	if s != nil && s.cycle != 0 {
		if rc.onStack == nil {
			rc.onStack = map[int]int{}
		}
		rc.onStack[s.cycle]++
		defer func() { rc.onStack[s.cycle]-- }()
	}
	outerDeepest, outerCut, outerTreeCut := rc.deepest, rc.depthCut, rc.treeCut
	rc.deepest, rc.depthCut, rc.treeCut = rc.depth, false, false
	before := rc.treeLeft
	e := memoEntry{out: rc.c.intern(rc.convert1(s)), height: rc.deepest - rc.depth, cut: rc.depthCut}
	e.size = before - rc.treeLeft
	treeCut := rc.treeCut
	rc.deepest, rc.depthCut, rc.treeCut = max(outerDeepest, rc.deepest), outerCut || rc.depthCut, outerTreeCut || treeCut
	// A skeleton the tree budget cut depends on what came before it: never reused.
	if memo && !treeCut {
		rc.c.memo[key] = e
		if !e.cut {
			// Nothing was cut for depth: the same skeleton holds at any depth that
			// leaves room for its height (see memo.go).
			rc.c.skeletons[s] = e
		}
	}
	return e.out
}

// leaf reports whether a schema's skeleton is its type alone: thousands of inline
// properties are, and each would otherwise be converted and interned on its own.
func (s *rawSchema) leaf() bool {
	return s != nil && s.always == nil && isNull(s.items) && len(s.prefixItems) == 0 && s.nprops == 0 &&
		s.apHas == nil && isNull(s.apSchema) && len(s.oneOf) == 0 && len(s.anyOf) == 0 &&
		len(s.allOf) == 0 && s.conjunct == nil && isNull(s.not)
}

// leafSkeleton is the interned skeleton of a leaf schema, one per type list. A field the
// server sets (readOnly) says so: an item whose id, name and type are all the server's is
// an addressed record, whose id is its whole path (reverse's segmentName).
func (c *compiler) leafSkeleton(s *rawSchema) map[string]any {
	types := s.types
	if s.nullable && len(types) > 0 && !slices.Contains(types, "null") {
		types = append(append([]string(nil), types...), "null")
	}
	key := strings.Join(types, ",")
	if s.readOnly {
		key += ";readOnly"
	}
	if m, ok := c.leaves[key]; ok {
		return m
	}
	out := map[string]any{}
	if len(types) > 0 {
		out["type"] = typeValue(append([]string(nil), types...))
	}
	if s.readOnly {
		out["readOnly"] = true
	}
	m := c.intern(out)
	if c.leaves == nil {
		c.leaves = map[string]map[string]any{}
	}
	c.leaves[key] = m
	return m
}

// reached accounts for a memoised subtree converted at the current depth.
func (rc *rawConverter) reached(e memoEntry, cut bool) {
	rc.deepest = max(rc.deepest, rc.depth+e.height)
	rc.depthCut = rc.depthCut || cut
}

func (rc *rawConverter) convert1(s *rawSchema) map[string]any {
	if s == nil {
		return map[string]any{}
	}
	for _, seen := range rc.stack {
		if seen == s {
			return rc.cut(s, "recursive")
		}
	}
	if rc.depth > rc.maxDepth && !rc.keepLeaf(s) {
		rc.depthCut = true
		return rc.cut(s, rc.depthNote())
	}
	if !rc.spend(s) {
		return rc.cut(s, tooLarge)
	}
	rc.stack = append(rc.stack, s)
	defer func() { rc.stack = rc.stack[:len(rc.stack)-1] }()
	return rc.convertValue(s, false)
}

func (rc *rawConverter) nested(raw []byte) map[string]any {
	rc.depth++
	defer func() { rc.depth-- }()
	return rc.convertRaw(raw)
}

func (rc *rawConverter) cut(s *rawSchema, why string) map[string]any {
	if rc.skeleton {
		return rc.c.cutSkeleton(s.types)
	}
	out := map[string]any{}
	if len(s.types) > 0 {
		out["type"] = typeValue(append([]string(nil), s.types...))
	}
	desc := "(" + why + ": structure not expanded)"
	room := rc.spendCut(s)
	if d := rawStr(s.description); room && d != "" {
		desc = firstSentence(d) + " " + desc
	}
	out["description"] = desc
	if room && why == tooLarge && rc.mode == modeRequest {
		rc.keepRequired(s, out)
	}
	return out
}

func (s *rawSchema) allOfLen() int {
	n := len(s.allOf)
	if s.conjunct != nil {
		n++
	}
	return n
}

func (rc *rawConverter) convertValue(s *rawSchema, noAllOf bool) map[string]any {
	if s.always != nil {
		if *s.always {
			return map[string]any{}
		}
		return map[string]any{"not": map[string]any{}}
	}
	if !noAllOf && s.allOfLen() > 0 {
		if merged, ok := rc.mergeAllOf(s); ok {
			return merged
		}
	}
	out := map[string]any{}
	types := append([]string(nil), s.types...)
	if s.nullable && len(types) > 0 && !slices.Contains(types, "null") {
		types = append(types, "null")
	}
	if len(types) > 0 {
		out["type"] = typeValue(types)
	}
	if rc.skeleton {
		rc.skeletonValue(s, out, noAllOf)
		return out
	}
	if t := rawStr(s.title); t != "" {
		out["title"] = t
	}
	if d := rawStr(s.description); d != "" {
		out["description"] = d
	}
	if f := keepFormat(s.format); f != "" {
		out["format"] = f
	}
	if e := decodeList(s.enum); len(e) > 0 {
		out["enum"] = e
	}
	if v := decodeAny(s.constV); v != nil {
		out["const"] = v
	}
	if v := decodeAny(s.def); v != nil {
		out["default"] = v
	}
	if rc.mode == modeRequest {
		if ex := s.schemaExamples(); len(ex) > 0 {
			out["examples"] = ex
		}
	}
	if s.min != nil {
		if s.exMinB != nil && *s.exMinB {
			out["exclusiveMinimum"] = *s.min
		} else {
			out["minimum"] = *s.min
		}
	}
	if s.exMinV != nil {
		out["exclusiveMinimum"] = *s.exMinV
	}
	if s.max != nil {
		if s.exMaxB != nil && *s.exMaxB {
			out["exclusiveMaximum"] = *s.max
		} else {
			out["maximum"] = *s.max
		}
	}
	if s.exMaxV != nil {
		out["exclusiveMaximum"] = *s.exMaxV
	}
	if s.multipleOf != nil && *s.multipleOf > 0 {
		out["multipleOf"] = *s.multipleOf
	}
	if s.minLength > 0 {
		out["minLength"] = s.minLength
	}
	if s.maxLength != nil {
		out["maxLength"] = *s.maxLength
	}
	if p := keepPattern(s.pattern); p != "" {
		out["pattern"] = p
	}
	rc.structure(s, out)
	if s.minItems > 0 {
		out["minItems"] = s.minItems
	}
	if s.maxItems != nil {
		out["maxItems"] = *s.maxItems
	}
	if s.uniqueItems {
		out["uniqueItems"] = true
	}
	if s.apHas != nil {
		out["additionalProperties"] = *s.apHas
	} else if !isNull(s.apSchema) {
		out["additionalProperties"] = rc.nested(s.apSchema)
	}
	if len(s.oneOf) > 0 {
		out["oneOf"] = rc.list(s.oneOf, nil)
	}
	if len(s.anyOf) > 0 {
		out["anyOf"] = rc.list(s.anyOf, nil)
	}
	if !noAllOf && s.allOfLen() > 0 {
		out["allOf"] = rc.list(s.allOf, s.conjunct)
	}
	if !isNull(s.not) {
		out["not"] = rc.alternative(s.not)
	}
	if s.deprecated {
		out["deprecated"] = true
	}
	return out
}

// structure fills what both the full and the skeleton schema keep: items, properties and
// required.
func (rc *rawConverter) structure(s *rawSchema, out map[string]any) {
	if !isNull(s.items) {
		out["items"] = rc.nested(s.items)
	} else if len(s.prefixItems) > 0 {
		out["items"] = rc.nested(s.prefixItems[0])
	}
	if s.nprops > 0 {
		props, required := rc.properties(s)
		out["properties"] = props
		if len(required) > 0 {
			out["required"] = required
		}
	} else if len(s.required) > 0 {
		// A bare required list (DigitalOcean's allOf [firewall, {required: [name]}],
		// GitHub's anyOf [{required: [source]}]) requires names the schema it is a part
		// of declares: dropped, the published schema would not require them.
		out["required"] = append([]string(nil), s.required...)
	}
}

// skeletonValue fills a skeleton schema's structure (see rawConverter.skeleton).
func (rc *rawConverter) skeletonValue(s *rawSchema, out map[string]any, noAllOf bool) {
	rc.structure(s, out)
	if out["properties"] == nil && out["items"] == nil {
		// A response that is one of several shapes (Box's search results): the graph
		// reads the first alternative or part that has a structure.
		alts := append(append([][]byte(nil), s.oneOf...), s.anyOf...)
		if !noAllOf {
			// An allOf the merge refused (AWS wraps every property as allOf [$ref,
			// {description}]) still has a part that says the structure.
			alts = append(alts, s.allOf...)
			if s.conjunct != nil {
				if sub := rc.convert(s.conjunct); sub["properties"] != nil || sub["items"] != nil {
					for k, v := range sub {
						if _, has := out[k]; !has {
							out[k] = v
						}
					}
					alts = nil
				}
			}
		}
		for _, alt := range alts {
			sub := rc.convertRaw(alt)
			if sub["properties"] != nil || sub["items"] != nil {
				for k, v := range sub {
					if _, has := out[k]; !has {
						out[k] = v
					}
				}
				break
			}
		}
	}
	if s.apHas != nil {
		out["additionalProperties"] = *s.apHas
	} else if !isNull(s.apSchema) {
		out["additionalProperties"] = map[string]any{}
	}
	if len(s.oneOf) > 0 {
		out["oneOf"] = []any{}
	}
	if len(s.anyOf) > 0 {
		out["anyOf"] = []any{}
	}
	if !noAllOf && s.allOfLen() > 0 {
		out["allOf"] = []any{}
	}
	if !isNull(s.not) {
		out["not"] = map[string]any{}
	}
}

func (s *rawSchema) schemaExamples() []any {
	if ex := decodeList(s.examples); len(ex) > 0 {
		return ex
	}
	if v := decodeAny(s.example); v != nil {
		return []any{v}
	}
	return nil
}

func (rc *rawConverter) properties(s *rawSchema) (map[string]any, []string) {
	props := make(map[string]any, s.nprops)
	for _, m := range s.props {
		name, v := m.key, m.val
		if isNull(v) {
			props[name] = rc.c.intern(map[string]any{})
			continue
		}
		sub := rc.c.schema(v)
		if sub != nil && rc.skipProperty(sub) {
			// A duplicate key read later wins, as encoding/json does.
			delete(props, name)
			continue
		}
		rc.depth++
		props[name] = rc.convert(sub)
		rc.depth--
	}
	var required []string
	for _, name := range s.required {
		if _, ok := props[name]; ok && !slices.Contains(required, name) {
			required = append(required, name)
		}
	}
	return props, required
}

func (rc *rawConverter) skipProperty(s *rawSchema) bool {
	if rc.mode == modeRequest {
		return s.readOnly
	}
	return s.writeOnly
}

func (rc *rawConverter) list(raws [][]byte, extra *rawSchema) []any {
	out := make([]any, 0, len(raws)+1)
	for _, r := range raws {
		out = append(out, rc.alternative(r))
	}
	if extra != nil {
		out = append(out, rc.convert(extra))
	}
	return out
}

func (rc *rawConverter) mergeAllOf(s *rawSchema) (map[string]any, bool) {
	n := s.allOfLen()
	parts := make([]map[string]any, 0, n+1)
	rawRequired := make([][]string, 0, n+1)
	add := func(sub *rawSchema) {
		parts = append(parts, rc.convert(sub))
		if sub != nil {
			// A part's own parts' required lists too: Nexmo's Text is allOf
			// [baseMessageType, …], and baseMessageType requires to and from, which only
			// a sibling of Text declares.
			rawRequired = append(rawRequired, rc.c.allOfRequired(sub, nil, 0))
		} else {
			rawRequired = append(rawRequired, nil)
		}
	}
	for _, r := range s.allOf {
		add(rc.c.schema(r))
	}
	if s.conjunct != nil {
		add(s.conjunct)
	}
	own := rc.convertValue(s, true)
	parts = append(parts, own)
	rawRequired = append(rawRequired, s.required)

	merged := map[string]any{"type": "object"}
	props := map[string]any{}
	var required []string
	addRequired := func(names []string) {
		for _, name := range names {
			if !slices.Contains(required, name) {
				required = append(required, name)
			}
		}
	}
	for i, p := range parts {
		addRequired(rawRequired[i])
		for k, v := range p {
			switch k {
			case "type":
				if v != "object" {
					return nil, false
				}
			case "properties":
				for name, sub := range v.(map[string]any) {
					props[name] = sub
				}
			case "required":
				addRequired(v.([]string))
			case "description", "title":
				if _, ok := merged[k]; !ok {
					merged[k] = v
				}
			case "additionalProperties":
				// Parts close or extend themselves (ShipEngine's warehouse part says
				// additionalProperties: false, Zuora's custom-fields part admits any
				// field); the author means one object of all their properties, so only
				// the schema's own word on other properties is kept.
				if i == len(parts)-1 {
					merged[k] = v
				}
			case "oneOf", "anyOf", "not", "allOf":
				if rc.skeleton && p["properties"] != nil {
					// A skeleton says which fields an answer yields: an object part that is
					// one of several shapes (Intellifi's item: allOf [update, own fields,
					// oneOf location forms]) takes nothing from the others'. Its marker is
					// kept. A scalar's alternatives (an id of string or number) still refuse.
					merged[k] = v
					continue
				}
				return nil, false
			default:
				merged[k] = v
			}
		}
	}
	if d, ok := own["description"]; ok {
		merged["description"] = d
	}
	if len(props) > 0 {
		merged["properties"] = props
	}
	kept := required[:0]
	for _, name := range required {
		if _, ok := props[name]; ok {
			kept = append(kept, name)
		}
	}
	required = kept
	if len(required) > 0 {
		merged["required"] = required
	}
	return merged, true
}

// schemaAt resolves the schema held at raw (an object, a boolean or a $ref to one), with
// the identity kin-openapi's pointers have: one value per component, one per inline schema,
// one per 3.1 $ref carrying sibling keywords.
func (c *compiler) schema(raw []byte) *rawSchema {
	if isNull(raw) {
		return nil
	}
	if s, ok := c.schemas[&raw[0]]; ok {
		if s == resolving {
			return c.refCycle(raw)
		}
		return s
	}
	var s *rawSchema
	switch raw[0] {
	case 't', 'f':
		b := raw[0] == 't'
		s = newRawSchema()
		s.always = &b
	case '{':
		c.schemas[&raw[0]] = resolving // see refcycle.go
		s = c.schemaObject(raw)
	default:
		s = nil
	}
	if s != nil && !s.flagged {
		s.flagged, s.cycle = true, c.cycleOf(raw)
	}
	if s != nil && s.at == nil {
		s.at = &raw[0]
	}
	c.schemas[&raw[0]] = s
	return s
}

func (c *compiler) schemaObject(raw []byte) *rawSchema {
	refRaw := c.getKey(raw, "$ref")
	if !isString(refRaw) {
		return c.parseSchemaObject(raw)
	}
	ref := rawStr(refRaw)
	target, ok := c.resolve(ref)
	if !ok {
		c.bad("dangling schema $ref " + ref)
		return nil
	}
	base := c.schema(target)
	if !c.v31 || base == nil {
		return base
	}
	sib := c.parseSchemaObject(raw)
	var annotations, assertions []string
	present := map[string]bool{}
	c.objEach(raw, func(k string, v []byte) bool {
		if !isNull(v) {
			present[k] = true
		}
		return true
	})
	for k := range present {
		if k == "$ref" || strings.HasPrefix(k, "x-") {
			continue
		}
		if refSiblingAnnotationKeys[k] {
			annotations = append(annotations, k)
		} else {
			assertions = append(assertions, k)
		}
	}
	if len(annotations) == 0 && len(assertions) == 0 {
		return base
	}
	cp := copySchema(base)
	cp.flagged, cp.cycle = true, base.cycle
	if cp.cycle == 0 {
		cp.cycle = c.cycleOf(raw)
	}
	for _, k := range annotations {
		overlay(cp, sib, k)
	}
	if len(assertions) > 0 {
		conj := newRawSchema()
		set := false
		for _, k := range assertions {
			if overlay(conj, sib, k) {
				set = true
			}
		}
		if set && !conj.empty() {
			cp.allOf = append([][]byte(nil), base.allOf...)
			if base.conjunct != nil {
				// A chain of sibling-carrying refs: rare; keep the nearest one.
				c.bad("nested 3.1 $ref siblings")
			}
			// Inside the object, where no schema starts: its own address.
			conj.at = &raw[1]
			cp.conjunct = conj
		}
	}
	return cp
}

func (s *rawSchema) empty() bool {
	return s.always == nil && len(s.types) == 0 && rawStr(s.title) == "" && rawStr(s.description) == "" &&
		s.format == "" && s.pattern == "" && isNull(s.enum) && isNull(s.constV) && isNull(s.def) &&
		isNull(s.example) && isNull(s.examples) && s.min == nil && s.max == nil && s.multipleOf == nil &&
		s.exMinB == nil && s.exMaxB == nil && s.exMinV == nil && s.exMaxV == nil &&
		s.minLength == 0 && s.minItems == 0 && s.maxLength == nil && s.maxItems == nil &&
		!s.uniqueItems && !s.deprecated && !s.readOnly && !s.writeOnly && !s.nullable &&
		isNull(s.items) && len(s.prefixItems) == 0 && s.nprops == 0 && len(s.required) == 0 &&
		s.apHas == nil && isNull(s.apSchema) && len(s.oneOf) == 0 && len(s.anyOf) == 0 &&
		len(s.allOf) == 0 && isNull(s.not)
}

// intern returns the one map equal to skeleton schema m, so the many responses that hold
// the same structure (GitHub's simple-user, repository...) share it. Children are
// interned first, so a node is known by its own keys and its children's identities.
// Interned maps are read-only. The key is built in one reused buffer, strings length-
// prefixed, and only a new structure's key is kept.
func (c *compiler) intern(m map[string]any) map[string]any {
	if c.interned == nil {
		c.interned = map[string]map[string]any{}
		c.internID = map[unsafe.Pointer]int{}
	}
	b := c.internBuf[:0]
	str := func(s string) {
		b = strconv.AppendInt(b, int64(len(s)), 10)
		b = append(b, ':')
		b = append(b, s...)
	}
	id := func(v any) {
		sub, _ := v.(map[string]any)
		b = strconv.AppendInt(b, int64(c.nodeID(sub)), 10)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		str(k)
		b = append(b, '=')
		switch v := m[k].(type) {
		case string:
			str(v)
		case []string:
			for _, x := range v {
				str(x)
				b = append(b, ',')
			}
		case bool:
			b = strconv.AppendBool(b, v)
		case map[string]any:
			if k == "properties" {
				names := make([]string, 0, len(v))
				for n := range v {
					names = append(names, n)
				}
				sort.Strings(names)
				b = append(b, '{')
				for _, n := range names {
					str(n)
					b = append(b, ':')
					id(v[n])
					b = append(b, ',')
				}
				b = append(b, '}')
			} else {
				id(v)
			}
		case []any:
			b = strconv.AppendInt(b, int64(len(v)), 10)
		default:
			// Not a skeleton value: keep the map as it is.
			c.internBuf = b
			return m
		}
		b = append(b, ';')
	}
	c.internBuf = b
	if have, ok := c.interned[string(b)]; ok {
		return have
	}
	c.interned[string(b)] = m
	return m
}

// nodeID numbers a map by identity.
func (c *compiler) nodeID(m map[string]any) int {
	if m == nil {
		return -1
	}
	p := reflect.ValueOf(m).UnsafePointer()
	if id, ok := c.internID[p]; ok {
		return id
	}
	id := len(c.internID)
	c.internID[p] = id
	return id
}
