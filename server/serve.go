package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/server/transport"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/cache"
)

// Serve answers MCP over stdio, or streamable HTTP when HTTPAddr is set, until ctx ends.
// It answers initialize at once and loads the spec meanwhile: tools/list and tools/call
// wait for the catalog, so a client never sees an empty or partial list (in dynamic mode,
// whose tools depend on no catalog, tools/list is answered as soon as the mode is known).
// A spec that cannot be loaded ends an HTTP server with the loader's error; over stdio
// the server stays up and serves the error as its one tool (loaderror.go).
func Serve(ctx context.Context, opts Options) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	// listed: the tool list is encoded, so a whole list can be answered; ready: the tools
	// are registered with mcp-go, for calls and lists with a cursor. Both are closed when
	// loading fails too, the context then cancelled.
	listed, ready := make(chan struct{}), make(chan struct{})
	wait := func(ctx context.Context, done <-chan struct{}) {
		select {
		case <-done:
		case <-ctx.Done():
		}
	}
	list := &encodedList{}
	hooks := &mcpserver.Hooks{}
	hooks.AddBeforeListTools(func(ctx context.Context, _ any, _ *mcp.ListToolsRequest) {
		if transport.WantsWholeList(ctx) {
			wait(ctx, listed)
			return
		}
		wait(ctx, ready)
	})
	hooks.AddBeforeCallTool(func(ctx context.Context, _ any, _ *mcp.CallToolRequest) { wait(ctx, ready) })
	s := newMCPServer(opts.Version, mcpserver.WithHooks(hooks), mcpserver.WithToolFilter(list.filter))
	go func() {
		defer close(ready)
		publish := sync.OnceFunc(func() { close(listed) })
		defer publish()
		var listedEarly atomic.Bool
		err := load(ctx, s, opts, func(l *toolList) { list.publish(l); listedEarly.Store(true); publish() })
		if err == nil || ctx.Err() != nil {
			return
		}
		if opts.HTTPAddr != "" {
			// A team server fails fast, for its supervisor to see and restart.
			cancel(err)
			return
		}
		// A host shows a server that exits only as "Connection closed": stay up, and
		// answer with the message (loaderror.go).
		if opts.Logger != nil {
			opts.Logger.Error("the spec could not be loaded; serving only the "+ToolSpecError+" tool, which says why", "error", err)
		}
		if err := serveLoadError(s, list, err, opts, listedEarly.Load()); err != nil {
			cancel(err)
		}
	}()
	var err error
	if opts.HTTPAddr != "" {
		err = serveHTTP(ctx, s, list, ready, opts)
	} else {
		err = serveStdio(ctx, s, list, opts)
		if err == nil {
			// The input ended (not a signal): let a load still compiling finish, within a
			// bound, so its catalog reaches the cache. A client that only lists a dynamic
			// server (the Inspector CLI does) leaves before the compile ends, and would
			// otherwise never find the cache warm.
			select {
			case <-ready:
			case <-ctx.Done():
			case <-time.After(loadGrace):
			}
		}
	}
	// The catalog's cache entry is written behind the start (cacheBehind): the next
	// start finds it only once it is whole.
	cache.Flush(loadGrace)
	if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
		return cause
	}
	return err
}

// loadGrace bounds how long a server whose input has ended waits for its load to finish.
const loadGrace = 10 * time.Second

// load compiles the spec and registers its tools on s. The encoded list is published
// before mcp-go registers the tools (which decodes every input schema again, to check
// x-mcp-header annotations): the first tools/list need not wait for that.
// In dynamic mode the list may be published before the catalog is compiled (earlylist.go).
func load(ctx context.Context, s *mcpserver.MCPServer, opts Options, publish func(*toolList)) error {
	listEarly := func() {
		// Should this fail, the list is published with the tools, as in static mode.
		if l, err := dynamicList(opts); err == nil {
			publish(l)
		}
	}
	opts.cacheBehind = true
	settled := false
	switch earlyModeOf(opts) {
	case earlyAtOnce:
		listEarly()
	case earlyFromCensus:
		opts.census = func(heads *tools.Catalog) {
			if censusDynamic(opts, heads) {
				settled = true
				listEarly()
			}
		}
	}
	cat, err := LoadCatalog(ctx, opts)
	if err != nil {
		return err
	}
	// A catalog from the precise path (YAML, Swagger 2.0, a sloppy spec) comes without a
	// census: the whole catalog settles the mode as well, before the graph is built.
	if !settled && opts.census != nil && censusDynamic(opts, cat) {
		settled = true
		listEarly()
	}
	if settled {
		opts.Mode = ModeDynamic
	}
	opts.graphBehind = true
	p, err := NewPipeline(cat, opts)
	if err != nil {
		return err
	}
	entries, err := serverTools(p)
	if err != nil {
		return err
	}
	l, err := encodeToolList(entries)
	if err != nil {
		return fmt.Errorf("encode tools/list: %w", err)
	}
	if !p.Dynamic() {
		warnStaticList(p.Logger, len(p.Catalog.Operations()), len(l.json))
	}
	publish(l)
	s.AddTools(entries...)
	// The search index is built on first use; find_operations is the first call of a
	// dynamic session, so it is built now, while the client reads the list.
	go p.Search()
	return nil
}

func serveStdio(ctx context.Context, s *mcpserver.MCPServer, list *encodedList, opts Options) error {
	stdio := mcpserver.NewStdioServer(s)
	// stdout is the MCP channel: library errors go to stderr with everything else.
	logger := log.New(os.Stderr, "askapi: ", log.LstdFlags)
	stdio.SetErrorLogger(logger)
	in, out := opts.Stdin, opts.Stdout
	if in == nil {
		in = os.Stdin
	}
	if out == nil {
		out = os.Stdout
	}
	front := transport.NewStdioFront(s, list, out, logger)
	stdio.SetContextFunc(front.SessionContext)
	fromFront, toMCP := io.Pipe()
	go front.Forward(in, toMCP)
	err := stdio.Listen(ctx, fromFront, front.Out)
	// Unblock the front should it still be forwarding (a cancelled ctx, not an ended input).
	fromFront.Close()
	front.Close()
	if err == nil || errors.Is(err, context.Canceled) {
		return nil
	}
	return fmt.Errorf("stdio: %w", err)
}

// HTTPListenAddr binds loopback unless the address names a host: exposing an API's
// credentials to the network must be a deliberate choice.
func HTTPListenAddr(addr string) string {
	if strings.HasPrefix(addr, ":") {
		return "127.0.0.1" + addr
	}
	if !strings.Contains(addr, ":") {
		return "127.0.0.1:" + addr
	}
	return addr
}

// serveHTTP serves streamable HTTP (httpmux.go); whole lists are answered from the
// encoded list as on stdio.
func serveHTTP(ctx context.Context, s *mcpserver.MCPServer, list *encodedList, ready <-chan struct{}, opts Options) error {
	addr := HTTPListenAddr(opts.HTTPAddr)
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if host, _, err := net.SplitHostPort(addr); err == nil && !transport.IsLoopback(host) && opts.HTTPToken == "" {
		logger.Warn("serving on a non-loopback address without --http-token: anyone who can reach it can call the API with askapi's credentials", "addr", addr)
	}
	front, err := transport.NewHTTPFront(s, list, ready, httpConfigOf(opts), addr, logger)
	if err != nil {
		return err
	}
	var silent silentConns
	srv := &http.Server{Handler: front.Handler, ReadHeaderTimeout: 10 * time.Second, ConnState: silent.track}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", addr, err)
	}
	logger.Info("serving streamable HTTP", "url", "http://"+ln.Addr().String()+"/mcp")
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return fmt.Errorf("http: %w", err)
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		front.Close(shutdown)
		silent.closeAll()
		if err := srv.Shutdown(shutdown); !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		// Stopping is what was asked: past the grace, what is still open is closed
		// rather than reported as a failure.
		logger.Info("closing HTTP connections still open after the shutdown grace")
		return srv.Close()
	}
}

// httpConfigOf is what the HTTP front takes of the configuration.
func httpConfigOf(opts Options) transport.HTTPConfig {
	return transport.HTTPConfig{AllowOrigins: opts.HTTPAllowOrigins, MaxBody: opts.HTTPMaxBody,
		Token: opts.HTTPToken, PerUser: opts.PerUserCredentials, Version: opts.Version}
}
