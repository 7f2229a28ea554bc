package reverse

import (
	"slices"

	"github.com/askapi/askapi/tools"
)

// A write names things in its body as often as in its path: Increase's transfer takes
// account_id and destination_account_id as body properties. They are resolved as path
// and query identifiers are: a name said is looked up, never sent as the id (it went out
// as {"account_id": "Operating"}, on a write that moves money). A flattened body's
// scalar properties stand as parameters "in" the body for the graph and the lookups.

// argParams are op's parameters and its flattened body's scalar properties.
func argParams(op *tools.Operation) []*tools.Param {
	body := bodyParams(op)
	if len(body) == 0 {
		return op.Params
	}
	return append(slices.Clip(op.Params), body...)
}

// bodyParams are the scalar properties of op's flattened body, as parameters in "body".
func bodyParams(op *tools.Operation) []*tools.Param {
	if op.Body == nil || !op.Body.Flattened {
		return nil
	}
	props, _ := op.Body.Schema["properties"].(map[string]any)
	var out []*tools.Param
	for _, name := range op.Body.Props {
		if p := bodyParam(op, props, name); p != nil {
			out = append(out, p)
		}
	}
	return out
}

func bodyParam(op *tools.Operation, props map[string]any, name string) *tools.Param {
	s, _ := props[name].(map[string]any)
	switch tools.SchemaType(s) {
	case "string", "integer", "number":
	default:
		return nil
	}
	desc, _ := s["description"].(string)
	return &tools.Param{Name: name, Arg: name, In: "body", Schema: s, Description: desc,
		Required: slices.Contains(op.Body.RequiredProps, name)}
}

// ParamOf is op's parameter for arg, or its flattened body's scalar property of that
// name; nil for neither.
func ParamOf(op *tools.Operation, arg string) *tools.Param {
	if p := op.ParamByArg(arg); p != nil {
		return p
	}
	if op.Body == nil || !op.Body.Flattened || !slices.Contains(op.Body.Props, arg) {
		return nil
	}
	props, _ := op.Body.Schema["properties"].(map[string]any)
	return bodyParam(op, props, arg)
}
