package server

import (
	"context"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools"
)

// The probe tests (issue 27) run testdata/probe.json, a small API of records, an echo, a
// refusal, files and redirects, against a stub upstream that routes by path prefix.

const probeSpec = "testdata/probe.json"

// probeRoutes answers each request with the route of the longest matching path prefix;
// an unrouted path gets 404.
func probeRoutes(routes map[string]http.HandlerFunc) func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		best := ""
		for prefix := range routes {
			if strings.HasPrefix(r.URL.Path, prefix) && len(prefix) > len(best) {
				best = prefix
			}
		}
		if best == "" {
			stubJSON(w, 404, map[string]any{"message": "no route"})
			return
		}
		routes[best](w, r)
	}
}

// probeOptions are the options of a probe server against upstream with env's credentials.
func probeOptions(upstream string, env ...string) Options {
	spec, _ := filepath.Abs(probeSpec)
	return Options{Spec: spec, BaseURL: upstream, Environ: env, Timeout: 10 * time.Second, MaxBody: 1 << 20,
		Version: "test", NoCache: true, Mode: ModeStatic}
}

// probePipeline is the pipeline of opts.
func probePipeline(t *testing.T, opts Options) *pipeline.Pipeline {
	t.Helper()
	cat, err := LoadCatalog(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPipeline(cat, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// serveProbeHTTP runs Serve over HTTP with opts and returns the /mcp URL.
func serveProbeHTTP(t *testing.T, opts Options) string {
	t.Helper()
	logs := &syncLog{}
	opts.HTTPAddr = "127.0.0.1:0"
	opts.Logger = slog.New(slog.NewTextHandler(logs, nil))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, opts) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve returned %v after cancel, want nil", err)
		}
	})
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if m := httpURLLog.FindStringSubmatch(logs.String()); m != nil {
			return m[1]
		}
		select {
		case err := <-done:
			t.Fatalf("Serve ended before listening: %v\n%s", err, logs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("Serve did not log its URL:\n%s", logs.String())
		}
	}
}

// stubAtRoot: the tests' stub upstreams serve an API whose server is absolute (TMDB's
// https://api.themoviedb.org/3) at their root, so their host-only URL is used exactly as
// given; a relative server's path (Alertmanager's /api/v2/) is where they serve it.
func stubAtRoot(cat *tools.Catalog) bool {
	return cat.BaseURL() != "" && !strings.HasPrefix(cat.BaseURL(), "/")
}
