package server

import (
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// ToolList renders the catalog exactly as tools/list would: the MCP tools, as JSON.
func ToolList(p *Pipeline) ([]byte, error) {
	list := make([]mcp.Tool, 0, len(p.Catalog.Operations)+2)
	meta, err := p.metaTools()
	ops := p.Catalog.Operations
	if p.Dynamic() {
		meta, err = p.dynamicTools()
		ops = nil
	}
	if err != nil {
		return nil, err
	}
	for _, m := range meta {
		list = append(list, m.Tool)
	}
	for _, op := range ops {
		t, err := ToolOf(op, p.Resolvable[op.Name], p.Policy.NeedsConfirm(op))
		if err != nil {
			return nil, err
		}
		list = append(list, t)
	}
	data, err := json.MarshalIndent(map[string]any{"tools": list}, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode tools: %w", err)
	}
	if !p.Dynamic() {
		warnStaticList(p.Logger, len(ops), len(data))
	}
	return data, nil
}
