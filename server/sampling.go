package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/model"
	"github.com/askapi/askapi/server/pipeline"
)

// The host's own model is asked through sampling as a multi round-trip request: resolve
// answers input_required with a sampling request, the client runs its model and calls
// again with the reply. mcp-go turns that into sampling/createMessage for clients of
// earlier protocol versions, so one handler serves both eras.

// samplingKey names resolve's one sampling request.
const samplingKey = "askapi_model"

// modelStatePrefix marks the request state of resolve's model round, as opposed to a
// continuation (the state of a form's round).
const modelStatePrefix = "askapi-model:"

// modelState binds the model's reply to the request it was asked about.
func modelState(request string) string {
	sum := sha256.Sum256([]byte(request))
	return modelStatePrefix + hex.EncodeToString(sum[:8])
}

func isModelState(s string) bool { return strings.HasPrefix(s, modelStatePrefix) }

// clientCanSample reports whether the client declared sampling, in either protocol era.
func clientCanSample(ctx context.Context) bool {
	if info := mcpserver.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities.Sampling != nil
	}
	if s, ok := mcpserver.ClientSessionFromContext(ctx).(mcpserver.SessionWithClientInfo); ok {
		return s.GetClientCapabilities().Sampling != nil
	}
	return mcpserver.InProcessSamplingHandlerFromContext(ctx) != nil
}

// askModel gets the model's reply to prompt: from the endpoint, or from the host's model
// (pending is then the input request to answer, unless this call carries the reply).
func askModel(ctx context.Context, p *pipeline.Pipeline, req mcp.CallToolRequest, request string, prompt model.Prompt) (reply model.Reply, pending *mcp.CallToolResult, err error) {
	n := len(prompt.Candidates)
	if p.Model.Endpoint != nil {
		pipeline.Report(ctx, fmt.Sprintf("asking the model to choose among %d operations", n))
		defer whileWaiting(ctx, "still waiting for the model")()
		reply, err = p.Model.Endpoint.Complete(ctx, prompt)
		return reply, nil, err
	}
	state := modelState(request)
	if req.Params.RequestState == state {
		if res := mcpserver.SamplingResponse(req.Params.InputResponses, samplingKey); res != nil {
			return replyOf(res), nil, nil
		}
	}
	if !clientCanSample(ctx) {
		return model.Reply{}, nil, errors.New("no model: this client offers no sampling and no --llm-base-url or --llm-model is configured")
	}
	pipeline.Report(ctx, fmt.Sprintf("asking the host's model to choose among %d operations", n))
	jp := prompt.JSONMode()
	params := mcp.CreateMessageParams{
		Messages:       []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.TextContent{Type: "text", Text: jp.User}}},
		SystemPrompt:   jp.System,
		IncludeContext: "none",
		MaxTokens:      p.Model.MaxTokens,
		Metadata:       map[string]any{"askapi": "resolve"},
	}
	return model.Reply{}, mcpserver.NewInputRequestBuilder(state).Sample(samplingKey, params).ToolResult(), nil
}

// replyOf reads a sampling result: its text, whatever shape the content arrived in.
func replyOf(res *mcp.CreateMessageResult) model.Reply {
	r := model.Reply{Model: res.Model}
	var texts []string
	var add func(c any)
	add = func(c any) {
		switch x := c.(type) {
		case []any:
			for _, e := range x {
				add(e)
			}
		case []mcp.Content:
			for _, e := range x {
				add(e)
			}
		case map[string]any:
			if s, ok := x["text"].(string); ok {
				texts = append(texts, s)
			}
		default:
			if t, ok := mcp.AsTextContent(c); ok {
				texts = append(texts, t.Text)
			}
		}
	}
	add(res.Content)
	r.Text = strings.Join(texts, "\n")
	return r
}

// waitTick is how often a model call still running is reported.
const waitTick = 2 * time.Second

// whileWaiting reports message every waitTick until the returned stop is called, so a
// client sees the call is alive while the model thinks.
func whileWaiting(ctx context.Context, message string) (stop func()) {
	if !pipeline.Reporting(ctx) {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(waitTick)
		defer t.Stop()
		start := time.Now()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				pipeline.Report(ctx, fmt.Sprintf("%s (%ds)", message, int(time.Since(start).Seconds())))
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}
