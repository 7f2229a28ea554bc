package server

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools"
)

// answersKey names askapi's one input request per round.
const answersKey = "askapi_answers"

// clientCanElicit reports whether the client declared elicitation, in either protocol era.
func clientCanElicit(ctx context.Context) bool {
	if info := mcpserver.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities.Elicitation != nil
	}
	if s, ok := mcpserver.ClientSessionFromContext(ctx).(mcpserver.SessionWithClientInfo); ok {
		return s.GetClientCapabilities().Elicitation != nil
	}
	return false
}

// answered reads the person's answers from a retried call: the sealed continuation comes
// back as the request state, the form's content as the input response. It returns the
// arguments to run with, or a final result when the person declined.
func answered(req mcp.CallToolRequest, args map[string]any, op *tools.Operation) (map[string]any, *clarify.Result) {
	state := req.Params.RequestState
	if state == "" {
		return args, nil
	}
	resp := mcpserver.ElicitationResponse(req.Params.InputResponses, answersKey)
	if resp == nil {
		return args, nil
	}
	if resp.Action != mcp.ElicitationResponseActionAccept {
		return nil, &clarify.Result{
			Status:    clarify.StatusCancelled,
			Operation: op.Key(),
			Reason:    fmt.Sprintf("the user chose to %s the form; nothing was sent", resp.Action),
		}
	}
	merged := map[string]any{}
	for k, v := range args {
		merged[k] = v
	}
	content, _ := resp.Content.(map[string]any)
	for k, v := range content {
		merged[k] = v
	}
	merged[tools.ArgContinuation] = state
	return merged, nil
}

// elicitable reports whether the questions can be put in a flat form: no secrets (never
// elicited) and only fields a form can hold.
func elicitable(qs []clarify.Question, op *tools.Operation) bool {
	if len(qs) == 0 {
		return false
	}
	for _, q := range qs {
		if q.Kind == clarify.Sensitive || q.Field == "" || q.Field == tools.ArgContinuation {
			return false
		}
		if _, ok := formField(q, op); !ok {
			return false
		}
	}
	return true
}

// formField is the form property for one question: options become a titled single choice,
// otherwise the argument's own primitive type.
func formField(q clarify.Question, op *tools.Operation) (map[string]any, bool) {
	title := q.Question
	if q.Field == tools.ArgConfirm {
		return map[string]any{"type": "boolean", "title": "Confirm", "description": title}, true
	}
	if len(q.Options) > 0 {
		var choices []any
		for _, o := range q.Options {
			choices = append(choices, map[string]any{"const": pipeline.OptionKey(o.Value), "title": o.Label})
		}
		return map[string]any{"type": "string", "title": fieldTitle(op, q.Field), "description": title, "oneOf": choices}, true
	}
	f := clarify.FieldOf(op, q.Field)
	field := map[string]any{"title": fieldTitle(op, q.Field), "description": title}
	switch t := primitiveType(f.Schema); t {
	case "string", "integer", "number", "boolean":
		field["type"] = t
	case "name":
		// An identifier askapi resolves: the person types a name.
		field["type"] = "string"
	default:
		return nil, false
	}
	if fm, ok := f.Schema["format"].(string); ok && (fm == "date" || fm == "date-time" || fm == "email" || fm == "uri") {
		field["format"] = fm
	}
	return field, true
}

// primitiveType is the form type for a schema; widened id schemas ([integer, string]) take
// names, so they are asked as text.
func primitiveType(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []string:
		if len(t) == 2 && (t[1] == "string" || t[0] == "string") {
			return "name"
		}
		for _, x := range t {
			if x != "null" {
				return x
			}
		}
	case []any:
		var parts []string
		for _, x := range t {
			if str, ok := x.(string); ok && str != "null" {
				parts = append(parts, str)
			}
		}
		if len(parts) == 1 {
			return parts[0]
		}
		if len(parts) == 2 {
			return "name"
		}
	}
	return ""
}

// elicitation builds the input request for a clarification.
func elicitation(res *clarify.Result, op *tools.Operation) mcp.ElicitationParams {
	props := map[string]any{}
	var required []string
	var lines []string
	for _, q := range res.Questions {
		field, _ := formField(q, op)
		props[q.Field] = field
		required = append(required, q.Field)
		lines = append(lines, q.Question)
	}
	return mcp.ElicitationParams{
		Mode:    mcp.ElicitationModeForm,
		Message: formIntro(op) + ":\n" + strings.Join(lines, "\n"),
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": props,
			"required":   required,
		},
	}
}

// fieldTitle names a form field for a person: the thing an identifier names ("Project"),
// never its id ("project gid").
func fieldTitle(op *tools.Operation, arg string) string {
	h := clarify.Human(arg)
	if op != nil {
		h = clarify.SpokenName(op, arg)
		if t := reverse.Things(op)[arg]; t != "" {
			h = t
		}
	}
	if h == "" {
		return h
	}
	return strings.ToUpper(h[:1]) + h[1:]
}

// formIntro says what the form is for in the operation's own words ("before it can
// delete a silence"), not by its path template.
func formIntro(op *tools.Operation) string {
	if p := clarify.Purpose(op); p != "" {
		return "askapi needs your answer before it can " + p
	}
	return "askapi needs your answer before calling " + op.Name
}
