package chain

import (
	"context"

	"github.com/askapi/askapi/reverse"
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
func ChosenProducer(g *reverse.Graph, target *tools.Operation, arg string, op *tools.Operation) (reverse.Producer, bool) {
	p := reverse.ParamOf(target, arg)
	if p == nil || op == nil || op == target || !reverse.Lookup(op) || op.Response == nil {
		return reverse.Producer{}, false
	}
	id, isID := reverse.Identify(target, p)
	if !isID {
		id = reverse.Ident{Resource: lexicon.Singular(lexicon.SnakeCase(p.Name))}
	}
	if id.Bare {
		id.Bare, id.Key = false, false // the items decide: an id where they carry one
	}
	for _, arr := range reverse.ItemArrays(op.Response) {
		field := reverse.SiblingField(p, id, reverse.ScalarFields(arr.Item, id.Resource), arr.Item)
		if field == "" {
			continue
		}
		prod := reverse.Producer{Op: op, OpKey: op.Key(), Source: reverse.SourceHeuristic, NameArg: reverse.NameInput(op),
			Collection: reverse.Collection{Items: arr.Ptr, IDField: field}}
		prod.Fixed, prod.Needs = reverse.FillInputs(op, prod.NameArg, id.Resource)
		for _, need := range prod.Needs {
			if target.ParamByArg(need) == nil && !reverse.IsBodyArg(target, need) {
				return reverse.Producer{}, false // it needs what the call does not carry
			}
		}
		return prod, true
	}
	return reverse.Producer{}, false
}

// ResolveThrough looks name up for arg of target through one producer (ChosenProducer's),
// with the call's other arguments as the producer's inputs.
func ResolveThrough(ctx context.Context, g *reverse.Graph, target *tools.Operation, arg, resource string, prod reverse.Producer, name string, args map[string]any, f Fetcher) Resolution {
	e := reverse.Edge{Arg: arg, Resource: resource, Producers: []reverse.Producer{prod}}
	return resolveOne(ctx, g, target, e, prod, name, args, f, map[string]parentLookup{})
}
