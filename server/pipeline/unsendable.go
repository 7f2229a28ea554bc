package pipeline

import (
	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse"
)

// withhold asks about each argument whose value cannot be sent (clarify.Unsendable: a
// ".." path segment, a URL value of megabytes) and takes it out of the call's arguments,
// so that nothing looks it up, nothing sends it, the checks do not read it again and
// the continuation does not seal it: the person gives another value.
func (p *Pipeline) withhold(c *call) []clarify.Question {
	qs := clarify.Unsendable(clarify.Call{Op: c.op, Args: c.args, Resources: p.resources(c.op), Things: reverse.Things(c.op)})
	for _, q := range qs {
		if c.withheld == nil {
			c.withheld = map[string]bool{}
		}
		c.withheld[q.Field] = true
		delete(c.args, q.Field)
	}
	return qs
}
