package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// bigArgument is a name of about 4 MB, under the HTTP front's 4 MiB body limit.
var bigArgument = strings.Repeat("abcdefg hijklmn opqrstu vwxyz ", 140000)[:4000000]

// answerCeiling is what one answer may weigh whatever the arguments: the values quoted
// back are cut (tools.EchoLimit), and the continuation does not carry megabytes.
const answerCeiling = 64 << 10

// Eight concurrent calls with 4 MB arguments over HTTP: every answer stays under 64 KB
// (it was 32 MB, the value repeated in the question, reason, error and calls[]), and
// nothing of megabytes goes upstream. Peak memory is measured by bench/cmd/bigargs.
func TestBigArgumentsOverHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("32 MB of arguments")
	}
	up := newStubUpstream(t, probeRoutes(map[string]http.HandlerFunc{
		"/records": func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost {
				// An API that quotes the value it refuses, whole.
				var body map[string]any
				_ = json.NewDecoder(r.Body).Decode(&body)
				stubJSON(w, 400, map[string]any{"errors": []any{map[string]any{"field": "name", "message": fmt.Sprintf("name %v is too long", body["name"])}}})
				return
			}
			stubJSON(w, 200, map[string]any{"results": []any{}})
		},
		"/echo": func(w http.ResponseWriter, r *http.Request) {
			stubJSON(w, 200, map[string]any{"q": r.URL.Query().Get("q")})
		},
	}))
	url := serveProbeHTTP(t, probeOptions(up.URL, "ASKAPI_API_KEY=k-bigargs-123456"))
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"getRecord", map[string]any{"record_id": bigArgument}},
		{"getRecord", map[string]any{"record_id": bigArgument, "_user_request": "show " + bigArgument[:1000]}},
		{"echoSearch", map[string]any{"q": bigArgument}},
		{"getFile", map[string]any{"name": bigArgument}},
		{"createRecord", map[string]any{"name": bigArgument}},
		{"createRecord", map[string]any{"name": "ok", "note": bigArgument}},
		{"listRecords", map[string]any{"q": bigArgument}},
		{"getRecord", map[string]any{"record_id": []any{bigArgument}}},
	}
	sizes := make([]int, len(calls))
	statuses := make([]string, len(calls))
	var wg sync.WaitGroup
	for i, c := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sizes[i], statuses[i] = rawToolCall(t, url, c.tool, c.args)
		}()
	}
	wg.Wait()
	for i, c := range calls {
		t.Logf("%s: %s, %d bytes", c.tool, statuses[i], sizes[i])
		if sizes[i] == 0 || sizes[i] > answerCeiling {
			t.Errorf("%s with a 4 MB argument: answer of %d bytes, want at most %d", c.tool, sizes[i], answerCeiling)
		}
	}
	for _, r := range up.requests() {
		if n := len(r.Path) + len(r.Query.Encode()) + len(r.Body); n > 8<<10 {
			if r.Method == http.MethodPost {
				continue // a body value has no bound: the API is asked to store it
			}
			t.Errorf("%s %s went upstream with %d bytes", r.Method, r.Path[:min(len(r.Path), 40)], n)
		}
	}
}

// rawToolCall posts one tools/call in a session of its own and returns the size of the
// answer's body and its status.
func rawToolCall(t *testing.T, url, tool string, args map[string]any) (int, string) {
	t.Helper()
	post := func(sid string, msg any) (*http.Response, []byte) {
		data, _ := json.Marshal(msg)
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodPost, url, bytes.NewReader(data))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Errorf("post: %v", err)
			return nil, nil
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp, body
	}
	resp, _ := post("", map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "t", "version": "1"}}})
	if resp == nil {
		return 0, ""
	}
	sid := resp.Header.Get("Mcp-Session-Id")
	post(sid, map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	resp, body := post(sid, map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": map[string]any{"name": tool, "arguments": args}})
	if resp == nil {
		return 0, ""
	}
	status := "?"
	if i := bytes.Index(body, []byte(`"status":"`)); i >= 0 {
		rest := body[i+len(`"status":"`):]
		status = string(rest[:bytes.IndexByte(rest, '"')])
	}
	return len(body), status
}
