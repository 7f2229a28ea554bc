package transport

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
)

// stdioFront stands between stdin and mcp-go's stdio server. It answers whole-list
// requests itself (see wholelist.go): mcp-go's stdio server encodes every answer into
// one buffer, where the encoded list could only be compacted again. Every other line
// goes on to mcp-go unchanged, through a pipe.
type stdioFront struct {
	s      *mcpserver.MCPServer
	list   listSplicer
	Out    *LockedWriter
	logger *log.Logger

	// ctx is the stdio session's context, as mcp-go hands it to its own handlers; set
	// once before started is closed.
	ctx     context.Context
	cancel  context.CancelFunc
	started chan struct{}

	mu      sync.Mutex
	stopped bool
	stop    chan struct{}
	pending sync.WaitGroup
}

func NewStdioFront(s *mcpserver.MCPServer, list listSplicer, out io.Writer, logger *log.Logger) *stdioFront {
	return &stdioFront{s: s, list: list, Out: &LockedWriter{W: out}, logger: logger, started: make(chan struct{}), stop: make(chan struct{})}
}

// SessionContext is mcp-go's stdio context function: it runs once, with the context
// carrying the stdio session, before any line is handled.
func (f *stdioFront) SessionContext(ctx context.Context) context.Context {
	f.ctx, f.cancel = context.WithCancel(ctx)
	close(f.started)
	return ctx
}

// Forward reads in line by line until it ends, answering whole lists and writing every
// other line to mcp-go's input. mcp-go sees in's end or read error as its own.
func (f *stdioFront) Forward(in io.Reader, toMCP *io.PipeWriter) {
	r := bufio.NewReader(in)
	for {
		line, err := r.ReadBytes('\n')
		// A last line without its newline is not a message: mcp-go drops it too.
		if err == nil && isWholeList(line) {
			f.answer(bytes.TrimSpace(line))
			continue
		}
		if len(line) > 0 {
			if _, werr := toMCP.Write(line); werr != nil {
				return // mcp-go stopped listening
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = nil
			}
			toMCP.CloseWithError(err)
			return
		}
	}
}

// answer handles one whole-list request through mcp-go and writes the answer with the
// encoded list in place of the placeholder, without ever building it in one buffer.
func (f *stdioFront) answer(msg []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.stopped {
		return
	}
	f.pending.Go(func() {
		select {
		case <-f.started:
		case <-f.stop:
			return
		}
		resp := f.handle(msg)
		if resp == nil {
			return
		}
		data, err := json.Marshal(resp)
		if err != nil {
			f.logger.Printf("encode tools/list answer: %v", err)
			return
		}
		parts := [][]byte{data, {'\n'}}
		if head, list, tail, ok := f.list.Expand(data); ok {
			parts = [][]byte{head, list, tail, {'\n'}}
		}
		if err := f.Out.WriteParts(parts...); err != nil {
			f.logger.Printf("write tools/list answer: %v", err)
		}
	})
}

// handle runs msg through mcp-go, which would answer a panic with an internal error
// rather than end the process: so does the front.
func (f *stdioFront) handle(msg []byte) (resp mcp.JSONRPCMessage) {
	defer func() {
		if r := recover(); r != nil {
			f.logger.Printf("panic recovered answering tools/list: %v", r)
			var req struct {
				ID any `json:"id"`
			}
			_ = json.Unmarshal(msg, &req)
			resp = mcp.JSONRPCError{
				JSONRPC: mcp.JSONRPC_VERSION,
				ID:      mcp.NewRequestId(req.ID),
				Error:   mcp.NewJSONRPCErrorDetails(mcp.INTERNAL_ERROR, fmt.Sprintf("internal panic: %v", r), nil),
			}
		}
	}()
	return f.s.HandleMessage(WithWholeList(f.ctx), msg)
}

// Close cancels the answers still waiting (for the catalog) and waits for all of them,
// as mcp-go does with its own requests when its input ends.
func (f *stdioFront) Close() {
	f.mu.Lock()
	f.stopped = true
	close(f.stop)
	f.mu.Unlock()
	select {
	case <-f.started:
		f.cancel()
	default:
	}
	f.pending.Wait()
}

// LockedWriter serialises writes to stdout: mcp-go writes each message with one Write,
// the front writes its answer in parts under the same lock, so messages never interleave.
type LockedWriter struct {
	mu sync.Mutex
	W  io.Writer
}

func (l *LockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.W.Write(p)
}

func (l *LockedWriter) WriteParts(parts ...[]byte) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, p := range parts {
		if _, err := l.W.Write(p); err != nil {
			return err
		}
	}
	return nil
}
