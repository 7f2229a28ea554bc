package e2e

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// AlertmanagerBinary is the Debian package's executable name.
const AlertmanagerBinary = "prometheus-alertmanager"

// alertmanagerConfig routes everything to a receiver with no integrations,
// so nothing is ever sent anywhere.
const alertmanagerConfig = `route:
  receiver: "null"
receivers:
  - name: "null"
`

// AlertmanagerReadyTimeout bounds how long StartAlertmanager waits for /-/ready.
var AlertmanagerReadyTimeout = 20 * time.Second

// syncBuffer is a bytes.Buffer safe for the concurrent writes of os/exec.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// StartAlertmanager starts a private prometheus-alertmanager (Debian 0.25.x)
// on a free 127.0.0.1 port with its own temporary config and storage and
// clustering disabled, waits until GET /-/ready answers 200 (at most
// AlertmanagerReadyTimeout), and stops it when the test ends.
//
// It returns the API v2 base URL, e.g. "http://127.0.0.1:PORT/api/v2"
// (the root is that minus "/api/v2"). Useful endpoints: POST /silences,
// GET /silences, GET /silence/{id}, DELETE /silence/{id}, GET /alerts,
// POST /alerts, GET /status.
//
// If the binary is missing the test is skipped, or failed when CI=true.
func StartAlertmanager(t testing.TB) (baseURL string) {
	t.Helper()
	bin := RequireBinary(t, AlertmanagerBinary)

	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		url, err := startAlertmanagerOnce(t, bin)
		if err == nil {
			return url
		}
		lastErr = err
		// Only a port lost to a race between choosing and binding is retried.
		if !strings.Contains(err.Error(), "address already in use") {
			break
		}
	}
	t.Fatalf("e2e: starting alertmanager: %v", lastErr)
	return ""
}

func startAlertmanagerOnce(t testing.TB, bin string) (string, error) {
	t.Helper()
	dir := t.TempDir() // removed after the process is stopped (cleanups run LIFO)
	cfg := filepath.Join(dir, "alertmanager.yml")
	if err := os.WriteFile(cfg, []byte(alertmanagerConfig), 0o644); err != nil {
		return "", err
	}
	port, err := freePort()
	if err != nil {
		return "", err
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	root := "http://" + addr

	logs := &syncBuffer{}
	cmd := exec.Command(bin,
		"--config.file="+cfg,
		"--storage.path="+filepath.Join(dir, "data"),
		"--web.listen-address="+addr,
		"--cluster.listen-address=", // empty disables clustering/gossip
		"--log.level=info",
	)
	cmd.Dir = dir
	cmd.Stdout = logs
	cmd.Stderr = logs
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("start %s: %w", bin, err)
	}
	exited := make(chan struct{})
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(exited) }()
	stop := func() {
		select {
		case <-exited:
			return
		default:
		}
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
	}
	t.Cleanup(func() {
		stop()
		if t.Failed() {
			t.Logf("alertmanager log (%s):\n%s", addr, tail(logs.String(), 4000))
		}
	})

	deadline := time.Now().Add(AlertmanagerReadyTimeout)
	client := &http.Client{Timeout: 2 * time.Second}
	for {
		select {
		case <-exited:
			return "", fmt.Errorf("alertmanager exited before ready (%v); log:\n%s", waitErr, tail(logs.String(), 4000))
		default:
		}
		if ready(client, root+"/-/ready") {
			return root + "/api/v2", nil
		}
		if time.Now().After(deadline) {
			stop()
			return "", fmt.Errorf("alertmanager not ready at %s after %v; log:\n%s", root, AlertmanagerReadyTimeout, tail(logs.String(), 4000))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func ready(c *http.Client, url string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false
	}
	resp, err := c.Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// freePort asks the kernel for a free loopback TCP port.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "..." + s[len(s)-n:]
}
