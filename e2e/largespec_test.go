//go:build e2e

package e2e_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/askapi/askapi/e2e"
)

// Large specs through the built binary: GitHub's REST description (every tool valid for the
// TypeScript SDKs; dynamic mode's tools/list a few KB), filters and dynamic mode over stdio.

// githubSpec is GitHub's spec from the pinned @octokit/openapi in bench/node. Missing, the
// test skips, or fails under CI=true, where scripts/test installs it.
func githubSpec(t *testing.T) string {
	t.Helper()
	path := filepath.Join(e2e.RepoRoot(), "bench", "node", "node_modules", "@octokit", "openapi", "generated", "api.github.com.json")
	if _, err := os.Stat(path); err != nil {
		msg := fmt.Sprintf("GitHub's spec is not installed (%v): run `npm ci --no-audit --no-fund` in bench/node (scripts/test installs it)", err)
		if e2e.InCI() {
			t.Fatal("CI=true and a test prerequisite is missing: " + msg)
		}
		t.Skip("skipping, prerequisite missing: " + msg)
	}
	return path
}

// githubOperations counts the operations the spec declares, read without askapi.
func githubOperations(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, item := range doc.Paths {
		for method := range item {
			switch method {
			case "get", "put", "post", "delete", "patch", "head", "options", "trace":
				n++
			}
		}
	}
	if n < 1000 {
		t.Fatalf("GitHub's spec declares only %d operations", n)
	}
	return n
}

var validateSummary = regexp.MustCompile(`validate-tools: (\d+) tools, (\d+) invalid`)

// validate runs the TypeScript SDKs' checks over a tools/list result and returns the
// number of tools and of invalid ones.
func validate(t *testing.T, list []byte) (total, invalid int) {
	t.Helper()
	report, err := e2e.ValidateTools(t, list)
	if err != nil {
		var stderr string
		if ce, ok := err.(*e2e.CmdError); ok {
			stderr = string(ce.Stderr)
			report = ce.Stdout
		}
		t.Errorf("validate-tools: %v\n%.6000s", err, stderr)
	}
	m := validateSummary.FindSubmatch(report)
	if m == nil {
		t.Fatalf("validate-tools printed no summary: %q", report)
	}
	total, _ = strconv.Atoi(string(m[1]))
	invalid, _ = strconv.Atoi(string(m[2]))
	return total, invalid
}

// TestGitHubEveryToolValid: every tool askapi makes from GitHub's spec passes the checks
// the official TypeScript clients run (both SDKs' ListToolsResultSchema, Ajv compilation of
// every input and output schema), and there is one tool per operation.
func TestGitHubEveryToolValid(t *testing.T) {
	spec := githubSpec(t)
	bin := e2e.BuildAskapi(t)
	ops := githubOperations(t, spec)
	cmd := exec.Command(bin, "tools", "--spec", spec, "--mode", "static")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("askapi tools: %v\n%s", err, stderr.String())
	}
	var list struct {
		Tools []struct {
			Name string `json:"name"`
			Meta struct {
				OpenAPI *struct{ Method, Path string } `json:"openapi"`
			} `json:"_meta"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(out, &list); err != nil {
		t.Fatalf("askapi tools output: %v", err)
	}
	operationTools := 0
	for _, tool := range list.Tools {
		if tool.Meta.OpenAPI != nil {
			operationTools++
		}
	}
	if operationTools != ops || len(list.Tools) != ops+3 {
		t.Errorf("%d tools, %d of them operations; the spec has %d operations (+ find_operations, plan and describe_operation)", len(list.Tools), operationTools, ops)
	}
	total, invalid := validate(t, out)
	t.Logf("validate-tools: %d tools, %d invalid (%d operations in the spec)", total, invalid, ops)
	if invalid != 0 {
		t.Errorf("%d of %d tools are rejected by the TypeScript SDKs", invalid, total)
	}
	if total != ops+3 {
		t.Errorf("validate-tools saw %d tools, want %d", total, ops+3)
	}
}

// TestGitHubDynamicToolsListOverStdio: served in the default (auto) mode, GitHub's spec
// answers tools/list with the four meta-tools in a few KB, measured on the wire.
func TestGitHubDynamicToolsListOverStdio(t *testing.T) {
	spec := githubSpec(t)
	bin := e2e.BuildAskapi(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "serve", "--spec", spec)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = stdin.Close()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("askapi stderr:\n%.4000s", stderr.String())
		}
	}()
	for _, msg := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"askapi-e2e","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`,
	} {
		if _, err := fmt.Fprintln(stdin, msg); err != nil {
			t.Fatal(err)
		}
	}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	var line []byte
	for sc.Scan() {
		var head struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(sc.Bytes(), &head) == nil && string(head.ID) == "2" {
			line = append([]byte(nil), sc.Bytes()...)
			break
		}
	}
	if line == nil {
		t.Fatalf("no tools/list response (%v)", sc.Err())
	}
	t.Logf("tools/list response on the wire: %d bytes", len(line))
	if len(line) >= 8<<10 {
		t.Errorf("dynamic tools/list is %d bytes on the wire, want < 8 KB", len(line))
	}
	var resp struct {
		Result struct {
			Tools []struct {
				Name string `json:"name"`
			} `json:"tools"`
		} `json:"result"`
	}
	if err := json.Unmarshal(line, &resp); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range resp.Result.Tools {
		names = append(names, tool.Name)
	}
	sort.Strings(names)
	if want := []string{"call_operation", "describe_operation", "find_operations", "plan"}; !reflect.DeepEqual(names, want) {
		t.Errorf("tools %v, want exactly %v", names, want)
	}
	if _, invalid := validate(t, line); invalid != 0 {
		t.Errorf("%d dynamic meta-tools rejected by the TypeScript SDKs", invalid)
	}
	// The list may come before the spec is compiled (dynamic mode's tools depend on no
	// catalog); a call sent now waits for the catalog and searches all of it.
	if _, err := fmt.Fprintln(stdin, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"find_operations","arguments":{"query":"list repositories of a user"}}}`); err != nil {
		t.Fatal(err)
	}
	line = nil
	for sc.Scan() {
		var head struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(sc.Bytes(), &head) == nil && string(head.ID) == "3" {
			line = append([]byte(nil), sc.Bytes()...)
			break
		}
	}
	var call struct {
		Result struct {
			IsError           bool `json:"isError"`
			StructuredContent struct {
				Status     string `json:"status"`
				Operations []struct {
					Method string `json:"method"`
					Path   string `json:"path"`
				} `json:"operations"`
			} `json:"structuredContent"`
		} `json:"result"`
	}
	if err := json.Unmarshal(line, &call); err != nil {
		t.Fatalf("find_operations answer %.300s: %v", line, err)
	}
	found := false
	for _, op := range call.Result.StructuredContent.Operations {
		found = found || (op.Method == "GET" && op.Path == "/users/{username}/repos")
	}
	if call.Result.IsError || call.Result.StructuredContent.Status != "ok" || !found {
		t.Errorf("find_operations: %.600s; want GET /users/{username}/repos among the matches", line)
	}
}

// toolNames lists a session's tools, sorted.
func (s *mcpSession) toolNames() []string {
	s.t.Helper()
	list, err := s.c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		s.t.Fatalf("tools/list: %v", err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	sort.Strings(names)
	return names
}

func sortedNames(names ...string) []string {
	sort.Strings(names)
	return names
}

// TestFiltersThroughBinary: the filter flags change what the built binary serves over stdio.
func TestFiltersThroughBinary(t *testing.T) {
	am, tmdb := specPath("alertmanager-v2.yaml"), specPath("tmdb.json")
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"tag", []string{"--spec", am, "--tag", "silence"},
			sortedNames("getSilences", "postSilences", "getSilence", "deleteSilence", "find_operations", "plan", "describe_operation")},
		{"tags comma-separated, exclude", []string{"--spec", am, "--tag", "silence,alert", "--exclude", "DELETE *", "--exclude", "post*"},
			sortedNames("getSilences", "getSilence", "getAlerts", "find_operations", "plan", "describe_operation")},
		{"include glob", []string{"--spec", tmdb, "--include", "GET /person/*"},
			sortedNames("GET_person-person_id", "GET_person-person_id-images", "GET_person-person_id-movie_credits",
				"GET_person-person_id-tv_credits", "GET_person-popular", "find_operations", "plan", "describe_operation")},
		{"read-only", []string{"--spec", am, "--read-only"},
			sortedNames("getStatus", "getReceivers", "getSilences", "getSilence", "getAlerts", "getAlertGroups", "find_operations", "plan", "describe_operation")},
		{"dynamic", []string{"--spec", tmdb, "--mode", "dynamic"},
			sortedNames("call_operation", "describe_operation", "find_operations", "plan")},
		{"auto above a threshold", []string{"--spec", tmdb, "--dynamic-threshold", "20"},
			sortedNames("call_operation", "describe_operation", "find_operations", "plan")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := startAskapiStdio(t, tc.args...)
			if got := s.toolNames(); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("tools %v\nwant  %v", got, tc.want)
			}
		})
	}
}

// TestFilterEnvThroughInspector: the environment forms (as an MCP Bundle sets them),
// through the official Inspector CLI.
func TestFilterEnvThroughInspector(t *testing.T) {
	bin := e2e.BuildAskapi(t)
	out, err := e2e.Inspector(t,
		"-e", "ASKAPI_INCLUDE=GET /person/{person_id}/*\ngetSilences,GET /movie/{movie_id}",
		"-e", "ASKAPI_EXCLUDE=*images",
		"--method", "tools/list", "--", bin, "serve", "--spec", specPath("tmdb.json"))
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	var list struct {
		Tools []struct{ Name string } `json:"tools"`
	}
	if err := json.Unmarshal(out, &list); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	sort.Strings(names)
	want := sortedNames("GET_person-person_id-movie_credits", "GET_person-person_id-tv_credits", "GET_movie-movie_id", "find_operations", "plan", "describe_operation")
	if !reflect.DeepEqual(names, want) {
		t.Errorf("tools %v\nwant  %v", names, want)
	}

	out, err = e2e.Inspector(t, "-e", "ASKAPI_MODE=dynamic", "-e", "ASKAPI_TAGS=silence",
		"--method", "tools/call", "--tool-name", "call_operation",
		"--tool-args-json", `{"operation": "getAlerts"}`,
		"--", bin, "serve", "--spec", specPath("alertmanager-v2.yaml"), "--base-url", "http://127.0.0.1:9")
	if err != nil {
		t.Fatalf("call_operation: %v", err)
	}
	_, env := decodeToolResult(t, out)
	// getAlerts is not a silence operation: filtered out, so unknown (served, it would
	// have failed reaching the dead base URL), and nothing is offered in its place.
	if env.Status != "needs_clarification" || len(env.Questions) != 1 || env.Questions[0].Field != "operation" ||
		!strings.Contains(env.Questions[0].Reason, `"getAlerts"`) {
		t.Fatalf("call_operation of a filtered-out operation: %+v", env)
	}
	for _, o := range env.Questions[0].Options {
		if o.Value == "getAlerts" || o.Value == "postAlerts" {
			t.Errorf("offered %v, which the filter left out", o.Value)
		}
	}
}

// TestDynamicModeThroughBinary: describe_operation and call_operation over stdio: the
// name "Jennifer" is searched, the ambiguity asked, and the continuation with the chosen
// id completes the call against a stub TMDB.
func TestDynamicModeThroughBinary(t *testing.T) {
	const key = "e2e-dyn-key-5b1c"
	up := newStubUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("api_key") != key {
			replyJSON(w, 401, map[string]any{"status_message": "bad key"})
			return
		}
		switch r.URL.Path {
		case "/search/person":
			replyJSON(w, 200, map[string]any{"page": 1, "results": []any{
				map[string]any{"id": 72129, "name": "Jennifer Lawrence", "known_for_department": "Acting", "known_for": []any{map[string]any{"title": "The Hunger Games"}}},
				map[string]any{"id": 6161, "name": "Jennifer Connelly", "known_for_department": "Acting", "known_for": []any{map[string]any{"title": "A Beautiful Mind"}}},
			}})
		case "/person/72129/movie_credits":
			replyJSON(w, 200, map[string]any{"id": 72129, "cast": []any{map[string]any{"title": "The Hunger Games"}}})
		default:
			http.NotFound(w, r)
		}
	})
	t.Setenv("ASKAPI_AUTH_API_KEY", key)
	s := startAskapiStdio(t, "--spec", specPath("tmdb.json"), "--base-url", up.URL, "--base-url-exact", "--mode", "dynamic")
	if got, want := s.toolNames(), sortedNames("call_operation", "describe_operation", "find_operations", "plan"); !reflect.DeepEqual(got, want) {
		t.Fatalf("tools %v, want %v", got, want)
	}

	var req mcp.CallToolRequest
	req.Params.Name = "describe_operation"
	req.Params.Arguments = map[string]any{"operation": "GET /person/{person_id}/movie_credits"}
	res, err := s.c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(res.StructuredContent)
	var described struct {
		Status string `json:"status"`
		Tool   struct {
			Name        string `json:"name"`
			InputSchema struct {
				Type       string                     `json:"type"`
				Properties map[string]json.RawMessage `json:"properties"`
				Required   []string                   `json:"required"`
			} `json:"inputSchema"`
		} `json:"tool"`
	}
	if err := json.Unmarshal(raw, &described); err != nil {
		t.Fatal(err)
	}
	if described.Status != "ok" || described.Tool.Name != "GET_person-person_id-movie_credits" || described.Tool.InputSchema.Type != "object" ||
		described.Tool.InputSchema.Properties["person_id"] == nil || !reflect.DeepEqual(described.Tool.InputSchema.Required, []string{"person_id"}) {
		t.Errorf("describe_operation: %s", raw)
	}

	first := s.call("call_operation", map[string]any{
		"operation": "GET_person-person_id-movie_credits", "arguments": map[string]any{"person_id": "Jennifer"},
		"_user_request": "Find films with Jennifer",
	})
	if first.Status != "needs_clarification" || len(first.Questions) != 1 || first.Questions[0].Kind != "ambiguous" || first.Questions[0].Field != "person_id" {
		t.Fatalf("first call: %s", dump(first))
	}
	if got := first.optionValues("person_id"); !reflect.DeepEqual(got, []string{"6161", "72129"}) {
		t.Errorf("options %v", got)
	}
	done := s.call("call_operation", map[string]any{
		"operation": "GET /person/{person_id}/movie_credits",
		"arguments": map[string]any{"person_id": 72129, "_continuation": first.Continuation},
	})
	if done.Status != "ok" || done.HTTP == nil || done.HTTP.Status != 200 {
		t.Fatalf("resumed call: %s", dump(done))
	}
	var paths []string
	for _, r := range up.requests() {
		paths = append(paths, r.Method+" "+r.Path)
	}
	if want := []string{"GET /search/person", "GET /person/72129/movie_credits"}; !reflect.DeepEqual(paths, want) {
		t.Errorf("upstream saw %v, want %v", paths, want)
	}
}

// TestJSPatternVerdicts: the verdicts in tools/openapi/testdata/jspatterns.json, which
// tools.JSCompatiblePattern is tested against, are what JavaScript's RegExp in "u" mode
// (Ajv's mode) really says.
func TestJSPatternVerdicts(t *testing.T) {
	node := e2e.RequireBinary(t, "node")
	table := filepath.Join(e2e.RepoRoot(), "tools", "openapi", "testdata", "jspatterns.json")
	script := `const cases = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
let bad = 0;
for (const c of cases) {
  let ok = true;
  try { new RegExp(c.pattern, "u"); } catch (e) { ok = false; }
  if (ok !== c.js) { bad++; console.log("WRONG " + JSON.stringify(c.pattern) + ": node says " + ok); }
}
console.log("checked " + cases.length + ", wrong " + bad);`
	out, err := exec.Command(node, "-e", script, table).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	if !regexp.MustCompile(`checked [1-9]\d+, wrong 0\n$`).Match(out) {
		t.Errorf("verdicts disagree with node:\n%s", out)
	}
}
