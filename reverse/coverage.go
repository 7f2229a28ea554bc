package reverse

// Coverage are the figures `askapi graph --stats` reports for one spec or a sum of specs;
// the corpus harness reads them back from its JSON.
type Coverage struct {
	Operations int `json:"operations"`
	// PathParams are the non-enum path parameters; PathProduced those with a producer.
	PathParams   int `json:"path_params"`
	PathProduced int `json:"path_params_produced"`
	// Required are the non-enum required arguments, any location, body ones included;
	// RequiredProduced those with a producer.
	Required         int `json:"required"`
	RequiredProduced int `json:"required_produced"`
	// Resolvable counts the arguments with at least one producer (the graph's edges);
	// Producers counts their producers by Producer.Kind.
	Resolvable int            `json:"resolvable_args"`
	Producers  map[string]int `json:"producers_by_kind"`
	// NeedsOwnArg counts the producers that need an argument named like the one they
	// supply (GET /a/{id}/b for an {id}): circular, or a parent's id of the same name.
	NeedsOwnArg int `json:"producers_needing_own_arg"`
}

// Add sums o into c.
func (c *Coverage) Add(o Coverage) {
	c.Operations += o.Operations
	c.PathParams += o.PathParams
	c.PathProduced += o.PathProduced
	c.Required += o.Required
	c.RequiredProduced += o.RequiredProduced
	c.Resolvable += o.Resolvable
	c.NeedsOwnArg += o.NeedsOwnArg
	for k, n := range o.Producers {
		if c.Producers == nil {
			c.Producers = map[string]int{}
		}
		c.Producers[k] += n
	}
}
