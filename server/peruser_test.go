package server

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// keyedSpec has one read behind an API key in a header.
const keyedSpec = `{"openapi": "3.0.3", "info": {"title": "Keyed", "version": "1"},
 "components": {"securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Api-Key"}}},
 "security": [{"key": []}],
 "paths": {"/things/{thing}": {"get": {"operationId": "getThing", "summary": "Get a thing",
  "parameters": [{"name": "thing", "in": "path", "required": true, "schema": {"type": "string"}}],
  "responses": {"200": {"description": "the thing"}}}}}}`

// serveHTTPWith runs Serve over HTTP with opts (its address and logger set here) and
// returns the /mcp URL and the log.
func serveHTTPWith(t *testing.T, opts Options) (string, *syncLog) {
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
			t.Errorf("Serve returned %v after cancel", err)
		}
	})
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if m := httpURLLog.FindStringSubmatch(logs.String()); m != nil {
			return m[1], logs
		}
	}
	t.Fatalf("Serve did not log its URL:\n%s", logs.String())
	return "", nil
}

// Two HTTP clients with different upstream keys call concurrently, 200 calls each: every
// upstream request carries the key of the user whose call it is; the MCP token never goes
// upstream; without --per-user-credentials the header is ignored.
func TestPerUserCredentials(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "keyed.json")
	if err := os.WriteFile(spec, []byte(keyedSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	const mcpToken = "mcp-t0ken-for-askapi-only"
	users := map[string]string{"ann": "key-of-ann-0a1b2c3d", "bob": "key-of-bob-4e5f6a7b"}
	up := newStubUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		stubJSON(w, 200, map[string]any{"path": r.URL.Path, "key": r.Header.Get("X-Api-Key")})
	})

	t.Run("with the flag", func(t *testing.T) {
		url, logs := serveHTTPWith(t, Options{Spec: spec, BaseURL: up.URL, HTTPToken: mcpToken, Access: Access{PerUserCredentials: true},
			Environ: []string{"ASKAPI_API_KEY=server-key-never-used"}, Timeout: 10 * time.Second, MaxBody: 1 << 20, Version: "test", NoCache: true})
		before := len(up.requests())
		const calls = 200
		var wg sync.WaitGroup
		errs := make(chan error, 2*calls)
		for user, key := range users {
			c, err := httpMCPClient(t, url, map[string]string{"Authorization": "Bearer " + mcpToken, pipeline.PerUserHeader: key})
			if err != nil {
				t.Fatalf("%s: initialize: %v", user, err)
			}
			// Four calls in flight per client, 200 in all.
			next := make(chan int, calls)
			for i := range calls {
				next <- i
			}
			close(next)
			for range 4 {
				wg.Add(1)
				go func(c *client.Client) {
					defer wg.Done()
					for i := range next {
						env, _ := mcpCallQuiet(c, "getThing", map[string]any{"thing": fmt.Sprintf("%s-%d", user, i)})
						if env.Status != "ok" {
							errs <- fmt.Errorf("%s call %d: %s %s", user, i, env.Status, env.Reason)
						}
						if strings.Contains(fmt.Sprint(env.Body), key) {
							errs <- fmt.Errorf("%s call %d: the key in the result", user, i)
						}
					}
				}(c)
			}
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		reqs := up.requests()[before:]
		if len(reqs) != 2*calls {
			t.Fatalf("upstream saw %d requests, want %d", len(reqs), 2*calls)
		}
		mixups := 0
		for _, r := range reqs {
			user := strings.SplitN(strings.TrimPrefix(r.Path, "/things/"), "-", 2)[0]
			if r.Header.Get("X-Api-Key") != users[user] {
				mixups++
			}
			for name, vs := range r.Header {
				if strings.Contains(strings.Join(vs, " "), mcpToken) || strings.EqualFold(name, pipeline.PerUserHeader) {
					t.Errorf("upstream got %s: %v", name, vs)
				}
			}
		}
		if mixups != 0 {
			t.Errorf("%d of %d upstream requests carried another user's key", mixups, len(reqs))
		}
		for _, key := range users {
			if strings.Contains(logs.String(), key) {
				t.Error("a user's key in the log")
			}
		}

		// A request without the header is asked for it, and sends nothing.
		c, err := httpMCPClient(t, url, map[string]string{"Authorization": "Bearer " + mcpToken})
		if err != nil {
			t.Fatal(err)
		}
		n := len(up.requests())
		env, _ := mcpCall(t, c, "getThing", map[string]any{"thing": "x"})
		if env.Status != "needs_clarification" || len(env.Questions) != 1 || env.Questions[0].Kind != "sensitive" ||
			!strings.Contains(env.Questions[0].Question, pipeline.PerUserHeader) || len(up.requests()) != n {
			t.Errorf("a call without the header: %+v", env)
		}
	})

	t.Run("without the flag", func(t *testing.T) {
		url, _ := serveHTTPWith(t, Options{Spec: spec, BaseURL: up.URL, Environ: []string{"ASKAPI_API_KEY=server-key-4c5d6e7f"},
			Timeout: 10 * time.Second, MaxBody: 1 << 20, Version: "test", NoCache: true})
		c, err := httpMCPClient(t, url, map[string]string{pipeline.PerUserHeader: users["ann"]})
		if err != nil {
			t.Fatal(err)
		}
		before := len(up.requests())
		if env, _ := mcpCall(t, c, "getThing", map[string]any{"thing": "ann-0"}); env.Status != "ok" {
			t.Fatalf("call: %+v", env)
		}
		if reqs := up.requests()[before:]; len(reqs) != 1 || reqs[0].Header.Get("X-Api-Key") != "server-key-4c5d6e7f" {
			t.Errorf("upstream saw %+v, want the server's key", reqs)
		}
	})
}

// mcpCallQuiet calls a tool from any goroutine: errors come back, never t.Fatal.
func mcpCallQuiet(c *client.Client, name string, args map[string]any) (resultEnvelope, error) {
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		return resultEnvelope{Status: "transport error", Reason: err.Error()}, err
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		return resultEnvelope{}, err
	}
	var env resultEnvelope
	err = json.Unmarshal(raw, &env)
	return env, err
}
