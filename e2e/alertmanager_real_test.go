//go:build e2e

package e2e_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/askapi/askapi/e2e"
)

// The real upstream: Debian's prometheus-alertmanager, served through the built askapi
// binary to mcp-go's stdio client. A recording proxy between askapi and Alertmanager
// shows exactly what askapi sent.

// recordingProxy forwards to target and records every request.
type recordingProxy struct {
	*httptest.Server
	mu   sync.Mutex
	seen []string // "METHOD /path"
}

func newRecordingProxy(t *testing.T, target string) *recordingProxy {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	p := &recordingProxy{}
	rp := httputil.NewSingleHostReverseProxy(u)
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		p.seen = append(p.seen, r.Method+" "+r.URL.Path)
		p.mu.Unlock()
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(p.Close)
	return p
}

// since returns the requests recorded after the first n.
func (p *recordingProxy) since(n int) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.seen[n:]...)
}

func (p *recordingProxy) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.seen)
}

// amSilence is a silence as Alertmanager's API lists it.
type amSilence struct {
	ID     string `json:"id"`
	Status struct {
		State string `json:"state"`
	} `json:"status"`
	Comment   string `json:"comment"`
	CreatedBy string `json:"createdBy"`
	Matchers  []struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	} `json:"matchers"`
}

// amAPI talks to Alertmanager directly, bypassing askapi, to check what really happened.
type amAPI struct {
	t    *testing.T
	base string // http://127.0.0.1:PORT/api/v2
}

func (a amAPI) silences() map[string]amSilence {
	a.t.Helper()
	resp, err := http.Get(a.base + "/silences")
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []amSilence
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		a.t.Fatalf("GET /silences: %v", err)
	}
	out := map[string]amSilence{}
	for _, s := range list {
		out[s.ID] = s
	}
	return out
}

func (a amAPI) active() map[string]amSilence {
	out := map[string]amSilence{}
	for id, s := range a.silences() {
		if s.Status.State == "active" {
			out[id] = s
		}
	}
	return out
}

func (a amAPI) create(alertname, comment string) string {
	a.t.Helper()
	body, _ := json.Marshal(map[string]any{
		"matchers":  []any{map[string]any{"name": "alertname", "value": alertname, "isRegex": false, "isEqual": true}},
		"startsAt":  time.Now().UTC().Format(time.RFC3339),
		"endsAt":    time.Now().Add(2 * time.Hour).UTC().Format(time.RFC3339),
		"createdBy": "ops",
		"comment":   comment,
	})
	resp, err := http.Post(a.base+"/silences", "application/json", bytes.NewReader(body))
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	var created struct {
		SilenceID string `json:"silenceID"`
	}
	raw, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(raw, &created); err != nil || created.SilenceID == "" {
		a.t.Fatalf("create silence: %d %s", resp.StatusCode, raw)
	}
	return created.SilenceID
}

// syncWriter collects the server's stderr for failure logs.
type syncWriter struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// mcpSession is the askapi binary spawned over stdio with mcp-go's client.
type mcpSession struct {
	t *testing.T
	c *client.Client
}

func startAskapiStdio(t *testing.T, args ...string) *mcpSession {
	t.Helper()
	bin := e2e.BuildAskapi(t)
	stderr := &syncWriter{}
	c, err := client.NewStdioMCPClientWithOptions(bin, []string{"ASKAPI_LOG_LEVEL=debug"}, append([]string{"serve"}, args...),
		transport.WithCommandStderrWriter(stderr))
	if err != nil {
		t.Fatalf("spawn askapi: %v", err)
	}
	t.Cleanup(func() {
		_ = c.Close()
		if t.Failed() {
			t.Logf("askapi stderr:\n%s", stderr.String())
		}
	})
	var init mcp.InitializeRequest
	init.Params.ClientInfo = mcp.Implementation{Name: "askapi-e2e", Version: "1"}
	if _, err := c.Initialize(context.Background(), init); err != nil {
		t.Fatalf("initialize: %v", err)
	}
	return &mcpSession{t: t, c: c}
}

func (s *mcpSession) call(name string, args map[string]any) envelope {
	s.t.Helper()
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := s.c.CallTool(context.Background(), req)
	if err != nil {
		s.t.Fatalf("tools/call %s: %v", name, err)
	}
	raw, _ := json.Marshal(res.StructuredContent)
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		s.t.Fatalf("structuredContent of %s: %v\n%s", name, err, raw)
	}
	if res.IsError != (env.Status == "error") {
		s.t.Errorf("%s: isError %v with status %q", name, res.IsError, env.Status)
	}
	return env
}

func dump(v any) string {
	b, _ := json.MarshalIndent(v, "", "  ")
	return string(b)
}

func TestRealAlertmanagerSilences(t *testing.T) {
	base := e2e.StartAlertmanager(t)
	am := amAPI{t: t, base: base}
	proxy := newRecordingProxy(t, strings.TrimSuffix(base, "/api/v2"))
	// Host-only base URL: askapi joins the spec's basePath /api/v2/.
	s := startAskapiStdio(t, "--spec", specPath("alertmanager-v2.yaml"), "--base-url", proxy.URL)

	args := map[string]any{
		"matchers": []any{map[string]any{"name": "alertname", "value": "E2EBackupLate", "isRegex": false}},
		"startsAt": time.Now().UTC().Format(time.RFC3339),
		"endsAt":   time.Now().Add(time.Hour).UTC().Format(time.RFC3339),
	}
	n := proxy.count()
	first := s.call("postSilences", args)
	if first.Status != "needs_clarification" || strings.Join(first.fields("missing"), ",") != "comment,createdBy" || len(first.Questions) != 2 {
		t.Fatalf("postSilences without comment and createdBy: want both asked as missing in one round, got %s", dump(first))
	}
	if sent := proxy.since(n); len(sent) != 0 {
		t.Errorf("askapi sent %v while asking", sent)
	}
	if got := am.silences(); len(got) != 0 {
		t.Fatalf("a silence was created while asking: %s", dump(got))
	}

	args["comment"] = "backup window moved"
	args["createdBy"] = "dana"
	args["_continuation"] = first.Continuation
	done := s.call("postSilences", args)
	if done.Status != "ok" || done.HTTP == nil || done.HTTP.Status != 200 {
		t.Fatalf("postSilences with the answers: %s", dump(done))
	}
	created, _ := done.Body.(map[string]any)["silenceID"].(string)
	live := am.active()
	if created == "" || live[created].Comment != "backup window moved" || live[created].CreatedBy != "dana" {
		t.Fatalf("silence %q not created as asked; Alertmanager has %s", created, dump(live))
	}

	listed := s.call("getSilences", map[string]any{})
	if listed.Status != "ok" || !strings.Contains(dump(listed.Body), created) {
		t.Errorf("getSilences through askapi does not show %s: %s", created, dump(listed))
	}

	n = proxy.count()
	placeholder := s.call("getSilence", map[string]any{"silenceID": "00000000-0000-0000-0000-000000000000"})
	if placeholder.Status != "needs_clarification" || len(placeholder.Questions) != 1 ||
		placeholder.Questions[0].Field != "silenceID" || placeholder.Questions[0].Kind != "unconfirmed" {
		t.Errorf("placeholder silence id: %s", dump(placeholder))
	}
	if sent := proxy.since(n); len(sent) != 0 || len(placeholder.Calls) != 0 {
		t.Errorf("a placeholder id was sent: proxy saw %v, calls %v", sent, placeholder.Calls)
	}
}

// TestRealAlertmanagerDeleteByName is issue 3's acceptance: a silence named by its alert
// is resolved through GET /silences; two matches are a question, and only the chosen one
// is deleted. With a confirm-writes policy the delete also waits for an explicit yes.
func TestRealAlertmanagerDeleteByName(t *testing.T) {
	base := e2e.StartAlertmanager(t)
	am := amAPI{t: t, base: base}
	rack := am.create("DiskFull", "rack 4 disk swap")
	weekend := am.create("DiskFull", "weekend maintenance")
	latency := am.create("HighLatency", "load test")
	proxy := newRecordingProxy(t, strings.TrimSuffix(base, "/api/v2"))

	t.Run("ambiguous name", func(t *testing.T) {
		s := startAskapiStdio(t, "--spec", specPath("alertmanager-v2.yaml"), "--base-url", proxy.URL)
		n := proxy.count()
		asked := s.call("deleteSilence", map[string]any{"silenceID": "DiskFull", "_user_request": "Remove the DiskFull silence"})
		if asked.Status != "needs_clarification" || len(asked.Questions) != 1 || asked.Questions[0].Kind != "ambiguous" || asked.Questions[0].Field != "silenceID" {
			t.Fatalf("delete by alert name: want one ambiguous question on silenceID, got %s", dump(asked))
		}
		want := []string{rack, weekend}
		sort.Strings(want)
		if got := asked.optionValues("silenceID"); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("options %v, want exactly the two DiskFull silences %v", got, want)
		}
		for _, o := range asked.Questions[0].Options {
			if o.Label == "" || o.Label == o.Value {
				t.Errorf("option %v has no label a person could choose from", o)
			}
		}
		for _, r := range proxy.since(n) {
			if !strings.HasPrefix(r, "GET ") {
				t.Errorf("askapi sent %s while asking; only reads may run", r)
			}
		}
		if got := am.active(); len(got) != 3 {
			t.Fatalf("a silence was deleted while asking: %s", dump(got))
		}

		n = proxy.count()
		done := s.call("deleteSilence", map[string]any{"silenceID": weekend, "_continuation": asked.Continuation})
		if done.Status != "ok" {
			t.Fatalf("delete the chosen silence: %s", dump(done))
		}
		var deletes []string
		for _, r := range proxy.since(n) {
			if strings.HasPrefix(r, "DELETE ") {
				deletes = append(deletes, r)
			}
		}
		if len(deletes) != 1 || deletes[0] != "DELETE /api/v2/silence/"+weekend {
			t.Errorf("deletes sent %v, want exactly DELETE /api/v2/silence/%s", deletes, weekend)
		}
		live := am.active()
		if _, ok := live[weekend]; ok {
			t.Errorf("the chosen silence %s is still active", weekend)
		}
		if _, ok := live[rack]; !ok {
			t.Errorf("the other DiskFull silence %s was deleted too", rack)
		}
		if _, ok := live[latency]; !ok {
			t.Errorf("the HighLatency silence %s was deleted", latency)
		}
	})

	t.Run("confirm policy", func(t *testing.T) {
		policy := filepath.Join(t.TempDir(), "policy.json")
		if err := os.WriteFile(policy, []byte(`{"confirm": {"methods": ["DELETE"]}}`), 0o644); err != nil {
			t.Fatal(err)
		}
		s := startAskapiStdio(t, "--spec", specPath("alertmanager-v2.yaml"), "--base-url", proxy.URL, "--policy", policy)
		noDelete := func(step string, from int) {
			t.Helper()
			for _, r := range proxy.since(from) {
				if strings.HasPrefix(r, "DELETE ") {
					t.Errorf("%s: askapi sent %s before the confirmation", step, r)
				}
			}
			if _, ok := am.active()[rack]; !ok {
				t.Fatalf("%s: silence %s was deleted before the confirmation", step, rack)
			}
		}

		n := proxy.count()
		asked := s.call("deleteSilence", map[string]any{"silenceID": rack})
		if asked.Status != "needs_clarification" || len(asked.Questions) != 1 ||
			asked.Questions[0].Field != "_confirm" || asked.Questions[0].Kind != "unconfirmed" || asked.Continuation == "" {
			t.Fatalf("DELETE under a confirm policy: want one {field: _confirm, kind: unconfirmed} question, got %s", dump(asked))
		}
		noDelete("first call", n)

		// A bare _confirm without the continuation is not bound to the asked request.
		n = proxy.count()
		bare := s.call("deleteSilence", map[string]any{"silenceID": rack, "_confirm": true})
		if bare.Status == "ok" {
			t.Errorf("_confirm without the continuation deleted: %s", dump(bare))
		}
		noDelete("_confirm without continuation", n)

		n = proxy.count()
		done := s.call("deleteSilence", map[string]any{"silenceID": rack, "_confirm": true, "_continuation": asked.Continuation})
		if done.Status != "ok" {
			t.Fatalf("confirmed delete: %s", dump(done))
		}
		if sent := proxy.since(n); strings.Join(sent, ",") != "DELETE /api/v2/silence/"+rack {
			t.Errorf("confirmed delete sent %v, want exactly DELETE /api/v2/silence/%s", sent, rack)
		}
		if _, ok := am.active()[rack]; ok {
			t.Errorf("silence %s is still active after the confirmed delete", rack)
		}
		if _, ok := am.active()[latency]; !ok {
			t.Errorf("the HighLatency silence %s was deleted", latency)
		}
	})
}
