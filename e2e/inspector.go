package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// NodeCommandTimeout bounds each Inspector / ValidateTools / Mcpb run.
var NodeCommandTimeout = 2 * time.Minute

// Inspector exit codes (MCP Inspector CLI 2.12.0, EXIT_CODES in
// clients/cli/build/index.js).
const (
	InspectorExitOK          = 0
	InspectorExitError       = 1 // usage, protocol/JSON-RPC error, outputSchema violation, stdio server failed to spawn or died
	InspectorExitUnreachable = 4 // HTTP/SSE server unreachable (a stdio spawn failure is 1)
	InspectorExitToolError   = 5 // tools/call result had isError:true, or tool not found
)

// CmdError is returned by Inspector, ValidateTools and Mcpb when the command
// ran but exited non-zero (or could not run). Use errors.As to read it.
type CmdError struct {
	Args     []string
	ExitCode int // -1 if the process did not exit normally
	Stdout   []byte
	Stderr   []byte
	Err      error
}

func (e *CmdError) Error() string {
	return fmt.Sprintf("%s: exit %d: %v\nstderr:\n%s", strings.Join(e.Args, " "), e.ExitCode, e.Err, tail(string(e.Stderr), 4000))
}

func (e *CmdError) Unwrap() error { return e.Err }

// ExitCode returns the exit code carried by err (a *CmdError), 0 for nil,
// and -1 for other errors.
func ExitCode(err error) int {
	if err == nil {
		return 0
	}
	var ce *CmdError
	if errors.As(err, &ce) {
		return ce.ExitCode
	}
	return -1
}

// requireNodeModules checks that `npm ci` has run in e2e/node (and that npx
// exists); it fails under CI=true and skips otherwise.
func requireNodeModules(t testing.TB, pkg string) {
	t.Helper()
	RequireBinary(t, "node")
	RequireBinary(t, "npx")
	pj := filepath.Join(NodeDir(), "node_modules", filepath.FromSlash(pkg), "package.json")
	if _, err := os.Stat(pj); err != nil {
		missing(t, "%s is not installed in %s: run `npm ci --no-audit --no-fund` there (scripts/test installs it)", pkg, NodeDir())
	}
}

// runNode runs name+args in e2e/node with stdin, returning stdout.
func runNode(t testing.TB, stdin []byte, name string, args ...string) ([]byte, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), NodeCommandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = NodeDir()
	cmd.Env = append(os.Environ(),
		"npm_config_loglevel=error", // hide npm's own warnings on stderr
		"npm_config_update_notifier=false",
		"npm_config_fund=false",
	)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	err := cmd.Run()
	if err != nil {
		code := -1
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		}
		if ctx.Err() != nil {
			err = fmt.Errorf("timed out after %v: %w", NodeCommandTimeout, err)
		}
		return stdout.Bytes(), &CmdError{Args: append([]string{name}, args...), ExitCode: code,
			Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Err: err}
	}
	return stdout.Bytes(), nil
}

// Inspector runs the official MCP Inspector CLI (pinned in e2e/node):
//
//	npx --no-install @modelcontextprotocol/inspector --cli <args...>
//
// with e2e/node as working directory (which is also the stdio server's cwd
// unless "--cwd DIR" is given). Typical args:
//
//	"-e", "KEY=VALUE", "--method", "tools/list", "--", serverBin, serverArgs...
//	"--method", "tools/call", "--tool-name", "x", "--tool-arg", "k=v", "--", serverBin, ...
//
// Put the server command after "--" so its own flags are not taken as the
// Inspector's. The server gets ONLY HOME, PATH, SHELL, TERM, USER/LOGNAME and
// the -e variables, not the test's environment. On success stdout is the
// result as pretty-printed JSON (e.g. {"tools":[...]} or a CallToolResult).
// A non-zero exit returns a *CmdError (see ExitCode): 5 when the tool result
// has isError:true or the tool is unknown, 1 for protocol errors and
// structuredContent that violates the tool's outputSchema; stderr then holds
// a JSON envelope {"error":{"code":...,"message":...}}.
//
// If node/npx or e2e/node/node_modules is missing the test is skipped, or
// failed when CI=true.
func Inspector(t testing.TB, args ...string) (stdout []byte, err error) {
	t.Helper()
	requireNodeModules(t, "@modelcontextprotocol/inspector")
	full := append([]string{"--no-install", "@modelcontextprotocol/inspector", "--cli"}, args...)
	return runNode(t, nil, "npx", full...)
}

// ValidateTools runs e2e/node/validate-tools.mjs on a tools/list result
// (the Inspector's tools/list stdout works as is). It applies the MCP
// TypeScript SDK clients' own checks (v1 @modelcontextprotocol/sdk and v2
// @modelcontextprotocol/client: zod ListToolsResultSchema and Ajv compilation
// of every outputSchema/inputSchema). It returns the report (stdout summary
// line); err is a *CmdError whose Stderr lists each invalid tool when any
// tool would be rejected.
func ValidateTools(t testing.TB, toolsListJSON []byte) (report []byte, err error) {
	t.Helper()
	requireNodeModules(t, "@modelcontextprotocol/sdk")
	requireNodeModules(t, "@modelcontextprotocol/client")
	return runNode(t, toolsListJSON, "node", filepath.Join(NodeDir(), "validate-tools.mjs"))
}

// Mcpb runs the pinned MCP Bundle CLI: npx --no-install @anthropic-ai/mcpb <args...>
// (e.g. "validate", "/abs/manifest.json" or "pack", srcDir, out.mcpb). Use
// absolute paths: the working directory is e2e/node.
func Mcpb(t testing.TB, args ...string) (stdout []byte, err error) {
	t.Helper()
	requireNodeModules(t, "@anthropic-ai/mcpb")
	full := append([]string{"--no-install", "@anthropic-ai/mcpb"}, args...)
	return runNode(t, nil, "npx", full...)
}
