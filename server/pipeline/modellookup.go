package pipeline

import (
	"context"
	"fmt"
	"sort"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/model"
	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/reverse/chain"
	"github.com/askapi/askapi/reverse/find"
	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// Where the spec gives no lookup for words given as an id, and a model is configured, the
// model chooses among the operations that list or search that kind of thing, and the
// graph's rule checks its choice before anything runs (reverse/chain/chosen.go): the model
// selects, the rule checks. Only an endpoint model is asked here: the host's model, through
// sampling, is asked by resolve alone.

// maxLookupChoices bounds the operations offered to the model.
const maxLookupChoices = 5

// modelLookups resolves, through operations a model chose, the slots of the call that hold
// words no producer could take; each result joins those of Resolve.
func (p *Pipeline) modelLookups(ctx context.Context, c *call, done map[string]bool, f *fetcher) []chain.Resolution {
	if p.Model == nil || p.Model.Endpoint == nil {
		return nil
	}
	var out []chain.Resolution
	slots := p.Graph.Slots(c.op)
	for _, arg := range sortedKeys(slots) {
		slot := slots[arg]
		name, ok := c.args[arg].(string)
		if !ok || done[arg] || !clarify.HoldsWords(c.op, slot, name) {
			continue
		}
		prior := c.state.Resolutions[arg]
		switch {
		case prior.ChosenBy != "" && prior.Offers(name):
			continue // an option the person chose
		case prior.ChosenBy != "" && prior.Input == name:
			prior.Reused = true
			out = append(out, prior)
			continue
		case prior.ChosenBy != "":
			// Another name this round: looked up where the model chose before, the rule
			// checking that choice again; the model is not asked twice.
			if prod, ok := chain.ChosenProducer(p.Graph, c.op, arg, p.Catalog.Lookup(prior.Via)); ok {
				r := chain.ResolveThrough(ctx, p.Graph, c.op, arg, slot.Resource, prod, name, lookupArgs(c), f)
				r.ChosenBy = prior.ChosenBy
				out = append(out, r)
				continue
			}
		}
		if r, ok := p.modelLookup(ctx, c, slot, name, f); ok {
			out = append(out, r)
		}
	}
	return out
}

func (p *Pipeline) modelLookup(ctx context.Context, c *call, slot reverse.Slot, name string, f *fetcher) (chain.Resolution, bool) {
	ops := p.lookupChoices(slot.Resource)
	if len(ops) == 0 {
		return chain.Resolution{}, false
	}
	cands := make([]model.Candidate, len(ops))
	for i, op := range ops {
		cands[i] = model.CandidateOf(op)
	}
	thing := lexicon.Display(slot.Resource)
	if thing == "" {
		thing = "thing"
	}
	request := fmt.Sprintf("Look up the %s called %q: which operation lists or searches %s, so that the identifier %s of %s needs can be read from its answer?",
		thing, name, lexicon.Plural(thing), slot.Arg, c.op.Key())
	prompt := model.NewPrompt(request, cands)
	reply, err := p.Model.Endpoint.Complete(ctx, prompt)
	if err != nil {
		return chain.Resolution{}, false
	}
	choice, err := model.Parse(reply, prompt.Candidates)
	if err != nil || choice.Candidate == nil {
		return chain.Resolution{}, false
	}
	prod, ok := chain.ChosenProducer(p.Graph, c.op, slot.Arg, p.Catalog.Lookup(choice.Candidate.Name))
	if !ok {
		return chain.Resolution{}, false // the rule refused the model's choice
	}
	r := chain.ResolveThrough(ctx, p.Graph, c.op, slot.Arg, slot.Resource, prod, name, lookupArgs(c), f)
	r.ChosenBy = "model"
	return r, true
}

// lookupChoices are the operations a model may choose a lookup among, and an unresolved
// question offers: the graph's lists of the thing, then the search index's, at most
// maxLookupChoices.
func (p *Pipeline) lookupChoices(resource string) []*tools.Operation {
	out := p.Graph.Listers(resource, maxLookupChoices)
	seen := map[*tools.Operation]bool{}
	for _, op := range out {
		seen[op] = true
	}
	if resource == "" {
		return out
	}
	thing := lexicon.Display(resource)
	add := func(ms []find.Match) {
		for _, m := range ms {
			if len(out) == maxLookupChoices {
				return
			}
			if !seen[m.Op] && reverse.Lookup(m.Op) && m.Op.Response != nil {
				seen[m.Op] = true
				out = append(out, m.Op)
			}
		}
	}
	// The search index's reads that list the thing by name, then its best reads for the
	// thing's words (a crew list for workers).
	add(p.Search().Lists(thing, maxLookupChoices))
	add(p.Search().Search(lexicon.Plural(thing), 20).Matches)
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
