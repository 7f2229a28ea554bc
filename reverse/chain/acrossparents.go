package chain

import (
	"context"
	"fmt"
	"strings"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/upstream"
)

// parentOfNamed settles a missing parent from the thing the call names under it: the
// deployment "ledger-worker" is listed across namespaces (reverse.AcrossParents) in one
// of them, which is then the namespace. Two parents holding a thing of that key are a
// choice; none leaves the parent to the other rules.
func parentOfNamed(ctx context.Context, g *reverse.Graph, op *tools.Operation, e reverse.Edge, args map[string]any, f Fetcher) (Resolution, bool) {
	for _, child := range childrenGiven(op, e.Arg, args) {
		a, ok := reverse.AcrossParents(g.Catalog(), op, e.Arg, child)
		if !ok {
			continue
		}
		key := strings.TrimSpace(fmt.Sprint(args[child]))
		body, err := f.Fetch(ctx, a.Op, map[string]any{})
		if err != nil {
			return Resolution{}, false
		}
		var parents []Candidate
		seen := map[string]bool{}
		for _, it := range Items(body, a.Collection) {
			if fmt.Sprint(fieldValue(it, a.ChildField)) != key {
				continue
			}
			v := fieldValue(it, a.ParentField)
			if v == nil || seen[fmt.Sprint(v)] {
				continue
			}
			seen[fmt.Sprint(v)] = true
			parents = append(parents, Candidate{ID: v, Label: fmt.Sprint(v)})
		}
		r := Resolution{Arg: e.Arg, Resource: e.Resource, Input: "", Via: a.Op.Key(),
			Searched: fmt.Sprintf("the %s holding %q, listed by %s", lexicon.Display(e.Resource), key, a.Op.Key())}
		switch {
		case len(parents) == 1:
			r.Outcome, r.Value, r.Label = Filled, parents[0].ID, parents[0].Label
		case len(parents) > 1:
			r.Outcome, r.Candidates = Ambiguous, parents
		default:
			return Resolution{}, false
		}
		return r, true
	}
	return Resolution{}, false
}

// childrenGiven are op's path arguments after parent in its path that the call gives,
// the last first: the thing the call is about before anything between.
func childrenGiven(op *tools.Operation, parent string, args map[string]any) []string {
	var out []string
	after := false
	for _, seg := range strings.Split(op.Path, "/") {
		name, ok := strings.CutPrefix(seg, "{")
		if !ok {
			continue
		}
		p := upstream.PathParam(op, strings.TrimSuffix(name, "}"))
		if p == nil {
			continue
		}
		if p.Arg == parent {
			after = true
			continue
		}
		if s, ok := args[p.Arg].(string); after && ok && strings.TrimSpace(s) != "" {
			out = append([]string{p.Arg}, out...)
		}
	}
	return out
}
