package server

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	mcpserver "github.com/mark3labs/mcp-go/server"
)

// Serve loads the spec and serves MCP over stdio, or streamable HTTP when HTTPAddr is set,
// until ctx ends.
func Serve(ctx context.Context, opts Options) error {
	cat, err := LoadCatalog(ctx, opts)
	if err != nil {
		return err
	}
	p, err := NewPipeline(cat, opts)
	if err != nil {
		return err
	}
	s, err := New(p, opts.Version)
	if err != nil {
		return err
	}
	if opts.HTTPAddr != "" {
		return serveHTTP(ctx, s, opts)
	}
	return serveStdio(ctx, s, opts)
}

func serveStdio(ctx context.Context, s *mcpserver.MCPServer, opts Options) error {
	stdio := mcpserver.NewStdioServer(s)
	// stdout is the MCP channel: library errors go to stderr with everything else.
	stdio.SetErrorLogger(log.New(os.Stderr, "askapi: ", log.LstdFlags))
	in, out := opts.Stdin, opts.Stdout
	if in == nil {
		in = os.Stdin
	}
	if out == nil {
		out = os.Stdout
	}
	err := stdio.Listen(ctx, in, out)
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

func serveHTTP(ctx context.Context, s *mcpserver.MCPServer, opts Options) error {
	addr := HTTPListenAddr(opts.HTTPAddr)
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if host, _, err := net.SplitHostPort(addr); err == nil && !isLoopback(host) && opts.HTTPToken == "" {
		logger.Warn("serving on a non-loopback address without --http-token: anyone who can reach it can call the API with askapi's credentials", "addr", addr)
	}
	streamable := mcpserver.NewStreamableHTTPServer(s, mcpserver.WithStreamableHTTPLogger(logger))
	mux := http.NewServeMux()
	mux.Handle("/mcp", requireBearer(opts.HTTPToken, streamable))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
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
		return srv.Shutdown(shutdown)
	}
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// requireBearer rejects requests without the configured token; no token configured
// means no check (loopback default).
func requireBearer(token string, next http.Handler) http.Handler {
	if token == "" {
		return next
	}
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := []byte(r.Header.Get("Authorization"))
		if subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="askapi"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}
