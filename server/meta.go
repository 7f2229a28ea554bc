package server

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/server/pipeline"
)

func metaTool(name, title, desc string, input map[string]any) (mcp.Tool, error) {
	in, err := json.Marshal(input)
	if err != nil {
		return mcp.Tool{}, fmt.Errorf("input schema of %s: %w", name, err)
	}
	out, err := leanEnvelopeSchema()
	if err != nil {
		return mcp.Tool{}, err
	}
	yes, no := true, false
	return mcp.Tool{
		Name:            name,
		Description:     desc,
		RawInputSchema:  in,
		RawOutputSchema: out,
		Annotations:     mcp.ToolAnnotation{Title: title, ReadOnlyHint: &yes, DestructiveHint: &no, IdempotentHint: &yes, OpenWorldHint: &no},
	}, nil
}

// metaToolDefs are find_operations and plan, served beside the operation tools.
func metaToolDefs() ([]mcp.Tool, error) {
	findIn, err := metaInput[pipeline.FindArgs](map[string]string{
		"query": findQueryDescription,
		"limit": "How many operations to return (default and most 10).",
	}, map[string]map[string]any{"limit": {"minimum": 1, "maximum": pipeline.MaxCandidates}})
	if err != nil {
		return nil, err
	}
	find, err := metaTool(pipeline.ToolFindOperations, "Find operations", findDescription, findIn)
	if err != nil {
		return nil, err
	}
	planIn, err := metaInput[pipeline.PlanArgs](map[string]string{
		"operation": "A tool name or \"METHOD /path\".",
		"arguments": "Argument values known exactly.",
		"hints":     "What the user said about arguments, such as names for ids: {\"person_id\": \"Sofia Coppola\"}.",
	}, nil)
	if err != nil {
		return nil, err
	}
	plan, err := metaTool(pipeline.ToolPlan, "Plan a call",
		"Show the backward chain askapi would run to complete an operation: which search or list calls would turn the names given into the ids the operation needs. Executes nothing. A value taken from an earlier step reads {\"$from\": {\"step\": i, \"pointer\": \"/results/0/id\"}}.",
		planIn)
	if err != nil {
		return nil, err
	}
	describeIn, err := metaInput[pipeline.DescribeArgs](map[string]string{"operation": operationArgDescription}, nil)
	if err != nil {
		return nil, err
	}
	describe, err := metaTool(pipeline.ToolDescribeOperation, "Describe an operation",
		"Show one operation of this API as a tool, whole: its description and the input schema of its arguments. Executes nothing.",
		describeIn)
	if err != nil {
		return nil, err
	}
	return []mcp.Tool{find, plan, describe}, nil
}

// operationArgDescription names an operation for the meta-tools that take one.
const operationArgDescription = "The operation: a tool name from find_operations, or \"METHOD /path\"."

// metaTools are find_operations, plan and describe_operation with their handlers.
func metaTools(p *pipeline.Pipeline) ([]mcpserver.ServerTool, error) {
	defs, err := metaToolDefs()
	if err != nil {
		return nil, err
	}
	return bindMeta(p, defs), nil
}

// bindMeta pairs each meta-tool definition with its typed handler on p (mcp-go binds
// the arguments to the tool's argument type).
func bindMeta(p *pipeline.Pipeline, defs []mcp.Tool) []mcpserver.ServerTool {
	handlers := map[string]mcpserver.ToolHandlerFunc{
		pipeline.ToolFindOperations: mcp.NewTypedToolHandler(func(_ context.Context, _ mcp.CallToolRequest, args pipeline.FindArgs) (*mcp.CallToolResult, error) {
			return resultOf(p.FindOperations(args)), nil
		}),
		pipeline.ToolPlan: mcp.NewTypedToolHandler(func(_ context.Context, _ mcp.CallToolRequest, args pipeline.PlanArgs) (*mcp.CallToolResult, error) {
			return resultOf(p.Plan(args)), nil
		}),
		pipeline.ToolDescribeOperation: mcp.NewTypedToolHandler(func(_ context.Context, _ mcp.CallToolRequest, args pipeline.DescribeArgs) (*mcp.CallToolResult, error) {
			return resultOf(describeOperation(p, args)), nil
		}),
		pipeline.ToolCallOperation: mcp.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, args pipeline.CallArgs) (*mcp.CallToolResult, error) {
			return callOperation(ctx, p, req, args)
		}),
	}
	out := make([]mcpserver.ServerTool, len(defs))
	for i, t := range defs {
		h := handlers[t.Name]
		if t.Name != pipeline.ToolFindOperations && h != nil {
			h = afterGraph(p, h) // find_operations needs only the search index
		}
		out[i] = mcpserver.ServerTool{Tool: t, Handler: h}
	}
	return out
}

// afterGraph runs h once the graph is built.
func afterGraph(p *pipeline.Pipeline, h mcpserver.ToolHandlerFunc) mcpserver.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := p.AwaitGraph(ctx); err != nil {
			return nil, err
		}
		return h(ctx, req)
	}
}

// findDescription and findQueryDescription are find_operations' contract (DESIGN.md,
// "Meta-tools"): a few words naming the operation, the person's words in _user_request.
const (
	findDescription      = "Search this API's operations. Give query as a few words naming the operation you want, as in a search box (for example \"star a repository\"), and the user's own words in _user_request. Always answers the best candidates (at most ten), each with the query words it matched. Answers unsupported, still with the nearest candidates, when no operation does what the words say: the reason names the words, and the note says when to search once more in other words. Never substitute an operation that does something else: tell the user."
	findQueryDescription = "A few words naming the operation wanted: an action and the thing it acts on (\"star a repository\", \"cancel invoice\"). A whole sentence works too, ranked by its words."
)
