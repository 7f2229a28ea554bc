//go:build corpus

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools"
)

// GitHub's REST description (@octokit/openapi, pinned in bench/node; `npm ci` there, as
// scripts/test does) is the large real spec: over 1,200 operations.
var githubSpecPath = filepath.Join("..", "bench", "node", "node_modules", "@octokit", "openapi", "generated", "api.github.com.json")

var (
	githubOnce sync.Once
	githubCat  *tools.Catalog
	githubOps  []githubOp
	githubErr  error
)

// githubOp is one operation as the spec itself lists it, read without askapi's loader.
type githubOp struct {
	Method, Path, OperationID string
	Tags                      []string
}

// githubCatalog loads GitHub's spec once per test process. A missing spec skips the test,
// and fails it under CI=true, where scripts/test must have installed it.
func githubCatalog(t *testing.T) (*tools.Catalog, []githubOp) {
	t.Helper()
	if _, err := os.Stat(githubSpecPath); err != nil {
		msg := fmt.Sprintf("GitHub's spec is not installed (%v): run `npm ci` in bench/node (scripts/test installs it)", err)
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true: " + msg)
		}
		t.Skip(msg)
	}
	githubOnce.Do(func() {
		githubCat, githubErr = LoadCatalog(context.Background(), Options{Spec: githubSpecPath})
		if githubErr != nil {
			return
		}
		githubOps, githubErr = readGitHubOps(githubSpecPath)
	})
	if githubErr != nil {
		t.Fatal(githubErr)
	}
	return githubCat, githubOps
}

func readGitHubOps(path string) ([]githubOp, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	var out []githubOp
	for path, item := range doc.Paths {
		for method, raw := range item {
			switch method {
			case "get", "put", "post", "delete", "patch", "head", "options", "trace":
			default:
				continue
			}
			var op struct {
				OperationID string   `json:"operationId"`
				Tags        []string `json:"tags"`
			}
			if err := json.Unmarshal(raw, &op); err != nil {
				return nil, fmt.Errorf("%s %s: %w", method, path, err)
			}
			out = append(out, githubOp{strings.ToUpper(method), path, op.OperationID, op.Tags})
		}
	}
	return out, nil
}

// pipelineOnGitHub builds a pipeline over the shared GitHub catalog.
func pipelineOnGitHub(t *testing.T, opts Options) *pipeline.Pipeline {
	t.Helper()
	cat, _ := githubCatalog(t)
	p, err := NewPipeline(cat, opts)
	if err != nil {
		t.Fatalf("NewPipeline: %v", err)
	}
	return p
}

// maxDynamicToolsList is the budget of tools/list in dynamic mode, in bytes.
const maxDynamicToolsList = 8 << 10

// TestGitHubDynamicToolsList: GitHub's spec in the default (auto) mode is served
// dynamically, and tools/list over MCP is a few KB holding exactly the meta-tools.
func TestGitHubDynamicToolsList(t *testing.T) {
	p := pipelineOnGitHub(t, Options{})
	if !p.Dynamic() {
		t.Fatalf("auto mode with %d operations is not dynamic", len(p.Catalog.Operations()))
	}
	c := connectInProcess(t, p, nil, "")
	list, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("dynamic tools/list result: %d bytes", len(data))
	if len(data) >= maxDynamicToolsList {
		t.Errorf("dynamic tools/list is %d bytes, want < %d", len(data), maxDynamicToolsList)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	sort.Strings(names)
	if !reflect.DeepEqual(names, dynamicMetaTools) {
		t.Errorf("tools = %v, want exactly %v", names, dynamicMetaTools)
	}

	// The meta-tools reach the whole API: find, describe and (for a clarification,
	// which sends nothing) call an operation.
	found := callForStructured(t, c, pipeline.ToolFindOperations, map[string]any{"query": "add labels to an issue"})
	raw, _ := json.Marshal(found)
	if !strings.Contains(string(raw), `"tool":"issues_add-labels"`) {
		t.Errorf("find_operations does not name issues_add-labels: %.600s", raw)
	}
	env := describe(t, p, "POST /repos/{owner}/{repo}/issues/{issue_number}/labels")
	if env.Status != "ok" || env.Tool.Name != "issues_add-labels" || env.Tool.InputSchema["type"] != "object" {
		t.Errorf("describe_operation: %+v", env)
	}
	ask, _ := mcpCall(t, c, pipeline.ToolCallOperation, map[string]any{"operation": "issues_add-labels", "arguments": map[string]any{"owner": "octocat"}})
	if ask.Status != "needs_clarification" || len(ask.fields("missing")) == 0 {
		t.Errorf("call_operation without repo and issue: %+v", ask)
	}
}

// TestGitHubFilters: filters select exactly the operations the spec says they should.
func TestGitHubFilters(t *testing.T) {
	_, ops := githubCatalog(t)
	count := func(keep func(githubOp) bool) int {
		n := 0
		for _, op := range ops {
			if keep(op) {
				n++
			}
		}
		return n
	}
	cases := []struct {
		name string
		opts Options
		want int
	}{
		{"tag issues", Options{Tags: []string{"issues"}}, count(func(op githubOp) bool { return hasString(op.Tags, "issues") })},
		{"include GET /repos/*", Options{Include: []string{"GET /repos/*"}},
			count(func(op githubOp) bool { return op.Method == "GET" && strings.HasPrefix(op.Path, "/repos/") })},
		{"tag issues, read-only", Options{Tags: []string{"issues"}, ReadOnly: true},
			count(func(op githubOp) bool { return hasString(op.Tags, "issues") && op.Method == "GET" })},
		{"exclude actions/*", Options{Exclude: []string{"actions/*"}},
			count(func(op githubOp) bool { return !strings.HasPrefix(op.OperationID, "actions/") })},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == 0 || tc.want == len(ops) {
				t.Fatalf("the case selects %d of %d operations; it tests nothing", tc.want, len(ops))
			}
			tc.opts.Mode = ModeStatic
			p := pipelineOnGitHub(t, tc.opts)
			if got := len(p.Catalog.Operations()); got != tc.want {
				t.Errorf("%d operations served, want %d", got, tc.want)
			}
			if tc.name == "tag issues" {
				// Over MCP too: the tools listed are the operations plus find_operations and plan.
				if got := listedTools(t, connectInProcess(t, p, nil, "")); len(got) != tc.want+3 {
					t.Errorf("tools/list has %d tools, want %d + 3 meta-tools", len(got), tc.want)
				}
			}
		})
	}
}

// TestGitHubToolNames: every GitHub operation gets a readable, valid, unique name of at
// most 64 characters, made of whole words of its operationId (or their usual short form,
// organization → org). testdata/snapshots/github-names.txt holds them all, one
// "name<TAB>METHOD /path" per line; record a reviewed change with
//
//	UPDATE_SNAPSHOTS=1 go test ./server -run Snapshot
func TestGitHubToolNamesSnapshot(t *testing.T) {
	cat, ops := githubCatalog(t)
	if len(cat.Operations()) != len(ops) {
		t.Errorf("%d tools for %d operations in the spec", len(cat.Operations()), len(ops))
	}
	byKey := map[string]githubOp{}
	for _, op := range ops {
		byKey[op.Method+" "+op.Path] = op
	}
	hashSuffix := regexp.MustCompile(`_[0-9a-f]{6}$`)
	seen := map[string]string{}
	var b bytes.Buffer
	for _, op := range cat.Operations() {
		name := op.Name
		fmt.Fprintf(&b, "%s\t%s\n", name, op.Key())
		if prev, dup := seen[name]; dup {
			t.Errorf("name %q for both %s and %s", name, prev, op.Key())
		}
		seen[name] = op.Key()
		if len(name) > tools.MaxToolName || !regexp.MustCompile(`^[A-Za-z0-9_.-]+$`).MatchString(name) {
			t.Errorf("%s: name %q is %d characters or has invalid characters", op.Key(), name, len(name))
		}
		src, ok := byKey[op.Key()]
		if !ok {
			t.Errorf("%s is not an operation of the spec", op.Key())
			continue
		}
		if hashSuffix.MatchString(name) {
			t.Errorf("%s: name %q needed a collision suffix", op.Key(), name)
		}
		words := map[string]bool{}
		for _, w := range tools.NameWords(src.OperationID) {
			words[w] = true
			if s := tools.ShortForm(w); s != "" {
				words[s] = true
			}
		}
		for _, w := range tools.NameWords(name) {
			if !words[w] {
				t.Errorf("%s: name %q has %q, not a whole word of the operationId %q: cut mid-word or mangled", op.Key(), name, w, src.OperationID)
			}
		}
	}
	// GitHub's own example, kept as is apart from the namespace separator.
	if got := cat.Lookup("actions/add-custom-labels-to-self-hosted-runner-for-org"); got == nil || got.Name != "actions_add-custom-labels-to-self-hosted-runner-for-org" {
		t.Errorf("actions/add-custom-labels-to-self-hosted-runner-for-org is named %v", got)
	}

	path := filepath.Join("testdata", "snapshots", "github-names.txt")
	if os.Getenv("UPDATE_SNAPSHOTS") == "1" {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no snapshot %s (%v); %s", path, err, updateHint)
	}
	if !bytes.Equal(want, b.Bytes()) {
		t.Errorf("GitHub tool names differ from %s:\n%s\n%s", path, lineDiff(want, b.Bytes()), updateHint)
	}
}

// lineDiff lists the lines only one side has, a few of each.
func lineDiff(want, got []byte) string {
	count := func(data []byte) map[string]int {
		m := map[string]int{}
		for _, l := range strings.Split(string(data), "\n") {
			m[l]++
		}
		return m
	}
	w, g := count(want), count(got)
	var out []string
	for l, n := range w {
		if g[l] < n {
			out = append(out, "  - "+l)
		}
	}
	for l, n := range g {
		if w[l] < n {
			out = append(out, "  + "+l)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][4:] < out[j][4:] })
	if len(out) > 40 {
		out = append(out[:40], fmt.Sprintf("  … and %d more", len(out)-40))
	}
	return strings.Join(out, "\n")
}
