//go:build e2e

package e2e_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// fakeMCPEnv makes the test binary act as a minimal MCP stdio server (used
// to exercise the Inspector helper without depending on askapi's code).
const fakeMCPEnv = "E2E_FAKE_MCP_SERVER"

func TestMain(m *testing.M) {
	if os.Getenv(fakeMCPEnv) == "1" {
		serveFakeMCP()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

type rpcMsg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
}

// serveFakeMCP speaks newline-delimited JSON-RPC on stdin/stdout with one
// tool "echo" (returns its msg argument plus os.Args/env for checks) and one
// tool "fail" (returns isError:true).
func serveFakeMCP() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	enc := json.NewEncoder(os.Stdout)
	reply := func(id json.RawMessage, result any) {
		_ = enc.Encode(map[string]any{"jsonrpc": "2.0", "id": id, "result": result})
	}
	for in.Scan() {
		var msg rpcMsg
		if err := json.Unmarshal(in.Bytes(), &msg); err != nil || msg.ID == nil {
			continue // notifications and junk need no answer
		}
		switch msg.Method {
		case "initialize":
			var p struct {
				ProtocolVersion string `json:"protocolVersion"`
			}
			_ = json.Unmarshal(msg.Params, &p)
			reply(msg.ID, map[string]any{
				"protocolVersion": p.ProtocolVersion,
				"capabilities":    map[string]any{"tools": map[string]any{}},
				"serverInfo":      map[string]any{"name": "e2e-fake", "version": "0.0.0"},
			})
		case "ping":
			reply(msg.ID, map[string]any{})
		case "tools/list":
			reply(msg.ID, map[string]any{"tools": []any{
				map[string]any{
					"name":        "echo",
					"description": "Echo msg back.",
					"inputSchema": map[string]any{
						"type":       "object",
						"properties": map[string]any{"msg": map[string]any{"type": "string"}},
						"required":   []string{"msg"},
					},
				},
				map[string]any{
					"name":        "fail",
					"description": "Always returns isError.",
					"inputSchema": map[string]any{"type": "object"},
				},
			}})
		case "tools/call":
			var p struct {
				Name      string         `json:"name"`
				Arguments map[string]any `json:"arguments"`
			}
			_ = json.Unmarshal(msg.Params, &p)
			text := func(s string) []any { return []any{map[string]any{"type": "text", "text": s}} }
			switch p.Name {
			case "echo":
				reply(msg.ID, map[string]any{"content": text(fmt.Sprintf("%v|%s|%v", p.Arguments["msg"], os.Getenv("E2E_FAKE_VAR"), os.Args[1:]))})
			case "fail":
				reply(msg.ID, map[string]any{"content": text("boom"), "isError": true})
			default:
				_ = enc.Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID,
					"error": map[string]any{"code": -32602, "message": "unknown tool " + p.Name}})
			}
		default:
			_ = enc.Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID,
				"error": map[string]any{"code": -32601, "message": "method not found: " + msg.Method}})
		}
	}
}
