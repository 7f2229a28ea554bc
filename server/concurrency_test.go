package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// TestConcurrentCalls: stdio and HTTP run tool calls in parallel on one pipeline; each
// must complete on its own (run with -race to check the shared state).
func TestConcurrentCalls(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"cluster":{"status":"ready"}}`))
	}))
	defer up.Close()
	p := pipelineFor(t, "../testdata/shared/specs/alertmanager-v2.yaml", up.URL, "")
	op := p.Catalog.Lookup("GET /status")
	statuses := make([]string, 8)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Go(func() { statuses[i] = string(p.Call(context.Background(), op, map[string]any{}).Status) })
	}
	wg.Wait()
	for i, s := range statuses {
		if s != "ok" {
			t.Errorf("call %d: status %q, want ok", i, s)
		}
	}
}
