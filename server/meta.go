package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
)

// Meta-tool names.
const (
	ToolFindOperations = "find_operations"
	ToolPlan           = "plan"
)

var reservedProps = map[string]any{
	tools.ArgUserRequest:  map[string]any{"type": "string", "description": "The user's own words behind this call."},
	tools.ArgContinuation: map[string]any{"type": "string", "description": "A continuation token from an earlier result, if any."},
}

func withReserved(props map[string]any) map[string]any {
	for k, v := range reservedProps {
		props[k] = v
	}
	return props
}

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
	find, err := metaTool(ToolFindOperations, "Find operations", findDescription,
		map[string]any{"type": "object", "properties": withReserved(map[string]any{
			"query": map[string]any{"type": "string", "description": findQueryDescription},
			"limit": map[string]any{"type": "integer", "minimum": 1, "maximum": maxCandidates, "description": "How many operations to return (default and most 10)."},
		})})
	if err != nil {
		return nil, err
	}
	plan, err := metaTool(ToolPlan, "Plan a call",
		"Show the backward chain askapi would run to complete an operation: which search or list calls would turn the names given into the ids the operation needs. Executes nothing. A value taken from an earlier step reads {\"$from\": {\"step\": i, \"pointer\": \"/results/0/id\"}}.",
		map[string]any{"type": "object", "required": []string{"operation"}, "properties": withReserved(map[string]any{
			"operation": map[string]any{"type": "string", "description": "A tool name or \"METHOD /path\"."},
			"arguments": map[string]any{"type": "object", "description": "Argument values known exactly."},
			"hints":     map[string]any{"type": "object", "description": "What the user said about arguments, such as names for ids: {\"person_id\": \"Sofia Coppola\"}."},
		})})
	if err != nil {
		return nil, err
	}
	describe, err := metaTool(ToolDescribeOperation, "Describe an operation",
		"Show one operation of this API as a tool, whole: its description and the input schema of its arguments. Executes nothing.",
		map[string]any{"type": "object", "required": []string{"operation"}, "properties": withReserved(map[string]any{
			"operation": operationArg,
		})})
	if err != nil {
		return nil, err
	}
	return []mcp.Tool{find, plan, describe}, nil
}

// operationArg names an operation for the meta-tools that take one.
var operationArg = map[string]any{"type": "string", "description": "The operation: a tool name from find_operations, or \"METHOD /path\"."}

// metaTools are find_operations, plan and describe_operation with their handlers.
func (p *Pipeline) metaTools() ([]mcpserver.ServerTool, error) {
	defs, err := metaToolDefs()
	if err != nil {
		return nil, err
	}
	return p.bindMeta(defs), nil
}

// bindMeta pairs each meta-tool definition with its handler on p.
func (p *Pipeline) bindMeta(defs []mcp.Tool) []mcpserver.ServerTool {
	handlers := map[string]mcpserver.ToolHandlerFunc{
		ToolFindOperations: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			args, _ := argumentsOf(req)
			return resultOf(p.FindOperations(args)), nil
		},
		ToolPlan: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			args, _ := argumentsOf(req)
			return resultOf(p.Plan(args)), nil
		},
		ToolDescribeOperation: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			args, _ := argumentsOf(req)
			return resultOf(p.DescribeOperation(args)), nil
		},
		ToolCallOperation: p.callOperation,
	}
	out := make([]mcpserver.ServerTool, len(defs))
	for i, t := range defs {
		h := handlers[t.Name]
		if t.Name != ToolFindOperations && h != nil {
			h = p.afterGraph(h) // find_operations needs only the search index
		}
		out[i] = mcpserver.ServerTool{Tool: t, Handler: h}
	}
	return out
}

// afterGraph runs h once the graph is built.
func (p *Pipeline) afterGraph(h mcpserver.ToolHandlerFunc) mcpserver.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := p.awaitGraph(ctx); err != nil {
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

// maxCandidates is how many operations find_operations answers at most.
const maxCandidates = 10

// searchAgain is find_operations' note on an unsupported answer that names words the API
// never uses.
const searchAgain = "matched as this API writes its words: if those words may be the person's own for something an operation here does, search once more in other words for the same thing; never substitute an operation that does something else, and if none answers, tell the person the API cannot do it"

// FindOperations answers the find_operations meta-tool.
func (p *Pipeline) FindOperations(args map[string]any) *clarify.Result {
	query, _ := args["query"].(string)
	if strings.TrimSpace(query) == "" {
		query, _ = args[tools.ArgUserRequest].(string)
	}
	if strings.TrimSpace(query) == "" {
		return &clarify.Result{Status: clarify.StatusNeedsClarification, Operation: ToolFindOperations, Questions: []clarify.Question{{
			Field: "query", Kind: clarify.Missing, Question: "What would you like to do with this API?", Reason: "find_operations needs words to search for",
		}}}
	}
	limit := maxCandidates
	if l, ok := args["limit"].(float64); ok && l >= 1 {
		limit = int(math.Min(l, maxCandidates))
	}
	res := p.Search().Search(query, limit)
	out := &clarify.Result{Status: clarify.StatusOK, Operation: ToolFindOperations}
	if res.Unsupported {
		out.Status, out.Reason, out.Unserved = clarify.StatusUnsupported, res.Reason, res.Unserved
		if len(res.Unserved) > 0 {
			// Words are matched as the API writes them, and a person's own word for what
			// the API does ("get rid of" a file it deletes) is not among them: the
			// assistant may say it once more in other words, never as something else.
			out.Note = searchAgain
		}
	}
	if len(res.ReadAs) > 0 && !res.Unsupported {
		// Said so the assistant can check the reading with the person, or search again.
		out.Note = "read " + strings.Join(res.ReadAs, ", ") + ": the API does not use the query's own word"
	}
	// Every answer lists the nearest operations, so the assistant never has to guess
	// whether a better query exists.
	for _, m := range res.Matches {
		out.Operations = append(out.Operations, clarify.OperationMatch{
			Tool: m.Op.Name, Method: m.Op.Method, Path: m.Op.Path, Summary: m.Op.Summary, Score: math.Round(m.Score*100) / 100, Matched: m.Matched,
		})
	}
	return out
}

// Plan answers the plan meta-tool: the backward chain, or the clarification.
func (p *Pipeline) Plan(args map[string]any) *clarify.Result {
	name, _ := args["operation"].(string)
	op := p.Catalog.Lookup(strings.TrimSpace(name))
	if op == nil {
		return &clarify.Result{Status: clarify.StatusNeedsClarification, Operation: ToolPlan, Questions: []clarify.Question{{
			Field: "operation", Kind: clarify.Invalid, Reason: fmt.Sprintf("no operation named %q", name),
			Question: "Which operation should be planned? Give a tool name or \"METHOD /path\"; find_operations lists them.",
		}}}
	}
	given := map[string]any{}
	for _, key := range []string{"arguments", "hints"} {
		if m, ok := args[key].(map[string]any); ok {
			for k, v := range m {
				given[k] = v
			}
		}
	}
	plan := p.Graph.PlanCall(op, given)
	out := &clarify.Result{Status: clarify.StatusOK, Operation: op.Key(), Steps: plan.Steps}
	if plan.Status != "ok" {
		// An incomplete chain is not a plan: the answer is the clarification alone.
		out.Status = clarify.StatusNeedsClarification
		out.Steps = nil
		for _, n := range plan.Needs {
			target := p.Catalog.Lookup(n.Operation)
			if target == nil {
				target = op
			}
			f := clarify.FieldOf(target, n.Arg)
			f.Resource = n.Resource
			if f.Resource == "" {
				f.Thing = reverse.Things(target)[n.Arg]
			}
			kind := clarify.Missing
			if n.Invalid {
				kind = clarify.Invalid
			}
			out.Questions = append(out.Questions, clarify.Question{
				Field: n.Arg, Kind: kind, Question: clarify.Ask(target, f), Reason: n.Reason,
			})
		}
	}
	return out
}
