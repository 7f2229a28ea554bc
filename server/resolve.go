package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/model"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools"
)

// resolve takes a request in words. A model does two small tasks only: choose the final
// operation among the few the search index proposes, and copy the values the person
// said. The rule stays in charge of the rest, exactly as for an assistant's arguments:
// the chosen operation's own handler checks, grounds, completes backwards, confirms and
// asks. A value the model gave that the request does not contain is never used
// (groundedArgs). Later rounds carry the operation in the continuation and never ask the
// model again.

// ToolResolve is the meta-tool served when a model is available.
const ToolResolve = "resolve"

// resolveCandidates is how many operations the search index proposes to the model.
const resolveCandidates = 10

// resolveToolDef is resolve's definition; via says which model it asks.
func resolveToolDef(via string) (mcp.Tool, error) {
	in, err := metaInput[pipeline.ResolveArgs](map[string]string{
		"request":   "What the user asked for, in their own words.",
		"arguments": "The user's answers to askapi's questions, by field, sent with the _continuation.",
	}, nil)
	if err != nil {
		return mcp.Tool{}, err
	}
	t, err := metaTool(ToolResolve, "Do what the user asked",
		"Do what the user asked of this API, given in their own words: askapi chooses the operation, takes the values the user said, looks up names, and calls the API. Values the user did not say are never invented: if one is missing, unclear or needs confirming, nothing is sent and the answer is needs_clarification with questions for the user; ask them, then call resolve again with the same request, the answers in arguments and the _continuation. Answers unsupported when this API cannot do it: then tell the user.",
		in)
	if err != nil {
		return mcp.Tool{}, err
	}
	out, err := json.Marshal(resolveOutputSchema())
	if err != nil {
		return mcp.Tool{}, fmt.Errorf("output schema of %s: %w", ToolResolve, err)
	}
	t.RawOutputSchema = out
	// resolve can reach every operation, writes included.
	no, yes := false, true
	t.Annotations.ReadOnlyHint, t.Annotations.DestructiveHint = &no, &yes
	t.Annotations.IdempotentHint, t.Annotations.OpenWorldHint = &no, &yes
	t.Meta = &mcp.Meta{AdditionalFields: map[string]any{"askapi": map[string]any{"model": via}}}
	return t, nil
}

// resolveOutputSchema is the envelope with selected.
func resolveOutputSchema() map[string]any {
	s := clarify.OutputSchema()
	s["properties"].(map[string]any)["selected"] = map[string]any{"type": "object",
		"description": "The operation chosen for the request, and why."}
	return s
}

// resolveTools is resolve with its handler, when a model is available.
func resolveTools(p *pipeline.Pipeline) ([]mcpserver.ServerTool, error) {
	if p.Model == nil || p.Naive {
		return nil, nil
	}
	t, err := resolveToolDef(p.Model.Via())
	if err != nil {
		return nil, err
	}
	return []mcpserver.ServerTool{{Tool: t, Handler: mcp.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, args pipeline.ResolveArgs) (*mcp.CallToolResult, error) {
		return resolve(ctx, p, req, args)
	})}}, nil
}

func resolve(ctx context.Context, p *pipeline.Pipeline, req mcp.CallToolRequest, typed pipeline.ResolveArgs) (*mcp.CallToolResult, error) {
	// The answers and the continuation go on to the chosen operation's own round as
	// they came (bound already, so an object).
	args, err := argumentsOf(req)
	if err != nil {
		return resultOf(&clarify.Result{Status: clarify.StatusNeedsClarification, Operation: ToolResolve,
			Questions: []clarify.Question{{Field: "", Kind: clarify.Invalid, Question: "The arguments must be a JSON object.", Reason: err.Error()}}}), nil
	}
	ctx = withProgress(ctx, req)
	request := typed.Request
	if strings.TrimSpace(request) == "" {
		request = typed.UserRequest
	}
	request = strings.TrimSpace(request)
	if token := resumedToken(req, args); token != "" {
		return resumeResolve(ctx, p, req, args, request, token)
	}
	if request == "" {
		return resultOf(&clarify.Result{Status: clarify.StatusNeedsClarification, Operation: ToolResolve, Questions: []clarify.Question{{
			Field: "request", Kind: clarify.Missing, Question: "What would you like to do with this API?", Reason: "resolve needs the request in words",
		}}}), nil
	}
	// A whole sentence is the model's to judge (issue 28): the words' verdict is not
	// applied here, only their ranking; the model chooses among the candidates or says
	// none fits.
	found := p.Search().Search(request, resolveCandidates)
	if len(found.Matches) == 0 {
		return resultOf(&clarify.Result{Status: clarify.StatusUnsupported, Operation: ToolResolve, Reason: found.Reason}), nil
	}
	cands := make([]model.Candidate, len(found.Matches))
	for i, m := range found.Matches {
		cands[i] = model.CandidateOf(m.Op)
	}
	prompt := model.NewPrompt(request, cands)
	reply, pending, err := askModel(ctx, p, req, request, prompt)
	if pending != nil {
		return pending, nil
	}
	if err != nil {
		return resultOf(modelFailure(err)), nil
	}
	choice, err := model.Parse(reply, prompt.Candidates)
	if err != nil {
		return resultOf(modelFailure(err)), nil
	}
	if choice.Candidate == nil {
		reason := "none of this API's operations does what was asked"
		if choice.Reason != "" {
			reason += ": " + strings.TrimSuffix(choice.Reason, ".")
		}
		return resultOf(&clarify.Result{Status: clarify.StatusUnsupported, Operation: ToolResolve, Reason: reason,
			Selected: &clarify.Selection{Reason: choice.Reason, Candidates: len(prompt.Candidates), Model: modelName(p.Model, reply)}}), nil
	}
	op := p.Catalog.Lookup(choice.Candidate.Name)
	if op == nil {
		return resultOf(modelFailure(fmt.Errorf("the chosen operation %q is not served", choice.Candidate.Name))), nil
	}
	said, notSaid := groundedArgs(choice.Arguments, request)
	sel := &clarify.Selection{Operation: op.Key(), Tool: op.Name, Reason: choice.Reason, Arguments: choice.Arguments,
		NotSaid: notSaid, Candidates: len(prompt.Candidates), Model: modelName(p.Model, reply)}
	said[tools.ArgUserRequest] = request
	sub := req
	sub.Params.Name = op.Name
	sub.Params.Arguments = said
	sub.Params.RawArguments = nil
	sub.Params.MultiRoundTripParams = mcp.MultiRoundTripParams{}
	res, err := handlerFor(p, op)(ctx, sub)
	if err != nil {
		return nil, err
	}
	return withSelection(res, sel), nil
}

// resumedToken is the continuation a later round carries: the _continuation argument,
// or the request state of an answered form. A request state of resolve's own model
// round is not one.
func resumedToken(req mcp.CallToolRequest, args map[string]any) string {
	if t, _ := args[tools.ArgContinuation].(string); strings.TrimSpace(t) != "" {
		return t
	}
	if st := req.Params.RequestState; st != "" && !isModelState(st) {
		return st
	}
	return ""
}

// resumeResolve runs a later round on the operation the continuation names, with the
// answers given: the model is not asked again.
func resumeResolve(ctx context.Context, p *pipeline.Pipeline, req mcp.CallToolRequest, args map[string]any, request, token string) (*mcp.CallToolResult, error) {
	st, err := p.Sealer.Open(token)
	var op *tools.Operation
	if err == nil {
		if op = p.Catalog.Lookup(st.Op); op == nil {
			err = fmt.Errorf("the continuation names %s, which is not served", st.Op)
		}
	}
	if err != nil {
		return resultOf(&clarify.Result{Status: clarify.StatusNeedsClarification, Operation: ToolResolve, Questions: []clarify.Question{{
			Field:    tools.ArgContinuation,
			Kind:     clarify.Invalid,
			Question: "The earlier clarification can no longer be resumed. Please confirm the values for this request again.",
			Reason:   err.Error(),
		}}}), nil
	}
	inner := map[string]any{}
	if a, ok := args["arguments"].(map[string]any); ok {
		for k, v := range a {
			inner[k] = v
		}
	}
	for k, v := range args {
		if k != "request" && k != "arguments" {
			inner[k] = v
		}
	}
	if _, ok := inner[tools.ArgUserRequest]; !ok && request != "" {
		inner[tools.ArgUserRequest] = request
	}
	sub := req
	sub.Params.Name = op.Name
	sub.Params.Arguments = inner
	sub.Params.RawArguments = nil
	res, err := handlerFor(p, op)(ctx, sub)
	if err != nil {
		return nil, err
	}
	return withSelection(res, &clarify.Selection{Operation: op.Key(), Tool: op.Name, Resumed: true}), nil
}

// groundedArgs splits the model's values into those the request contains and those it
// does not: a value nobody said is never used (an assistant's would be asked about; the
// model's is not even tried).
func groundedArgs(args map[string]any, request string) (said, notSaid map[string]any) {
	said = map[string]any{}
	now := time.Now()
	for k, v := range args {
		if clarify.Grounded(v, request, now) {
			said[k] = v
			continue
		}
		if notSaid == nil {
			notSaid = map[string]any{}
		}
		notSaid[k] = v
	}
	return said, notSaid
}

// withSelection adds the selection to the operation's envelope. A value the model gave
// and the request does not contain, for an argument the operation needs, is asked about
// as unconfirmed: the model proposed it, the person never said it.
func withSelection(res *mcp.CallToolResult, sel *clarify.Selection) *mcp.CallToolResult {
	r, ok := res.StructuredContent.(*clarify.Result)
	if !ok || res.NeedsInput() {
		return res // a form is being shown: the envelope comes with the answer
	}
	out := *r
	out.Selected = sel
	out.Questions = append([]clarify.Question(nil), r.Questions...)
	for i, q := range out.Questions {
		v, proposed := sel.NotSaid[q.Field]
		if !proposed || q.Kind != clarify.Missing {
			continue
		}
		shown := describeValue(v)
		out.Questions[i].Kind = clarify.Unconfirmed
		out.Questions[i].Question = fmt.Sprintf("%s (%s is not in what you said.)", q.Question, shown)
		out.Questions[i].Reason = fmt.Sprintf("the model proposed %s, which the request does not contain; it was not used", shown)
	}
	return resultOf(&out)
}

func describeValue(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}

// modelFailure is the answer when the model could not be asked or answered nothing
// usable: nothing was sent.
func modelFailure(err error) *clarify.Result {
	msg := "the model could not choose an operation: " + err.Error() + "; nothing was sent"
	return &clarify.Result{Status: clarify.StatusError, Operation: ToolResolve, Reason: msg, Error: &clarify.Failure{Message: msg}}
}

func modelName(m *pipeline.ModelSource, r model.Reply) string {
	if r.Model != "" {
		return r.Model
	}
	return m.Name
}
