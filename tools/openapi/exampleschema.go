package openapi

import (
	"encoding/json"
	"maps"
	"slices"
)

// Some specs describe a response only by its example (Orbit: no schema, an example
// whose data[] items carry attributes.name and a slug). The example's shape is then the
// response's skeleton, so what it lists can still be looked up by name: a value's type
// is read from the value, an array's items from its first item. Bounded as skeletons are.

// exampleSkeleton is the skeleton of a media type object's example (or its first named
// example's value); nil when it has none that decodes.
func (c *compiler) exampleSkeleton(media []byte) map[string]any {
	ex := c.getKey(media, "example")
	if isNull(ex) {
		if ms := c.members(c.getKey(media, "examples")); len(ms) > 0 {
			if e := c.deref(ms[0].val); e != nil {
				ex = c.getKey(e, "value")
			}
		}
	}
	if isNull(ex) {
		return nil
	}
	var v any
	if err := json.Unmarshal(ex, &v); err != nil {
		return nil
	}
	nodes := maxSkeletonNodes
	s, _ := shapeOf(v, maxSkeletonDepth, &nodes).(map[string]any)
	return s
}

// shapeOf is the schema of a decoded JSON value, at most depth deep and nodes large.
func shapeOf(v any, depth int, nodes *int) any {
	*nodes--
	switch x := v.(type) {
	case map[string]any:
		s := map[string]any{"type": "object"}
		if depth <= 1 || *nodes <= 0 {
			return s
		}
		props := map[string]any{}
		for _, k := range slices.Sorted(maps.Keys(x)) { // the same skeleton whatever the map's order
			if *nodes <= 0 {
				break
			}
			props[k] = shapeOf(x[k], depth-1, nodes)
		}
		s["properties"] = props
		return s
	case []any:
		s := map[string]any{"type": "array"}
		if len(x) > 0 && depth > 1 && *nodes > 0 {
			s["items"] = shapeOf(x[0], depth-1, nodes)
		}
		return s
	case string:
		return map[string]any{"type": "string"}
	case float64:
		if x == float64(int64(x)) {
			return map[string]any{"type": "integer"}
		}
		return map[string]any{"type": "number"}
	case bool:
		return map[string]any{"type": "boolean"}
	}
	return map[string]any{} // null: nothing known
}
