package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools"
)

// Dynamic mode: for a huge spec, tools/list would be megabytes that every client loads and
// every model reads. Instead of one tool per operation, askapi then serves
// find_operations, describe_operation, call_operation and plan. call_operation runs the
// very same pipeline (and MCP handler) as an operation's own tool would.

// Serving modes.
const (
	ModeAuto    = "auto"
	ModeStatic  = "static"
	ModeDynamic = "dynamic"
)

// DefaultDynamicThreshold is how many operation tools auto mode serves one by one at most.
const DefaultDynamicThreshold = 300

// dynamicMode decides, from --mode and --dynamic-threshold, whether n operations are
// served dynamically.
func dynamicMode(opts Options, n int) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(opts.Mode)) {
	case ModeStatic:
		return false, nil
	case ModeDynamic:
		return true, nil
	case ModeAuto, "":
		threshold := opts.DynamicThreshold
		if threshold <= 0 {
			threshold = DefaultDynamicThreshold
		}
		return n > threshold, nil
	}
	return false, fmt.Errorf("--mode %q: want auto, static or dynamic", opts.Mode)
}

// CheckMode validates a --mode value before anything is loaded.
func CheckMode(mode string) error {
	_, err := dynamicMode(Options{Mode: mode}, 0)
	return err
}

// dynamicTools are the tools dynamic mode serves, with their handlers.
func dynamicTools(p *pipeline.Pipeline) ([]mcpserver.ServerTool, error) {
	defs, err := dynamicToolDefs()
	if err != nil {
		return nil, err
	}
	return bindMeta(p, defs), nil
}

// dynamicToolDefs are the tools dynamic mode serves. They depend on no catalog, so a
// server that knows it serves dynamically can list them before its spec is compiled.
func dynamicToolDefs() ([]mcp.Tool, error) {
	defs, err := metaToolDefs()
	if err != nil {
		return nil, err
	}
	for i := range defs {
		if defs[i].Name == pipeline.ToolFindOperations {
			defs[i].Description = "Search this API's operations. Give query as a few words naming the operation you want, as in a search box (for example \"star a repository\"), and the user's own words in _user_request. Always answers the best candidates (at most ten), each with the query words it matched: pass a candidate's tool as operation to describe_operation (its arguments) and call_operation. Answers unsupported, still with the nearest candidates, when nothing in the API does what the words say: then tell the user instead of substituting another operation."
		}
	}
	output, err := json.Marshal(compactOutputSchema())
	if err != nil {
		return nil, err
	}
	callIn, err := metaInput[pipeline.CallArgs](map[string]string{
		"operation": operationArgDescription,
		"arguments": "The operation's arguments, as its input schema says.",
	}, nil)
	if err != nil {
		return nil, err
	}
	call, err := metaTool(pipeline.ToolCallOperation, "Call an operation",
		"Call one operation of this API with its arguments (see describe_operation). Names are accepted for ids and resolved through the API's own search. If a value is missing, unclear or looks invented, nothing is sent: the answer is needs_clarification with questions for the user; ask them, then call again with the same operation, the answers in arguments and the _continuation.",
		callIn)
	if err != nil {
		return nil, err
	}
	// call_operation can reach every operation, writes and deletes included.
	no, yes := false, true
	call.Annotations.ReadOnlyHint, call.Annotations.DestructiveHint = &no, &yes
	call.Annotations.IdempotentHint, call.Annotations.OpenWorldHint = &no, &yes
	defs = append(defs, call)
	for i := range defs {
		defs[i].RawOutputSchema = output
	}
	return defs, nil
}

// compactOutputSchema is the result envelope's schema with each field reduced to its
// type (and the status enum): what dynamic mode's few tools declare, so tools/list stays
// a few KB. Every result conforms to it as it does to the full one.
func compactOutputSchema() map[string]any {
	full := clarify.OutputSchema()
	props := map[string]any{}
	for name, s := range full["properties"].(map[string]any) {
		short := map[string]any{}
		for _, k := range []string{"type", "enum"} {
			if v, ok := s.(map[string]any)[k]; ok {
				short[k] = v
			}
		}
		props[name] = short
	}
	return map[string]any{"type": "object", "required": full["required"], "properties": props}
}

// callOperation is call_operation's handler: it hands the call to the operation's own
// tool handler, so completion, clarification, confirmation, elicitation and continuation
// behave exactly as in static mode.
func callOperation(ctx context.Context, p *pipeline.Pipeline, req mcp.CallToolRequest, args pipeline.CallArgs) (*mcp.CallToolResult, error) {
	op := p.LookupOperation(args.Operation)
	if op == nil {
		return resultOf(p.UnknownOperation(pipeline.ToolCallOperation, args.Operation)), nil
	}
	inner, err := operationArguments(args)
	if err != nil {
		return resultOf(&clarify.Result{
			Status:    clarify.StatusNeedsClarification,
			Operation: op.Key(),
			Questions: []clarify.Question{{Field: "arguments", Kind: clarify.Invalid,
				Question: "The operation's arguments must be a JSON object of argument names and values.", Reason: err.Error()}},
		}), nil
	}
	sub := req
	sub.Params.Name = op.Name
	sub.Params.Arguments = inner
	sub.Params.RawArguments = nil
	return handlerFor(p, op)(ctx, sub)
}

// operationArguments are the arguments call_operation passes on: its "arguments" object
// (a JSON text of one is accepted too), plus the reserved arguments given beside it.
func operationArguments(args pipeline.CallArgs) (map[string]any, error) {
	inner := map[string]any{}
	switch a := args.Arguments.(type) {
	case nil:
	case map[string]any:
		for k, v := range a {
			inner[k] = v
		}
	case string:
		if strings.TrimSpace(a) != "" {
			if err := json.Unmarshal([]byte(a), &inner); err != nil || inner == nil {
				return nil, fmt.Errorf("arguments is a string that is not a JSON object: %q", a)
			}
		}
	default:
		return nil, fmt.Errorf("arguments is a %T, not an object", a)
	}
	beside := map[string]any{tools.ArgSelect: args.Select, tools.ArgCompact: args.Compact, tools.ArgConfirm: args.Confirm}
	if args.UserRequest != "" {
		beside[tools.ArgUserRequest] = args.UserRequest
	}
	if args.Continuation != "" {
		beside[tools.ArgContinuation] = args.Continuation
	}
	for k, v := range beside {
		if _, given := inner[k]; !given && v != nil {
			inner[k] = v
		}
	}
	return inner, nil
}

// describeOperation answers describe_operation: the operation's tool definition, as
// tools/list would show it in static mode (without the shared output schema).
func describeOperation(p *pipeline.Pipeline, args pipeline.DescribeArgs) *clarify.Result {
	name := args.Operation
	op := p.LookupOperation(name)
	if op == nil {
		return p.UnknownOperation(pipeline.ToolDescribeOperation, name)
	}
	t, err := DescribedTool(op, p.Resolvable[op.Name], p.Policy.NeedsConfirm(op))
	if err == nil {
		t.RawOutputSchema = nil
		var data []byte
		if data, err = json.Marshal(t); err == nil {
			return &clarify.Result{Status: clarify.StatusOK, Operation: op.Key(), Tool: json.RawMessage(data)}
		}
	}
	return &clarify.Result{Status: clarify.StatusError, Operation: op.Key(), Reason: err.Error(), Error: &clarify.Failure{Message: err.Error()}}
}
