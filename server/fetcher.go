package server

import (
	"context"
	"fmt"
	"time"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
)

// fetcher runs producer requests for the resolver, recording each in the call's result.
type fetcher struct {
	p *Pipeline
	c *call
	// index maps a producer's "METHOD /path" to its latest entry in calls.
	index map[string]int
}

// upstreamError is a producer answer with a failure status, or one whose body is not
// what it declared (message then says what is wrong).
type upstreamError struct {
	status  int
	excerpt string
	message string
}

// HTTPStatus is the status the API answered, for reverse.CredentialRefused.
func (e *upstreamError) HTTPStatus() int { return e.status }

func (e *upstreamError) Error() string {
	if e.message != "" {
		return e.message
	}
	return fmt.Sprintf("the API answered %d", e.status)
}

func (f *fetcher) Fetch(ctx context.Context, op *tools.Operation, args map[string]any) (any, error) {
	if !reverse.Lookup(op) {
		// The graph only offers lookups; this guards the invariant anyway.
		return nil, fmt.Errorf("refusing to run %s automatically: only safe lookups (GET, HEAD, a POST that searches) run", op.Key())
	}
	secrets := f.p.secretList()
	base, err := f.p.baseFor(op)
	if err != nil {
		return nil, err
	}
	req, err := tools.BuildRequest(ctx, f.p.Catalog, op, args, base, f.p.Credentials)
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	report(ctx, "looking up through "+op.Key())
	start := time.Now()
	resp, err := f.p.Sender.Send(req, secrets)
	status := 0
	if resp != nil {
		status = resp.Status
	}
	f.c.result.Calls = append(f.c.result.Calls, tools.CallOf(req, status, time.Since(start), secrets))
	f.index[op.Key()] = len(f.c.result.Calls) - 1
	if err != nil {
		return nil, err
	}
	if resp.Status >= 400 {
		return nil, &upstreamError{status: resp.Status, excerpt: excerpt(resp.Body, f.p.redactor())}
	}
	if resp.Problem != nil {
		return nil, &upstreamError{status: resp.Status, excerpt: resp.Problem.Excerpt, message: resp.Problem.Message}
	}
	return resp.Body, nil
}
