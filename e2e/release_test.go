//go:build e2e

package e2e_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/askapi/askapi/e2e"
)

// TestRelease: scripts/release, for this platform only (the six are built the same way,
// and take minutes), writes the binary, its validated bundle and their checksums.
func TestRelease(t *testing.T) {
	e2e.RequireBinary(t, "go")
	e2e.Mcpb(t, "--version") // skips, or fails under CI, when the Node tools are missing
	dist := t.TempDir()
	cmd := exec.Command(filepath.Join(e2e.RepoRoot(), "scripts", "release"))
	cmd.Dir = e2e.RepoRoot()
	cmd.Env = append(os.Environ(), "ASKAPI_DIST="+dist, "ASKAPI_RELEASE_TARGETS="+runtime.GOOS+"/"+runtime.GOARCH)
	if log, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("scripts/release: %v\n%s", err, log)
	} else if !strings.Contains(string(log), "(validated)") {
		t.Errorf("scripts/release did not say the bundle validated:\n%s", log)
	}
	sums, err := os.Open(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	defer sums.Close()
	var files []string
	lines := bufio.NewScanner(sums)
	for lines.Scan() {
		sum, name, _ := strings.Cut(lines.Text(), "  ")
		data, err := os.ReadFile(filepath.Join(dist, name))
		if err != nil {
			t.Fatal(err)
		}
		if got := sha256.Sum256(data); hex.EncodeToString(got[:]) != sum {
			t.Errorf("%s: checksum does not match", name)
		}
		files = append(files, name)
	}
	if len(files) != 2 || !strings.HasSuffix(files[1], ".mcpb") || !strings.Contains(files[0], runtime.GOOS+"-"+runtime.GOARCH) {
		t.Fatalf("SHA256SUMS lists %v, want the binary and its bundle", files)
	}
	if out, err := exec.Command(filepath.Join(dist, files[0]), "version").Output(); err != nil || !strings.HasPrefix(string(out), "askapi ") {
		t.Errorf("the released binary: %q, %v", out, err)
	}
}
