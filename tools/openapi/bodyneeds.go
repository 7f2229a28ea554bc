package openapi

import "slices"

// What a request body must carry. The converted schema cannot always say it: a bare
// {"required": [...]} alternative (GitHub's anyOf [{required: [source]}]) converts to
// nothing, and an allOf the merge refuses keeps its parts' required lists out of sight. So
// the raw schema is read, with JSON Schema's meaning.

// maxNeedsDepth bounds the nesting of compositions read (allOf inside oneOf inside
// allOf...); a $ref cycle is cut by the path's own set before it.
const maxNeedsDepth = 24

// bodyNeeds lists the properties a body schema requires: its own required, every allOf
// part's, and those that every oneOf (or every anyOf) alternative requires. A name counts
// only when some schema in reach declares it as a property a request may carry (not
// readOnly): a name declared nowhere is a slip of the spec's author that no argument
// could satisfy.
func (c *compiler) bodyNeeds(s *rawSchema) []string {
	declared := map[string]bool{}
	c.declaredProps(s, declared, map[*rawSchema]bool{}, 0)
	var out []string
	for _, name := range c.needs(s, map[*rawSchema]bool{}, 0) {
		if declared[name] {
			out = append(out, name)
		}
	}
	return out
}

func (c *compiler) needs(s *rawSchema, path map[*rawSchema]bool, depth int) []string {
	if s == nil || path[s] || depth > maxNeedsDepth || !mayBeObjectTypes(s.types) {
		return nil
	}
	path[s] = true
	defer delete(path, s)
	out := append([]string(nil), s.required...)
	for _, r := range s.allOf {
		out = appendNew(out, c.needs(c.schema(r), path, depth+1)...)
	}
	if s.conjunct != nil {
		out = appendNew(out, c.needs(s.conjunct, path, depth+1)...)
	}
	for _, alts := range [][][]byte{s.oneOf, s.anyOf} {
		var common []string
		for i, r := range alts {
			sub := c.needs(c.schema(r), path, depth+1)
			if i == 0 {
				common = sub
				continue
			}
			kept := common[:0:0]
			for _, n := range common {
				if slices.Contains(sub, n) {
					kept = append(kept, n)
				}
			}
			common = kept
		}
		out = appendNew(out, common...)
	}
	return out
}

// allOfRequired is a schema's own required and its allOf parts', through nested allOf
// only: linear in the parts, for the merge of every allOf.
func (c *compiler) allOfRequired(s *rawSchema, path []*rawSchema, depth int) []string {
	if s == nil || depth > maxNeedsDepth || slices.Contains(path, s) {
		return nil
	}
	if len(s.allOf) == 0 && s.conjunct == nil {
		return s.required
	}
	path = append(path, s)
	out := append([]string(nil), s.required...)
	for _, r := range s.allOf {
		out = appendNew(out, c.allOfRequired(c.schema(r), path, depth+1)...)
	}
	if s.conjunct != nil {
		out = appendNew(out, c.allOfRequired(s.conjunct, path, depth+1)...)
	}
	return out
}

// declaredProps marks the properties a schema, its allOf parts and its alternatives
// declare; a readOnly one is marked false (a request never carries it).
func (c *compiler) declaredProps(s *rawSchema, into map[string]bool, path map[*rawSchema]bool, depth int) {
	if s == nil || path[s] || depth > maxNeedsDepth {
		return
	}
	path[s] = true
	defer delete(path, s)
	for _, m := range s.props {
		sub := c.schema(m.val)
		writable := sub == nil || !sub.readOnly
		if _, seen := into[m.key]; !seen || writable {
			into[m.key] = writable
		}
	}
	for _, list := range [][][]byte{s.allOf, s.oneOf, s.anyOf} {
		for _, r := range list {
			c.declaredProps(c.schema(r), into, path, depth+1)
		}
	}
	if s.conjunct != nil {
		c.declaredProps(s.conjunct, into, path, depth+1)
	}
}

// mayBeObjectTypes tells a schema whose type admits an object (no type says nothing).
func mayBeObjectTypes(types []string) bool {
	return len(types) == 0 || slices.Contains(types, "object")
}

// alternativeProps adds to props, without replacing any, the properties the oneOf and
// anyOf alternatives of a converted schema declare (Vercel's record body declares type
// itself and name, value, ttl in each of its nine alternatives): the person must be able
// to give them as arguments of a flattened body.
func alternativeProps(schema map[string]any, props map[string]any, depth int) {
	if depth > 4 {
		return
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		alts, _ := schema[key].([]any)
		for _, a := range alts {
			alt, _ := a.(map[string]any)
			if alt == nil {
				continue
			}
			if ap, ok := alt["properties"].(map[string]any); ok {
				for name, v := range ap {
					if _, has := props[name]; !has {
						props[name] = v
					}
				}
			}
			alternativeProps(alt, props, depth+1)
		}
	}
}

func appendNew(list []string, names ...string) []string {
	for _, n := range names {
		if !slices.Contains(list, n) {
			list = append(list, n)
		}
	}
	return list
}
