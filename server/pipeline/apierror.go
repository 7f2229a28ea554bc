package pipeline

import (
	"fmt"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools/upstream"
)

// askAPIRefusal turns an upstream refusal that names an input into questions on it
// (clarify.FromAPIError), with a continuation; the upstream status and excerpt stay in
// the result. Nothing is retried: the person's answer is the next call. It reports
// whether the result was set; false leaves the refusal to be an error.
func (p *Pipeline) askAPIRefusal(c *call, resp *upstream.Response) bool {
	if p.Naive {
		return false
	}
	qs := clarify.FromAPIError(clarify.Call{
		Op:        c.op,
		Args:      c.args,
		Resources: p.resources(c.op),
		Things:    reverse.Things(c.op),
	}, clarify.APIRefusal{Status: resp.Status, ContentType: resp.ContentType, Body: resp.Body})
	if len(qs) == 0 {
		return false
	}
	clarify.Sort(c.op, qs)
	// A confirmation given for the refused request is spent; the corrected one is a
	// different request and is confirmed anew.
	c.state.Pending, c.state.Once = "", ""
	p.clarify(c, qs)
	if c.result.Status != clarify.StatusNeedsClarification {
		return true // sealing failed: clarify set the error
	}
	c.result.Error = &clarify.Failure{
		Message:        fmt.Sprintf("the API answered %d", resp.Status),
		UpstreamStatus: resp.Status,
		BodyExcerpt:    excerpt(resp.Body, p.redactor()),
	}
	return true
}
