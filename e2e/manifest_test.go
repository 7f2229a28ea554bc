//go:build e2e

package e2e_test

import (
	"archive/zip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/askapi/askapi/e2e"
)

// manifest is the part of manifest.json the tests read.
type manifest struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Server  struct {
		Type       string `json:"type"`
		EntryPoint string `json:"entry_point"`
		MCPConfig  struct {
			Command string            `json:"command"`
			Args    []string          `json:"args"`
			Env     map[string]string `json:"env"`
		} `json:"mcp_config"`
	} `json:"server"`
	ToolsGenerated bool `json:"tools_generated"`
	Compatibility  struct {
		Platforms []string `json:"platforms"`
	} `json:"compatibility"`
	UserConfig map[string]struct {
		Type      string `json:"type"`
		Required  bool   `json:"required"`
		Sensitive bool   `json:"sensitive"`
		Default   any    `json:"default"`
	} `json:"user_config"`
	Repository struct {
		URL string `json:"url"`
	} `json:"repository"`
	Homepage        string   `json:"homepage"`
	Support         string   `json:"support"`
	PrivacyPolicies []string `json:"privacy_policies"`
	License         string   `json:"license"`
}

func readManifest(t *testing.T, data []byte) manifest {
	t.Helper()
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("manifest.json: %v", err)
	}
	return m
}

func TestManifestValidates(t *testing.T) {
	path := filepath.Join(e2e.RepoRoot(), "manifest.json")
	out, err := e2e.Mcpb(t, "validate", path)
	if err != nil {
		t.Fatalf("mcpb validate manifest.json: %v", err)
	}
	if !strings.Contains(string(out), "passes") {
		t.Errorf("mcpb validate printed %q", out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := readManifest(t, data)
	if m.Server.Type != "binary" || m.Server.EntryPoint != "server/askapi" || m.Server.MCPConfig.Command != "${__dirname}/server/askapi" {
		t.Errorf("server = %+v, want the binary at server/askapi", m.Server)
	}
	if strings.Join(m.Server.MCPConfig.Args, " ") != "serve" {
		t.Errorf("args %v, want [serve]", m.Server.MCPConfig.Args)
	}
	// Each form field goes to the variable of the flag it stands for.
	wantEnv := map[string]string{
		"ASKAPI_SPEC": "spec", "ASKAPI_BASE_URL": "base_url", "ASKAPI_API_KEY": "api_key", "ASKAPI_AUTH": "auth",
		"ASKAPI_HEADERS": "headers", "ASKAPI_READ_ONLY": "read_only", "ASKAPI_INCLUDE": "include", "ASKAPI_TAGS": "tags",
		"ASKAPI_POLICY": "policy", "ASKAPI_OAUTH2_CLIENT_ID": "oauth2_client_id", "ASKAPI_OAUTH2_CLIENT_SECRET": "oauth2_client_secret",
		"ASKAPI_OAUTH2_REFRESH_TOKEN": "oauth2_refresh_token", "ASKAPI_OAUTH2_TOKEN_URL": "oauth2_token_url",
		"ASKAPI_OAUTH2_SCOPES": "oauth2_scopes", "ASKAPI_CA_FILE": "ca_file",
	}
	for k, field := range wantEnv {
		if v := "${user_config." + field + "}"; m.Server.MCPConfig.Env[k] != v {
			t.Errorf("env %s = %q, want %q", k, m.Server.MCPConfig.Env[k], v)
		}
		if _, ok := m.UserConfig[field]; !ok {
			t.Errorf("env %s names user_config.%s, which the form lacks", k, field)
		}
	}
	if len(m.Server.MCPConfig.Env) != len(wantEnv) || len(m.UserConfig) != len(wantEnv) {
		t.Errorf("%d variables and %d form fields, want %d of each", len(m.Server.MCPConfig.Env), len(m.UserConfig), len(wantEnv))
	}
	if !m.ToolsGenerated {
		t.Error("tools_generated should be true: the tools come from the spec")
	}
	for name, f := range m.UserConfig {
		secret := name == "api_key" || name == "headers" || name == "oauth2_client_secret" || name == "oauth2_refresh_token"
		if f.Sensitive != secret {
			t.Errorf("user_config.%s sensitive = %v, want %v", name, f.Sensitive, secret)
		}
		if f.Required != (name == "spec") {
			t.Errorf("user_config.%s required = %v: only the spec is", name, f.Required)
		}
		if !f.Required && f.Default == nil {
			t.Errorf("user_config.%s is optional without a default", name)
		}
	}
	for name, typ := range map[string]string{"spec": "file", "policy": "file", "ca_file": "file", "read_only": "boolean"} {
		if m.UserConfig[name].Type != typ {
			t.Errorf("user_config.%s is a %s, want a %s", name, m.UserConfig[name].Type, typ)
		}
	}
	if m.Repository.URL == "" || m.Homepage == "" || m.Support == "" || len(m.PrivacyPolicies) == 0 || m.License != "MIT" {
		t.Errorf("repository %q, homepage %q, support %q, privacy_policies %v, license %q: all wanted", m.Repository.URL, m.Homepage, m.Support, m.PrivacyPolicies, m.License)
	}
	if strings.Join(m.Compatibility.Platforms, ",") != "darwin,win32,linux" {
		t.Errorf("platforms %v, want darwin, win32 and linux", m.Compatibility.Platforms)
	}
	license, err := os.ReadFile(filepath.Join(e2e.RepoRoot(), "LICENSE"))
	if err != nil || !strings.Contains(string(license), "MIT License") {
		t.Errorf("LICENSE: %v; the manifest says MIT", err)
	}
}

// TestPackBundle: scripts/pack produces a bundle holding the manifest and a working
// binary, and the binary started the way the manifest says serves a spec.
func TestPackBundle(t *testing.T) {
	e2e.RequireBinary(t, "go")
	e2e.Mcpb(t, "--version") // skips, or fails under CI, when the Node tools are missing
	dir := t.TempDir()
	out := filepath.Join(dir, "askapi.mcpb")
	cmd := exec.Command(filepath.Join(e2e.RepoRoot(), "scripts", "pack"), out)
	cmd.Dir = e2e.RepoRoot()
	if log, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("scripts/pack: %v\n%s", err, log)
	}

	zr, err := zip.OpenReader(out)
	if err != nil {
		t.Fatalf("the bundle is not a zip archive: %v", err)
	}
	defer zr.Close()
	unpacked := filepath.Join(dir, "unpacked")
	var names []string
	var bundled manifest
	for _, f := range zr.File {
		names = append(names, f.Name)
		if f.Name == "server/askapi" && f.Mode()&0o111 == 0 {
			t.Errorf("server/askapi is not executable in the bundle (mode %v)", f.Mode())
		}
		target := filepath.Join(unpacked, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			t.Fatal(err)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(target, data, f.Mode()|0o600); err != nil {
			t.Fatal(err)
		}
		if f.Name == "manifest.json" {
			bundled = readManifest(t, data)
		}
	}
	list := strings.Join(names, " ")
	if !strings.Contains(" "+list+" ", " manifest.json ") || !strings.Contains(" "+list+" ", " server/askapi ") {
		t.Fatalf("bundle holds %v, want manifest.json and server/askapi", names)
	}
	if want := map[string]string{"linux": "linux", "darwin": "darwin", "windows": "win32"}[runtime.GOOS]; strings.Join(bundled.Compatibility.Platforms, ",") != want {
		t.Errorf("bundled manifest platforms %v, want [%s]", bundled.Compatibility.Platforms, want)
	}

	// Start the server the way an MCPB host does: ${__dirname} is the unpacked bundle,
	// ${user_config.*} are what the user typed into the form (base URL and key left empty).
	// The other fields keep their defaults.
	userConfig := map[string]string{"spec": specPath("alertmanager-v2.yaml")}
	for name, f := range bundled.UserConfig {
		if _, set := userConfig[name]; !set && f.Default != nil {
			userConfig[name] = fmt.Sprint(f.Default)
		}
	}
	expand := func(s string) string {
		s = strings.ReplaceAll(s, "${__dirname}", unpacked)
		for k, v := range userConfig {
			s = strings.ReplaceAll(s, "${user_config."+k+"}", v)
		}
		return s
	}
	var env []string
	for k, v := range bundled.Server.MCPConfig.Env {
		env = append(env, k+"="+expand(v))
	}
	var args []string
	for _, a := range bundled.Server.MCPConfig.Args {
		args = append(args, expand(a))
	}
	if v, err := exec.Command(expand(bundled.Server.MCPConfig.Command), "version").Output(); err != nil || !strings.Contains(string(v), bundled.Version) {
		t.Errorf("bundled binary version: %q (%v), want it to report %s", v, err, bundled.Version)
	}
	c, err := client.NewStdioMCPClient(expand(bundled.Server.MCPConfig.Command), env, args...)
	if err != nil {
		t.Fatalf("start the bundled server: %v", err)
	}
	defer c.Close()
	ctx := context.Background()
	var init mcp.InitializeRequest
	init.Params.ClientInfo = mcp.Implementation{Name: "mcpb-host-test", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatalf("initialize the bundled server: %v", err)
	}
	tools, err := c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil || len(tools.Tools) != 12 {
		t.Fatalf("tools/list of the bundled server: %v, %d tools, want 12 for Alertmanager (9 operations, 3 meta-tools)", err, len(tools.Tools))
	}
}
