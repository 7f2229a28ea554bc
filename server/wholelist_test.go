package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
)

// The encoded tools/list must be mcp-go's own answer, to the byte: these tests compare it
// with what mcp-go answers from its registered tools.

var wholeListSpecs = []struct{ name, path, mode string }{
	{"tmdb static", sharedSpecPath("tmdb.json"), "static"},
	{"spotify static", sharedSpecPath("spotify.json"), "static"},
	{"alertmanager static", sharedSpecPath("alertmanager-v2.yaml"), "static"},
	{"spotify dynamic", sharedSpecPath("spotify.json"), "dynamic"},
}

func wholeListOptions(path, mode string) Options {
	return Options{Spec: path, Mode: mode, BaseURL: "http://127.0.0.1:9", Environ: []string{}, NoCache: true, Version: "test"}
}

func wholeListPipeline(t *testing.T, path, mode string) *pipeline.Pipeline {
	t.Helper()
	opts := wholeListOptions(path, mode)
	cat, err := LoadCatalog(context.Background(), opts)
	if err != nil {
		t.Fatalf("LoadCatalog(%s): %v", path, err)
	}
	opts.BaseURLExact = stubAtRoot(cat)
	p, err := NewPipeline(cat, opts)
	if err != nil {
		t.Fatalf("NewPipeline: %v", err)
	}
	return p
}

// mcpGoTools is the "tools" array of mcp-go's own tools/list answer, as encoded.
func mcpGoTools(t *testing.T, s *mcpserver.MCPServer) json.RawMessage {
	t.Helper()
	data, err := json.Marshal(s.HandleMessage(context.Background(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)))
	if err != nil {
		t.Fatal(err)
	}
	var answer struct {
		Result struct {
			Tools json.RawMessage `json:"tools"`
		} `json:"result"`
	}
	if err := json.Unmarshal(data, &answer); err != nil || answer.Result.Tools == nil {
		t.Fatalf("mcp-go's tools/list answer %.200s: %v", data, err)
	}
	return answer.Result.Tools
}

func TestEncodedToolListIsMCPGos(t *testing.T) {
	specs := append(wholeListSpecs, struct{ name, path, mode string }{"github static", benchListSpecs[0].path, "static"}) //nolint:gocritic // appendAssign: a literal has no spare capacity, so wholeListSpecs is not written
	for _, spec := range specs {
		t.Run(spec.name, func(t *testing.T) {
			if _, err := os.Stat(spec.path); err != nil {
				t.Skipf("%s is not installed: %v", spec.path, err)
			}
			p := wholeListPipeline(t, spec.path, spec.mode)
			entries, err := serverTools(p)
			if err != nil {
				t.Fatal(err)
			}
			list, err := encodeToolList(entries)
			if err != nil {
				t.Fatal(err)
			}
			// The entries registered hold input schemas that are slices of the list now.
			s := newMCPServer("test", samplingFilter())
			s.AddTools(entries...)
			want := mcpGoTools(t, s)
			if !bytes.Equal(list.json, want) {
				at := firstDifference(list.json, want)
				t.Fatalf("encoded list differs from mcp-go's at byte %d:\n got %.300s\nwant %.300s", at, list.json[at:], want[at:])
			}
			listed := 0 // resolve through sampling is listed only to clients that sample
			for _, e := range entries {
				if !needsSampling(e.Tool) {
					listed++
				}
			}
			if list.n != listed {
				t.Errorf("%d tools encoded, %d registered and listed", list.n, listed)
			}
		})
	}
}

// TestEncodedToolListOddTools covers what askapi's tools do not use: fields mcp-go
// encodes its way, a name registered twice, escaping.
func TestEncodedToolListOddTools(t *testing.T) {
	yes := true
	schema := json.RawMessage(`{"type":"object","properties":{"q":{"type":"string","description":"\u003cb\u003e \u0026 \u2028"}}}`)
	tool := func(name, desc string) mcp.Tool {
		return mcp.Tool{Name: name, Description: desc, RawInputSchema: schema, Annotations: mcp.ToolAnnotation{ReadOnlyHint: &yes}}
	}
	titled := tool("titled", "with a title")
	titled.Title = "Titled"
	structured := mcp.NewTool("structured", mcp.WithString("q", mcp.Required()), mcp.WithDescription("structured schema"))
	withMeta := tool("meta", "html <b>&</b> and \u2028 line separator")
	withMeta.Meta = &mcp.Meta{AdditionalFields: map[string]any{"openapi": map[string]any{"path": "/a?b=<c>"}}}
	withOutput := tool("output", "")
	withOutput.RawOutputSchema = json.RawMessage(`{"type":"object"}`)
	entries := []mcpserver.ServerTool{
		{Tool: tool("twice", "first")}, {Tool: titled}, {Tool: structured}, {Tool: withMeta},
		{Tool: withOutput}, {Tool: tool("twice", "second, kept")}, {Tool: tool("Upper", "sorts first")},
	}
	list, err := encodeToolList(entries)
	if err != nil {
		t.Fatal(err)
	}
	s := newMCPServer("test")
	s.AddTools(entries...)
	if want := mcpGoTools(t, s); !bytes.Equal(list.json, want) {
		t.Fatalf("encoded list differs from mcp-go's:\n got %s\nwant %s", list.json, want)
	}
}

func firstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// modernMeta makes a request one of protocol version 2026-07-28, which has no initialize.
const modernMeta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`

// wholeListRequests are tools/list requests of every shape: whole lists answered from the
// encoded list, and what mcp-go answers alone (a cursor, a malformed request).
func wholeListRequests(cursorAfter string) []struct{ name, msg string } {
	cursor := base64.StdEncoding.EncodeToString([]byte(cursorAfter))
	return []struct{ name, msg string }{
		{"number id", `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`},
		{"string id", `{"jsonrpc":"2.0","id":"seven","method":"tools/list","params":{}}`},
		{"empty cursor", `{"jsonrpc":"2.0","id":8,"method":"tools/list","params":{"cursor":""}}`},
		{"cursor", `{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{"cursor":"` + cursor + `"}}`},
		{"bad cursor", `{"jsonrpc":"2.0","id":10,"method":"tools/list","params":{"cursor":"%%%"}}`},
		{"modern", `{"jsonrpc":"2.0","id":11,"method":"tools/list","params":{` + modernMeta + `}}`},
		{"modern without capabilities", `{"jsonrpc":"2.0","id":12,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`},
	}
}

// middleName is a tool name halfway through the sorted list, for a cursor.
func middleName(t *testing.T, p *pipeline.Pipeline) string {
	t.Helper()
	entries, err := serverTools(p)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Tool.Name
	}
	sort.Strings(names)
	return names[len(names)/2]
}

func decodeJSON(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("decode %.200s: %v", data, err)
	}
	return v
}

func TestWholeListOverStdio(t *testing.T) {
	for _, spec := range wholeListSpecs {
		t.Run(spec.name, func(t *testing.T) {
			p := wholeListPipeline(t, spec.path, spec.mode)
			ref, err := New(p, "test")
			if err != nil {
				t.Fatal(err)
			}
			requests := wholeListRequests(middleName(t, p))

			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				opts := wholeListOptions(spec.path, spec.mode)
				opts.Stdin, opts.Stdout = inR, outW
				done <- Serve(ctx, opts)
				outW.Close()
			}()
			t.Cleanup(func() {
				cancel()
				inW.Close()
				if err := <-done; err != nil {
					t.Errorf("Serve: %v", err)
				}
			})
			answers := make(chan []byte, 16)
			go func() {
				r := bufio.NewReader(outR)
				for {
					line, err := r.ReadBytes('\n')
					if len(line) > 0 {
						answers <- line
					}
					if err != nil {
						close(answers)
						return
					}
				}
			}()
			// Everything at once, before the spec is loaded: the lists wait for it.
			var input bytes.Buffer
			input.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n")
			input.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
			for _, req := range requests {
				input.WriteString(req.msg + "\n")
			}
			go func() { _, _ = inW.Write(input.Bytes()) }()

			got := map[string]any{}
			deadline := time.After(60 * time.Second)
			for len(got) < len(requests)+1 {
				select {
				case line, ok := <-answers:
					if !ok {
						t.Fatalf("stdout ended after %d answers", len(got))
					}
					var msg struct {
						ID json.RawMessage `json:"id"`
					}
					if err := json.Unmarshal(line, &msg); err != nil {
						t.Fatalf("not one JSON message a line: %v: %.200s", err, line)
					}
					if msg.ID != nil {
						got[string(msg.ID)] = decodeJSON(t, line)
					}
				case <-deadline:
					t.Fatalf("timed out with %d answers", len(got))
				}
			}
			for _, req := range requests {
				var id struct {
					ID json.RawMessage `json:"id"`
				}
				_ = json.Unmarshal([]byte(req.msg), &id)
				wantData, err := json.Marshal(ref.HandleMessage(context.Background(), []byte(req.msg)))
				if err != nil {
					t.Fatal(err)
				}
				if want := decodeJSON(t, wantData); !reflect.DeepEqual(got[string(id.ID)], want) {
					gotData, _ := json.Marshal(got[string(id.ID)])
					t.Errorf("%s: answer differs from mcp-go's:\n got %.400s\nwant %.400s", req.name, gotData, wantData)
				}
			}
		})
	}
}

func TestWholeListOverHTTP(t *testing.T) {
	for _, spec := range wholeListSpecs {
		t.Run(spec.name, func(t *testing.T) {
			p := wholeListPipeline(t, spec.path, spec.mode)
			ref, err := New(p, "test")
			if err != nil {
				t.Fatal(err)
			}
			refURL := httptest.NewServer(mcpserver.NewStreamableHTTPServer(ref))
			t.Cleanup(refURL.Close)
			url := serveHTTPSpecForTest(t, wholeListOptions(spec.path, spec.mode))

			refSession := httpInitialize(t, refURL.URL)
			session := httpInitialize(t, url)
			for _, req := range wholeListRequests(middleName(t, p)) {
				modern := strings.Contains(req.msg, "2026-07-28")
				got := httpAnswer(t, url, session, req.msg, modern)
				want := httpAnswer(t, refURL.URL, refSession, req.msg, modern)
				if !reflect.DeepEqual(decodeJSON(t, got), decodeJSON(t, want)) {
					t.Errorf("%s: answer differs from mcp-go's:\n got %.400s\nwant %.400s", req.name, got, want)
				}
			}
		})
	}
}

// serveHTTPSpecForTest runs Serve over HTTP on a free port and returns its endpoint.
func serveHTTPSpecForTest(t *testing.T, opts Options) string {
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
			t.Errorf("Serve: %v", err)
		}
	})
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if m := httpURLLog.FindStringSubmatch(logs.String()); m != nil {
			return m[1]
		}
	}
	t.Fatalf("Serve did not log its URL:\n%s", logs.String())
	return ""
}

func httpInitialize(t *testing.T, url string) string {
	t.Helper()
	resp := httpPost(t, url, "", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, false)
	session := resp.Header.Get("Mcp-Session-Id")
	resp.Body.Close()
	httpPost(t, url, session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, false).Body.Close()
	return session
}

func httpPost(t *testing.T, url, session, msg string, modern bool) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(msg))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if modern {
		req.Header.Set("MCP-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", "tools/list")
	} else if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// httpAnswer is the JSON-RPC answer to msg, whether sent as JSON or as an event.
func httpAnswer(t *testing.T, url, session, msg string, modern bool) []byte {
	t.Helper()
	resp := httpPost(t, url, session, msg, modern)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		return append([]byte(fmt.Sprintf(`{"http":%d,"answer":`, resp.StatusCode)), append(bytes.TrimSpace(body), '}')...)
	}
	for _, line := range strings.Split(string(body), "\n") {
		data, ok := strings.CutPrefix(line, "data: ")
		var msg struct {
			ID     any    `json:"id"`
			Method string `json:"method"`
		}
		if ok && json.Unmarshal([]byte(data), &msg) == nil && msg.ID != nil && msg.Method == "" {
			return []byte(fmt.Sprintf(`{"http":%d,"answer":%s}`, resp.StatusCode, data))
		}
	}
	t.Fatalf("no answer in the event stream: %.300s", body)
	return nil
}
