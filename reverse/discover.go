package reverse

import (
	"slices"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
	"github.com/go-openapi/jsonpointer"
)

// A spec may list a path's items without saying what the list answers: no schema, or
// one typed only "object" (a HAL collection, a generator's any). The path still says
// what the list holds: /bundles/{bundle_id} is one of the things GET /bundles lists
// (sibling.go). Such a list is a producer whose items are read from its answer, by the
// rule a typed list is read with: the shallowest array of objects whose items carry the
// field the parameter takes. An answer that holds none is a failed lookup, which is a
// question, never a guess.

// untypedList reports a response schema that says nothing of what it holds: none, or
// an object or array with no properties, items, composition or map.
func untypedList(schema map[string]any) bool {
	if schema == nil {
		return true
	}
	if it, ok := schema["items"].(map[string]any); ok {
		schema = it
	}
	if untypedPage(schema) || untypedEnvelope(schema) {
		return true
	}
	for _, k := range []string{"properties", "additionalProperties", "allOf", "oneOf", "anyOf", "enum"} {
		if _, ok := schema[k]; ok {
			return false
		}
	}
	t := tools.SchemaType(schema)
	return t == "" || t == "object" || t == "array"
}

// untypedPage reports a page whose one list's items declare no property (TrueSight's
// ResultPage: {"items": {"items": {"properties": {}}}, "total": …}): the page is typed,
// what it lists is not.
func untypedPage(schema map[string]any) bool {
	props, _ := schema["properties"].(map[string]any)
	lists := 0
	for _, v := range props {
		sub, _ := v.(map[string]any)
		if tools.SchemaType(sub) != "array" {
			continue
		}
		lists++
		it, _ := sub["items"].(map[string]any)
		if inner, _ := it["properties"].(map[string]any); len(inner) > 0 || it["allOf"] != nil || it["oneOf"] != nil || it["anyOf"] != nil || it["$ref"] != nil {
			return false
		}
	}
	return lists == 1
}

// untypedEnvelope reports an envelope around an undeclared body: scalars beside one
// property typed only "object" or "array" (VisageCloud's RestResponse: status, message,
// payload), which holds whatever the operation answers.
func untypedEnvelope(schema map[string]any) bool {
	props, _ := schema["properties"].(map[string]any)
	bodies := 0
	for _, v := range props {
		sub, _ := v.(map[string]any)
		switch tools.SchemaType(sub) {
		case "object", "array":
			for _, k := range []string{"properties", "items", "additionalProperties", "allOf", "oneOf", "anyOf"} {
				if _, ok := sub[k]; ok {
					return false
				}
			}
			bodies++
		case "":
			return false
		}
	}
	return bodies == 1
}

// untypedSibling is the list one segment up from a path parameter when its response is
// untyped: a producer whose items are read from the answer (Collection.Discover).
func (ix *index) untypedSibling(target *tools.Operation, p *tools.Param, id Ident, isID bool) (Producer, Ident, bool) {
	sib := ix.siblingList(target, p)
	if sib == nil || sib == target || !untypedList(sib.Response) {
		return Producer{}, id, false
	}
	if !isID {
		id = bareNoun(Noun(segmentBefore(target.Path, "{"+p.Name+"}")), p.Description)
		if id.Resource == "" {
			return Producer{}, id, false
		}
	}
	prod := Producer{Op: sib, OpKey: sib.Key(), Source: SourceHeuristic, Collection: Collection{Discover: true}, NameArg: ix.nameInput(sib), Score: 5}
	prod.Fixed, prod.Needs = FillInputs(sib, prod.NameArg, id.Resource)
	if slices.Contains(prod.Needs, p.Arg) || slices.Contains(prod.Needs, p.Name) || ix.strangerNeeds(target, prod) {
		return Producer{}, id, false
	}
	return prod, id, true
}

// untypedByNoun are the lists of the thing an identifier names whose answers the spec
// leaves untyped, where no list one segment up holds it: GET /stream/all for a streamId
// taken by PATCH /stream/stop. Only the path says what such a list holds, so it must say
// it plainly (listedNoun), and the list must run on what the call itself carries: a
// parent the call does not name would be a second guess. Its items are read from the
// answer, and an answer that holds none is a failed lookup. At most two, those that need
// the least input first.
func (ix *index) untypedByNoun(target *tools.Operation, p *tools.Param, id Ident) []Producer {
	if id.Field == "number" || id.Field == "code" || id.Field == "index" {
		// CustomerNumber on a customer folder's PATCH is that record's own number as often
		// as a reference to a listed one; an unread answer cannot tell which.
		return nil
	}
	var out []Producer
	sib, owner := ix.siblingList(target, p), ownerBefore(target, p)
	for _, op := range ix.untypedBy[id.Resource] {
		if op == target || op == sib || !ownersNamed(op.Path, target.Path) {
			continue
		}
		if target.Method == "POST" && templateKey(op.Path) == templateKey(target.Path) {
			continue // what a POST adds to: the items already there, not the one it takes
		}
		prod := Producer{Op: op, OpKey: op.Key(), Source: SourceHeuristic, Collection: Collection{Discover: true}, NameArg: ix.nameInput(op), Score: 4}
		prod.Fixed, prod.Needs = FillInputs(op, prod.NameArg, id.Resource)
		if slices.Contains(prod.Needs, p.Arg) || slices.Contains(prod.Needs, p.Name) || slices.ContainsFunc(prod.Needs, func(n string) bool { return !ix.callGives(target, op, n) }) {
			continue
		}
		if owner != nil && !slices.Contains(prod.Needs, owner.Arg) {
			continue // everyone's deploy keys, for one project's: /deploy_keys for /projects/{id}/deploy_keys/{key_id}
		}
		out = append(out, prod)
	}
	slices.SortStableFunc(out, func(a, b Producer) int { return len(a.Needs) - len(b.Needs) })
	return out[:min(len(out), 2)]
}

// ownerBefore is the path parameter that scopes p: the nearest one before it in the
// target's path (the project of /projects/{id}/deploy_keys/{key_id}, the owner of
// /domains/{owner}/{domain}); nil for a parameter outside the path or at its root.
func ownerBefore(target *tools.Operation, p *tools.Param) *tools.Param {
	if p.In != "path" {
		return nil
	}
	segs := strings.Split(strings.Trim(target.Path, "/"), "/")
	for i, s := range segs {
		if !strings.Contains(s, "{"+p.Name+"}") {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			if a, b := strings.IndexByte(segs[j], '{'), strings.IndexByte(segs[j], '}'); a >= 0 && b > a {
				name := segs[j][a+1 : b]
				for _, q := range target.Params {
					if q.In == "path" && q.Name == name {
						return q
					}
				}
				return nil
			}
		}
		return nil
	}
	return nil
}

// ownersNamed reports whether every thing a list's path names before what it lists is
// named by the target's path too: /user/avatars lists a user's avatars, not those of
// /project/{key}/avatar/{id}; /stream/all names nothing before streams.
func ownersNamed(list, target string) bool {
	segs := strings.Split(strings.Trim(list, "/"), "/")
	named := map[string]bool{}
	for _, s := range strings.Split(strings.Trim(target, "/"), "/") {
		if !strings.Contains(s, "{") {
			named[Noun(s)] = true
		}
	}
	last := len(segs) - 1
	if low := strings.ToLower(segs[last]); (listSegments[low] || searchVerbs[low]) && last > 0 {
		last--
	}
	for _, s := range segs[:last] {
		if n := Noun(s); n != "" && !strings.Contains(s, "{") && !named[n] {
			return false
		}
	}
	return true
}

// listedNoun is the thing a path lists when its last segment says so: the thing's own
// word in the plural (/streams, /models.json) or a list or search word after it
// (/stream/all, /people/search). A last segment that is neither (/users/$count,
// /images/json, /stream/status, /user) or a parameter says something else of the thing,
// or is one of them.
func listedNoun(path string) string {
	path = tools.WithoutFragment(path)
	segs := strings.Split(strings.Trim(path, "/"), "/")
	last := segs[len(segs)-1]
	if strings.Contains(last, "{") {
		return ""
	}
	n := lastStatic(path)
	if n == "" {
		return ""
	}
	low := strings.ToLower(last)
	if (listSegments[low] || searchVerbs[low]) && len(segs) > 1 && Noun(segs[len(segs)-2]) == n {
		return n
	}
	if Noun(last) == n && plural(last) {
		return n
	}
	return ""
}

// plural reports a segment written in the plural (streams, models.json, shipping-methods):
// a singular one alone (/user, /shop, /cards/{id}/list) is most often one record, the
// caller's own or its parent's.
func plural(seg string) bool {
	w := lastWord(lexicon.SnakeCase(stripExtension(seg)))
	return lexicon.Singular(w) != w
}

// Discovered reads a Discover producer's items from one answer: where they are, and the
// field arg of target takes. ok is false when the answer holds no such items.
func (p Producer) Discovered(target *tools.Operation, arg string, body any) (Producer, bool) {
	prm := ParamOf(target, arg)
	if !p.Collection.Discover || prm == nil {
		return p, !p.Collection.Discover
	}
	id, isID := Identify(target, prm)
	if !isID {
		id = Ident{Resource: lexicon.Singular(lexicon.SnakeCase(prm.Name))}
		if n := Noun(segmentBefore(target.Path, "{"+prm.Name+"}")); n != "" {
			id.Resource = n
		}
	}
	id.Bare = false
	schema := instanceSchema(body, 0)
	for _, arr := range ItemArrays(schema) {
		if field := SiblingField(prm, id, ScalarFields(arr.Item, id.Resource), arr.Item); field != "" {
			p.Collection = Collection{Items: arr.Ptr, IDField: field}
			return p, true
		}
	}
	// An answer of plain strings (Orthanc's ["radiology-pacs", "mri-room-2"], which its
	// spec calls "the identifiers of the modalities") names the things by their keys, as
	// a typed list of strings does (sibling.go).
	if ptr, ok := stringArray(schema); ok && tools.SchemaType(prm.Schema) != "integer" {
		p.Collection = Collection{Items: ptr, IDField: StringField, IDType: "string", Strings: true}
		return p, true
	}
	return p, false
}

// instanceSchema is the skeleton schema of a JSON value, as the compiler keeps a
// response's (type, properties, items): an array's items are the union of the fields
// of its first objects.
func instanceSchema(v any, depth int) map[string]any {
	if depth > maxYieldDepth+1 {
		return map[string]any{}
	}
	switch x := v.(type) {
	case map[string]any:
		props := map[string]any{}
		for k, sub := range x {
			props[k] = instanceSchema(sub, depth+1)
		}
		return map[string]any{"type": "object", "properties": props}
	case []any:
		merged := map[string]any{}
		for _, it := range x[:min(len(x), 5)] {
			if m, ok := it.(map[string]any); ok {
				for k, sub := range m {
					if _, seen := merged[k]; !seen {
						merged[k] = instanceSchema(sub, depth+2)
					}
				}
			}
		}
		if len(merged) == 0 {
			if len(x) > 0 && allStrings(x[:min(len(x), 5)]) {
				return map[string]any{"type": "array", "items": map[string]any{"type": "string"}}
			}
			return map[string]any{"type": "array"}
		}
		return map[string]any{"type": "array", "items": map[string]any{"type": "object", "properties": merged}}
	case string:
		return map[string]any{"type": "string"}
	case float64, int, int64:
		return map[string]any{"type": "number"}
	case bool:
		return map[string]any{"type": "boolean"}
	}
	return map[string]any{}
}

// allStrings reports whether every value is a string.
func allStrings(vs []any) bool {
	for _, v := range vs {
		if _, ok := v.(string); !ok {
			return false
		}
	}
	return true
}

// AsAnswered is p as its answer is shaped: a Discover producer's items found in it, and
// the same for a producer whose answer lacks the array its spec describes (the spec says
// a bare array, the API answers {"data": […]}, as OSF's does). ok is false when the answer
// holds no items that carry the field.
func (p Producer) AsAnswered(target *tools.Operation, arg string, body any) (Producer, bool) {
	if !p.Collection.Discover && (p.Pointer != "" || p.Collection.Strings || hasArray(body, p.Collection.Items)) {
		return p, true
	}
	d := p
	d.Collection = Collection{Discover: true}
	return d.Discovered(target, arg, body)
}

// hasArray reports whether body holds an array at the JSON pointer ptr.
func hasArray(body any, ptr string) bool {
	v := body
	if ptr != "" {
		for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
			m, ok := v.(map[string]any)
			if !ok {
				return false
			}
			v = m[jsonpointer.Unescape(tok)]
		}
	}
	_, ok := v.([]any)
	return ok
}
