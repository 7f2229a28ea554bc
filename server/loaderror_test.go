package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/server/pipeline"
)

// misindentedSpec breaks on line 13: a key indented less than its mapping.
const misindentedSpec = `openapi: 3.0.3
info:
  title: Broken
  version: "1"
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      responses:
        "200":
          description: ok
     bad: indentation
`

// stdioExchange runs Serve over pipes, sends the requests one by one and returns each
// answer by id, and Serve's error once the input ends.
func stdioExchange(t *testing.T, opts Options, requests ...string) (map[int]json.RawMessage, error) {
	t.Helper()
	in, client := io.Pipe()
	fromServer, out := io.Pipe()
	opts.Stdin, opts.Stdout = in, out
	done := make(chan error, 1)
	go func() { done <- Serve(context.Background(), opts); out.Close() }()
	answers := map[int]json.RawMessage{}
	lines := bufio.NewScanner(fromServer)
	lines.Buffer(make([]byte, 1<<20), 1<<20)
	for _, req := range requests {
		if _, err := fmt.Fprintln(client, req); err != nil {
			t.Fatalf("write %s: %v", req, err)
		}
		var head struct {
			ID *int `json:"id"`
		}
		_ = json.Unmarshal([]byte(req), &head)
		if head.ID == nil {
			continue
		}
		for lines.Scan() {
			var msg struct {
				ID     *int            `json:"id"`
				Result json.RawMessage `json:"result"`
				Error  json.RawMessage `json:"error"`
			}
			if json.Unmarshal(lines.Bytes(), &msg) == nil && msg.ID != nil && *msg.ID == *head.ID {
				answers[*head.ID] = append(msg.Result, msg.Error...)
				break
			}
		}
	}
	client.Close()
	go func() { _, _ = io.Copy(io.Discard, fromServer) }()
	select {
	case err := <-done:
		return answers, err
	case <-time.After(30 * time.Second):
		t.Fatal("Serve did not end after its input did")
		return nil, nil
	}
}

const (
	rpcInitialize  = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	rpcInitialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	rpcList        = `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
)

func rpcCall(tool string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":%q,"arguments":{}}}`, tool)
}

// A spec that cannot be loaded still lets a stdio client in: initialize is answered, the
// one tool listed carries the loader's message (file, line, what is wrong) in its
// description and its answer, so the host shows it instead of "Connection closed". Over
// HTTP the server fails fast, for its supervisor.
func TestLoadErrorReachesTheClient(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "broken.yaml")
	if err := os.WriteFile(spec, []byte(misindentedSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	want := spec + ":13:6"
	for _, mode := range []string{ModeAuto, ModeDynamic} {
		t.Run(mode, func(t *testing.T) {
			opts := Options{Spec: spec, Mode: mode, NoCache: true, Environ: []string{}, Version: "test"}
			called := ToolSpecError
			if mode == ModeDynamic {
				called = pipeline.ToolFindOperations // listed before the spec failed: answered with the error
			}
			answers, err := stdioExchange(t, opts, rpcInitialize, rpcInitialized, rpcList, rpcCall(called))
			if err != nil {
				t.Fatalf("Serve over stdio returned %v, want it to stay up until its input ends", err)
			}
			if !strings.Contains(string(answers[1]), `"serverInfo"`) {
				t.Fatalf("initialize: %s", answers[1])
			}
			var list struct {
				Tools []struct{ Name, Description string }
			}
			if err := json.Unmarshal(answers[2], &list); err != nil {
				t.Fatalf("tools/list: %s (%v)", answers[2], err)
			}
			// In dynamic mode the list may be answered before the spec has failed.
			if mode != ModeDynamic || len(list.Tools) == 1 {
				if len(list.Tools) != 1 || list.Tools[0].Name != ToolSpecError {
					t.Fatalf("tools/list: %s", answers[2])
				}
				if !strings.Contains(list.Tools[0].Description, want) || !strings.Contains(list.Tools[0].Description, "invalid YAML") {
					t.Errorf("the tool's description does not carry the error at %s: %q", want, list.Tools[0].Description)
				}
			}
			var res struct {
				IsError bool
				Content []struct{ Text string }
			}
			if err := json.Unmarshal(answers[3], &res); err != nil || !res.IsError || len(res.Content) != 1 || !strings.Contains(res.Content[0].Text, want) {
				t.Errorf("tools/call %s: %s", called, answers[3])
			}
		})
	}
	t.Run("http", func(t *testing.T) {
		err := Serve(context.Background(), Options{Spec: spec, HTTPAddr: "127.0.0.1:0", NoCache: true, Environ: []string{}, Version: "test"})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("Serve over HTTP returned %v, want the load error", err)
		}
	})
}
