package server

import "github.com/askapi/askapi/tools"

// withShaping offers _select and _compact on every operation tool. They are added where
// the tool is published rather than compiled into the catalog: they are the same on
// every tool, and the cached catalog stays as it was.
func withShaping(schema map[string]any) map[string]any {
	out := make(map[string]any, len(schema)+1)
	for k, v := range schema {
		out[k] = v
	}
	in, _ := schema["properties"].(map[string]any)
	props := make(map[string]any, len(in)+2)
	for k, v := range in {
		props[k] = v
	}
	if _, taken := props[tools.ArgSelect]; !taken {
		props[tools.ArgSelect] = tools.ReservedSchema(tools.ArgSelect, tools.Full)
	}
	if _, taken := props[tools.ArgCompact]; !taken {
		props[tools.ArgCompact] = tools.ReservedSchema(tools.ArgCompact, tools.Full)
	}
	out["properties"] = props
	return out
}
