package chain

import (
	"context"
	"strings"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
)

// A key is used as given ("Payments" for /team/{team}): people often know one. When the
// API answers that nothing has it (a 404), the value may have been the thing's name all
// along, and the API's own list or search can say which key it names.

// KeyArg is the one argument of op that was used as a key (or as an id of no declared
// shape), as given, and that a producer can look up as a name; "" when there is none or several (a 404 on /repos/{owner}/{repo}
// does not say which part it did not find).
func KeyArg(g *reverse.Graph, op *tools.Operation, args map[string]any) string {
	found := ""
	for _, e := range g.EdgeMap[op] {
		v, ok := args[e.Arg].(string)
		if !ok || strings.TrimSpace(v) == "" {
			continue
		}
		p := op.ParamByArg(e.Arg)
		if p == nil || p.In != "path" {
			continue
		}
		// A key, or an id whose schema says nothing of its shape (a certificate's id given
		// as its domain, shop.example.co.uk, reads as a code): the 404 may mean a name.
		if e.Key && reverse.LooksLikeID(v, p.Schema) || !e.Key && !shapeless(p.Schema) {
			continue
		}
		if len(g.RunnableFor(op, e.Producers)) == 0 {
			continue
		}
		if found != "" {
			return ""
		}
		found = e.Arg
	}
	return found
}

// ResolveKeyAsName looks the value of arg up as a name through its producers (the next
// when one fails), as Resolve does for a value that reads as a name.
func ResolveKeyAsName(ctx context.Context, g *reverse.Graph, op *tools.Operation, arg string, args map[string]any, f Fetcher) (Resolution, bool) {
	for _, e := range g.EdgeMap[op] {
		if e.Arg != arg {
			continue
		}
		name, ok := args[arg].(string)
		if !ok {
			return Resolution{}, false
		}
		r := tryProducers(ctx, g, op, e, g.RunnableFor(op, e.Producers), strings.TrimSpace(name), args, f)
		return r, r.Via != ""
	}
	return Resolution{}, false
}

// shapeless reports a string schema that says nothing of a value's shape: no format, no
// pattern, no enum.
func shapeless(schema map[string]any) bool {
	if t := tools.SchemaType(schema); t != "" && t != "string" {
		return false
	}
	return schema["format"] == nil && schema["pattern"] == nil && schema["enum"] == nil
}
