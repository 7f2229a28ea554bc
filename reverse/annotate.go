package reverse

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"strings"
	"unsafe"

	"github.com/askapi/askapi/reverse/lexicon"
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
	// A large spec widens the same argument the same way in many operations (Microsoft
	// Graph beta: thousands of operations on one user id): each widened schema, and
	// each input schema widened the same way, is made once and shared, read-only.
	widenedOnce := map[widenKey]map[string]any{}
	inputsOnce := map[string]map[string]any{}
	var key []byte
	for _, op := range g.cat.Operations() {
		props, _ := op.InputSchema["properties"].(map[string]any)
		var changes []change
		for _, e := range g.EdgeMap[op] {
			prods := g.RunnableFor(op, e.Producers)
			if len(prods) == 0 {
				continue
			}
			prod := prods[0]
			out[op.Name] = append(out[op.Name], Resolvable{Arg: e.Arg, Resource: lexicon.Display(e.Resource), Via: prod.OpKey})
			schema, ok := props[e.Arg].(map[string]any)
			if !ok {
				continue
			}
			wk := widenKey{reflect.ValueOf(schema).UnsafePointer(), lexicon.Display(e.Resource), prod.OpKey}
			widened, done := widenedOnce[wk]
			if !done {
				widened = widen(schema, wk.resource, wk.via)
				widenedOnce[wk] = widened
			}
			changes = append(changes, change{e.Arg, widened})
		}
		if len(changes) == 0 {
			continue
		}
		// The input schema may be shared with another catalog: replace it, never write
		// into it. The same input schema widened the same way is shared.
		key = binary.AppendUvarint(key[:0], uint64(uintptr(reflect.ValueOf(op.InputSchema).UnsafePointer())))
		for _, c := range changes {
			key = binary.AppendUvarint(key, uint64(len(c.arg)))
			key = append(key, c.arg...)
			key = binary.AppendUvarint(key, uint64(uintptr(reflect.ValueOf(c.schema).UnsafePointer())))
		}
		if in, ok := inputsOnce[string(key)]; ok {
			op.InputSchema = in
			continue
		}
		props = copyInputSchema(op)
		for _, c := range changes {
			props[c.arg] = c.schema
		}
		inputsOnce[string(key)] = op.InputSchema
	}
	return out
}

// widenKey names a widened schema: the schema widened (kept alive by the catalog, so its
// address names it), the resource and the operation that looks the name up.
type widenKey struct {
	schema        unsafe.Pointer
	resource, via string
}

// change is one argument's widened schema.
type change struct {
	arg    string
	schema map[string]any
}

// widen is schema accepting a name of resource as well as its id, looked up through via.
func widen(schema map[string]any, resource, via string) map[string]any {
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
	// What askapi does when a name matches several things or none is said once, in the
	// server's instructions: repeated on every argument it was an eighth of a large
	// static list (issue 31).
	note := fmt.Sprintf("The %s's id%s, or its name: askapi looks a name up through %s.", resource, idDesc, via)
	if resource == "" {
		note = fmt.Sprintf("An id%s, or a name: askapi looks a name up through %s.", idDesc, via)
	}
	widened["description"] = strings.TrimSpace(desc + " " + note)
	// Only the published input schema is widened: the parameter keeps its declared
	// schema, by whose type, format and pattern Resolve and PlanCall tell an id from a
	// name.
	return widened
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
