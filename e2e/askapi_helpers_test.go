//go:build e2e

package e2e_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"sort"
	"sync"
	"testing"

	"github.com/askapi/askapi/e2e"
)

// specPath is a spec of the shared folder.
func specPath(name string) string {
	return filepath.Join(e2e.SharedDir(), "specs", name)
}

// sharedSpecs are the three specs every end-to-end check runs over, with their number of
// operation tools (find_operations and plan come on top).
var sharedSpecs = []struct {
	name, file string
	operations int
}{
	{"tmdb", "tmdb.json", 54},
	{"spotify", "spotify.json", 40},
	{"alertmanager", "alertmanager-v2.yaml", 9},
}

// upstreamRequest is one request a loopback stub upstream received.
type upstreamRequest struct {
	Method, Path string
	Query        url.Values
	Header       http.Header
	Body         string
}

// stubUpstream is a loopback HTTP API that records each request and answers with handle.
type stubUpstream struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []upstreamRequest
}

func newStubUpstream(t *testing.T, handle http.HandlerFunc) *stubUpstream {
	t.Helper()
	u := &stubUpstream{}
	u.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		u.mu.Lock()
		u.reqs = append(u.reqs, upstreamRequest{r.Method, r.URL.Path, r.URL.Query(), r.Header.Clone(), string(body)})
		u.mu.Unlock()
		handle(w, r)
	}))
	t.Cleanup(u.Close)
	return u
}

func (u *stubUpstream) requests() []upstreamRequest {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]upstreamRequest(nil), u.reqs...)
}

func replyJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// envelope is askapi's result envelope (structuredContent) as a client decodes it.
type envelope struct {
	Status    string `json:"status"`
	Operation string `json:"operation"`
	HTTP      *struct {
		Status int `json:"status"`
	} `json:"http"`
	Body      any              `json:"body"`
	Calls     []map[string]any `json:"calls"`
	Questions []question       `json:"questions"`
	// Continuation resumes the call.
	Continuation string `json:"continuation"`
	Reason       string `json:"reason"`
	Error        *struct {
		Message        string `json:"message"`
		UpstreamStatus int    `json:"upstream_status"`
		BodyExcerpt    string `json:"body_excerpt"`
	} `json:"error"`
}

type question struct {
	Field    string `json:"field"`
	Kind     string `json:"kind"`
	Question string `json:"question"`
	Reason   string `json:"reason"`
	Options  []struct {
		Value any    `json:"value"`
		Label string `json:"label"`
	} `json:"options"`
}

// fields lists the fields asked about with kind (any kind when empty), sorted.
func (e envelope) fields(kind string) []string {
	var out []string
	for _, q := range e.Questions {
		if kind == "" || q.Kind == kind {
			out = append(out, q.Field)
		}
	}
	sort.Strings(out)
	return out
}

// optionValues lists the values offered for field, as strings.
func (e envelope) optionValues(field string) []string {
	var out []string
	for _, q := range e.Questions {
		if q.Field != field {
			continue
		}
		for _, o := range q.Options {
			if s, ok := o.Value.(string); ok {
				out = append(out, s)
			} else {
				b, _ := json.Marshal(o.Value)
				out = append(out, string(b))
			}
		}
	}
	sort.Strings(out)
	return out
}

// toolResult is an MCP CallToolResult as the Inspector prints it.
type toolResult struct {
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	StructuredContent json.RawMessage `json:"structuredContent"`
	IsError           bool            `json:"isError"`
}

func decodeToolResult(t *testing.T, out []byte) (toolResult, envelope) {
	t.Helper()
	var res toolResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("not a CallToolResult: %v\n%s", err, out)
	}
	var env envelope
	if err := json.Unmarshal(res.StructuredContent, &env); err != nil {
		t.Fatalf("structuredContent is not an envelope: %v\n%s", err, out)
	}
	return res, env
}
