// Package e2e holds helpers for askapi's end-to-end tests: locating the repo
// and the shared data, starting a throwaway Alertmanager, building the askapi
// binary and driving it through the official MCP Inspector CLI.
//
// It imports only the standard library. Everything external it needs is
// installed by scripts/test (apt: prometheus-alertmanager; npm ci in e2e/node,
// e2e/oauth2, e2e/conformance, bench/node).
// When something is missing a test is skipped locally, but fails when the
// environment variable CI is "true", so CI can never pass by skipping.
package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// installHints says which setup step provides a binary; shown when it is missing.
var installHints = map[string]string{
	"prometheus-alertmanager": "apt-get install -y prometheus-alertmanager (scripts/test installs it as root or with sudo)",
	"node":                    "Node.js >= 20 with npm (scripts/test installs Debian's nodejs and npm when node is missing)",
	"npm":                     "Node.js >= 20 with npm (scripts/test installs Debian's nodejs and npm when node is missing)",
	"npx":                     "Node.js >= 20 with npm (scripts/test installs Debian's nodejs and npm when node is missing)",
	"go":                      "the Go toolchain (part of the machine image)",
}

// InCI reports whether the tests run under CI (env CI=true), where missing
// prerequisites are failures rather than skips.
func InCI() bool { return os.Getenv("CI") == "true" }

// missing fails (in CI) or skips (elsewhere) the test with msg.
func missing(t testing.TB, format string, args ...any) {
	t.Helper()
	if InCI() {
		t.Fatalf("CI=true and a test prerequisite is missing: "+format, args...)
	}
	t.Skipf("skipping, prerequisite missing: "+format, args...)
}

// RequireBinary returns the absolute path of the executable name (looked up
// in PATH unless name contains a path separator). If it cannot be found the
// test is failed when CI=true, otherwise skipped; the message names the
// install step that provides it.
func RequireBinary(t testing.TB, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		if abs, aerr := filepath.Abs(path); aerr == nil {
			path = abs
		}
		return path
	}
	hint, ok := installHints[filepath.Base(name)]
	if !ok {
		hint = "see the install steps in scripts/test"
	}
	missing(t, "executable %q not found (%v); it is provided by: %s", name, err, hint)
	return "" // unreachable: missing calls Fatalf or Skipf
}

// RequireFile returns path when it exists. Otherwise the test is failed when CI=true,
// else skipped; the message names install, the step that provides the file.
func RequireFile(t testing.TB, path, install string) string {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		missing(t, "%v; it is provided by: %s", err, install)
	}
	return path
}

// e2eDir is the directory holding this package's source files.
func e2eDir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		panic("e2e: runtime.Caller failed; cannot locate the e2e package source")
	}
	return filepath.Dir(file)
}

// RepoRoot returns the absolute path of the repository root (the directory
// containing go.mod), found from this package's source location so that it
// works from tests in any package.
func RepoRoot() string {
	return filepath.Dir(e2eDir())
}

// SharedDir returns the absolute path of the repository's copy of the shared
// folder's test data (RepoRoot()/testdata/shared), e.g. SharedDir()+"/specs".
// Tests never read the shared folder beside the repository.
func SharedDir() string {
	return filepath.Join(RepoRoot(), "testdata", "shared")
}

// NodeDir returns the absolute path of the pinned Node project (e2e/node)
// that holds the MCP Inspector CLI, mcpb and the MCP TypeScript SDKs.
func NodeDir() string {
	return filepath.Join(e2eDir(), "node")
}
