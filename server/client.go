package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	mcpclient "github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// This file is a small MCP client over stdio, so the evaluation and the demo can drive
// the real askapi binary without importing mcp-go themselves (only this package does).

// Elicitation is a form the server asks the client to show the person.
type Elicitation struct {
	Message string
	// Schema is the requested form: a flat JSON Schema object.
	Schema map[string]any
}

// Elicitation answers.
const (
	ElicitAccept  = "accept"
	ElicitDecline = "decline"
	ElicitCancel  = "cancel"
)

// ElicitAnswer is the person's answer to a form: accept (with Content), decline or cancel.
type ElicitAnswer struct {
	Action  string
	Content map[string]any
}

// ClientOptions configure Dial.
type ClientOptions struct {
	// ProtocolVersion pins the protocol; empty prefers the newest (2026-07-28). A version
	// before it (such as "2025-11-25") keeps the initialize handshake.
	ProtocolVersion string
	// Elicit, when set, declares the elicitation capability and answers every form.
	Elicit func(ctx context.Context, e Elicitation) (ElicitAnswer, error)
	// Stderr receives the server's stderr; nil discards it (the last lines stay
	// readable through Client.Stderr).
	Stderr io.Writer
	// ExactEnv makes env the child's whole environment instead of additions to ours.
	ExactEnv bool
	// Dir is the child's working directory; empty means ours.
	Dir string
}

// Client is a connected MCP client whose server runs as a child process.
type Client struct {
	c      *mcpclient.Client
	tail   *TailBuffer
	cancel context.CancelFunc
}

// ToolInfo is what the evaluation needs of a listed tool.
type ToolInfo struct {
	Name        string
	Description string
	// Method, Path and OperationID come from _meta.openapi; empty for meta-tools.
	Method      string
	Path        string
	OperationID string
	InputSchema map[string]any
}

// CallResult is a tool result: the structured envelope, the text blocks joined, isError.
type CallResult struct {
	Structured map[string]any
	Text       string
	IsError    bool
}

// Dial starts command with args over stdio and completes the MCP handshake. env entries
// are "K=V". The child lives until Close, not until ctx ends: ctx only bounds the
// handshake.
func Dial(ctx context.Context, command string, args, env []string, opts ClientOptions) (*Client, error) {
	// The transport kills the child when its start context ends, so that context must
	// outlive this call.
	life, cancel := context.WithCancel(context.Background())
	cmdFunc := func(ctx context.Context, command string, env []string, args []string) (*exec.Cmd, error) {
		cmd := exec.CommandContext(ctx, command, args...)
		if opts.ExactEnv {
			cmd.Env = env
		} else {
			cmd.Env = append(os.Environ(), env...)
		}
		cmd.Dir = opts.Dir
		return cmd, nil
	}
	// The transport's own stderr reader blocks until the child writes, so a bounded tail
	// is kept here for error messages, besides the caller's writer.
	tail := NewTailBuffer(16 << 10)
	var errOut io.Writer = tail
	if opts.Stderr != nil {
		errOut = io.MultiWriter(tail, opts.Stderr)
	}
	stdOpts := []transport.StdioOption{transport.WithCommandFunc(cmdFunc), transport.WithCommandStderrWriter(errOut)}
	tr := transport.NewStdioWithOptions(command, env, args, stdOpts...)
	var clientOpts []mcpclient.ClientOption
	if opts.ProtocolVersion != "" {
		clientOpts = append(clientOpts, mcpclient.WithProtocolVersion(opts.ProtocolVersion))
	}
	if opts.Elicit != nil {
		clientOpts = append(clientOpts, mcpclient.WithElicitationHandler(elicitHandler(opts.Elicit)))
	}
	c := mcpclient.NewClient(tr, clientOpts...)
	if err := c.Start(life); err != nil {
		cancel()
		return nil, fmt.Errorf("start %s: %w", command, err)
	}
	cl := &Client{c: c, tail: tail, cancel: cancel}
	var init mcp.InitializeRequest
	init.Params.ClientInfo = mcp.Implementation{Name: "askapi-client", Version: "1"}
	init.Params.ProtocolVersion = opts.ProtocolVersion
	if _, err := c.Initialize(ctx, init); err != nil {
		cl.Close()
		// The child's last words explain most failed handshakes; its stderr is drained
		// concurrently, so give it a moment to arrive.
		for i := 0; i < 20 && cl.tail.String() == ""; i++ {
			time.Sleep(10 * time.Millisecond)
		}
		return nil, fmt.Errorf("initialize %s: %w%s", command, err, cl.stderrTail())
	}
	return cl, nil
}

// ProtocolVersion is the protocol version negotiated with the server.
func (c *Client) ProtocolVersion() string { return c.c.ProtocolVersion() }

// ListTools lists every tool the server offers.
func (c *Client) ListTools(ctx context.Context) ([]ToolInfo, error) {
	res, err := c.c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		return nil, fmt.Errorf("tools/list: %w%s", err, c.stderrTail())
	}
	out := make([]ToolInfo, 0, len(res.Tools))
	for _, t := range res.Tools {
		info := ToolInfo{Name: t.Name, Description: t.Description}
		if t.Meta != nil {
			if o, ok := t.Meta.AdditionalFields["openapi"].(map[string]any); ok {
				info.Method, _ = o["method"].(string)
				info.Path, _ = o["path"].(string)
				info.OperationID, _ = o["operationId"].(string)
			}
		}
		if data, err := json.Marshal(t.InputSchema); err == nil {
			_ = json.Unmarshal(data, &info.InputSchema)
		}
		out = append(out, info)
	}
	return out, nil
}

// Call calls a tool. A JSON-RPC or transport failure is an error; a tool failure is a
// result with IsError.
func (c *Client) Call(ctx context.Context, tool string, args map[string]any) (CallResult, error) {
	var req mcp.CallToolRequest
	req.Params.Name = tool
	req.Params.Arguments = args
	res, err := c.c.CallTool(ctx, req)
	if err != nil {
		return CallResult{}, fmt.Errorf("tools/call %s: %w%s", tool, err, c.stderrTail())
	}
	out := CallResult{IsError: res.IsError}
	var texts []string
	for _, content := range res.Content {
		if t, ok := mcp.AsTextContent(content); ok {
			texts = append(texts, t.Text)
		}
	}
	out.Text = strings.Join(texts, "\n")
	switch {
	case len(res.RawStructuredContent) > 0:
		if err := json.Unmarshal(res.RawStructuredContent, &out.Structured); err != nil {
			return out, fmt.Errorf("tools/call %s: structuredContent is not an object: %w", tool, err)
		}
	case res.StructuredContent != nil:
		data, err := json.Marshal(res.StructuredContent)
		if err == nil {
			err = json.Unmarshal(data, &out.Structured)
		}
		if err != nil {
			return out, fmt.Errorf("tools/call %s: structuredContent is not an object: %w", tool, err)
		}
	}
	return out, nil
}

// Stderr returns the last of the server's stderr, for diagnostics.
func (c *Client) Stderr() string { return c.tail.String() }

func (c *Client) stderrTail() string {
	s := strings.TrimSpace(c.Stderr())
	if s == "" {
		return ""
	}
	if len(s) > 2000 {
		s = "…" + s[len(s)-2000:]
	}
	return "\nserver stderr:\n" + s
}

// Close ends the session and the child process.
func (c *Client) Close() error {
	err := c.c.Close()
	c.cancel()
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// TailBuffer keeps the last bytes written to it, for a child process's stderr in error
// messages; safe for concurrent use.
type TailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

// NewTailBuffer keeps the last max bytes.
func NewTailBuffer(max int) *TailBuffer { return &TailBuffer{max: max} }

func (t *TailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *TailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// elicitHandler adapts a plain function to mcp-go's ElicitationHandler.
type elicitHandler func(ctx context.Context, e Elicitation) (ElicitAnswer, error)

func (h elicitHandler) Elicit(ctx context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	e := Elicitation{Message: req.Params.Message}
	if req.Params.RequestedSchema != nil {
		data, err := json.Marshal(req.Params.RequestedSchema)
		if err == nil {
			_ = json.Unmarshal(data, &e.Schema)
		}
	}
	ans, err := h(ctx, e)
	if err != nil {
		return nil, err
	}
	res := &mcp.ElicitationResult{}
	switch ans.Action {
	case ElicitAccept:
		res.Action = mcp.ElicitationResponseActionAccept
		content := ans.Content
		if content == nil {
			content = map[string]any{}
		}
		res.Content = content
	case ElicitDecline:
		res.Action = mcp.ElicitationResponseActionDecline
	case ElicitCancel:
		res.Action = mcp.ElicitationResponseActionCancel
	default:
		return nil, fmt.Errorf("elicitation answer %q: want accept, decline or cancel", ans.Action)
	}
	return res, nil
}
