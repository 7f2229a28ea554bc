package transport

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	mcpserver "github.com/mark3labs/mcp-go/server"
)

// HTTPConfig is what the HTTP front needs of the configuration.
type HTTPConfig struct {
	AllowOrigins []string // browser origins accepted beside loopback ones (--http-allow-origin)
	MaxBody      int64    // the largest request body read; 0: DefaultHTTPMaxBody
	Token        string   // the bearer token a request must carry; "": none
	PerUser      bool     // each request carries its user's upstream secret (PerUserHeader)
	Version      string   // askapi's version, for /healthz
}

// httpFront is what `serve --http` serves: /mcp, mcp-go's streamable transport behind
// the checks the transport asks of a server, and /healthz.
type httpFront struct {
	Handler    http.Handler
	streamable *mcpserver.StreamableHTTPServer
}

// NewHTTPFront builds the handler. Each /mcp request goes, in order, through: Origin
// (403), the bearer token (401), the body limit (413, before reading), the session
// rules (400, 404), the whole-list splice, and mcp-go. Refusals come first so a refused
// request costs nothing: no body read, no session touched.
func NewHTTPFront(s *mcpserver.MCPServer, list listSplicer, ready <-chan struct{}, opts HTTPConfig, listenAddr string, logger *slog.Logger) (*httpFront, error) {
	origins, err := NewOriginPolicy(listenAddr, opts.AllowOrigins)
	if err != nil {
		return nil, fmt.Errorf("http: %w", err)
	}
	maxBody := opts.MaxBody
	if maxBody <= 0 {
		maxBody = DefaultHTTPMaxBody
	}
	sessions := NewSessionStore(sessionIdleTTL, sessionMaxSessions, time.Now)
	streamOpts := []mcpserver.StreamableHTTPOption{
		mcpserver.WithStreamableHTTPLogger(logger),
		mcpserver.WithSessionIdManager(sessions),
		// mcp-go keeps some state per session (the log level set by logging/setLevel);
		// its sweeper drops it for sessions idle as long as the store keeps them.
		mcpserver.WithSessionIdleTTL(sessionIdleTTL),
	}
	if allowed := origins.origins(); len(allowed) > 0 {
		// A browser app at a configured origin must also be able to read the answers.
		streamOpts = append(streamOpts, mcpserver.WithStreamableHTTPCORS(mcpserver.WithCORSAllowedOrigins(allowed...)))
	}
	streamable := mcpserver.NewStreamableHTTPServer(s, streamOpts...)
	inner := wholeListHTTP(list, streamable)
	if opts.PerUser {
		inner = perUserCredentials(inner)
	}
	mcp := origins.guard(RequireBearer(opts.Token,
		limitBody(maxBody, requireSession(sessions, inner))))
	isReady := func() bool {
		select {
		case <-ready:
			return true
		default:
			return false
		}
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp)
	mux.Handle("/healthz", healthz(opts.Version, isReady))
	return &httpFront{Handler: mux, streamable: streamable}, nil
}

// Close ends every session's open stream, so the HTTP server can shut down without
// waiting on them, and stops mcp-go's session sweeper.
func (f *httpFront) Close(ctx context.Context) {
	// It has no HTTP server of its own to stop, so it cannot fail.
	_ = f.streamable.Shutdown(ctx)
}
