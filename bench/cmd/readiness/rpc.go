package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/askapi/askapi/server"
)

// protocolVersion keeps the classic flow: initialize, then notifications/initialized.
const protocolVersion = "2025-11-25"

// child is an askapi process spoken to over stdio with raw JSON-RPC lines: no MCP library,
// so nothing but the server is measured.
type child struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr *server.TailBuffer
	kill   *time.Timer
	nextID int
	// early holds responses that arrived while another was awaited.
	early map[int]received
}

type received struct {
	r  response
	n  int
	at time.Time
}

// start execs bin and returns the moment just before the exec, the origin of "ready".
// The process is killed if it lives longer than limit.
func start(bin string, args, env []string, limit time.Duration) (*child, time.Time, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	c := &child{cmd: cmd, stderr: server.NewTailBuffer(8 << 10), nextID: 1, early: map[int]received{}}
	cmd.Stderr = c.stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, time.Time{}, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, time.Time{}, err
	}
	c.in, c.out = in, bufio.NewReaderSize(out, 1<<20)
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, t0, err
	}
	c.kill = time.AfterFunc(limit, func() { _ = cmd.Process.Kill() })
	return c, t0, nil
}

// request encodes one JSON-RPC request (id > 0) or notification (id 0) as a line.
func request(id int, method string, params any) []byte {
	msg := map[string]any{"jsonrpc": "2.0", "method": method}
	if id > 0 {
		msg["id"] = id
	}
	if params != nil {
		msg["params"] = params
	}
	data, _ := json.Marshal(msg)
	return append(data, '\n')
}

func initializeParams() map[string]any {
	return map[string]any{
		"protocolVersion": protocolVersion,
		"capabilities":    map[string]any{},
		"clientInfo":      map[string]any{"name": "askapi-bench", "version": "1"},
	}
}

// id reserves the next request id.
func (c *child) id() int {
	c.nextID++
	return c.nextID - 1
}

func (c *child) write(lines ...[]byte) error {
	_, err := c.in.Write(bytes.Join(lines, nil))
	return err
}

// response is a JSON-RPC response, its result left raw.
type response struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// await reads lines until the response to id has been fully received, and returns it with
// the time its last byte arrived. Notifications and server requests are skipped; other
// responses are kept for their own await.
func (c *child) await(id int) (response, int, time.Time, error) {
	got, ok := c.early[id]
	for !ok {
		line, err := c.out.ReadBytes('\n')
		at := time.Now()
		if err != nil {
			return response{}, 0, at, fmt.Errorf("waiting for response %d: %w%s", id, err, stderrNote(c.stderr))
		}
		var r response
		if err := json.Unmarshal(line, &r); err != nil {
			return r, 0, at, fmt.Errorf("response %d: %w", id, err)
		}
		rid, err := strconv.Atoi(string(r.ID))
		if err != nil || (r.Result == nil && r.Error == nil) {
			continue // a notification or a request from the server
		}
		got = received{r, len(line), at}
		if rid != id {
			c.early[rid] = got
			continue
		}
		ok = true
	}
	delete(c.early, id)
	if got.r.Error != nil {
		return got.r, got.n, got.at, fmt.Errorf("response %d: error %d: %s", id, got.r.Error.Code, got.r.Error.Message)
	}
	return got.r, got.n, got.at, nil
}

// listPage is what the harness reads of a tools/list result.
type listPage struct {
	Tools []struct {
		Name string `json:"name"`
		Meta struct {
			OpenAPI struct {
				OperationID string `json:"operationId"`
			} `json:"openapi"`
		} `json:"_meta"`
	} `json:"tools"`
	NextCursor string `json:"nextCursor"`
}

// listTools sends tools/list (following pages) and returns the tools, the payload bytes
// and the time the last page was fully received. first, when non-zero, is the id of a
// tools/list already sent.
func (c *child) listTools(first int) (listPage, int, time.Time, error) {
	var all listPage
	bytesIn := 0
	id, cursor := first, ""
	for {
		if id == 0 {
			id = c.id()
			params := map[string]any{}
			if cursor != "" {
				params["cursor"] = cursor
			}
			if err := c.write(request(id, "tools/list", params)); err != nil {
				return all, bytesIn, time.Time{}, err
			}
		}
		r, n, at, err := c.await(id)
		if err != nil {
			return all, bytesIn, at, err
		}
		bytesIn += n
		var page listPage
		if err := json.Unmarshal(r.Result, &page); err != nil {
			return all, bytesIn, at, fmt.Errorf("tools/list result: %w", err)
		}
		all.Tools = append(all.Tools, page.Tools...)
		if page.NextCursor == "" {
			return all, bytesIn, at, nil
		}
		id, cursor = 0, page.NextCursor
	}
}

// firstCall calls find_operations (served in every mode) and returns when its answer
// was received; an answer that is not a result is an error.
func (c *child) firstCall() (time.Time, error) {
	id := c.id()
	if err := c.write(request(id, "tools/call", map[string]any{
		"name": "find_operations", "arguments": map[string]any{"query": "list repositories"},
	})); err != nil {
		return time.Time{}, err
	}
	r, _, at, err := c.await(id)
	if err != nil {
		return at, fmt.Errorf("find_operations: %w", err)
	}
	var res struct {
		IsError bool `json:"isError"`
	}
	if err := json.Unmarshal(r.Result, &res); err != nil || res.IsError {
		return at, fmt.Errorf("find_operations: not a result: %s", firstLine(string(r.Result)))
	}
	return at, nil
}

// close ends the session by closing stdin and returns the peak RSS in KiB: VmHWM read
// just before, while the process still runs. wait4's ru_maxrss is not used: Linux keeps
// in it the high-water mark of the mm replaced at exec, which for Go's vfork-style spawn
// is the harness's own memory, so small specs would all show the harness's size.
func (c *child) close() (int64, error) {
	rss := vmHWM(c.cmd.Process.Pid)
	_ = c.in.Close()
	_, _ = io.Copy(io.Discard, c.out)
	err := c.cmd.Wait()
	c.kill.Stop()
	if err != nil {
		return rss, fmt.Errorf("askapi exited: %w%s", err, stderrNote(c.stderr))
	}
	return rss, nil
}

// vmHWM is a live process's peak resident set, in KiB, from /proc/PID/status.
func vmHWM(pid int) int64 {
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n
		}
	}
	return 0
}

// stderrNote is the tail of the child's stderr, for an error message.
func stderrNote(t *server.TailBuffer) string {
	s := strings.TrimSpace(t.String())
	if s == "" {
		return ""
	}
	return "\naskapi stderr:\n" + s
}

// childEnv is our environment without any ASKAPI_ setting, plus extra.
func childEnv(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ASKAPI_") {
			env = append(env, kv)
		}
	}
	return append(env, extra...)
}

var errNoTool = errors.New("no such tool")
