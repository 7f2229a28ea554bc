package reverse

import (
	"context"

	"github.com/askapi/askapi/tools"
)

// A lookup whose producer lists within a parent (the projects of a workspace) cannot run
// when nobody named the parent and no list settles it (there are several workspaces, or
// none). That is no failure of the API, and DESIGN ends a completion that cannot be made
// with a question, never a bare error: the next producer is tried, and when none can
// run, the resolution stays Open and says what it needed first.

// parentLookup is what settling a producer's required input came to: the value when a
// list had exactly one, else the few items it offered (none when it listed none or too
// many to choose from).
type parentLookup struct {
	value   any
	options []Candidate
}

// parentValue settles a producer's required input with no name to go on: the single item
// of a list that needs no input (the only workspace). With none or several, value is nil
// and the producer is not run; a handful are kept as options for the question.
func (g *Graph) parentValue(ctx context.Context, op *tools.Operation, arg string, f Fetcher) parentLookup {
	e, ok := g.Edge(op, arg)
	if !ok {
		return parentLookup{}
	}
	_, cands, ok := g.listAll(ctx, op, e, f)
	switch {
	case !ok:
		// No list of them: the caller's own record may say which (GET /me's account).
		if _, v, ok := selfValue(ctx, op, e, f); ok {
			return parentLookup{value: v}
		}
		return parentLookup{}
	case len(cands) == 1:
		return parentLookup{value: cands[0].ID}
	case len(cands) <= maxSettleOptions:
		return parentLookup{options: cands}
	}
	return parentLookup{}
}

// tryProducers runs e's producers in turn until one answers. A producer that fails (a
// 404, a missing scope) or cannot run (its parent is open) gives way to the next; when
// none answers, an open lookup is preferred to a failure: the person can say what it
// lacks.
func (g *Graph) tryProducers(ctx context.Context, op *tools.Operation, e Edge, prods []Producer, name string, args map[string]any, f Fetcher) Resolution {
	var last, open Resolution
	parents := map[string]parentLookup{}
	for _, prod := range prods {
		r := g.resolveOne(ctx, op, e, prod, name, args, f, parents)
		switch r.Outcome {
		case Failed:
			last = r
		case Open:
			if open.Outcome == "" {
				open = r // the best producer's need is the one asked about
			}
		default:
			return r
		}
	}
	if open.Outcome == Open {
		return open
	}
	return last
}

// within describes the input a producer of target needed and could not settle: its
// resource, the options a list offered, and its argument when target takes it too (the
// person can then name it in the call).
func (g *Graph) within(target, producer *tools.Operation, need string, options []Candidate) *Resolution {
	w := &Resolution{Resource: g.needResource(target, producer, need), Candidates: options}
	if target.ParamByArg(need) != nil {
		w.Arg = need
	}
	if len(options) > 0 {
		w.Outcome = Ambiguous
	}
	return w
}

// needResource is the thing a producer's input names: from the producer's graph edge,
// else the target's, else what the spec says of the parameter.
func (g *Graph) needResource(target, producer *tools.Operation, need string) string {
	for _, op := range []*tools.Operation{producer, target} {
		if e, ok := g.Edge(op, need); ok && e.Resource != "" {
			return e.Resource
		}
	}
	if p := producer.ParamByArg(need); p != nil {
		if id, ok := Identify(producer, p); ok && id.Resource != "" {
			return id.Resource
		}
	}
	return Singular(words(need))
}
