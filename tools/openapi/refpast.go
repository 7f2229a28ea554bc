package openapi

import (
	"net/url"
	"strings"
)

// A $ref whose pointer passes through a Reference Object (an object holding "$ref") points
// into that object's siblings, which OpenAPI 3.0 ignores as a schema. The pointer still
// names a value of the document (dnd5eapi's Monster refers into the allOf written beside a
// $ref), but kin-openapi resolves pointers through its model, where those siblings do not
// exist, and refused the spec. The normaliser inlines the value in place of such a $ref,
// with a warning, so both readers see the same schema.

// maxPastInlines bounds the inlining at one place: a value that refers past a reference
// to itself would otherwise be copied forever.
const maxPastInlines = 8

// inlinePastReference replaces m's content by a copy of what its $ref names, when that
// lies past another Reference Object; it reports whether anything was inlined.
func (n *normaliser) inlinePastReference(m map[string]any) bool {
	inlined := false
	for range maxPastInlines {
		ref, ok := m["$ref"].(string)
		if !ok || !strings.HasPrefix(ref, "#/") {
			return inlined
		}
		target, past := lookupPastReference(n.root, ref[1:])
		if !past {
			return inlined
		}
		obj, isObj := target.(map[string]any)
		if !isObj {
			return inlined // a boolean schema or a value of the wrong kind: reported as it is
		}
		for k := range m {
			delete(m, k)
		}
		for k, v := range obj {
			m[k] = deepCopyValue(v)
		}
		n.warnf("$ref %q inlined: it points past another $ref, into siblings OpenAPI ignores", ref)
		inlined = true
	}
	return inlined
}

// lookupPastReference resolves a pointer like lookupPointer, and reports whether the way
// to it went through an object holding a $ref.
func lookupPastReference(root any, frag string) (any, bool) {
	if strings.Contains(frag, "%") {
		if u, err := url.PathUnescape(frag); err == nil {
			frag = u
		}
	}
	toks := splitPointer(frag)
	cur := root
	past := false
	for i, tok := range toks {
		next, ok := pointerStep(cur, tok)
		if !ok {
			return nil, false
		}
		cur = next
		if m, isMap := cur.(map[string]any); isMap && i < len(toks)-1 {
			if _, isRef := m["$ref"]; isRef {
				past = true
			}
		}
	}
	return cur, past
}

// deepCopyValue copies a generic JSON value, so an inlined value is never shared.
func deepCopyValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = deepCopyValue(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = deepCopyValue(e)
		}
		return out
	}
	return v
}
