package server

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools/secret"
)

// ToolSpecError is the one tool served when the spec cannot be loaded: its description
// and its answer carry the loader's message (file, line, what is wrong), because a host
// shows a server that exits at start only as "Connection closed", and the message would
// reach nobody but a log file.
const ToolSpecError = "askapi_spec_error"

// loadErrorTools are the tools of a server whose spec failed to load: ToolSpecError, and,
// under each name a client may have been listed already (dynamic mode lists its tools
// before the spec is compiled), the same answer.
func loadErrorTools(err error, opts Options, listedEarly bool) ([]mcpserver.ServerTool, error) {
	msg := secret.NewRedactor(configuredSecrets(opts)...).String(err.Error())
	text := "askapi could not load its OpenAPI spec, so it serves none of the API's tools. " + msg +
		". Tell the user: fix the spec, or the --spec (ASKAPI_SPEC) setting, in this MCP server's configuration, then restart the server."
	output, encErr := envelopeSchema()
	if encErr != nil {
		return nil, encErr
	}
	yes, no := true, false
	tool := mcp.Tool{
		Name:            ToolSpecError,
		Description:     text,
		RawInputSchema:  []byte(`{"type":"object","properties":{}}`),
		RawOutputSchema: output,
		Annotations:     mcp.ToolAnnotation{Title: "The spec failed to load", ReadOnlyHint: &yes, DestructiveHint: &no, IdempotentHint: &yes, OpenWorldHint: &no},
	}
	handler := func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return resultOf(&clarify.Result{Status: clarify.StatusError, Reason: text, Error: &clarify.Failure{Message: text}}), nil
	}
	out := []mcpserver.ServerTool{{Tool: tool, Handler: handler}}
	if listedEarly {
		// Not listed again (the list now holds the error alone); only answered, so a
		// client that listed the dynamic tools reads the message rather than "tool not found".
		for _, name := range []string{pipeline.ToolFindOperations, pipeline.ToolDescribeOperation, pipeline.ToolCallOperation, pipeline.ToolPlan, ToolResolve} {
			t := tool
			t.Name = name
			out = append(out, mcpserver.ServerTool{Tool: t, Handler: handler})
		}
	}
	return out, nil
}

// serveLoadError publishes the load error as the server's tools: the list a whole-list
// request gets holds ToolSpecError alone.
func serveLoadError(s *mcpserver.MCPServer, list *encodedList, err error, opts Options, listedEarly bool) error {
	entries, terr := loadErrorTools(err, opts, listedEarly)
	if terr != nil {
		return fmt.Errorf("%w (and serving it failed: %v)", err, terr)
	}
	l, terr := encodeToolList(entries[:1])
	if terr != nil {
		return fmt.Errorf("%w (and serving it failed: %v)", err, terr)
	}
	list.publish(l)
	s.AddTools(entries...)
	return nil
}
