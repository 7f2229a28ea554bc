package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/askapi/askapi/server/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// The HTTP front's guards (issue 14, point 5), over real HTTP on loopback: body limit,
// Origin, sessions, /healthz.

const initializeMsg = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

// guardOptions serve the Alertmanager spec; its upstream is never called.
func guardOptions() Options {
	return wholeListOptions(sharedSpecPath("alertmanager-v2.yaml"), ModeStatic)
}

// rawAnswer is one HTTP exchange: status, headers and body.
type rawAnswer struct {
	status int
	header http.Header
	body   []byte
}

// rpcError is the JSON-RPC error code of the answer's body, 0 when it carries none.
func (a rawAnswer) rpcError() int {
	var msg struct {
		Error *struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(a.body, &msg) != nil || msg.Error == nil {
		return 0
	}
	return msg.Error.Code
}

func rawDo(t *testing.T, method, url string, header map[string]string, body io.Reader) rawAnswer {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") && method == http.MethodGet {
		// A stream opened: it would run until the server ends; its status says enough.
		return rawAnswer{resp.StatusCode, resp.Header, nil}
	}
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: read answer: %v", method, url, err)
	}
	return rawAnswer{resp.StatusCode, resp.Header, data}
}

// post sends msg; session "" sends no Mcp-Session-Id.
func post(t *testing.T, url, session, msg string) rawAnswer {
	t.Helper()
	h := map[string]string{}
	if session != "" {
		h["Mcp-Session-Id"] = session
	}
	return rawDo(t, http.MethodPost, url, h, strings.NewReader(msg))
}

// padded is a ping whose JSON is exactly n bytes long (n ≥ 64).
func padded(n int) string {
	head := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_pad":"`
	tail := `"}}`
	return head + strings.Repeat("x", n-len(head)-len(tail)) + tail
}

func TestHTTPBodyLimit(t *testing.T) {
	opts := guardOptions()
	opts.HTTPMaxBody = 4096
	small := serveHTTPSpecForTest(t, opts)
	byDefault := serveHTTPSpecForTest(t, guardOptions())
	session := httpInitialize(t, small)

	// unsized hides the body's length, so it is sent chunked and only reading tells.
	type unsized struct{ io.Reader }
	cases := []struct {
		name   string
		url    string
		body   io.Reader
		status int
	}{
		{"at the limit", small, strings.NewReader(padded(4096)), http.StatusOK},
		{"one byte over, Content-Length", small, strings.NewReader(padded(4097)), http.StatusRequestEntityTooLarge},
		{"one byte over, chunked", small, unsized{strings.NewReader(padded(4097))}, http.StatusRequestEntityTooLarge},
		{"default limit, just over", byDefault, strings.NewReader(padded(int(transport.DefaultHTTPMaxBody) + 1)), http.StatusRequestEntityTooLarge},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := map[string]string{"Mcp-Session-Id": session}
			if tc.url == byDefault {
				h = nil // refused before the session is looked at
			}
			got := rawDo(t, http.MethodPost, tc.url, h, tc.body)
			if got.status != tc.status {
				t.Fatalf("HTTP %d, want %d: %.300s", got.status, tc.status, got.body)
			}
			if tc.status == http.StatusRequestEntityTooLarge && got.rpcError() != transport.RPCInvalidRequest {
				t.Errorf("413 without a JSON-RPC error %d: %.300s", transport.RPCInvalidRequest, got.body)
			}
		})
	}
}

// countingBody counts the bytes the server reads of a request body.
type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (c countingBody) Read(p []byte) (int, error) {
	n, err := c.ReadCloser.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// An oversized body is refused having read nothing of it when its length is declared,
// and no more than one byte past the limit when it is not (the 500 MB POST of issue 14
// took the process to 1.24 GB).
func TestHTTPBodyLimitReadsNothingPastIt(t *testing.T) {
	const limit = 1 << 20
	ready := make(chan struct{})
	close(ready)
	opts := guardOptions()
	opts.HTTPMaxBody = limit
	front, err := transport.NewHTTPFront(newMCPServer("test"), &encodedList{}, ready, httpConfigOf(opts), "127.0.0.1:0", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { front.Close(context.Background()) })
	var read atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = countingBody{r.Body, &read}
		front.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)

	t.Run("declared 500 MB, none sent", func(t *testing.T) {
		// Raw HTTP/1.1: the headers promise the 500 MB and no byte follows. The
		// answer must come without the server waiting for (or reading) any of it; the
		// deadline only keeps a server that waits from hanging the test.
		read.Store(0)
		conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		_ = conn.SetDeadline(time.Now().Add(time.Minute))
		fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n",
			strings.TrimPrefix(srv.URL, "http://"), 500<<20)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("no answer before the body: %v", err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(body), `"jsonrpc"`) {
			t.Errorf("HTTP %d %s, want 413 with a JSON-RPC error", resp.StatusCode, body)
		}
		if n := read.Load(); n != 0 {
			t.Errorf("the server read %d bytes of the body, want none", n)
		}
	})
	t.Run("chunked 8 MB", func(t *testing.T) {
		read.Store(0)
		type unsized struct{ io.Reader }
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/mcp", unsized{io.LimitReader(zeros{}, 8<<20)})
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			// The server may close the connection while the client still writes the body;
			// the count below is what matters then.
			t.Logf("client: %v", err)
		} else {
			resp.Body.Close()
			if resp.StatusCode != http.StatusRequestEntityTooLarge {
				t.Errorf("HTTP %d, want 413", resp.StatusCode)
			}
		}
		if n := read.Load(); n > limit+1 {
			t.Errorf("the server read %d bytes of the body, want at most %d", n, limit+1)
		}
	})
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestHTTPOrigin(t *testing.T) {
	opts := guardOptions()
	opts.HTTPAllowOrigins = []string{"https://App.Example.com/"}
	url := serveHTTPSpecForTest(t, opts)
	own := strings.TrimSuffix(url, "/mcp") // http://127.0.0.1:PORT

	cases := []struct {
		name, origin string
		status       int
	}{
		{"no Origin (CLI and desktop clients)", "", http.StatusOK},
		{"another site", "http://evil.example.com", http.StatusForbidden},
		{"another site, https", "https://evil.example.com:443", http.StatusForbidden},
		{"a site named like localhost", "http://localhost.evil.example.com", http.StatusForbidden},
		{"opaque origin", "null", http.StatusForbidden},
		{"not an origin", "javascript:alert(1)", http.StatusForbidden},
		{"own address", own, http.StatusOK},
		{"localhost, another port", "http://localhost:6274", http.StatusOK},
		{"127.0.0.1, another port", "http://127.0.0.1:3000", http.StatusOK},
		{"[::1]", "http://[::1]:5173", http.StatusOK},
		{"configured origin", "https://app.example.com", http.StatusOK},
		{"configured origin, another port", "https://app.example.com:8443", http.StatusForbidden},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := map[string]string{}
			if tc.origin != "" {
				h["Origin"] = tc.origin
			}
			got := rawDo(t, http.MethodPost, url, h, strings.NewReader(initializeMsg))
			if got.status != tc.status {
				t.Fatalf("Origin %q: HTTP %d, want %d: %.300s", tc.origin, got.status, tc.status, got.body)
			}
			if tc.status == http.StatusForbidden && got.rpcError() != transport.RPCTransportRefused {
				t.Errorf("403 without a JSON-RPC error: %.300s", got.body)
			}
		})
	}
	t.Run("configured origin gets CORS", func(t *testing.T) {
		got := rawDo(t, http.MethodPost, url, map[string]string{"Origin": "https://app.example.com"}, strings.NewReader(initializeMsg))
		if got.header.Get("Access-Control-Allow-Origin") != "https://app.example.com" {
			t.Errorf("Access-Control-Allow-Origin %q", got.header.Get("Access-Control-Allow-Origin"))
		}
	})
	t.Run("a malformed allowed origin fails at start", func(t *testing.T) {
		if _, err := transport.NewOriginPolicy("127.0.0.1:0", []string{"app.example.com"}); err == nil {
			t.Error("an origin without a scheme was accepted")
		}
	})
}

// Off loopback: the server's own host is the one --http names, or the address a request
// came in on; loopback origins are not the server's own there.
func TestOriginPolicyOffLoopback(t *testing.T) {
	cases := []struct {
		listen, local, origin string
		want                  bool
	}{
		{"0.0.0.0:8080", "192.0.2.10:8080", "http://192.0.2.10:8080", true},
		{"0.0.0.0:8080", "192.0.2.10:8080", "http://192.0.2.11:8080", false},
		{"0.0.0.0:8080", "192.0.2.10:8080", "http://localhost:3000", false},
		{"mcp.lan:8080", "192.0.2.10:8080", "http://MCP.lan:8080", true},
		{"mcp.lan:8080", "192.0.2.10:8080", "http://mcp.lan.evil.example.com", false},
		{"0.0.0.0:8080", "127.0.0.1:8080", "http://localhost:3000", true},
	}
	for _, tc := range cases {
		p, err := transport.NewOriginPolicy(tc.listen, nil)
		if err != nil {
			t.Fatal(err)
		}
		req := httptest.NewRequest(http.MethodPost, "/mcp", nil)
		local, _ := net.ResolveTCPAddr("tcp", tc.local)
		req = req.WithContext(context.WithValue(req.Context(), http.LocalAddrContextKey, net.Addr(local)))
		req.Header.Set("Origin", tc.origin)
		if got := p.Allows(req); got != tc.want {
			t.Errorf("listen %s, local %s, Origin %s: allowed %v, want %v", tc.listen, tc.local, tc.origin, got, tc.want)
		}
	}
}

func TestHTTPSessions(t *testing.T) {
	url := serveHTTPSpecForTest(t, guardOptions())
	live := httpInitialize(t, url)
	ended := httpInitialize(t, url)
	if live == "" || ended == "" || live == ended {
		t.Fatalf("session ids %q and %q", live, ended)
	}
	if got := rawDo(t, http.MethodDelete, url, map[string]string{"Mcp-Session-Id": ended}, nil); got.status != http.StatusOK {
		t.Fatalf("DELETE a live session: HTTP %d: %s", got.status, got.body)
	}
	neverIssued := "mcp-session-2b1c5bd4-35a5-4c86-9b7e-6f1d9f0c7a11"
	const list = `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
	const note = `{"jsonrpc":"2.0","method":"notifications/initialized"}`

	cases := []struct {
		name, method, session, body string
		status, code                int
	}{
		{"live session", http.MethodPost, live, list, http.StatusOK, 0},
		{"request without a session", http.MethodPost, "", list, http.StatusBadRequest, transport.RPCTransportRefused},
		{"notification without a session", http.MethodPost, "", note, http.StatusBadRequest, transport.RPCTransportRefused},
		{"never issued", http.MethodPost, neverIssued, list, http.StatusNotFound, transport.RPCSessionNotFound},
		{"terminated", http.MethodPost, ended, list, http.StatusNotFound, transport.RPCSessionNotFound},
		{"GET without a session", http.MethodGet, "", "", http.StatusBadRequest, transport.RPCTransportRefused},
		{"GET, never issued", http.MethodGet, neverIssued, "", http.StatusNotFound, transport.RPCSessionNotFound},
		{"GET, terminated", http.MethodGet, ended, "", http.StatusNotFound, transport.RPCSessionNotFound},
		{"DELETE without a session", http.MethodDelete, "", "", http.StatusBadRequest, transport.RPCTransportRefused},
		{"DELETE, never issued", http.MethodDelete, neverIssued, "", http.StatusNotFound, transport.RPCSessionNotFound},
		{"DELETE, terminated", http.MethodDelete, ended, "", http.StatusNotFound, transport.RPCSessionNotFound},
		{"initialize needs none", http.MethodPost, "", initializeMsg, http.StatusOK, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := map[string]string{}
			if tc.session != "" {
				h["Mcp-Session-Id"] = tc.session
			}
			var body io.Reader
			if tc.body != "" {
				body = strings.NewReader(tc.body)
			}
			got := rawDo(t, tc.method, url, h, body)
			if got.status != tc.status {
				t.Fatalf("HTTP %d, want %d: %.300s", got.status, tc.status, got.body)
			}
			if tc.code != 0 && got.rpcError() != tc.code {
				t.Errorf("JSON-RPC error %d, want %d: %.300s", got.rpcError(), tc.code, got.body)
			}
		})
	}
	t.Run("2026-07-28 has no sessions", func(t *testing.T) {
		got := rawDo(t, http.MethodPost, url, map[string]string{mcp.HeaderProtocolVersion: "2026-07-28", "Mcp-Method": "tools/list"},
			strings.NewReader(`{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{`+modernMeta+`}}`))
		if got.status != http.StatusOK {
			t.Errorf("HTTP %d: %.300s", got.status, got.body)
		}
	})
}

// The store is bounded two ways: idle sessions expire, and past the ceiling the longest
// idle one ends. A fake clock keeps it free of timing.
func TestSessionStore(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	s := transport.NewSessionStore(time.Hour, 3, func() time.Time { return now })
	a, b, c := s.Generate(), s.Generate(), s.Generate()
	if _, err := s.Validate(a); err != nil { // a is now the most recently used
		t.Fatalf("Validate(a): %v", err)
	}
	d := s.Generate() // full: b, the longest idle, ends
	for id, want := range map[string]bool{a: true, b: false, c: true, d: true} {
		if _, err := s.Validate(id); (err == nil) != want {
			t.Errorf("after the fourth session: Validate(%s) err %v, want live %v", id, err, want)
		}
	}
	if _, err := s.Terminate(c); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Validate(c); err == nil {
		t.Error("a terminated session validates")
	}
	now = now.Add(59 * time.Minute)
	if _, err := s.Validate(a); err != nil { // used: a's hour starts again
		t.Fatalf("Validate(a) within the hour: %v", err)
	}
	now = now.Add(time.Minute) // d idle for an hour, a for a minute
	if _, err := s.Validate(d); err == nil {
		t.Error("a session idle for the TTL validates")
	}
	if _, err := s.Validate(a); err != nil {
		t.Errorf("a recently used session expired: %v", err)
	}
	if n := s.Len(); n != 1 {
		t.Errorf("%d sessions kept, want 1", n)
	}
	if _, err := s.Validate(""); err == nil {
		t.Error("an empty id validates")
	}
}

func TestHealthz(t *testing.T) {
	const token = "health-tok-91c3"
	opts := guardOptions()
	opts.HTTPToken = token
	url := serveHTTPSpecForTest(t, opts)
	health := strings.TrimSuffix(url, "/mcp") + "/healthz"

	got := rawDo(t, http.MethodGet, health, nil, nil)
	if got.status != http.StatusOK || !strings.HasPrefix(got.header.Get("Content-Type"), "application/json") {
		t.Fatalf("GET /healthz without auth: HTTP %d %q: %s", got.status, got.header.Get("Content-Type"), got.body)
	}
	var body map[string]any
	if err := json.Unmarshal(got.body, &body); err != nil || body["status"] != "ok" {
		t.Fatalf("GET /healthz body %s (%v), want {\"status\":\"ok\",...}", got.body, err)
	}
	if len(got.body) > 200 || strings.Contains(string(got.body), token) || strings.Contains(string(got.body), "alertmanager") {
		t.Errorf("GET /healthz says too much: %s", got.body)
	}
	if got := rawDo(t, http.MethodPost, health, nil, strings.NewReader("{}")); got.status != http.StatusMethodNotAllowed {
		t.Errorf("POST /healthz: HTTP %d, want 405", got.status)
	}
	if got := post(t, url, "", initializeMsg); got.status != http.StatusUnauthorized {
		t.Errorf("/mcp without the token beside /healthz: HTTP %d, want 401", got.status)
	}
}

// A CORS preflight carries no credentials (browsers never send them with one), so the
// token check lets it through to mcp-go's CORS answer; any other OPTIONS needs the token.
func TestRequireBearerPreflight(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	cases := []struct {
		name, requestMethod string
		want                int
	}{
		{"preflight", http.MethodPost, http.StatusNoContent},
		{"plain OPTIONS", "", http.StatusUnauthorized},
	}
	for _, tc := range cases {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodOptions, "/mcp", nil)
		req.Header.Set("Origin", "https://app.example.com")
		if tc.requestMethod != "" {
			req.Header.Set("Access-Control-Request-Method", tc.requestMethod)
		}
		transport.RequireBearer("t0k", ok).ServeHTTP(rec, req)
		if rec.Code != tc.want {
			t.Errorf("%s: HTTP %d, want %d", tc.name, rec.Code, tc.want)
		}
	}
}
