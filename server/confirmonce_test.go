package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/clarify/seal"
	"github.com/askapi/askapi/server/pipeline"
)

// writeCounter is a real upstream that counts the writes it receives (anything not GET).
type writeCounter struct {
	writes atomic.Int64
	mu     sync.Mutex
	bodies []string
}

func (w *writeCounter) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.writes.Add(1)
		body, _ := io.ReadAll(r.Body)
		w.mu.Lock()
		w.bodies = append(w.bodies, string(body))
		w.mu.Unlock()
	}
	rw.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(rw, `{"silenceID":"3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a"}`)
}

const confirmSilenceID = "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"

// silenceArgs are a complete POST /silences: a write with a JSON body.
func silenceArgs(comment string) map[string]any {
	return map[string]any{
		"matchers":      []any{map[string]any{"name": "alertname", "value": "DiskFull", "isRegex": false}},
		"startsAt":      "2026-11-21T09:00:00Z",
		"endsAt":        "2026-11-21T11:00:00Z",
		"createdBy":     "dana",
		"comment":       comment,
		"_user_request": "I'm dana: silence DiskFull from 9 to 11 today UTC: " + comment,
	}
}

func withArgs(base map[string]any, extra map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

// TestConfirmationSendsOnce: one yes sends one write. The first _confirm: true with the
// token sends it; replays of that token (yes twice more, then no) are each answered that
// the confirmation was used, and send nothing (issue 14, point 4).
func TestConfirmationSendsOnce(t *testing.T) {
	for _, tc := range []struct {
		name    string
		dynamic bool
		tool    string
		args    map[string]any
	}{
		{"DELETE", false, "deleteSilence", map[string]any{"silenceID": confirmSilenceID}},
		{"POST with a body", false, "postSilences", silenceArgs("rack 4 disk swap")},
		{"DELETE through call_operation", true, pipeline.ToolCallOperation, map[string]any{
			"operation": "deleteSilence", "arguments": map[string]any{"silenceID": confirmSilenceID}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			up := &writeCounter{}
			srv := httptest.NewServer(up)
			defer srv.Close()
			p := pipelineFor(t, sharedSpecPath("alertmanager-v2.yaml"), srv.URL, "confirm: {all_writes: true}")
			p.DynamicMode = tc.dynamic
			c := connectInProcess(t, p, nil, "")

			ask, _ := mcpCall(t, c, tc.tool, tc.args)
			if ask.Status != "needs_clarification" || len(ask.Questions) != 1 || ask.Questions[0].Field != "_confirm" || ask.Continuation == "" {
				t.Fatalf("first call: %+v, want the confirmation question", ask)
			}
			yes := withArgs(tc.args, map[string]any{"_confirm": true, "_continuation": ask.Continuation})
			done, _ := mcpCall(t, c, tc.tool, yes)
			if done.Status != "ok" || up.writes.Load() != 1 {
				t.Fatalf("confirmed call: status %s with %d writes, want ok with 1: %+v", done.Status, up.writes.Load(), done)
			}
			replays := []map[string]any{yes, yes, withArgs(yes, map[string]any{"_confirm": false})}
			for i, replay := range replays {
				again, _ := mcpCall(t, c, tc.tool, replay)
				if n := up.writes.Load(); n != 1 {
					t.Fatalf("replay %d: %d writes upstream, want still 1", i+1, n)
				}
				if again.Status != "needs_clarification" || len(again.Questions) != 1 || again.Continuation != "" {
					t.Fatalf("replay %d: %+v, want one question and no continuation", i+1, again)
				}
				q := again.Questions[0]
				if q.Field != "_continuation" || q.Kind != "invalid" ||
					!strings.Contains(q.Question, "already used") || !strings.Contains(q.Question, "sent once, at ") {
					t.Errorf("replay %d: question %+v, want one saying the confirmation was used and the request sent once (when)", i+1, q)
				}
			}
		})
	}
}

// TestConfirmationConcurrentReplays: ten calls racing with the same confirmed token send
// exactly one write; the other nine are told the confirmation was used. Run with -race.
func TestConfirmationConcurrentReplays(t *testing.T) {
	up := &writeCounter{}
	srv := httptest.NewServer(up)
	defer srv.Close()
	p := pipelineFor(t, sharedSpecPath("alertmanager-v2.yaml"), srv.URL, "confirm: {methods: [DELETE]}")
	op := p.Catalog.Lookup("deleteSilence")
	if op == nil {
		t.Fatal("no deleteSilence operation")
	}
	args := map[string]any{"silenceID": confirmSilenceID}
	ask := p.Call(context.Background(), op, args)
	if ask.Status != clarify.StatusNeedsClarification || ask.Continuation == "" {
		t.Fatalf("first call: %+v", ask)
	}
	const racers = 10
	results := make([]*clarify.Result, racers)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			results[i] = p.Call(context.Background(), op, withArgs(args, map[string]any{"_confirm": true, "_continuation": ask.Continuation}))
		}()
	}
	close(start)
	wg.Wait()
	if n := up.writes.Load(); n != 1 {
		t.Fatalf("%d racing confirmations with one token sent %d writes, want 1", racers, n)
	}
	ok, used := 0, 0
	for _, r := range results {
		switch {
		case r.Status == clarify.StatusOK:
			ok++
		case r.Status == clarify.StatusNeedsClarification && len(r.Questions) == 1 && strings.Contains(r.Questions[0].Question, "already used"):
			used++
		default:
			t.Errorf("unexpected answer: %+v", r)
		}
	}
	if ok != 1 || used != racers-1 {
		t.Errorf("%d ok and %d already-used answers, want 1 and %d", ok, used, racers-1)
	}
}

// TestConfirmationLifetime: with one clock for the seal and the store, a token confirmed
// in its last second writes once and a replay in that second is refused; past its
// lifetime every use of a token is refused, and the store forgets the spent mark.
func TestConfirmationLifetime(t *testing.T) {
	up := &writeCounter{}
	srv := httptest.NewServer(up)
	defer srv.Close()
	p := pipelineFor(t, sharedSpecPath("alertmanager-v2.yaml"), srv.URL, "confirm: {methods: [DELETE]}")
	t0 := time.Unix(1_800_000_000, 0)
	var mu sync.Mutex
	now := t0
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	set := func(t time.Time) { mu.Lock(); defer mu.Unlock(); now = t }
	p.Sealer.UseClock(clock)
	store := seal.NewMemoryOnce(0, clock)
	p.Confirmations = store
	op := p.Catalog.Lookup("deleteSilence")
	ttl := 30 * time.Minute // the sealer's default lifetime (pipelineFor sets none)

	ask := func(id string) string {
		res := p.Call(context.Background(), op, map[string]any{"silenceID": id})
		if res.Continuation == "" {
			t.Fatalf("ask %s: %+v", id, res)
		}
		return res.Continuation
	}
	confirm := func(id, token string) *clarify.Result {
		return p.Call(context.Background(), op, map[string]any{"silenceID": id, "_confirm": true, "_continuation": token})
	}
	other := "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a"
	a, b := ask(confirmSilenceID), ask(other)

	for _, s := range []struct {
		name       string
		at         time.Duration
		id, token  string
		wantStatus clarify.Status
		wantText   string
		wantWrites int64
		wantMarks  int
	}{
		{"confirmed in its last second", ttl, confirmSilenceID, a, clarify.StatusOK, "", 1, 1},
		{"replayed in that second", ttl, confirmSilenceID, a, clarify.StatusNeedsClarification, "already used", 1, 1},
		{"the other token, past its lifetime", ttl + time.Second, other, b, clarify.StatusNeedsClarification, "", 1, 0},
		{"the spent token, past its lifetime", ttl + time.Second, confirmSilenceID, a, clarify.StatusNeedsClarification, "", 1, 0},
	} {
		set(t0.Add(s.at))
		res := confirm(s.id, s.token)
		if res.Status != s.wantStatus || up.writes.Load() != s.wantWrites {
			t.Fatalf("%s: status %s with %d writes, want %s with %d: %+v", s.name, res.Status, up.writes.Load(), s.wantStatus, s.wantWrites, res)
		}
		if s.wantStatus == clarify.StatusNeedsClarification {
			if len(res.Questions) != 1 || res.Questions[0].Field != "_continuation" || !strings.Contains(res.Questions[0].Question, s.wantText) {
				t.Errorf("%s: %+v, want a question on _continuation", s.name, res.Questions)
			}
		}
		if n := store.Len(); n != s.wantMarks {
			t.Errorf("%s: the store holds %d marks, want %d", s.name, n, s.wantMarks)
		}
	}
}

// TestConfirmationShowsRequest: the question names the method, the path with its values,
// and the body that will be sent, pretty and bounded; a configured secret in it is never
// shown, whole or cut.
func TestConfirmationShowsRequest(t *testing.T) {
	const secret = "Zq7Xw2Vt9Ks4Lp8Rn3Yb"
	long := strings.Repeat("Swap the failed disk in rack four, then check the array. ", 60)
	// The comment is the body's first property: 1,980 bytes of it put the secret
	// across the 2,000-byte cut.
	straddle := strings.Repeat("Swap disks in rack four. ", 80)[:1980] + secret + " done"
	for _, tc := range []struct {
		name    string
		tool    string
		args    map[string]any
		want    []string
		notWant []string
		maxLen  int
	}{
		{"DELETE: the path with its value, no body", "deleteSilence", map[string]any{"silenceID": confirmSilenceID},
			[]string{"DELETE /api/v2/silence/" + confirmSilenceID + "?"}, []string{"Body:"}, 0},
		{"POST: the body, pretty", "postSilences", silenceArgs("rack 4 disk swap"),
			[]string{"POST /api/v2/silences?", "Body:\n{\n  \"comment\": \"rack 4 disk swap\",\n", `"createdBy": "dana"`,
				`"startsAt": "2026-11-21T09:00:00Z"`, `"name": "alertname"`, `"value": "DiskFull"`}, nil, 0},
		{"POST: a long body is cut, and says so", "postSilences", silenceArgs(long),
			[]string{"POST /api/v2/silences?", "Body:\n{\n  \"comment\": \"Swap the failed disk", "bytes in all: the rest is sent too"},
			[]string{`"createdBy"`}, pipeline.ConfirmBodyLimit + 400},
		{"POST: a secret in the body is redacted", "postSilences", silenceArgs("key " + secret + " rotated"),
			[]string{"[redacted]", `"createdBy": "dana"`}, []string{secret[:6]}, 0},
		{"POST: a secret across the cut is not shown in part", "postSilences", silenceArgs(straddle),
			[]string{"Swap disks in rack four.", "bytes in all"}, []string{secret[:4]}, pipeline.ConfirmBodyLimit + 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			up := &writeCounter{}
			srv := httptest.NewServer(up)
			defer srv.Close()
			opts := Options{Spec: sharedSpecPath("alertmanager-v2.yaml"), BaseURL: srv.URL,
				Environ: []string{"ASKAPI_API_KEY=" + secret}, PolicyFile: writePolicy(t, "confirm: {all_writes: true}")}
			cat, err := LoadCatalog(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			opts.BaseURLExact = stubAtRoot(cat)
			p, err := NewPipeline(cat, opts)
			if err != nil {
				t.Fatal(err)
			}
			c := connectInProcess(t, p, nil, "")
			ask, res := mcpCall(t, c, tc.tool, tc.args)
			if ask.Status != "needs_clarification" || len(ask.Questions) != 1 || ask.Questions[0].Field != "_confirm" {
				t.Fatalf("want the confirmation question, got %+v", ask)
			}
			q := ask.Questions[0].Question
			text := textOf(t, res)
			for _, w := range tc.want {
				if !strings.Contains(q, w) {
					t.Errorf("question lacks %q:\n%s", w, q)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(q, w) || strings.Contains(text, w) {
					t.Errorf("question or text shows %q:\n%s", w, q)
				}
			}
			if tc.maxLen > 0 && len(q) > tc.maxLen {
				t.Errorf("question is %d bytes, want at most %d", len(q), tc.maxLen)
			}
			if up.writes.Load() != 0 {
				t.Errorf("%d writes before confirmation", up.writes.Load())
			}
		})
	}
}

func writePolicy(t *testing.T, policy string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "policy.yaml")
	if err := os.WriteFile(f, []byte(policy), 0o600); err != nil {
		t.Fatal(err)
	}
	return f
}
