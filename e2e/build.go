package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

var (
	buildOnce sync.Once
	buildPath string
	buildOut  []byte
	buildErr  error
)

// BuildAskapi builds the repository's main package (`go build -o DIR/askapi .`
// run in RepoRoot()) once per test process and returns the binary's absolute
// path. A build failure fails every test that asks for it.
func BuildAskapi(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		goBin, err := exec.LookPath("go")
		if err != nil {
			goBin = filepath.Join(runtime.GOROOT(), "bin", "go") //nolint:staticcheck // SA1019: a fallback for a test run by a go not on PATH, on the machine that built the test
		}
		// Shared by every test in the process, so not t.TempDir(); it lives
		// under $TMPDIR and is small.
		dir, err := os.MkdirTemp("", "askapi-e2e-build-")
		if err != nil {
			buildErr = err
			return
		}
		buildPath = filepath.Join(dir, "askapi")
		cmd := exec.Command(goBin, "build", "-o", buildPath, ".")
		cmd.Dir = RepoRoot()
		buildOut, buildErr = cmd.CombinedOutput()
	})
	if buildErr != nil {
		t.Fatalf("e2e: go build of askapi in %s failed: %v\n%s", RepoRoot(), buildErr, buildOut)
	}
	return buildPath
}
