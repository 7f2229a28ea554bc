package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"

	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/server/transport"
)

// Benchmarks of serving (not tests: they run only with -bench). bench/run runs them and
// bench/cmd/readiness prints them beside the whole-process figures.

var benchListSpecs = []struct{ name, path string }{
	{"github", filepath.Join("..", "bench", "node", "node_modules", "@octokit", "openapi", "generated", "api.github.com.json")},
	{"tmdb", filepath.Join("..", "testdata", "shared", "specs", "tmdb.json")},
}

type benchServed struct {
	p *pipeline.Pipeline
	s *mcpserver.MCPServer
}

var (
	benchServedMu sync.Mutex
	benchServedBy = map[string]benchServed{}
)

// benchServe loads spec once per process and builds its pipeline and MCP server.
func benchServe(b *testing.B, spec, baseURL string) benchServed {
	b.Helper()
	benchServedMu.Lock()
	defer benchServedMu.Unlock()
	if sv, ok := benchServedBy[spec+baseURL]; ok {
		return sv
	}
	if _, err := os.Stat(spec); err != nil {
		b.Skipf("%s is not installed (run bench/run): %v", filepath.Base(spec), err)
	}
	opts := Options{Spec: spec, BaseURL: baseURL, Version: "bench"}
	cat, err := LoadCatalog(context.Background(), opts)
	if err != nil {
		b.Fatal(err)
	}
	opts.BaseURLExact = stubAtRoot(cat)
	p, err := NewPipeline(cat, opts)
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(p, "bench")
	if err != nil {
		b.Fatal(err)
	}
	sv := benchServed{p, s}
	benchServedBy[spec+baseURL] = sv
	return sv
}

// handle runs one JSON-RPC message through the MCP server and encodes the answer, as the
// stdio transport does.
func (sv benchServed) handle(b *testing.B, msg []byte) []byte {
	out, err := json.Marshal(sv.s.HandleMessage(context.Background(), msg))
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// BenchmarkToolsList measures answering tools/list once the spec is loaded: "served" is
// the MCP server's answer in its default mode, encoded; "all" renders every operation as a
// tool (the full static list) and encodes it; "encoded" answers the full static list as
// Serve does, from the list encoded once.
func BenchmarkToolsList(b *testing.B) {
	req := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`)
	for _, spec := range benchListSpecs {
		b.Run(spec.name+"/served", func(b *testing.B) {
			sv := benchServe(b, spec.path, "")
			b.ReportAllocs()
			var n int
			for b.Loop() {
				n = len(sv.handle(b, req))
			}
			b.ReportMetric(float64(n), "payload-bytes")
		})
		b.Run(spec.name+"/all", func(b *testing.B) {
			sv := benchServe(b, spec.path, "")
			b.ReportAllocs()
			var n int
			for b.Loop() {
				n = len(benchAllTools(b, sv.p))
			}
			b.ReportMetric(float64(n), "payload-bytes")
		})
		b.Run(spec.name+"/encoded", func(b *testing.B) {
			sv := benchServe(b, spec.path, "")
			s, list := benchEncodedServer(b, sv.p)
			ctx := transport.WithWholeList(context.Background())
			b.ReportAllocs()
			var n int
			for b.Loop() {
				n = benchWholeList(b, s, list, ctx, req)
			}
			b.ReportMetric(float64(n), "payload-bytes")
		})
	}
}

// benchEncodedServer serves every operation as a tool (static mode) with the list
// encoded once, as Serve does.
func benchEncodedServer(b *testing.B, p *pipeline.Pipeline) (*mcpserver.MCPServer, *encodedList) {
	static, err := NewPipeline(p.Catalog, Options{Mode: "static", Version: "bench", Environ: []string{}})
	if err != nil {
		b.Fatal(err)
	}
	entries, err := serverTools(static)
	if err != nil {
		b.Fatal(err)
	}
	l, err := encodeToolList(entries)
	if err != nil {
		b.Fatal(err)
	}
	list := &encodedList{}
	list.publish(l)
	s := newMCPServer("bench", mcpserver.WithToolFilter(list.filter))
	s.AddTools(entries...)
	return s, list
}

// benchWholeList answers a whole list as the stdio front does, written to io.Discard.
func benchWholeList(b *testing.B, s *mcpserver.MCPServer, list *encodedList, ctx context.Context, req []byte) int {
	data, err := json.Marshal(s.HandleMessage(ctx, req))
	if err != nil {
		b.Fatal(err)
	}
	head, tools, tail, ok := list.Expand(data)
	if !ok {
		b.Fatalf("no placeholder in %.200s", data)
	}
	out := &transport.LockedWriter{W: io.Discard}
	if err := out.WriteParts(head, tools, tail, []byte{'\n'}); err != nil {
		b.Fatal(err)
	}
	return len(head) + len(tools) + len(tail) + 1
}

func benchAllTools(b *testing.B, p *pipeline.Pipeline) []byte {
	list := make([]any, 0, len(p.Catalog.Operations()))
	for _, op := range p.Catalog.Operations() {
		t, err := ToolOf(op, p.Resolvable[op.Name], p.Policy.NeedsConfirm(op))
		if err != nil {
			b.Fatal(err)
		}
		list = append(list, t)
	}
	data, err := json.Marshal(map[string]any{"tools": list})
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkCallOverhead compares one GET against a loopback upstream made directly
// ("direct"), through the call pipeline ("pipeline"), and as an MCP tools/call through the
// server, JSON-RPC decoding and encoding included ("mcp"). askapi's overhead is mcp − direct.
func BenchmarkCallOverhead(b *testing.B) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"ok":true}`)
	}))
	defer up.Close()
	sv := benchServe(b, filepath.Join("..", "bench", "testdata", "ping.json"), up.URL)
	var op = sv.p.Catalog.Operations()[0]
	b.Run("direct", func(b *testing.B) {
		client := &http.Client{}
		for b.Loop() {
			resp, err := client.Get(up.URL + "/ping")
			if err != nil {
				b.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	})
	b.Run("pipeline", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if res := sv.p.Call(context.Background(), op, map[string]any{}); res.Status != clarify.StatusOK {
				b.Fatalf("status %q", res.Status)
			}
		}
	})
	b.Run("mcp", func(b *testing.B) {
		req := []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"` + op.Name + `","arguments":{}}}`)
		b.ReportAllocs()
		for b.Loop() {
			sv.handle(b, req)
		}
	})
}
