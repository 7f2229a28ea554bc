package tools

// Clone returns a catalog whose operations can be changed without touching c's: each
// operation is copied, with its own input schema and property map (a pipeline widens the
// schemas of arguments that accept a name). Parameters, bodies and response schemas stay
// shared: nothing changes them after compiling.
func (c *Catalog) Clone() *Catalog {
	out := *c
	out.Operations = make([]*Operation, len(c.Operations))
	for i, op := range c.Operations {
		cp := *op
		cp.InputSchema = make(map[string]any, len(op.InputSchema))
		for k, v := range op.InputSchema {
			cp.InputSchema[k] = v
		}
		if props, ok := op.InputSchema["properties"].(map[string]any); ok {
			np := make(map[string]any, len(props))
			for k, v := range props {
				np[k] = v
			}
			cp.InputSchema["properties"] = np
		}
		out.Operations[i] = &cp
	}
	return &out
}
