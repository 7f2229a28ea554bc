package server

import (
	"github.com/askapi/askapi/tools/upstream"
)

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
	if _, taken := props[upstream.ArgSelect]; !taken {
		props[upstream.ArgSelect] = selectSchema
	}
	if _, taken := props[upstream.ArgCompact]; !taken {
		props[upstream.ArgCompact] = compactSchema
	}
	out["properties"] = props
	return out
}

// The reserved arguments' schemas, shared by every tool (read-only).
var (
	selectSchema  = upstream.SelectSchema()
	compactSchema = upstream.CompactSchema()
)
