package pipeline

import (
	"errors"
	"fmt"
	"time"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/clarify/seal"
	"github.com/askapi/askapi/tools"
)

// onceStore is where used confirmations are marked: Pipeline.Confirmations when set (a
// store shared by replicas, or a test's), else one in-memory store per pipeline.
func (p *Pipeline) onceStore() seal.OnceStore {
	p.confirmationsOnce.Do(func() {
		if p.Confirmations == nil {
			p.Confirmations = seal.NewMemoryOnce(seal.DefaultOnceLimit, nil)
		}
	})
	return p.Confirmations
}

// alreadyConfirmed answers a replayed confirmation without sending anything: the token's
// yes was spent on the write it confirmed, sent once at `at`. There is no continuation to
// resume, and the question is on _continuation so no client shows it as a yes/no form
// (a yes there would only replay the same token again).
func alreadyConfirmed(c *call, at time.Time) {
	c.result.Status = clarify.StatusNeedsClarification
	c.result.Questions = []clarify.Question{{
		Field: tools.ArgContinuation,
		Kind:  clarify.Invalid,
		Question: fmt.Sprintf("This confirmation was already used: the request it confirmed was sent once, at %s. "+
			"It was not sent again. If the user wants it sent a second time, call without _confirm and _continuation to ask them anew.",
			at.UTC().Format("15:04:05 MST on 2006-01-02")),
		Reason: fmt.Sprintf("a confirmation sends its write once; this one was used for %s at %s", c.op.Key(), at.UTC().Format(time.RFC3339)),
	}}
}

// spendConfirmation marks the call's confirmation used. It reports whether this call is
// the first to use it and may send the write; otherwise the result is already set.
func (p *Pipeline) spendConfirmation(c *call) bool {
	first, at, err := p.onceStore().Use(c.state.Once, time.Unix(c.state.Expires, 0))
	switch {
	case errors.Is(err, seal.ErrExpired):
		c.result.Status = clarify.StatusNeedsClarification
		c.result.Questions = []clarify.Question{{
			Field:    tools.ArgContinuation,
			Kind:     clarify.Invalid,
			Question: "The confirmation has expired and nothing was sent. Please confirm the request again.",
			Reason:   err.Error(),
		}}
		return false
	case err != nil:
		p.fail(c, fmt.Sprintf("confirmation of %s: %v", c.op.Key(), err), 0, "")
		return false
	case !first:
		alreadyConfirmed(c, at)
		return false
	}
	return true
}
