package pipeline

import (
	"context"
	"fmt"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse/chain"
)

// lookUpRefusedKey handles a read's 404 when its one path key was used as given ("Payments"
// for /team/{team}): the value is looked up as a name through the API's own list or
// search. One match is the key the person meant, and the read is sent again with it, once;
// several are a choice, none is not_found, both asked. It reports whether the result was
// set; false leaves the 404 to the refusal's usual handling. Writes are never resent: a
// confirmation binds the request it was given for.
func (p *Pipeline) lookUpRefusedKey(ctx context.Context, c *call) bool {
	if p.Naive || p.Graph == nil || c.keyLookedUp || (c.op.Method != "GET" && c.op.Method != "HEAD") {
		return false
	}
	arg := chain.KeyArg(p.Graph, c.op, c.args)
	if arg == "" {
		return false
	}
	c.keyLookedUp = true
	f := &fetcher{p: p, c: c, index: map[string]int{}}
	r, ok := chain.ResolveKeyAsName(ctx, p.Graph, c.op, arg, lookupArgs(c), f)
	if !ok {
		return false
	}
	switch r.Outcome {
	case chain.Filled:
		if fmt.Sprint(r.Value) == fmt.Sprint(c.args[arg]) {
			return false // the name is the key: the API's 404 stands
		}
		c.args[arg] = asDeclared(c.op, arg, r.Value)
		call := -1
		if i, ok := f.index[r.Via]; ok {
			call = i
		}
		c.result.Resolved = append(c.result.Resolved, clarify.Resolution{
			Field: r.Arg, Value: r.Value, From: r.Input, Via: r.Via, Call: call, Label: r.Label,
		})
		p.execute(ctx, c)
		return true
	case chain.Ambiguous, chain.NotFound:
		q, ok := clarify.FromResolution(r)
		if !ok {
			return false
		}
		if c.state.Resolutions == nil {
			c.state.Resolutions = map[string]chain.Resolution{}
		}
		c.state.Resolutions[r.Arg] = r
		p.clarify(c, []clarify.Question{q})
		return true
	}
	return false
}
