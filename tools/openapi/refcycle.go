package openapi

import "encoding/json"

// A schema that is only a $ref, to itself or round a cycle of other bare $refs (C → D →
// C), names no schema: following it never ends (it overflowed the stack). The cycle is
// cut where it closes, never followed again: every schema on it reads as one that says
// nothing of the value, with the cut in its description. A cycle through structure
// (properties, items, compositions) is a recursive schema, cut by the converter instead.

// resolving marks, in compiler.schemas, a schema whose $ref is being followed: meeting
// it again means the $refs went round without reaching a schema.
var resolving = newRawSchema()

// refCycle is what a schema on a bare $ref cycle reads as; raw is the $ref object where
// the cycle closed.
func (c *compiler) refCycle(raw []byte) *rawSchema {
	note, err := json.Marshal("(cut: $ref " + rawStr(c.getKey(raw, "$ref")) + " goes round a cycle of $refs with no schema in it; any value)")
	if err != nil {
		return newRawSchema()
	}
	s := newRawSchema()
	s.description = note
	return s
}
