package server

import (
	"context"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
)

// TestProgressWhileChainRuns: a client that sends a progress token hears about the
// producer call and the final call; one that sends none hears nothing.
func TestProgressWhileChainRuns(t *testing.T) {
	for _, withToken := range []bool{true, false} {
		stub := &tmdbStub{}
		up := httptest.NewServer(stub)
		p := pipelineFor(t, "../testdata/shared/specs/tmdb.json", up.URL, "")
		c := connectInProcess(t, p, nil, "")
		var mu sync.Mutex
		var messages []string
		c.OnNotification(func(n mcp.JSONRPCNotification) {
			if n.Method != string(mcp.MethodNotificationProgress) {
				return
			}
			mu.Lock()
			defer mu.Unlock()
			if msg, ok := n.Params.AdditionalFields["message"].(string); ok {
				messages = append(messages, msg)
			}
		})
		var req mcp.CallToolRequest
		req.Params.Name = "GET_person-person_id-movie_credits"
		req.Params.Arguments = map[string]any{"person_id": "Jennifer Connelly"}
		if withToken {
			req.Params.Meta = &mcp.Meta{ProgressToken: "tok-1"}
		}
		// Jennifer Connelly is an exact match among the two results: the chain completes.
		res, err := c.CallTool(context.Background(), req)
		up.Close()
		if err != nil || res.IsError {
			t.Fatalf("token=%v: call failed: %v %+v", withToken, err, res)
		}
		// In-process notifications are forwarded on a goroutine: wait for them to land.
		want := 0
		if withToken {
			want = 2
		}
		deadline := time.Now().Add(5 * time.Second)
		for {
			mu.Lock()
			n := len(messages)
			mu.Unlock()
			if n >= want || time.Now().After(deadline) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(50 * time.Millisecond)
		mu.Lock()
		got := append([]string(nil), messages...)
		mu.Unlock()
		if len(got) != want {
			t.Fatalf("token=%v: progress messages %q, want %d", withToken, got, want)
		}
		if withToken && (got[0] != "looking up through GET /search/person" || got[1] != "calling GET /person/{person_id}/movie_credits") {
			t.Errorf("progress messages %q do not describe the chain", got)
		}
	}
}
