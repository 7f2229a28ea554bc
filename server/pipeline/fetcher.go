package pipeline

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/upstream"
)

// fetcher runs producer requests for the resolver, recording each in the call's result.
type fetcher struct {
	p *Pipeline
	c *call
	// index maps a producer's "METHOD /path" to its latest entry in calls.
	index map[string]int
	// denied is the first lookup refused for its credential (the API's 401 or 403, or
	// the authorization server refusing a token): every later lookup of the call answers
	// it without sending anything.
	denied error
}

// upstreamError is a producer answer with a failure status, or one whose body is not
// what it declared (message then says what is wrong).
type upstreamError struct {
	status  int
	excerpt string
	message string
	// via is the lookup refused, for a refusal of the credential.
	via string
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
	if f.denied != nil {
		return nil, f.denied
	}
	secrets := f.p.secretList()
	base, err := f.p.baseFor(op)
	if err != nil {
		return nil, err
	}
	req, err := upstream.BuildRequest(ctx, f.p.Catalog, op, args, base, f.p.credentialsFor(ctx))
	if err != nil {
		if _, refused := tokenRefusal(err); refused {
			f.denied = err
		}
		return nil, fmt.Errorf("build request: %w", err)
	}
	Report(ctx, "looking up through "+op.Key())
	start := time.Now()
	resp, err := f.p.Sender.Send(req, secrets)
	status := 0
	if resp != nil {
		status = resp.Status
	}
	f.c.result.Calls = append(f.c.result.Calls, upstream.CallOf(req, status, time.Since(start), secrets))
	f.index[op.Key()] = len(f.c.result.Calls) - 1
	if err != nil {
		if _, refused := tokenRefusal(err); refused {
			f.denied = err
		}
		return nil, err
	}
	if refusedAccess(resp.Status) {
		f.denied = &upstreamError{status: resp.Status, excerpt: excerpt(resp.Body, f.p.redactor()),
			message: f.p.upstreamFailure(ctx, op, resp.Status), via: op.Key()}
		return nil, f.denied
	}
	if resp.Status >= 400 {
		return nil, &upstreamError{status: resp.Status, excerpt: excerpt(resp.Body, f.p.redactor())}
	}
	if resp.Problem != nil {
		return nil, &upstreamError{status: resp.Status, excerpt: resp.Problem.Excerpt, message: resp.Problem.Message}
	}
	return resp.Body, nil
}

// refused ends the call with the credential refusal a lookup met, if any: no other
// producer was tried after it, and nothing is asked that a setting must fix. It reports
// whether the call ended.
func (f *fetcher) refused(c *call) bool {
	if f.denied == nil {
		return false
	}
	if q, ok := tokenRefusal(f.denied); ok {
		askForToken(c, q)
		return true
	}
	var up *upstreamError
	if errors.As(f.denied, &up) {
		// A credential problem, the same for every lookup: a setting must change, so it is
		// a sensitive question naming that setting, never an error inviting a retry.
		askForToken(c, clarify.Question{Field: "credentials", Kind: clarify.Sensitive, Via: up.via,
			Question: fmt.Sprintf("Looking up through %s, %s", up.via, up.message),
			Reason:   fmt.Sprintf("%s refused the credential (%d); no other lookup was tried", up.via, up.status)})
		return true
	}
	f.p.fail(c, f.denied.Error(), 0, "")
	return true
}
