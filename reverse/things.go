package reverse

import (
	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// Things maps every argument of op that names a thing to that thing, as a question says
// it ("project" for project_gid, "post" for {id} under /posts), whether or not a producer
// can look it up: a person is asked for the thing, never for its internal id.
func Things(op *tools.Operation) map[string]string {
	out := map[string]string{}
	for _, p := range op.Params {
		if id, ok := Identify(op, p); ok && id.Resource != "" {
			if d := lexicon.Display(KindNoun(op, id.Resource)); d != "" {
				out[p.Arg] = d
			}
		}
	}
	if op.Body == nil || !op.Body.Flattened {
		return out
	}
	props, _ := op.Body.Schema["properties"].(map[string]any)
	for _, name := range op.Body.Props {
		if _, taken := out[name]; taken {
			continue
		}
		s, _ := props[name].(map[string]any)
		desc, _ := s["description"].(string)
		// A body field reads like a query parameter: its name, schema and description
		// say what it names; there is no path segment around it.
		p := &tools.Param{Name: name, Arg: name, In: "query", Schema: s, Description: desc}
		if id, ok := Identify(op, p); ok && id.Resource != "" {
			if d := lexicon.Display(KindNoun(op, id.Resource)); d != "" {
				out[name] = d
			}
		}
	}
	return out
}
