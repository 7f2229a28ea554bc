package server

import (
	"encoding/json"
	"fmt"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/mark3labs/mcp-go/mcp"
)

// ToolList renders the catalog exactly as tools/list would: the MCP tools, as JSON.
func ToolList(p *pipeline.Pipeline) ([]byte, error) {
	entries, err := allTools(p)
	if err != nil {
		return nil, err
	}
	list := make([]mcp.Tool, len(entries))
	for i, e := range entries {
		list[i] = e.Tool
	}
	data, err := json.MarshalIndent(map[string]any{"tools": list}, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode tools: %w", err)
	}
	if !p.Dynamic() {
		warnStaticList(p.Logger, len(p.Catalog.Operations()), len(data))
	}
	return data, nil
}
