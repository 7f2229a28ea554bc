//go:build e2e

package e2e_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/askapi/askapi/e2e"
)

// A spec with a YAML error, served to the official MCP Inspector CLI: the person sees the
// file, the line that broke and the message in the one tool listed and in its answer,
// not "Connection closed".
func TestInspectorShowsLoadError(t *testing.T) {
	bin := e2e.BuildAskapi(t)
	spec := filepath.Join(t.TempDir(), "broken.yaml")
	doc := "openapi: 3.0.3\ninfo:\n  title: Broken\n  version: \"1\"\npaths:\n  /pets:\n    get:\n      operationId: listPets\n" +
		"      summary: List pets\n      responses:\n        \"200\":\n          description: ok\n     bad: indentation\n"
	if err := os.WriteFile(spec, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	want := []string{spec + ":13:6", "invalid YAML", "did not find expected key"}
	list, err := e2e.Inspector(t, "--method", "tools/list", "--", bin, "serve", "--no-cache", "--spec", spec)
	if err != nil {
		t.Fatalf("tools/list on a broken spec: %v", err)
	}
	call, err := e2e.Inspector(t, "--method", "tools/call", "--tool-name", "askapi_spec_error", "--", bin, "serve", "--no-cache", "--spec", spec)
	if code := e2e.ExitCode(err); code != e2e.InspectorExitToolError {
		t.Fatalf("tools/call askapi_spec_error: exit %d (%v), want %d (isError)", code, err, e2e.InspectorExitToolError)
	}
	for _, w := range want {
		if !strings.Contains(string(list), w) {
			t.Errorf("tools/list output lacks %q:\n%.1500s", w, list)
		}
		if !strings.Contains(string(call), w) {
			t.Errorf("tools/call output lacks %q:\n%.1500s", w, call)
		}
	}
}
