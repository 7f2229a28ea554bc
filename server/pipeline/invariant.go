package pipeline

import (
	"strings"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/reverse/chain"
	"github.com/askapi/askapi/tools"
)

// wordsForIDs is DESIGN's invariant on the request about to go out (clarify/invariant.go):
// the questions for a write whose slots hold words no lookup produced.
func (p *Pipeline) wordsForIDs(c *call) []clarify.Question {
	if !clarify.Writes(c.op.Method) {
		return nil
	}
	return clarify.WordsForIDs(p.stop(c))
}

// stop is what the invariant reads of a call: its slots, what lookups produced, and where
// each kind of thing is listed.
func (p *Pipeline) stop(c *call) clarify.Stop {
	return clarify.Stop{
		Op:       c.op,
		Args:     c.args,
		Slots:    p.Graph.Slots(c.op),
		Produced: produced(c),
		Listers:  p.listers,
	}
}

// produced lists the arguments whose value a lookup gave: filled in this round, or in an
// earlier one and carried by the continuation (a filled id, an option the person chose).
func produced(c *call) map[string]bool {
	out := map[string]bool{}
	for _, r := range c.result.Resolved {
		out[r.Field] = true
	}
	for arg, r := range c.state.Resolutions {
		if v, ok := c.args[arg]; ok && r.Offers(v) {
			out[arg] = true
		}
		for _, scope := range acceptedScope(c, r) {
			out[scope] = true
		}
	}
	return out
}

// acceptedScope lists the call's arguments that a lookup's path was addressed by and the
// API accepted: the lookup ran with them as given ({bucket_id} in GET
// /buckets/{bucket_id}/collections/{collection_id}/records) and answered with the items
// under them, so each, while the call still holds it, names a thing the API knows (a
// slug such as main-workspace), not words. An empty answer proves nothing: an API may
// answer an empty list under a parent that does not exist.
func acceptedScope(c *call, r chain.Resolution) []string {
	if r.Outcome != chain.Filled && r.Outcome != chain.Ambiguous {
		return nil
	}
	var out []string
	for arg, v := range r.Scope {
		if now, ok := c.args[arg]; ok && clarify.SameValue(now, v) {
			out = append(out, arg)
		}
	}
	return out
}

// listers are the operations that list or search things of resource, as candidates an
// unresolved question offers.
func (p *Pipeline) listers(resource string) []clarify.Candidate {
	return candidatesOf(p.lookupChoices(resource))
}

func candidatesOf(ops []*tools.Operation) []clarify.Candidate {
	out := make([]clarify.Candidate, 0, len(ops))
	for _, op := range ops {
		out = append(out, clarify.Candidate{Operation: op.Name, Method: op.Method, Path: op.Path, Summary: summaryLine(op)})
	}
	return out
}

// summaryLine is what an operation says it does in a line: its summary, or its
// description's first line, cut short.
func summaryLine(op *tools.Operation) string {
	s := op.Summary
	if s == "" {
		s, _, _ = strings.Cut(strings.TrimSpace(op.Description), "\n")
	}
	if r := []rune(s); len(r) > 120 {
		s = string(r[:119]) + "…"
	}
	return s
}

// lookupCandidates are, for a lookup that settled nothing, the operations a person or the
// assistant can find the thing with: the producers tried, then the other lists of it.
func (p *Pipeline) lookupCandidates(op *tools.Operation, r chain.Resolution) []clarify.Candidate {
	var ops []*tools.Operation
	seen := map[*tools.Operation]bool{}
	add := func(o *tools.Operation) {
		if o != nil && !seen[o] && len(ops) < clarify.MaxCandidates {
			seen[o] = true
			ops = append(ops, o)
		}
	}
	if e, ok := p.Graph.Edge(op, r.Arg); ok {
		for _, prod := range e.Producers {
			if reverse.Lookup(prod.Op) {
				add(prod.Op)
			}
		}
	}
	for _, o := range p.Graph.Listers(r.Resource, clarify.MaxCandidates) {
		add(o)
	}
	return candidatesOf(ops)
}

// unresolvable turns an invalid value into the question DESIGN asks for a name given
// where an identifier goes that no lookup could settle (kind unresolved, with the
// operations that list that thing), whatever the method: "Gold Unlimited 24" for an
// integer packageId is not a typo of a number.
func (p *Pipeline) unresolvable(c *call, q clarify.Question) clarify.Question {
	if p.Graph == nil {
		return q
	}
	u, ok := clarify.Unresolvable(p.stop(c), q.Field)
	if !ok {
		return q
	}
	return u
}
