package reverse

import (
	"github.com/askapi/askapi/tools"
)

// runnableFor lists, best first, the producers askapi may run on its own to look a name
// up for op: safe ones that take a name or list items, whose other inputs are arguments
// of op itself (the repository of an issue) or a parent with a single value (the only
// workspace).
func (g *Graph) runnableFor(op *tools.Operation, prods []Producer) []Producer {
	var out []Producer
	for _, p := range prods {
		if !Lookup(p.Op) || p.Pointer != "" || p.Op == op {
			continue
		}
		if _, blocked := unmetNeed(g, op, p); !blocked {
			out = append(out, p)
		}
	}
	return out
}
