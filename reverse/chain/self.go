package chain

import (
	"context"

	"github.com/go-openapi/jsonpointer"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
)

// selfValue runs e's self producer and reads the value at its pointer: the account id
// an API key belongs to is the account a call about "our apps" means.
func selfValue(ctx context.Context, op *tools.Operation, e reverse.Edge, f Fetcher) (reverse.Producer, any, bool) {
	p, ok := reverse.SelfProducer(op, e)
	if !ok {
		return reverse.Producer{}, nil, false
	}
	body, err := f.Fetch(ctx, p.Op, map[string]any{})
	if err != nil {
		return reverse.Producer{}, nil, false
	}
	ptr, err := jsonpointer.New(p.Pointer)
	if err != nil {
		return reverse.Producer{}, nil, false
	}
	v, _, err := ptr.Get(body)
	if err != nil || v == nil || v == "" {
		return reverse.Producer{}, nil, false
	}
	return p, v, true
}
