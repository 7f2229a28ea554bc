package tools

// Clone returns a catalog whose operations can be changed without touching c's: each
// operation struct is copied; what it points to (parameters, schemas, body) stays shared, so
// whoever changes a copy's input schema replaces it rather than writing into it (a pipeline
// widens the schemas of arguments that accept a name: reverse.Graph.Annotate).
func (c *Catalog) Clone() *Catalog {
	out := c.Spec()
	out.Operations = make([]*Operation, len(c.Operations()))
	ops := make([]Operation, len(c.Operations()))
	for i, op := range c.Operations() {
		ops[i] = *op
		out.Operations[i] = &ops[i]
	}
	return out.Build()
}
