package tools

import (
	"regexp"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
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

// converter turns OpenAPI schemas into plain JSON Schema maps that every MCP client
// accepts: $refs inlined, nullable folded into type, only keywords that draft-07 and
// 2020-12 validators agree on.
type converter struct {
	mode     schemaMode
	maxDepth int
	// depth counts structural nesting (properties, items); compositions such as allOf do
	// not add to it, since they describe the same value.
	depth int
	stack []*openapi3.Schema
}

func newConverter(mode schemaMode) *converter {
	return &converter{mode: mode, maxDepth: maxSchemaDepth}
}

// convert returns the JSON Schema for ref; never nil.
func (c *converter) convert(ref *openapi3.SchemaRef) map[string]any {
	if ref == nil || ref.Value == nil {
		return map[string]any{}
	}
	s := ref.Value
	for _, seen := range c.stack {
		if seen == s {
			return c.cut(s, "recursive")
		}
	}
	if c.depth > c.maxDepth {
		return c.cut(s, "nested too deep")
	}
	c.stack = append(c.stack, s)
	defer func() { c.stack = c.stack[:len(c.stack)-1] }()
	return c.convertValue(s)
}

// nested converts a schema one structural level down.
func (c *converter) nested(ref *openapi3.SchemaRef) map[string]any {
	c.depth++
	defer func() { c.depth-- }()
	return c.convert(ref)
}

// cut stands in for a schema that is not expanded, keeping its type so a value still has
// a shape the assistant can send.
func (c *converter) cut(s *openapi3.Schema, why string) map[string]any {
	out := map[string]any{}
	if t := schemaTypes(s); len(t) > 0 {
		out["type"] = typeValue(t)
	}
	desc := "(" + why + ": structure not expanded)"
	if s.Description != "" {
		desc = firstSentence(s.Description) + " " + desc
	}
	out["description"] = desc
	return out
}

func (c *converter) convertValue(s *openapi3.Schema) map[string]any {
	if s.Always != nil {
		if *s.Always {
			return map[string]any{}
		}
		return map[string]any{"not": map[string]any{}}
	}
	if len(s.AllOf) > 0 {
		if merged, ok := c.mergeAllOf(s); ok {
			return merged
		}
	}
	out := map[string]any{}
	types := schemaTypes(s)
	if s.Nullable && len(types) > 0 && !contains(types, "null") {
		types = append(types, "null")
	}
	if len(types) > 0 {
		out["type"] = typeValue(types)
	}
	if s.Title != "" {
		out["title"] = s.Title
	}
	if s.Description != "" {
		out["description"] = s.Description
	}
	if f := keepFormat(s.Format); f != "" {
		out["format"] = f
	}
	if len(s.Enum) > 0 {
		out["enum"] = s.Enum
	}
	if s.Const != nil {
		out["const"] = s.Const
	}
	if s.Default != nil {
		out["default"] = s.Default
	}
	// Response schemas are read for their structure; their examples only cost memory.
	if ex := schemaExamples(s); len(ex) > 0 && c.mode == modeRequest {
		out["examples"] = ex
	}
	c.numberKeywords(s, out)
	if s.MinLength > 0 {
		out["minLength"] = s.MinLength
	}
	if s.MaxLength != nil {
		out["maxLength"] = *s.MaxLength
	}
	if p := keepPattern(s.Pattern); p != "" {
		out["pattern"] = p
	}
	if s.Items != nil {
		out["items"] = c.nested(s.Items)
	} else if len(s.PrefixItems) > 0 {
		// prefixItems is 2020-12 only; the first item's shape is the useful hint.
		out["items"] = c.nested(s.PrefixItems[0])
	}
	if s.MinItems > 0 {
		out["minItems"] = s.MinItems
	}
	if s.MaxItems != nil {
		out["maxItems"] = *s.MaxItems
	}
	if s.UniqueItems {
		out["uniqueItems"] = true
	}
	if len(s.Properties) > 0 {
		props, required := c.properties(s)
		out["properties"] = props
		if len(required) > 0 {
			out["required"] = required
		}
	}
	if ap := s.AdditionalProperties; ap.Has != nil {
		out["additionalProperties"] = *ap.Has
	} else if ap.Schema != nil {
		out["additionalProperties"] = c.nested(ap.Schema)
	}
	if len(s.OneOf) > 0 {
		out["oneOf"] = c.list(s.OneOf)
	}
	if len(s.AnyOf) > 0 {
		out["anyOf"] = c.list(s.AnyOf)
	}
	if len(s.AllOf) > 0 {
		out["allOf"] = c.list(s.AllOf)
	}
	if s.Not != nil {
		out["not"] = c.convert(s.Not)
	}
	if s.Deprecated {
		out["deprecated"] = true
	}
	return out
}

func (c *converter) numberKeywords(s *openapi3.Schema, out map[string]any) {
	// 3.0's boolean exclusiveMinimum modifies minimum; 3.1's numeric one is a bound of
	// its own, independent of minimum, so both may appear.
	if s.Min != nil {
		if s.ExclusiveMin.IsTrue() {
			out["exclusiveMinimum"] = *s.Min
		} else {
			out["minimum"] = *s.Min
		}
	}
	if v := s.ExclusiveMin.Value; v != nil {
		out["exclusiveMinimum"] = *v
	}
	if s.Max != nil {
		if s.ExclusiveMax.IsTrue() {
			out["exclusiveMaximum"] = *s.Max
		} else {
			out["maximum"] = *s.Max
		}
	}
	if v := s.ExclusiveMax.Value; v != nil {
		out["exclusiveMaximum"] = *v
	}
	if s.MultipleOf != nil && *s.MultipleOf > 0 {
		out["multipleOf"] = *s.MultipleOf
	}
}

// properties converts an object's properties, leaving out those that do not travel in
// this direction (readOnly in requests, writeOnly in responses).
func (c *converter) properties(s *openapi3.Schema) (map[string]any, []string) {
	props := make(map[string]any, len(s.Properties))
	for name, ref := range s.Properties {
		if ref != nil && ref.Value != nil && c.skipProperty(ref.Value) {
			continue
		}
		props[name] = c.nested(ref)
	}
	var required []string
	for _, name := range s.Required {
		if _, ok := props[name]; ok && !contains(required, name) {
			required = append(required, name)
		}
	}
	return props, required
}

func (c *converter) skipProperty(s *openapi3.Schema) bool {
	if c.mode == modeRequest {
		return s.ReadOnly
	}
	return s.WriteOnly
}

func (c *converter) list(refs openapi3.SchemaRefs) []any {
	out := make([]any, 0, len(refs))
	for _, r := range refs {
		out = append(out, c.convert(r))
	}
	return out
}

// mergeAllOf folds an allOf of object schemas into one object, which assistants fill far
// more reliably than a composition. Non-object parts keep the allOf as it is.
func (c *converter) mergeAllOf(s *openapi3.Schema) (map[string]any, bool) {
	parts := make([]map[string]any, 0, len(s.AllOf)+1)
	// rawRequired keeps each part's own required list: a part may require a property
	// another part declares (allOf: [$ref: Base, {required: [name]}]), which its
	// converted form drops for lack of that property.
	rawRequired := make([][]string, 0, len(s.AllOf)+1)
	for _, r := range s.AllOf {
		parts = append(parts, c.convert(r))
		if r != nil && r.Value != nil {
			rawRequired = append(rawRequired, r.Value.Required)
		} else {
			rawRequired = append(rawRequired, nil)
		}
	}
	rest := *s
	rest.AllOf = nil
	own := c.convertValue(&rest)
	parts = append(parts, own)
	rawRequired = append(rawRequired, s.Required)

	merged := map[string]any{"type": "object"}
	props := map[string]any{}
	var required []string
	addRequired := func(names []string) {
		for _, name := range names {
			if !contains(required, name) {
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
			case "additionalProperties", "oneOf", "anyOf", "not", "allOf":
				// Merging these changes meaning; keep the composition instead.
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
	// Only properties that travel in this direction can be required (readOnly ones are
	// gone from requests, writeOnly ones from responses).
	kept := required[:0]
	for _, name := range required {
		if _, ok := props[name]; ok {
			kept = append(kept, name)
		}
	}
	required = kept
	if len(required) > 0 {
		// Declaration order is kept: questions are asked in the order the spec lists fields.
		merged["required"] = required
	}
	return merged, true
}

func schemaTypes(s *openapi3.Schema) []string {
	if s.Type == nil {
		return nil
	}
	return append([]string(nil), s.Type.Slice()...)
}

func typeValue(types []string) any {
	if len(types) == 1 {
		return types[0]
	}
	return types
}

func schemaExamples(s *openapi3.Schema) []any {
	if len(s.Examples) > 0 {
		return s.Examples
	}
	if s.Example != nil {
		return []any{s.Example}
	}
	return nil
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
	return ""
}

// keepPattern drops patterns that a strict validator could not compile, rather than
// publishing a schema some client rejects as a whole.
func keepPattern(p string) string {
	if p == "" {
		return ""
	}
	if _, err := regexp.Compile(p); err != nil {
		return ""
	}
	return p
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
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
