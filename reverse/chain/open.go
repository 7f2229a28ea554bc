package chain

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/reverse/lexicon"
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
func parentValue(ctx context.Context, g *reverse.Graph, op *tools.Operation, arg string, f Fetcher) parentLookup {
	e, ok := g.Edge(op, arg)
	if !ok {
		return parentLookup{}
	}
	_, cands, ok := listAll(ctx, g, op, e, f)
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

// tryProducers runs e's producers in turn until one finds the name. A producer that
// fails (a 404, an empty list, a body without the list) or cannot run (its parent is
// open) gives way to the next, and so does one that answered without the name (a search
// that wanted another syntax: the plain list may have it). A 401 or 403 is a credential
// problem, the same for every producer: the lookup stops there. When none finds it, a
// producer that answered and had no such name makes not_found; else an open lookup is
// preferred to a failure: the person can say what it lacks. Tried says what each
// producer came to.
func tryProducers(ctx context.Context, g *reverse.Graph, op *tools.Operation, e reverse.Edge, prods []reverse.Producer, name string, args map[string]any, f Fetcher) Resolution {
	var last, open, miss Resolution
	var tried []string
	var found []Resolution // for an argument naming any thing: the match in each list
	parents := map[string]parentLookup{}
	for _, prod := range prods {
		r := resolveOne(ctx, g, op, e, prod, name, args, f, parents)
		if e.Any && r.Outcome == Filled {
			tried = append(tried, fmt.Sprintf("%s: %v", prod.OpKey, r.Value))
			found = append(found, r)
			continue
		}
		switch r.Outcome {
		case Failed:
			tried = append(tried, fmt.Sprintf("%s: %v", prod.OpKey, r.Err))
			last = r
			if CredentialRefused(r.Err) {
				last.Tried = tried
				return last
			}
		case Open:
			need := "input it needs"
			if r.Within != nil && r.Within.Resource != "" {
				need = lexicon.Display(r.Within.Resource)
			}
			tried = append(tried, fmt.Sprintf("%s: could not run without the %s", prod.OpKey, need))
			if open.Outcome == "" {
				open = r // the best producer's need is the one asked about
			}
		case NotFound:
			tried = append(tried, fmt.Sprintf("%s: no match", prod.OpKey))
			if miss.Outcome == "" || (len(miss.Candidates) == 0 && len(r.Candidates) > 0) {
				miss = r // the first miss, or the first with near matches to offer
			}
		default:
			return r
		}
	}
	switch {
	case len(found) > 0:
		return foundInLists(found, tried)
	case miss.Outcome == NotFound:
		last = miss
	case open.Outcome == Open:
		last = open
	}
	last.Tried = tried
	return last
}

// CredentialRefused reports a lookup the API refused for its credential (401 or 403):
// every producer would be refused alike.
func CredentialRefused(err error) bool {
	var s interface{ HTTPStatus() int }
	if errors.As(err, &s) {
		return s.HTTPStatus() == 401 || s.HTTPStatus() == 403
	}
	return false
}

// errNoItems is a list that answered with none of its items: empty, or a body without
// the list where the spec puts it.
var errNoItems = errors.New("the answer listed nothing")

// within describes the input a producer of target needed and could not settle: its
// resource, the options a list offered, and its argument when target takes it too (the
// person can then name it in the call).
func within(g *reverse.Graph, target, producer *tools.Operation, need string, options []Candidate) *Resolution {
	w := &Resolution{Resource: needResource(g, target, producer, need), Candidates: options}
	if reverse.TakesArg(target, need) {
		w.Arg = need
	}
	if len(options) > 0 {
		w.Outcome = Ambiguous
	}
	return w
}

// needResource is the thing a producer's input names: from the producer's graph edge,
// else the target's, else what the spec says of the parameter.
func needResource(g *reverse.Graph, target, producer *tools.Operation, need string) string {
	for _, op := range []*tools.Operation{producer, target} {
		if e, ok := g.Edge(op, need); ok && e.Resource != "" {
			return e.Resource
		}
	}
	if p := producer.ParamByArg(need); p != nil {
		if id, ok := reverse.Identify(producer, p); ok && id.Resource != "" {
			return id.Resource
		}
	}
	return lexicon.Singular(lexicon.SnakeCase(need))
}

// foundInLists is what lists of several kinds came to for one name (Edge.Any): the one
// match, or a choice among the things of each kind that carry it, each labelled with
// its kind.
func foundInLists(found []Resolution, tried []string) Resolution {
	if len(found) == 1 {
		return found[0]
	}
	r := found[0]
	r.Outcome, r.Value, r.Label, r.Tried = Ambiguous, nil, "", tried
	for _, f := range found {
		_, path, _ := strings.Cut(f.Via, " ")
		kind := lexicon.Display(reverse.ListedKind(path))
		label := fmt.Sprintf("%s (%s)", f.Label, kind)
		if name, rest, ok := strings.Cut(f.Label, " — "); ok {
			label = fmt.Sprintf("%s (%s) — %s", name, kind, rest)
		}
		r.Candidates = append(r.Candidates, Candidate{ID: f.Value, Label: label})
	}
	return r
}
