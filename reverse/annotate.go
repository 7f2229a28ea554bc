package reverse

import (
	"fmt"
	"strings"

	"github.com/askapi/askapi/tools"
)

// Resolvable describes, for _meta.askapi.resolvable, an argument that accepts a name.
type Resolvable struct {
	Arg      string `json:"arg"`
	Resource string `json:"resource"`
	Via      string `json:"via"`
}

// Annotate widens the input schema of every argument the graph can resolve so it
// accepts a name as well as an id, and says so in its description. It returns, per tool
// name, what is resolvable and through which operation.
func (g *Graph) Annotate() map[string][]Resolvable {
	out := map[string][]Resolvable{}
	for _, op := range g.cat.Operations {
		props, _ := op.InputSchema["properties"].(map[string]any)
		copied := false
		for _, e := range g.edges[op] {
			prods := g.runnableFor(op, e.Producers)
			if len(prods) == 0 {
				continue
			}
			prod := prods[0]
			out[op.Name] = append(out[op.Name], Resolvable{Arg: e.Arg, Resource: Display(e.Resource), Via: prod.OpKey})
			schema, ok := props[e.Arg].(map[string]any)
			if !ok {
				continue
			}
			if !copied {
				// The input schema may be shared with another catalog: replace it, never
				// write into it.
				props = copyInputSchema(op)
				copied = true
			}
			widened := map[string]any{}
			for k, v := range schema {
				widened[k] = v
			}
			idDesc := ""
			switch t := tools.SchemaType(schema); t {
			case "integer", "number":
				widened["type"] = []string{t, "string"}
			case "string":
				if f, ok := schema["format"].(string); ok {
					idDesc = " (" + f + ")"
					delete(widened, "format")
				}
			}
			delete(widened, "pattern")
			desc, _ := schema["description"].(string)
			if desc = strings.TrimSpace(desc); desc != "" && !strings.HasSuffix(desc, ".") {
				desc += "."
			}
			note := fmt.Sprintf("The %s's id%s, or its name: askapi looks a name up through %s and asks the user when it matches several or none.", Display(e.Resource), idDesc, prod.OpKey)
			if Display(e.Resource) == "" {
				note = fmt.Sprintf("An id%s, or a name: askapi looks a name up through %s and asks the user when it matches several or none.", idDesc, prod.OpKey)
			}
			widened["description"] = strings.TrimSpace(desc + " " + note)
			// Only the published input schema is widened: the parameter keeps its declared
			// schema, by whose type, format and pattern Resolve and PlanCall tell an id
			// from a name.
			props[e.Arg] = widened
		}
	}
	return out
}

// copyInputSchema gives op its own input schema and property map, and returns the map.
func copyInputSchema(op *tools.Operation) map[string]any {
	schema := make(map[string]any, len(op.InputSchema))
	for k, v := range op.InputSchema {
		schema[k] = v
	}
	old, _ := op.InputSchema["properties"].(map[string]any)
	props := make(map[string]any, len(old))
	for k, v := range old {
		props[k] = v
	}
	schema["properties"] = props
	op.InputSchema = schema
	return props
}
