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

// EdgeRecord is one producer of one argument as `askapi graph --stats --json --edges`
// prints it, with what a person needs to judge it; the corpus harness reads it back.
type EdgeRecord struct {
	Operation OpInfo       `json:"operation"`
	Arg       ArgInfo      `json:"arg"`
	Resource  string       `json:"resource,omitempty"`
	Rank      int          `json:"rank"` // the producer's place among the argument's, from 0
	Producer  ProducerInfo `json:"producer"`
}

// OpInfo names an operation.
type OpInfo struct {
	Method      string `json:"method"`
	Path        string `json:"path"`
	OperationID string `json:"operation_id,omitempty"`
	Summary     string `json:"summary,omitempty"`
}

// ArgInfo describes the argument an edge fills.
type ArgInfo struct {
	Name        string `json:"name"` // on the wire
	Arg         string `json:"arg"`  // in the tool's input
	In          string `json:"in"`   // path, query, header, cookie or body
	Required    bool   `json:"required,omitempty"`
	Type        string `json:"type,omitempty"`
	Format      string `json:"format,omitempty"`
	Enum        bool   `json:"enum,omitempty"`
	Description string `json:"description,omitempty"`
}

// ProducerInfo describes a producer.
type ProducerInfo struct {
	Kind   string `json:"kind"`
	Source string `json:"source"`
	OpInfo
	Items     string `json:"items,omitempty"`
	IDField   string `json:"id_field,omitempty"`
	Container string `json:"container,omitempty"`
	// Discover: the spec leaves the answer untyped; items and field are read from it.
	Discover bool `json:"discover,omitempty"`
	// LinkPath: the id is the segment of the item's link where this path puts it.
	LinkPath string `json:"link_path,omitempty"`
	// AddressPath: the id is the segment of the item's address where this path puts it.
	AddressPath string         `json:"address_path,omitempty"`
	Pointer     string         `json:"pointer,omitempty"`
	NameArg     string         `json:"name_arg,omitempty"`
	Fixed       map[string]any `json:"fixed,omitempty"`
	Needs       []string       `json:"needs,omitempty"`
	Score       int            `json:"score"`
}
