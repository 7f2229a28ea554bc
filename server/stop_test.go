package server

import (
	"context"
	"log/slog"
	"net"
	neturl "net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A client's connection that never carried a request (an HTTP transport's spare dial)
// must neither turn a requested stop into an error nor hold it for net/http's five
// seconds: Serve returns nil without waiting out the grace.
func TestHTTPStopWithSilentConnection(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "keyed.json")
	if err := os.WriteFile(spec, []byte(keyedSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	logs := &syncLog{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, Options{Spec: spec, BaseURL: "http://127.0.0.1:9", HTTPAddr: "127.0.0.1:0",
			Logger: slog.New(slog.NewTextHandler(logs, nil)), Timeout: time.Second, Version: "test", NoCache: true})
	}()
	var url string
	for deadline := time.Now().Add(30 * time.Second); url == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if m := httpURLLog.FindStringSubmatch(logs.String()); m != nil {
			url = m[1]
		}
	}
	if url == "" {
		t.Fatalf("Serve did not log its URL:\n%s", logs.String())
	}
	u, err := neturl.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// Let the server accept it before the stop.
	time.Sleep(100 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve returned %v after cancel, want nil", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Serve did not return after cancel")
	}
	if strings.Contains(logs.String(), "shutdown grace") {
		t.Errorf("the silent connection held the stop to the grace's end:\n%s", logs.String())
	}
}
