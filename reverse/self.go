package reverse

import (
	"context"

	"github.com/go-openapi/jsonpointer"

	"github.com/askapi/askapi/tools"
)

// selfProducer is a producer of e that needs no input and yields one value: the caller's
// own record (GET /me) for an account or user id.
func selfProducer(op *tools.Operation, e Edge) (Producer, bool) {
	for _, p := range e.Producers {
		if p.Self && p.Op != op && p.Op.ReadOnly() && len(p.Needs) == 0 {
			return p, true
		}
	}
	return Producer{}, false
}

// selfValue runs e's self producer and reads the value at its pointer: the account id
// an API key belongs to is the account a call about "our apps" means.
func selfValue(ctx context.Context, op *tools.Operation, e Edge, f Fetcher) (Producer, any, bool) {
	p, ok := selfProducer(op, e)
	if !ok {
		return Producer{}, nil, false
	}
	body, err := f.Fetch(ctx, p.Op, map[string]any{})
	if err != nil {
		return Producer{}, nil, false
	}
	ptr, err := jsonpointer.New(p.Pointer)
	if err != nil {
		return Producer{}, nil, false
	}
	v, _, err := ptr.Get(body)
	if err != nil || v == nil || v == "" {
		return Producer{}, nil, false
	}
	return p, v, true
}
