// Command bigargs measures what large arguments cost askapi (issue 27): N concurrent
// tools/call over streamable HTTP, each in a session of its own, each with a value of
// --size bytes (under the HTTP front's 4 MiB body limit), against one `askapi serve
// --http` on server/testdata/probe.json and a loopback upstream. It prints each answer's
// size and status, the bytes that went upstream, and the server's peak RSS (VmHWM,
// read from /proc while it runs and once the calls are done).
//
//	go build -o /tmp/askapi . && go run ./bench/cmd/bigargs --askapi /tmp/askapi [--n 8] [--size 4000000] [--mix]
//
// Without --mix every call is the probe's: getRecord with the value as the record id.
// --mix spreads the calls over a path id, a query value, a path name, a body value the
// API refuses quoting it whole, a body value it takes, and a list.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	bin := flag.String("askapi", "", "askapi binary to measure (required)")
	n := flag.Int("n", 8, "concurrent calls")
	size := flag.Int("size", 4000000, "bytes of the large value")
	mix := flag.Bool("mix", false, "spread the calls over several tools and argument places")
	spec := flag.String("spec", "server/testdata/probe.json", "the probe spec")
	flag.Parse()
	if *bin == "" {
		fmt.Fprintln(os.Stderr, "bigargs: --askapi is required")
		os.Exit(2)
	}
	if err := run(*bin, *spec, *n, *size, *mix); err != nil {
		fmt.Fprintln(os.Stderr, "bigargs:", err)
		os.Exit(1)
	}
}

type call struct {
	tool string
	args map[string]any
}

func calls(n int, value string, mix bool) []call {
	varied := []call{
		{"getRecord", map[string]any{"record_id": value}},
		{"echoSearch", map[string]any{"q": value}},
		{"getFile", map[string]any{"name": value}},
		{"createRecord", map[string]any{"name": value}},
		{"createRecord", map[string]any{"name": "ok", "note": value}},
		{"listRecords", map[string]any{"q": value}},
		{"getRecord", map[string]any{"record_id": []any{value}}},
		{"getRecord", map[string]any{"record_id": value, "_user_request": "show " + value[:min(len(value), 1000)]}},
	}
	out := make([]call, n)
	for i := range out {
		out[i] = varied[0]
		if mix {
			out[i] = varied[i%len(varied)]
		}
	}
	return out
}

func run(bin, spec string, n, size int, mix bool) error {
	var upstreamBytes atomic.Int64
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		upstreamBytes.Add(int64(len(r.URL.RequestURI()) + len(body)))
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodPost && bytes.Contains(body, []byte(`"name":"abc`)) {
			// An API that refuses a value and quotes it back whole.
			var v map[string]any
			_ = json.Unmarshal(body, &v)
			w.WriteHeader(400)
			_ = json.NewEncoder(w).Encode(map[string]any{"errors": []any{map[string]any{"field": "name", "message": fmt.Sprintf("name %v is too long", v["name"])}}})
			return
		}
		_, _ = w.Write([]byte(`{"results":[]}`))
	}))
	defer up.Close()
	port, err := freePort()
	if err != nil {
		return err
	}
	abs, err := filepath.Abs(spec)
	if err != nil {
		return err
	}
	srv := exec.Command(bin, "serve", "--spec", abs, "--base-url", up.URL, "--mode", "static", "--no-cache", "--http", "127.0.0.1:"+strconv.Itoa(port))
	srv.Env = append(os.Environ(), "ASKAPI_API_KEY=k-bigargs-123456")
	srv.Stderr = io.Discard
	if err := srv.Start(); err != nil {
		return err
	}
	defer func() { _ = srv.Process.Kill(); _ = srv.Wait() }()
	url := fmt.Sprintf("http://127.0.0.1:%d/mcp", port)
	if err := waitPort(port); err != nil {
		return err
	}
	time.Sleep(300 * time.Millisecond)
	idle := vmHWM(srv.Process.Pid)

	value := strings.Repeat("abcdefg hijklmn opqrstu vwxyz ", size/30+1)[:size]
	cs := calls(n, value, mix)
	sizes, statuses := make([]int, n), make([]string, n)
	var peak atomic.Int64
	done := make(chan struct{})
	go func() { // VmHWM is the peak already; polling also sees a server that dies
		for {
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
				if h := vmHWM(srv.Process.Pid); h > peak.Load() {
					peak.Store(h)
				}
			}
		}
	}()
	start := time.Now()
	var wg sync.WaitGroup
	for i, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sizes[i], statuses[i] = toolCall(url, c.tool, c.args)
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	if h := vmHWM(srv.Process.Pid); h > peak.Load() {
		peak.Store(h)
	}
	close(done)
	largest := 0
	for i, c := range cs {
		fmt.Printf("%-13s %-20s %10d bytes\n", c.tool, statuses[i], sizes[i])
		largest = max(largest, sizes[i])
	}
	fmt.Printf("%d concurrent calls with a %d-byte value: %.1f s; largest answer %d bytes; %d bytes upstream; server peak RSS %d MB (idle %d MB)\n",
		n, size, elapsed.Seconds(), largest, upstreamBytes.Load(), peak.Load()>>10, idle>>10)
	return nil
}

// toolCall posts initialize and one tools/call in a session of its own; it returns the
// answer's size and status.
func toolCall(url, tool string, args map[string]any) (int, string) {
	post := func(sid string, msg any) (*http.Response, []byte, error) {
		data, _ := json.Marshal(msg)
		req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(data))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, nil, err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		return resp, body, err
	}
	resp, _, err := post("", map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "bigargs", "version": "1"}}})
	if err != nil {
		return 0, "initialize: " + err.Error()
	}
	sid := resp.Header.Get("Mcp-Session-Id")
	_, _, _ = post(sid, map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
	_, body, err := post(sid, map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": map[string]any{"name": tool, "arguments": args}})
	if err != nil {
		return 0, "call: " + err.Error()
	}
	status := "?"
	if i := bytes.Index(body, []byte(`"status":"`)); i >= 0 {
		rest := body[i+len(`"status":"`):]
		status = string(rest[:bytes.IndexByte(rest, '"')])
	}
	return len(body), status
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

func waitPort(port int) error {
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(port)); err == nil {
			c.Close()
			return nil
		}
	}
	return fmt.Errorf("askapi did not listen on %d", port)
}

// vmHWM is a process's peak resident set, in KB.
func vmHWM(pid int) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb
		}
	}
	return 0
}
