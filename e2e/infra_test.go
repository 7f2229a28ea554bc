//go:build e2e

package e2e_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/e2e"
)

func TestPathsLocateRepoAndShared(t *testing.T) {
	if _, err := os.Stat(filepath.Join(e2e.RepoRoot(), "go.mod")); err != nil {
		t.Fatalf("RepoRoot %q has no go.mod: %v", e2e.RepoRoot(), err)
	}
	if _, err := os.Stat(filepath.Join(e2e.NodeDir(), "package.json")); err != nil {
		t.Fatalf("NodeDir %q has no package.json: %v", e2e.NodeDir(), err)
	}
	if !filepath.IsAbs(e2e.SharedDir()) || filepath.Base(e2e.SharedDir()) != "shared" {
		t.Fatalf("SharedDir = %q, want an absolute path ending in /shared", e2e.SharedDir())
	}
}

func TestAlertmanagerSilenceRoundTrip(t *testing.T) {
	base := e2e.StartAlertmanager(t)
	if !strings.HasPrefix(base, "http://127.0.0.1:") || !strings.HasSuffix(base, "/api/v2") {
		t.Fatalf("base URL = %q", base)
	}
	client := &http.Client{Timeout: 5 * time.Second}

	silence := map[string]any{
		"matchers":  []any{map[string]any{"name": "alertname", "value": "E2EInfra", "isRegex": false, "isEqual": true}},
		"startsAt":  time.Now().UTC().Format(time.RFC3339),
		"endsAt":    time.Now().Add(time.Hour).UTC().Format(time.RFC3339),
		"createdBy": "e2e",
		"comment":   "infra test",
	}
	body, _ := json.Marshal(silence)
	resp, err := client.Post(base+"/silences", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST /silences: %d %s", resp.StatusCode, raw)
	}
	var created struct {
		SilenceID string `json:"silenceID"`
	}
	if err := json.Unmarshal(raw, &created); err != nil || created.SilenceID == "" {
		t.Fatalf("POST /silences body %s: %v", raw, err)
	}

	resp, err = client.Get(base + "/silences")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	var list []struct {
		ID     string `json:"id"`
		Status struct {
			State string `json:"state"`
		} `json:"status"`
		Comment string `json:"comment"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatalf("GET /silences body %s: %v", raw, err)
	}
	found := false
	for _, s := range list {
		if s.ID == created.SilenceID {
			found = true
			if s.Status.State != "active" || s.Comment != "infra test" {
				t.Errorf("silence %s: state %q comment %q", s.ID, s.Status.State, s.Comment)
			}
		}
	}
	if !found {
		t.Fatalf("GET /silences does not list created id %s: %s", created.SilenceID, raw)
	}

	req, _ := http.NewRequest(http.MethodDelete, base+"/silence/"+created.SilenceID, nil)
	resp, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("DELETE /silence/%s: %d", created.SilenceID, resp.StatusCode)
	}
}

func TestInspectorAgainstFakeServer(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	server := []string{"--", self, "serve", "--flag-for-server"}

	out, err := e2e.Inspector(t, append([]string{"-e", "E2E_FAKE_MCP_SERVER=1", "--method", "tools/list"}, server...)...)
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	var list struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(out, &list); err != nil || len(list.Tools) != 2 || list.Tools[0].Name != "echo" {
		t.Fatalf("tools/list stdout %s (err %v)", out, err)
	}
	if rep, err := e2e.ValidateTools(t, out); err != nil {
		t.Fatalf("validate-tools rejected a valid list: %v\n%s", err, rep)
	}
	bad := []byte(`{"tools":[{"name":"x","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"a":{"nullable":true}}}}]}`)
	if _, err := e2e.ValidateTools(t, bad); e2e.ExitCode(err) != 1 {
		t.Fatalf("validate-tools accepted a bad list (exit %d): %v", e2e.ExitCode(err), err)
	}

	out, err = e2e.Inspector(t, append([]string{"-e", "E2E_FAKE_MCP_SERVER=1", "-e", "E2E_FAKE_VAR=v1",
		"--method", "tools/call", "--tool-name", "echo", "--tool-arg", "msg=hello"}, server...)...)
	if err != nil {
		t.Fatalf("tools/call echo: %v", err)
	}
	var res struct {
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
		IsError bool `json:"isError"`
	}
	if err := json.Unmarshal(out, &res); err != nil || len(res.Content) != 1 {
		t.Fatalf("tools/call stdout %s (err %v)", out, err)
	}
	if want := "hello|v1|[serve --flag-for-server]"; res.Content[0].Text != want || res.IsError {
		t.Fatalf("echo returned %q (isError %v), want %q", res.Content[0].Text, res.IsError, want)
	}

	out, err = e2e.Inspector(t, append([]string{"-e", "E2E_FAKE_MCP_SERVER=1",
		"--method", "tools/call", "--tool-name", "fail"}, server...)...)
	if code := e2e.ExitCode(err); code != e2e.InspectorExitToolError {
		t.Fatalf("isError result: exit %d, want %d (err %v)", code, e2e.InspectorExitToolError, err)
	}
	if !bytes.Contains(out, []byte(`"isError": true`)) {
		t.Fatalf("isError result stdout: %s", out)
	}
}
