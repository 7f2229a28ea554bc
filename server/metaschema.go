package server

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/askapi/askapi/tools"
)

// metaInput is a meta-tool's input schema, generated from its argument type T by
// mcp-go (mcp.WithInputSchema): the properties, their types and which are required come
// from T. The words come from here: descriptions by property, the reserved arguments'
// shared schemas (tools.ReservedSchema, one definition), and bounds (more, by property).
// Extra properties are not refused: an assistant's stray argument is ignored, as before.
func metaInput[T any](descriptions map[string]string, more map[string]map[string]any) (map[string]any, error) {
	var t mcp.Tool
	mcp.WithInputSchema[T]()(&t)
	if len(t.RawInputSchema) == 0 {
		return nil, fmt.Errorf("no input schema for %T", *new(T))
	}
	var schema map[string]any
	if err := json.Unmarshal(t.RawInputSchema, &schema); err != nil {
		return nil, fmt.Errorf("input schema of %T: %w", *new(T), err)
	}
	delete(schema, "additionalProperties")
	props, _ := schema["properties"].(map[string]any)
	for name, raw := range props {
		prop, _ := raw.(map[string]any)
		if prop == nil {
			prop = map[string]any{} // an any field's schema is true: anything
			props[name] = prop
		}
		if slices.Contains(tools.ReservedArgs, name) {
			props[name] = tools.ReservedSchema(name, tools.Meta)
			continue
		}
		delete(prop, "additionalProperties")
		if prop["type"] == nil {
			prop["type"] = "object" // an object, or its JSON text (CallArgs.Arguments)
		}
		if d, ok := descriptions[name]; ok {
			prop["description"] = d
		}
		for k, v := range more[name] {
			prop[k] = v
		}
	}
	if req, _ := schema["required"].([]any); len(req) == 0 {
		delete(schema, "required")
	}
	return schema, nil
}
