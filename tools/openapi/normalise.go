package openapi

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/go-openapi/jsonpointer"
)

// The normaliser walks the generic JSON tree of a spec before kin-openapi sees it. It
// knows the shape of OpenAPI objects (a "grammar"), so it can
//   - fix known sloppiness that would make kin-openapi refuse the document (a parameter's
//     "required": "true", a schema's "minimum": "0", a schema's "required": true ...), each
//     fix yielding a warning that names the JSON pointer, and
//   - find dangling and disallowed $refs with a precise pointer.
// Knowing the shape matters: example values may legitimately hold "minimum": "2016-09-01"
// or a property called "type", which must be left alone.

// specKind is what the grammar expects at a position.
type specKind uint8

const (
	skAny     specKind = iota // a data value (example, default, const): left alone
	skGeneric                 // structure askapi does not model: only $refs are checked
	skBool
	skNumber
	skUint
	skString
	skStrings
	skExclusive // exclusiveMinimum/Maximum: boolean (2.0, 3.0) or number (3.1)
	skEnum
	skSchemaExamples // a schema's examples: an array (JSON Schema), not a map
	skType
	skSchemaRequired // handled before the schema's other keywords, see schema()
	skSchema
	skSchemaOrBool
	skSchemaList
	skSchemaMap
	skProperties // a schema map whose entries may carry a stray "required": true
	skParameter
	skParameterList
	skParameterMap
	skHeader
	skHeaderMap
	skRequestBody
	skRequestBodyMap
	skResponse
	skResponseMap
	skResponses // an operation's responses: a map that may also hold x- extensions
	skMediaType
	skContent
	skExample
	skExampleMap
	skEncoding
	skEncodingMap
	skPaths
	skPathItem
	skPathItemMap
	skOperation
	skOperationMap
	skCallback
	skCallbackMap
	skLink
	skLinkMap
	skComponents
	skInfo
	skRoot
)

var specKindNames = map[specKind]string{
	skSchema: "a schema", skSchemaList: "an array of schemas", skSchemaMap: "a map of schemas",
	skProperties: "a map of schemas", skParameter: "a parameter", skParameterList: "an array of parameters",
	skHeader: "a header", skRequestBody: "a request body", skResponse: "a response",
	skResponses: "a map of responses", skMediaType: "a media type", skPaths: "a map of paths",
	skPathItem: "a path item", skOperation: "an operation", skInfo: "an info object",
	skComponents: "a components object",
}

func (k specKind) String() string {
	if s, ok := specKindNames[k]; ok {
		return s
	}
	return "an object"
}

// grammar describes the objects of one spec version.
type grammar struct {
	fields map[specKind]map[string]specKind // object kinds: their known fields
	mapOf  map[specKind]specKind            // map kinds: their entries
	listOf map[specKind]specKind            // list kinds: their items
	// extMaps are map kinds whose x- keys are extensions rather than entries.
	extMaps map[specKind]bool
	// types are the valid schema type names.
	types map[string]bool
	// exclusiveNumber is set when exclusiveMinimum may be a number (kin's 3.x schema).
	exclusiveNumber bool
}

var (
	grammarV2 = newGrammar(true)
	grammarV3 = newGrammar(false)
)

func newGrammar(v2 bool) *grammar {
	schema := map[string]specKind{
		"allOf": skSchemaList, "anyOf": skSchemaList, "oneOf": skSchemaList, "prefixItems": skSchemaList,
		"not": skSchema, "items": skSchema, "contains": skSchema, "propertyNames": skSchema,
		"if": skSchema, "then": skSchema, "else": skSchema, "contentSchema": skSchema,
		"properties": skProperties, "patternProperties": skSchemaMap, "dependentSchemas": skSchemaMap,
		"$defs": skSchemaMap, "definitions": skSchemaMap,
		"additionalProperties": skSchemaOrBool, "unevaluatedItems": skSchemaOrBool, "unevaluatedProperties": skSchemaOrBool,
		"type": skType, "required": skSchemaRequired,
		"title": skString, "format": skString, "description": skString, "pattern": skString,
		"$schema": skString, "$comment": skString, "$id": skString, "$anchor": skString,
		"$dynamicRef": skString, "$dynamicAnchor": skString,
		"contentMediaType": skString, "contentEncoding": skString,
		"uniqueItems": skBool, "nullable": skBool, "readOnly": skBool, "writeOnly": skBool,
		"deprecated": skBool, "allowEmptyValue": skBool,
		"minimum": skNumber, "maximum": skNumber, "multipleOf": skNumber,
		"exclusiveMinimum": skExclusive, "exclusiveMaximum": skExclusive,
		"minLength": skUint, "maxLength": skUint, "minItems": skUint, "maxItems": skUint,
		"minProperties": skUint, "maxProperties": skUint, "minContains": skUint, "maxContains": skUint,
		"enum": skEnum, "examples": skSchemaExamples,
		"default": skAny, "example": skAny, "const": skAny,
	}
	g := &grammar{
		fields: map[specKind]map[string]specKind{skSchema: schema},
		mapOf: map[specKind]specKind{
			skSchemaMap: skSchema, skProperties: skSchema, skParameterMap: skParameter,
			skHeaderMap: skHeader, skRequestBodyMap: skRequestBody, skResponseMap: skResponse,
			skResponses: skResponse, skContent: skMediaType, skExampleMap: skExample,
			skEncodingMap: skEncoding, skPaths: skPathItem, skPathItemMap: skPathItem,
			skOperationMap: skOperation, skCallbackMap: skCallback, skCallback: skPathItem, skLinkMap: skLink,
		},
		listOf:  map[specKind]specKind{skSchemaList: skSchema, skParameterList: skParameter},
		extMaps: map[specKind]bool{skResponses: true, skPaths: true, skCallback: true},
		types: map[string]bool{"string": true, "number": true, "integer": true, "boolean": true,
			"array": true, "object": true, "null": true},
		exclusiveNumber: !v2,
	}
	info := map[string]specKind{"title": skString, "version": skString, "description": skString}
	op := map[string]specKind{
		"tags": skStrings, "summary": skString, "description": skString, "operationId": skString,
		"parameters": skParameterList, "responses": skResponses, "deprecated": skBool,
	}
	pathItem := map[string]specKind{"summary": skString, "description": skString, "parameters": skParameterList}
	for _, m := range []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"} {
		pathItem[m] = skOperation
	}
	g.fields[skInfo] = info
	g.fields[skOperation] = op
	g.fields[skPathItem] = pathItem
	if v2 {
		g.types["file"] = true
		schema["discriminator"] = skString
		// A 2.0 parameter or header carries its schema keywords inline.
		param := cloneFields(schema)
		delete(param, "required")
		delete(param, "properties")
		addFields(param, map[string]specKind{
			"name": skString, "in": skString, "required": skBool, "schema": skSchema,
			"collectionFormat": skString,
		})
		header := cloneFields(schema)
		delete(header, "required")
		header["collectionFormat"] = skString
		g.fields[skParameter] = param
		g.fields[skHeader] = header
		g.fields[skResponse] = map[string]specKind{
			"description": skString, "schema": skSchema, "headers": skHeaderMap, "examples": skAny,
		}
		addFields(op, map[string]specKind{"consumes": skStrings, "produces": skStrings, "schemes": skStrings})
		g.fields[skRoot] = map[string]specKind{
			"info": skInfo, "host": skString, "basePath": skString,
			"schemes": skStrings, "consumes": skStrings, "produces": skStrings,
			"paths": skPaths, "definitions": skSchemaMap, "parameters": skParameterMap,
			"responses": skResponseMap,
		}
		return g
	}
	param := map[string]specKind{
		"name": skString, "in": skString, "description": skString, "style": skString,
		"required": skBool, "deprecated": skBool, "allowEmptyValue": skBool, "explode": skBool,
		"allowReserved": skBool, "schema": skSchema, "example": skAny, "examples": skExampleMap,
		"content": skContent,
	}
	header := cloneFields(param)
	delete(header, "name")
	delete(header, "in")
	g.fields[skParameter] = param
	g.fields[skHeader] = header
	g.fields[skRequestBody] = map[string]specKind{"description": skString, "content": skContent, "required": skBool}
	g.fields[skResponse] = map[string]specKind{
		"description": skString, "headers": skHeaderMap, "content": skContent, "links": skLinkMap,
	}
	g.fields[skMediaType] = map[string]specKind{
		"schema": skSchema, "itemSchema": skSchema, "example": skAny, "examples": skExampleMap,
		"encoding": skEncodingMap,
	}
	g.fields[skExample] = map[string]specKind{
		"summary": skString, "description": skString, "value": skAny, "externalValue": skString,
		"dataValue": skAny,
	}
	g.fields[skEncoding] = map[string]specKind{
		"contentType": skString, "headers": skHeaderMap, "style": skString,
		"explode": skBool, "allowReserved": skBool,
	}
	g.fields[skLink] = map[string]specKind{
		"operationRef": skString, "operationId": skString, "description": skString,
		"parameters": skAny, "requestBody": skAny,
	}
	addFields(op, map[string]specKind{"requestBody": skRequestBody, "callbacks": skCallbackMap})
	pathItem["query"] = skOperation
	pathItem["additionalOperations"] = skOperationMap
	g.fields[skComponents] = map[string]specKind{
		"schemas": skSchemaMap, "responses": skResponseMap, "parameters": skParameterMap,
		"examples": skExampleMap, "requestBodies": skRequestBodyMap, "headers": skHeaderMap,
		"links": skLinkMap, "callbacks": skCallbackMap, "pathItems": skPathItemMap,
	}
	g.fields[skRoot] = map[string]specKind{
		"info": skInfo, "paths": skPaths, "components": skComponents, "webhooks": skPathItemMap,
		"jsonSchemaDialect": skString,
	}
	return g
}

func cloneFields(m map[string]specKind) map[string]specKind {
	c := make(map[string]specKind, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func addFields(dst, src map[string]specKind) {
	for k, v := range src {
		dst[k] = v
	}
}

// specTypeAliases maps type names seen in sloppy specs to JSON Schema types.
var specTypeAliases = map[string]string{
	"int": "integer", "int32": "integer", "int64": "integer", "long": "integer",
	"float": "number", "double": "number", "decimal": "number",
	"bool": "boolean", "str": "string", "text": "string", "date": "string", "datetime": "string",
	"date-time": "string", "file": "string", "map": "object", "dict": "object", "list": "array",
}

// maxSpecErrors bounds how many problems are gathered before the first is reported.
const maxSpecErrors = 32

// normaliser holds the state of one walk.
type normaliser struct {
	source string
	root   map[string]any
	g      *grammar
	// external decides whether an external $ref may be loaded; nil when it may not.
	external func(ref string) error
	// refSiblings is set for OpenAPI 3.1, where a schema's $ref siblings apply; before,
	// they are ignored (OpenAPI 3.0: "any sibling elements of a $ref are ignored").
	refSiblings bool

	path     []string // escaped tokens of the current position
	warnings []string
	changed  bool
	errs     []*SpecError
	// refs maps each $ref text to the first pointer holding it, to place kin-openapi's
	// resolution errors; resolved caches internal refs already checked.
	refs     map[string]string
	resolved map[string]bool
}

func newNormaliser(source string, root map[string]any, v2 bool, external func(string) error) *normaliser {
	g := grammarV3
	if v2 {
		g = grammarV2
	}
	return &normaliser{
		source: source, root: root, g: g, external: external,
		path: make([]string, 0, 32), refs: map[string]string{}, resolved: map[string]bool{},
	}
}

// run walks the whole document and returns the first problem found (by pointer order).
func (n *normaliser) run() *SpecError {
	n.object(n.root, skRoot)
	sort.Strings(n.warnings)
	return n.firstError()
}

func (n *normaliser) firstError() *SpecError {
	if len(n.errs) == 0 {
		return nil
	}
	slices.SortStableFunc(n.errs, func(a, b *SpecError) int { return strings.Compare(a.Pointer, b.Pointer) })
	return n.errs[0]
}

func (n *normaliser) ptr() string {
	if len(n.path) == 0 {
		return ""
	}
	return "/" + strings.Join(n.path, "/")
}

func (n *normaliser) push(key string) { n.path = append(n.path, jsonpointer.Escape(key)) }
func (n *normaliser) pushIndex(i int) { n.path = append(n.path, strconv.Itoa(i)) }
func (n *normaliser) pop()            { n.path = n.path[:len(n.path)-1] }

func (n *normaliser) warnf(format string, args ...any) {
	n.changed = true
	n.warnings = append(n.warnings, fmt.Sprintf("spec %s: %s: normalised %s", n.source, n.ptr(), fmt.Sprintf(format, args...)))
}

func (n *normaliser) failf(format string, args ...any) {
	if len(n.errs) < maxSpecErrors {
		n.errs = append(n.errs, specErrorf(n.source, n.ptr(), format, args...))
	}
}

// object walks an object of kind k: its $ref, then its known fields.
func (n *normaliser) object(m map[string]any, k specKind) {
	if _, ok := m["$ref"]; ok {
		n.inlinePastReference(m)
	}
	if r, ok := m["$ref"]; ok {
		n.ref(r)
		// A Reference Object's siblings are ignored, except in a 3.1 schema, which applies
		// them: dnd5eapi's $ref beside an allOf that is not even a list loads, as kin-openapi
		// and the compiler read it (the $ref alone).
		if k != skSchema || !n.refSiblings {
			return
		}
	}
	fields := n.g.fields[k]
	for key, val := range m {
		if val == nil || key == "$ref" {
			continue
		}
		fk, known := fields[key]
		if !known {
			if strings.HasPrefix(key, "x-") {
				continue
			}
			fk = skGeneric
		}
		n.push(key)
		n.field(m, key, val, fk)
		n.pop()
	}
	if k == skParameter {
		n.pathParamRequired(m)
	}
}

// field checks one field of an object, fixing the value in m where it is sloppy.
func (n *normaliser) field(m map[string]any, key string, val any, k specKind) {
	switch k {
	case skAny, skSchemaRequired:
		// Data is left alone; a schema's required was handled first by schema().
	case skBool:
		switch v := val.(type) {
		case bool:
		case string:
			if b, err := strconv.ParseBool(strings.TrimSpace(v)); err == nil {
				m[key] = b
				n.warnf("%s %q (a string) to %t", key, v, b)
				return
			}
			delete(m, key)
			n.warnf("%s: removed %q, not a boolean", key, v)
		default:
			delete(m, key)
			n.warnf("%s: removed %s, not a boolean", key, describeValue(val))
		}
	case skNumber, skUint:
		n.number(m, key, val, k == skUint)
	case skExclusive:
		switch v := val.(type) {
		case bool:
		case json.Number:
			if !n.g.exclusiveNumber {
				delete(m, key)
				n.warnf("%s: removed %s, a boolean is expected in Swagger 2.0", key, v)
			}
		case string:
			if b, err := strconv.ParseBool(strings.TrimSpace(v)); err == nil {
				m[key] = b
				n.warnf("%s %q (a string) to %t", key, v, b)
				return
			}
			n.number(m, key, val, false)
		default:
			delete(m, key)
			n.warnf("%s: removed %s, not a boolean or number", key, describeValue(val))
		}
	case skString:
		switch v := val.(type) {
		case string:
		case json.Number, bool:
			s := fmt.Sprint(v)
			m[key] = s
			n.warnf("%s %s to the string %q", key, describeValue(val), s)
		default:
			delete(m, key)
			n.warnf("%s: removed %s, not a string", key, describeValue(val))
		}
	case skStrings:
		n.strings(m, key, val)
	case skEnum:
		if _, ok := val.([]any); !ok {
			m[key] = []any{val}
			n.warnf("%s %s to a one-value array", key, describeValue(val))
		}
	case skSchemaExamples:
		if _, ok := val.([]any); !ok {
			delete(m, key)
			n.warnf("%s: removed %s, a schema's examples must be an array", key, describeValue(val))
		}
	case skType:
		n.schemaType(m, key, val)
	case skSchemaOrBool:
		switch v := val.(type) {
		case bool:
		case string:
			if b, err := strconv.ParseBool(strings.TrimSpace(v)); err == nil {
				m[key] = b
				n.warnf("%s %q (a string) to %t", key, v, b)
				return
			}
			n.failf("expected a schema or a boolean, got %s", describeValue(val))
		default:
			n.node(val, skSchema, nil)
		}
	case skProperties:
		props, ok := val.(map[string]any)
		if !ok {
			n.failf("expected %s, got %s", k, describeValue(val))
			return
		}
		for name, p := range props {
			if p == nil {
				continue
			}
			n.push(name)
			n.node(p, skSchema, &ownerProperty{owner: m, name: name})
			n.pop()
		}
	default:
		n.node(val, k, nil)
	}
}

// ownerProperty says which schema owns a properties entry and under what name.
type ownerProperty struct {
	owner map[string]any
	name  string
}

// node walks a structural value: an object, a map of objects or a list of objects.
func (n *normaliser) node(val any, k specKind, prop *ownerProperty) {
	if k == skGeneric {
		n.generic(val)
		return
	}
	if elem, ok := n.g.mapOf[k]; ok {
		m, ok := val.(map[string]any)
		if !ok {
			n.failf("expected %s, got %s", k, describeValue(val))
			return
		}
		if r, isRef := m["$ref"]; isRef && k == skCallback {
			// A Callback Object may be a Reference Object (PeerTube's searchIndex): its
			// "$ref" is no expression of a path item.
			n.ref(r)
			return
		}
		ext := n.g.extMaps[k]
		for key, v := range m {
			if v == nil || (ext && strings.HasPrefix(key, "x-")) {
				continue
			}
			n.push(key)
			n.node(v, elem, nil)
			n.pop()
		}
		return
	}
	if elem, ok := n.g.listOf[k]; ok {
		l, ok := val.([]any)
		if !ok {
			n.failf("expected %s, got %s", k, describeValue(val))
			return
		}
		for i, v := range l {
			if v == nil {
				continue
			}
			n.pushIndex(i)
			n.node(v, elem, nil)
			n.pop()
		}
		return
	}
	m, ok := val.(map[string]any)
	if !ok {
		if _, isBool := val.(bool); isBool && k == skSchema {
			return // a JSON Schema boolean schema
		}
		n.failf("expected %s, got %s", k, describeValue(val))
		return
	}
	if k == skSchema {
		n.schema(m, prop)
		return
	}
	n.object(m, k)
}

// schema walks a schema, first fixing its required keyword so a stray "required": true on
// a property can move to the owner's list before anything else reads it.
func (n *normaliser) schema(m map[string]any, prop *ownerProperty) {
	if r, ok := m["required"]; ok {
		n.push("required")
		n.schemaRequired(m, r, prop)
		n.pop()
	}
	n.object(m, skSchema)
}

func (n *normaliser) schemaRequired(m map[string]any, r any, prop *ownerProperty) {
	switch v := r.(type) {
	case nil:
	case []any:
		kept := v[:0:0]
		for _, e := range v {
			if s, ok := e.(string); ok {
				kept = append(kept, s)
			}
		}
		if len(kept) != len(v) {
			m["required"] = kept
			n.warnf("required: dropped entries that are not property names")
		}
	case bool, string:
		b, isBool := v.(bool)
		if s, ok := v.(string); ok {
			parsed, err := strconv.ParseBool(strings.TrimSpace(s))
			if err != nil {
				// A single property name where a list is expected.
				m["required"] = []any{s}
				n.warnf("required %q to [%q]", s, s)
				return
			}
			b, isBool = parsed, true
		}
		delete(m, "required")
		switch {
		case isBool && b && prop != nil:
			addRequired(prop.owner, prop.name)
			n.warnf("required: %s on property %q into the parent schema's required list", describeValue(r), prop.name)
		default:
			n.warnf("required: removed %s, a schema's required must be an array", describeValue(r))
		}
	default:
		delete(m, "required")
		n.warnf("required: removed %s, a schema's required must be an array", describeValue(r))
	}
}

func addRequired(owner map[string]any, name string) {
	list, _ := owner["required"].([]any)
	for _, e := range list {
		if e == name {
			return
		}
	}
	owner["required"] = append(list, name)
}

// pathParamRequired makes a path parameter required, as OpenAPI demands and tools need.
func (n *normaliser) pathParamRequired(m map[string]any) {
	if in, _ := m["in"].(string); in != "path" {
		return
	}
	if b, _ := m["required"].(bool); !b {
		m["required"] = true
		name, _ := m["name"].(string)
		n.warnf("path parameter %q to required: true", name)
	}
}

// number fixes a numeric keyword: a numeric string becomes a number; anything else
// (or, for counts, a negative or fractional number) is removed.
func (n *normaliser) number(m map[string]any, key string, val any, count bool) {
	var text string
	switch v := val.(type) {
	case json.Number:
		text = string(v)
	case string:
		text = strings.TrimSpace(v)
	default:
		delete(m, key)
		n.warnf("%s: removed %s, not a number", key, describeValue(val))
		return
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		delete(m, key)
		n.warnf("%s: removed %s, not a number", key, describeValue(val))
		return
	}
	if count {
		if f < 0 || f != math.Trunc(f) || f > math.MaxInt64 {
			delete(m, key)
			n.warnf("%s: removed %s, not a non-negative integer", key, describeValue(val))
			return
		}
		if s := strconv.FormatInt(int64(f), 10); s != text || isStringValue(val) {
			m[key] = json.Number(s)
			n.warnf("%s %s to the number %s", key, describeValue(val), s)
		}
		return
	}
	if isStringValue(val) {
		m[key] = json.Number(text)
		n.warnf("%s %s to the number %s", key, describeValue(val), text)
	}
}

func isStringValue(v any) bool { _, ok := v.(string); return ok }

func (n *normaliser) strings(m map[string]any, key string, val any) {
	switch v := val.(type) {
	case string:
		m[key] = []any{v}
		n.warnf("%s %q to a one-item array", key, v)
	case []any:
		kept := make([]any, 0, len(v))
		for _, e := range v {
			switch s := e.(type) {
			case string:
				kept = append(kept, s)
			case json.Number, bool:
				kept = append(kept, fmt.Sprint(s))
			}
		}
		if len(kept) != len(v) || !allStringValues(v) {
			m[key] = kept
			n.warnf("%s: entries to strings", key)
		}
	default:
		delete(m, key)
		n.warnf("%s: removed %s, not an array of strings", key, describeValue(val))
	}
}

func allStringValues(l []any) bool {
	for _, e := range l {
		if !isStringValue(e) {
			return false
		}
	}
	return true
}

// schemaType fixes a schema's type: known aliases ("int", "String") become JSON Schema
// types; unknown names are dropped, so the schema accepts any type rather than none.
func (n *normaliser) schemaType(m map[string]any, key string, val any) {
	fix := func(s string) (string, bool) {
		if n.g.types[s] {
			return s, true
		}
		l := strings.ToLower(strings.TrimSpace(s))
		if n.g.types[l] {
			return l, true
		}
		a, ok := specTypeAliases[l]
		return a, ok
	}
	switch v := val.(type) {
	case string:
		t, ok := fix(v)
		switch {
		case !ok:
			delete(m, key)
			n.warnf("type: removed %q, not a JSON Schema type", v)
		case t != v:
			m[key] = t
			n.warnf("type %q to %q", v, t)
		}
	case []any:
		kept := make([]any, 0, len(v))
		same := true
		for _, e := range v {
			s, _ := e.(string)
			t, ok := fix(s)
			if ok && !slices.Contains(kept, any(t)) {
				kept = append(kept, t)
			}
			same = same && ok && t == s
		}
		switch {
		case len(kept) == 0:
			delete(m, key)
			n.warnf("type: removed %s, no JSON Schema type in it", describeValue(val))
		case !same || len(kept) != len(v):
			m[key] = kept
			n.warnf("type %s to %v", describeValue(val), kept)
		}
	default:
		delete(m, key)
		n.warnf("type: removed %s, not a JSON Schema type", describeValue(val))
	}
}

// generic walks structure askapi does not model, checking only $refs. Data-valued keys
// are skipped, since an example may hold anything, "$ref" included.
func (n *normaliser) generic(val any) {
	switch v := val.(type) {
	case map[string]any:
		if r, ok := v["$ref"]; ok {
			n.ref(r)
		}
		for key, e := range v {
			switch {
			case e == nil, key == "$ref", strings.HasPrefix(key, "x-"),
				key == "example", key == "examples", key == "default", key == "enum",
				key == "const", key == "value":
				continue
			}
			n.push(key)
			n.generic(e)
			n.pop()
		}
	case []any:
		for i, e := range v {
			n.pushIndex(i)
			n.generic(e)
			n.pop()
		}
	}
}

// ref checks a $ref held by the object at the current position.
func (n *normaliser) ref(r any) {
	s, ok := r.(string)
	if !ok {
		n.failf("$ref must be a string, got %s", describeValue(r))
		return
	}
	if _, seen := n.refs[s]; !seen {
		n.refs[s] = n.ptr()
	}
	if !strings.HasPrefix(s, "#") {
		if n.external == nil {
			n.failf("external $ref %q is not allowed; run with --allow-external-refs to load files next to the spec", s)
			return
		}
		if err := n.external(s); err != nil {
			n.failf("external $ref %q: %v", s, err)
		}
		return
	}
	if ok, done := n.resolved[s]; done {
		if !ok {
			n.failf("dangling $ref %q: nothing at %s", s, s[1:])
		}
		return
	}
	frag := s[1:]
	if !strings.HasPrefix(frag, "/") {
		// "#" is the document itself; "#name" is a JSON Schema anchor, left to kin-openapi.
		n.resolved[s] = true
		return
	}
	_, found := lookupPointer(n.root, frag)
	n.resolved[s] = found
	if !found {
		n.failf("dangling $ref %q: nothing at %s", s, frag)
	}
}

// lookupPointer resolves a JSON pointer (a URI fragment, so possibly percent-encoded) in a
// generic tree.
func lookupPointer(root any, frag string) (any, bool) {
	if frag == "" {
		return root, true
	}
	if strings.Contains(frag, "%") {
		if u, err := url.PathUnescape(frag); err == nil {
			frag = u
		}
	}
	cur := root
	for _, tok := range splitPointer(frag) {
		next, ok := pointerStep(cur, tok)
		if !ok {
			return nil, false
		}
		cur = next
	}
	return cur, true
}

// pointerStep follows one JSON pointer token from a decoded value: an object's member or
// an array's element.
func pointerStep(cur any, tok string) (any, bool) {
	switch v := cur.(type) {
	case map[string]any:
		next, ok := v[tok]
		return next, ok
	case []any:
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(v) {
			return nil, false
		}
		return v[i], true
	}
	return nil, false
}

// describe names a generic value for a message: its JSON text when short, else its type.
func describeValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(x)
	case json.Number:
		return string(x)
	case bool:
		return strconv.FormatBool(x)
	case map[string]any:
		return "an object"
	case []any:
		if b, err := json.Marshal(x); err == nil && len(b) <= 40 {
			return string(b)
		}
		return "an array"
	}
	return fmt.Sprintf("%T", v)
}
