package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/openapi"
)

// maxDescription keeps tool descriptions readable; long API prose costs every request.
const maxDescription = 1200

// ToolOf describes an operation as an MCP tool.
func ToolOf(op *tools.Operation, resolvable []reverse.Resolvable, confirm bool) (mcp.Tool, error) {
	return toolOf(op, resolvable, confirm, true)
}

// DescribedTool is op's tool as describe_operation shows it: its whole description, the
// reserved arguments' full text and the envelope's whole schema.
func DescribedTool(op *tools.Operation, resolvable []reverse.Resolvable, confirm bool) (mcp.Tool, error) {
	return toolOf(op, resolvable, confirm, false)
}

// toolOf builds op's tool, lean as a list shows it (leantool.go) or whole.
func toolOf(op *tools.Operation, resolvable []reverse.Resolvable, confirm, lean bool) (mcp.Tool, error) {
	schema := withShaping(op.InputSchema)
	if confirm {
		schema = withConfirm(schema)
	}
	description := toolDescription(op)
	if lean {
		schema, description = leanInput(schema), leanDescription(op)
	}
	input, err := json.Marshal(schema)
	if err != nil {
		return mcp.Tool{}, fmt.Errorf("input schema of %s: %w", op.Name, err)
	}
	// Every tool shares the envelope as its output schema: one encoding for all of them,
	// its fields' types only in a list.
	output, err := envelopeSchema()
	if lean {
		output, err = leanEnvelopeSchema()
	}
	if err != nil {
		return mcp.Tool{}, err
	}
	readOnly := op.ReadOnly()
	destructive := op.Method == "DELETE"
	idempotent := op.Method == "PUT" || op.Method == "DELETE" || readOnly
	openWorld := true
	t := mcp.Tool{
		Name:            op.Name,
		Description:     description,
		RawInputSchema:  input,
		RawOutputSchema: output,
		Annotations: mcp.ToolAnnotation{
			Title:           toolTitle(op),
			ReadOnlyHint:    &readOnly,
			DestructiveHint: &destructive,
			IdempotentHint:  &idempotent,
			OpenWorldHint:   &openWorld,
		},
		Meta: &mcp.Meta{AdditionalFields: map[string]any{
			"openapi": map[string]any{"method": op.Method, "path": op.Path, "operationId": op.OperationID},
		}},
	}
	if len(resolvable) > 0 {
		t.Meta.AdditionalFields["askapi"] = map[string]any{"resolvable": resolvable}
	}
	return t, nil
}

// envelopeSchema is the encoded output schema every operation tool declares.
var envelopeSchema = sync.OnceValues(func() (json.RawMessage, error) {
	data, err := json.Marshal(clarify.OutputSchema())
	if err != nil {
		return nil, fmt.Errorf("output schema: %w", err)
	}
	return data, nil
})

// leanEnvelopeSchema is the envelope's schema, each field reduced to its type: what a
// listed tool declares (dynamic mode's tools too).
var leanEnvelopeSchema = sync.OnceValues(func() (json.RawMessage, error) {
	data, err := json.Marshal(compactOutputSchema())
	if err != nil {
		return nil, fmt.Errorf("output schema: %w", err)
	}
	return data, nil
})

// withConfirm offers _confirm on tools whose writes policy wants confirmed.
func withConfirm(schema map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range schema {
		out[k] = v
	}
	props := map[string]any{}
	if in, ok := schema["properties"].(map[string]any); ok {
		for k, v := range in {
			props[k] = v
		}
	}
	props[tools.ArgConfirm] = tools.ReservedSchema(tools.ArgConfirm, tools.Full)
	out["properties"] = props
	return out
}

func toolTitle(op *tools.Operation) string {
	if op.Summary != "" {
		return op.Summary
	}
	return op.Key()
}

func toolDescription(op *tools.Operation) string {
	var b strings.Builder
	b.WriteString(op.Key())
	if op.Summary != "" {
		b.WriteString(": " + op.Summary)
	}
	if d := strings.TrimSpace(op.Description); d != "" && d != op.Summary {
		if len(d) > maxDescription {
			d = d[:maxDescription] + "…"
		}
		b.WriteString("\n\n" + d)
	}
	if note := openapi.BodyNote(op); note != "" {
		// After the cut description, so that it is never cut.
		b.WriteString("\n\n" + note)
	}
	b.WriteString("\n\nIf a required value is missing, unclear or looks invented, this tool answers needs_clarification with questions for the user instead of calling the API: ask the user, then call again with the answers and the _continuation.")
	return b.String()
}

// handlerFor runs the pipeline for one operation and wraps the envelope as an MCP result.
func handlerFor(p *pipeline.Pipeline, op *tools.Operation) mcpserver.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args, err := argumentsOf(req)
		if err != nil {
			return resultOf(&clarify.Result{
				Status:    clarify.StatusNeedsClarification,
				Operation: op.Key(),
				Questions: []clarify.Question{{Field: "", Kind: clarify.Invalid, Question: "The arguments must be a JSON object.", Reason: err.Error()}},
			}), nil
		}
		ctx = withProgress(ctx, req)
		canElicit := clientCanElicit(ctx)
		if canElicit {
			var final *clarify.Result
			if args, final = answered(req, args, op); final != nil {
				return resultOf(final), nil
			}
		}
		res := p.Call(ctx, op, args)
		if canElicit && res.Status == clarify.StatusNeedsClarification && elicitable(res.Questions, op) {
			// Ask the person directly; the sealed continuation rides along as the request
			// state, so any replica can resume the retry.
			return mcpserver.NewInputRequestBuilder(res.Continuation).Elicit(answersKey, elicitation(res, op)).ToolResult(), nil
		}
		return resultOf(res), nil
	}
}

func argumentsOf(req mcp.CallToolRequest) (map[string]any, error) {
	switch a := req.Params.Arguments.(type) {
	case nil:
		return map[string]any{}, nil
	case map[string]any:
		return a, nil
	default:
		data, err := json.Marshal(a)
		if err != nil {
			return nil, fmt.Errorf("arguments: %w", err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, fmt.Errorf("arguments are not an object: %w", err)
		}
		if m == nil {
			m = map[string]any{}
		}
		return m, nil
	}
}

func resultOf(r *clarify.Result) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Content:           []mcp.Content{mcp.TextContent{Type: "text", Text: r.Text()}},
		StructuredContent: r,
		IsError:           r.IsError(),
	}
}
