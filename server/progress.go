package server

import (
	"context"
	"sync"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
)

// progress sends notifications/progress for one call whose client asked for them.
type progress struct {
	mu    sync.Mutex
	srv   *mcpserver.MCPServer
	token mcp.ProgressToken
	step  int
}

// withProgress attaches a reporter when the request carries a progress token.
func withProgress(ctx context.Context, req mcp.CallToolRequest) context.Context {
	if req.Params.Meta == nil || req.Params.Meta.ProgressToken == nil {
		return ctx
	}
	srv := mcpserver.ServerFromContext(ctx)
	if srv == nil {
		return ctx
	}
	p := &progress{srv: srv, token: req.Params.Meta.ProgressToken}
	return pipeline.WithReporter(ctx, func(message string) { p.send(ctx, message) })
}

// send tells the client one step of what the chain is doing.
func (p *progress) send(ctx context.Context, message string) {
	p.mu.Lock()
	p.step++
	step := p.step
	p.mu.Unlock()
	// Progress is advisory: a full notification channel must not fail the call.
	_ = p.srv.SendNotificationToClient(ctx, string(mcp.MethodNotificationProgress), map[string]any{
		"progressToken": p.token,
		"progress":      step,
		"message":       redactorFrom(ctx).String(message), // leaves the process here
	})
}
