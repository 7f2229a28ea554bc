package reverse

import (
	"slices"

	"github.com/askapi/askapi/tools"
)

// RunnableFor lists, best first, the producers askapi may run on its own to look a name
// up for op: safe ones that take a name or list items, whose other inputs are arguments
// of op itself (the repository of an issue) or a parent with a single value (the only
// workspace).
func (g *Graph) RunnableFor(op *tools.Operation, prods []Producer) []Producer {
	var out []Producer
	for _, p := range prods {
		if !Lookup(p.Op) || p.Pointer != "" || p.Op == op {
			continue
		}
		if _, blocked := UnmetNeed(g, op, p); !blocked {
			out = append(out, p)
		}
	}
	return out
}

// UnmetNeed is the first input of producer p that neither the call carries nor a list
// or the caller's own record settles.
func UnmetNeed(g *Graph, op *tools.Operation, p Producer) (string, bool) {
	for _, need := range p.Needs {
		if !IsBodyArg(op, need) && !TakesArg(op, need) && !parentable(g, p.Op, need) {
			return need, true
		}
	}
	return "", false
}

// TakesArg reports an argument the call itself carries: a parameter, or a property of its
// flattened body. A lookup's required input of the same name is the call's own (PAYONE's
// list of payment links needs the merchantId that the link's update carries in its body).
func TakesArg(op *tools.Operation, arg string) bool {
	_, ok := CallArg(op, arg)
	return ok
}

// CallArg is the argument of op that carries a lookup's input: the same name, the
// parameter of that name on the wire (renamed projectId__path beside a body field), or
// else one spelt the same without case or separators (eBay's schedule body carries feedType
// where the template list takes feed_type), among its parameters and flattened body.
func CallArg(op *tools.Operation, need string) (string, bool) {
	if op.ParamByArg(need) != nil {
		return need, true
	}
	for _, p := range op.Params {
		if p.Name == need {
			return p.Arg, true // projectId__path: the parameter, renamed beside a body field of its name
		}
	}
	if op.Body != nil && op.Body.Flattened && slices.Contains(op.Body.Props, need) {
		return need, true
	}
	want := compact(need)
	for _, p := range op.Params {
		if compact(p.Arg) == want {
			return p.Arg, true
		}
	}
	if op.Body != nil && op.Body.Flattened {
		for _, prop := range op.Body.Props {
			if compact(prop) == want {
				return prop, true
			}
		}
	}
	return "", false
}

// IsBodyArg reports the call's body argument or one of its flattened body's properties.
func IsBodyArg(op *tools.Operation, arg string) bool {
	if op.Body == nil {
		return false
	}
	if op.Body.Arg == arg {
		return true
	}
	for _, p := range op.Body.Props {
		if p == arg {
			return true
		}
	}
	return false
}

// parentable reports whether a producer's required input can be settled without the
// person: a list of its kind that needs no input (a single workspace is taken).
func parentable(g *Graph, op *tools.Operation, arg string) bool {
	e, ok := g.Edge(op, arg)
	if !ok {
		return false
	}
	if _, self := SelfProducer(op, e); self {
		return true
	}
	return slices.ContainsFunc(e.Producers, func(p Producer) bool { return PlainList(p, op) })
}

// SelfProducer is a producer of e that needs no input and yields one value: the caller's
// own record (GET /me) for an account or user id.
func SelfProducer(op *tools.Operation, e Edge) (Producer, bool) {
	for _, p := range e.Producers {
		if p.Self && p.Op != op && p.Op.ReadOnly() && len(p.Needs) == 0 {
			return p, true
		}
	}
	return Producer{}, false
}

// PlainList reports whether p lists the things an argument of op names with no input at
// all: safe, no name to search by (a search would list the world), no parent of its own.
func PlainList(p Producer, op *tools.Operation) bool {
	return Lookup(p.Op) && p.Pointer == "" && p.NameArg == "" && len(p.Needs) == 0 && p.Op != op
}
