package reverse

import (
	"context"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// Where the spec gives no producer for an argument (no list names the thing the way the
// argument does), a model may choose, among the operations that list or search such
// things, the one to look the name up with: the Reverse Chain paper's split, the model
// selects and the rule checks. The rule is this file: the operation must be a lookup
// askapi may run, its answer must hold items that carry an identifier, and everything
// it requires must come from the call itself. Then it runs as any producer would.

// ChosenProducer checks op as a lookup for arg of target and reads it as a producer: the
// items' field named like the argument, else the kind of key the argument takes, else the
// items' id. ok is false when the rule refuses op.
func ChosenProducer(g *Graph, target *tools.Operation, arg string, op *tools.Operation) (Producer, bool) {
	p := paramOf(target, arg)
	if p == nil || op == nil || op == target || !Lookup(op) || op.Response == nil {
		return Producer{}, false
	}
	id, isID := Identify(target, p)
	if !isID {
		id = Ident{Resource: lexicon.Singular(lexicon.SnakeCase(p.Name))}
	}
	if id.Bare {
		id.Bare, id.Key = false, false // the items decide: an id where they carry one
	}
	for _, arr := range itemArrays(op.Response) {
		field := siblingField(p, id, scalarFields(arr.item, id.Resource))
		if field == "" {
			continue
		}
		prod := Producer{Op: op, OpKey: op.Key(), Source: SourceHeuristic, NameArg: nameInput(op),
			Collection: Collection{Items: arr.ptr, IDField: field}}
		prod.Fixed, prod.Needs = fillInputs(op, prod.NameArg, id.Resource)
		for _, need := range prod.Needs {
			if target.ParamByArg(need) == nil && !isBodyArg(target, need) {
				return Producer{}, false // it needs what the call does not carry
			}
		}
		return prod, true
	}
	return Producer{}, false
}

// ResolveThrough looks name up for arg of target through one producer (ChosenProducer's),
// with the call's other arguments as the producer's inputs.
func ResolveThrough(ctx context.Context, g *Graph, target *tools.Operation, arg, resource string, prod Producer, name string, args map[string]any, f Fetcher) Resolution {
	e := Edge{Arg: arg, Resource: resource, Producers: []Producer{prod}}
	return resolveOne(ctx, g, target, e, prod, name, args, f, map[string]parentLookup{})
}
