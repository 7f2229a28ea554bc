package server

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools/secret"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// The configured secrets of the sweep. Each holds characters that every encoding changes
// (/, +, &, <, ", =), so the raw text, its URL, base64 and JSON forms are all different.
const (
	sweepKey      = `sk_live/Q9+vR7&zT2<W8"x4=`
	sweepUser     = "ann"
	sweepPassword = `pa55/w0rd+Long&Enough`
	sweepToken    = "tok-Ab12/Cd34+Ef56<Gh78"
)

// echoSpec has an echoing endpoint, a failing one, a broken one, and a person search that
// resolves names, all behind an API key in the query and Basic auth.
const echoSpec = `{
 "openapi": "3.0.3",
 "info": {"title": "Echo", "version": "1"},
 "components": {
  "securitySchemes": {
   "ApiKey": {"type": "apiKey", "in": "query", "name": "api_key"},
   "Basic": {"type": "http", "scheme": "basic"}
  },
  "schemas": {"Person": {"type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}
 },
 "security": [{"ApiKey": [], "Basic": []}],
 "paths": {
  "/echo": {"get": {"operationId": "echo", "summary": "Echo the request", "responses": {"200": {"description": "the request as seen"}}}},
  "/boom": {"get": {"operationId": "boom", "summary": "Fail, echoing the request", "responses": {"500": {"description": "failure"}}}},
  "/broken": {"get": {"operationId": "broken", "summary": "Answer JSON cut short", "responses": {"200": {"description": "broken"}}}},
  "/people": {"get": {"operationId": "searchPeople", "summary": "Search people by name",
   "parameters": [{"name": "q", "in": "query", "required": true, "description": "name to search for", "schema": {"type": "string"}}],
   "responses": {"200": {"description": "matches", "content": {"application/json": {"schema": {"type": "object", "properties": {"results": {"type": "array", "items": {"$ref": "#/components/schemas/Person"}}}}}}}}}},
  "/people/{person_id}": {"get": {"operationId": "getPerson", "summary": "Get a person",
   "parameters": [{"name": "person_id", "in": "path", "required": true, "schema": {"type": "integer"}}],
   "responses": {"200": {"description": "the person", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Person"}}}}}}}
 }
}`

// jsonText is v encoded as a JSON string without its quotes, as another program's JSON
// encoder would write it (html: Go's default escaping of <, > and &).
func jsonText(v string, html bool) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(html)
	_ = enc.Encode(v)
	s := strings.TrimSpace(b.String())
	return s[1 : len(s)-1]
}

// secretForms are the forms of a secret that must never leave askapi: as configured, as
// it travels (URL-escaped, base64), and as an echoing API may write it back (JSON-escaped,
// PHP's escaped slashes).
func secretForms(s string) map[string]string {
	return map[string]string{
		"raw":                   s,
		"query-escaped":         url.QueryEscape(s),
		"path-escaped":          url.PathEscape(s),
		"base64":                base64.StdEncoding.EncodeToString([]byte(s)),
		"base64url":             base64.URLEncoding.EncodeToString([]byte(s)),
		"base64 unpadded":       base64.RawStdEncoding.EncodeToString([]byte(s)),
		"json-escaped":          jsonText(s, true),
		"json-escaped, no html": jsonText(s, false),
		"json-escaped slashes":  strings.ReplaceAll(jsonText(s, false), "/", `\/`),
	}
}

// echoUpstream is an API that echoes what it was sent, the credentials included, in
// every form an API may use, whatever the endpoint.
func echoUpstream(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.URL.Query().Get("api_key")
		_, pass, _ := r.BasicAuth()
		seen := map[string]any{"url": r.URL.String(), "raw_query": r.URL.RawQuery, "query": r.URL.Query(), "headers": r.Header}
		for name, v := range map[string]string{"key": key, "password": pass, "token": r.Header.Get("X-Debug-Token")} {
			forms := []string{"glued" + v + "text", "#" + v + "#"}
			for _, f := range secretForms(v) {
				forms = append(forms, f)
			}
			seen[name] = forms
		}
		body, _ := json.Marshal(seen)
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.URL.Path == "/echo", strings.HasPrefix(r.URL.Path, "/people/"):
			_, _ = w.Write(body)
		case r.URL.Path == "/boom":
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write(body)
		case r.URL.Path == "/broken":
			_, _ = w.Write(body[:len(body)/2])
		case r.URL.Path == "/people":
			// Labels built from what was sent: the key, the key cut by the label's length
			// limit, and the name searched for.
			people := []map[string]any{
				{"id": 1, "name": "Ann " + key},
				{"id": 2, "name": "Ann " + strings.Repeat("x", 40) + key},
				{"id": 3, "name": "Ann " + r.URL.Query().Get("q")},
			}
			_ = json.NewEncoder(w).Encode(map[string]any{"results": people})
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// lockedBuffer collects log output written from several goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// sweepPipeline serves echoSpec against upstream with every kind of configured secret,
// logging at debug level into logs.
func sweepPipeline(t *testing.T, upstream string, logs *lockedBuffer) *pipeline.Pipeline {
	t.Helper()
	spec := filepath.Join(t.TempDir(), "echo.json")
	if err := os.WriteFile(spec, []byte(echoSpec), 0o600); err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Spec:    spec,
		BaseURL: upstream,
		NoCache: true,
		Environ: []string{"ASKAPI_AUTH_APIKEY=" + sweepKey, "ASKAPI_AUTH_BASIC=" + sweepUser + ":" + sweepPassword},
		Headers: []string{"X-Debug-Token: " + sweepToken},
		Logger:  slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
	cat, err := LoadCatalog(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.BaseURLExact = stubAtRoot(cat)
	p, err := NewPipeline(cat, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// sweepCall is one call of the sweep and the outcome that shows its path was taken.
type sweepCall struct {
	path     string // what the call exercises
	tool     string
	args     map[string]any
	status   string
	elicitor *elicitor // set: the client shows forms, and declines them
	version  string
}

// TestSecretsNeverLeave sweeps every path that carries text out of askapi — ok bodies,
// errors, question text, option labels, forms in both protocol eras, progress, log
// lines, continuations, a malformed body's excerpt — against an API that echoes the
// credentials in every form, and asserts that no form of any configured secret appears.
func TestSecretsNeverLeave(t *testing.T) {
	up := echoUpstream(t)
	logs := &lockedBuffer{}
	p := sweepPipeline(t, up.URL, logs)
	const legacy = mcp.ProtocolVersion20251125
	calls := []sweepCall{
		{path: "ok body", tool: "echo", args: map[string]any{}, status: "ok"},
		{path: "error excerpt", tool: "boom", args: map[string]any{}, status: "error"},
		{path: "malformed body excerpt", tool: "broken", args: map[string]any{}, status: "error"},
		{path: "option labels", tool: "getPerson", args: map[string]any{"person_id": "Ann"}, status: "needs_clarification"},
		{path: "question text (secret in an argument)", tool: "getPerson", args: map[string]any{"person_id": sweepKey, "_user_request": "the person " + sweepKey}, status: "needs_clarification"},
		{path: "form, 2026-07-28", tool: "getPerson", args: map[string]any{"person_id": "Ann"}, status: "cancelled", elicitor: &elicitor{action: mcp.ElicitationResponseActionDecline}},
		{path: "form, 2025-11-25", tool: "getPerson", args: map[string]any{"person_id": sweepKey}, status: "cancelled", elicitor: &elicitor{action: mcp.ElicitationResponseActionDecline}, version: legacy},
		{path: "plan arguments", tool: pipeline.ToolPlan, args: map[string]any{"operation": "getPerson", "hints": map[string]any{"person_id": sweepKey}}, status: "ok"},
	}
	var leaks []string
	out := map[string]string{} // path → every text it carried
	var continuations []string
	for _, tc := range calls {
		var h client.ElicitationHandler
		if tc.elicitor != nil {
			h = tc.elicitor
		}
		c := connectInProcess(t, p, h, tc.version)
		progress := &lockedBuffer{}
		c.OnNotification(func(n mcp.JSONRPCNotification) {
			data, _ := json.Marshal(n)
			fmt.Fprintf(progress, "%s\n", data)
		})
		var req mcp.CallToolRequest
		req.Params.Name = tc.tool
		req.Params.Arguments = tc.args
		req.Params.Meta = &mcp.Meta{ProgressToken: "sweep"}
		res, err := c.CallTool(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		data, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		var structured map[string]any
		sdata, _ := json.Marshal(res.StructuredContent)
		_ = json.Unmarshal(sdata, &structured)
		if structured["status"] != tc.status {
			t.Errorf("%s: status %v, want %s (the path was not taken)", tc.path, structured["status"], tc.status)
		}
		var texts []string
		for _, content := range res.Content {
			if tc, ok := mcp.AsTextContent(content); ok {
				texts = append(texts, tc.Text)
			}
		}
		if tok, _ := structured["continuation"].(string); tok != "" {
			continuations = append(continuations, tok)
		}
		out[tc.path] = string(data) + "\n" + strings.Join(texts, "\n")
		if tc.elicitor != nil {
			if len(tc.elicitor.forms) != 1 {
				t.Errorf("%s: %d forms shown, want 1", tc.path, len(tc.elicitor.forms))
			}
			for _, f := range tc.elicitor.forms {
				form, _ := json.Marshal(f)
				out[tc.path] += "\n" + string(form) + "\n" + f.Message
			}
		}
		// In-process notifications arrive on another goroutine.
		time.Sleep(50 * time.Millisecond)
		out["progress: "+tc.path] = progress.String()
	}
	// A continuation is sealed, but what it seals must be clean too: it is opened again
	// by any replica holding the key.
	for i, tok := range continuations {
		st, err := p.Sealer.Open(tok)
		if err != nil {
			t.Fatalf("continuation %d: %v", i, err)
		}
		data, _ := json.Marshal(st)
		out[fmt.Sprintf("continuation %d (sealed state)", i)] = tok + "\n" + string(data)
	}
	out["log lines"] = logs.String()

	// The sweep proves something only if the secrets did reach the upstream and came back.
	if !strings.Contains(out["ok body"], "[redacted]") {
		t.Errorf("the ok body shows no redaction: the echo did not happen?\n%s", out["ok body"])
	}
	if len(continuations) < 2 {
		t.Errorf("%d continuations issued, want one per clarification", len(continuations))
	}
	secrets := map[string]string{"api key": sweepKey, "basic user:password": sweepUser + ":" + sweepPassword, "basic password": sweepPassword, "--header value": sweepToken}
	paths := make([]string, 0, len(out))
	for path := range out {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		for name, secret := range secrets {
			forms := secretForms(secret)
			// A secret cut by a length limit (a label, an excerpt) leaks its first half.
			forms["first half"] = secret[:len(secret)/2]
			for form, text := range forms {
				if i := strings.Index(out[path], text); i >= 0 {
					around := out[path][max(i-60, 0):min(i+len(text)+20, len(out[path]))]
					leaks = append(leaks, fmt.Sprintf("%s: the %s (%s), in …%s…", path, name, form, around))
				}
			}
		}
	}
	sort.Strings(leaks)
	for _, l := range leaks {
		t.Error("secret leaked through " + l)
	}
}

// TestShortSecretRewritesNothing: a secret under the floor (tools.MinSecretLen) is not
// searched for in text, so it does not rewrite what the API says; the log names it.
func TestShortSecretRewritesNothing(t *testing.T) {
	const said = "a banana, a bandana and a cabana"
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/boom" {
			w.WriteHeader(http.StatusInternalServerError)
		}
		_ = json.NewEncoder(w).Encode(map[string]string{"said": said})
	}))
	defer up.Close()
	spec := filepath.Join(t.TempDir(), "echo.json")
	if err := os.WriteFile(spec, []byte(echoSpec), 0o600); err != nil {
		t.Fatal(err)
	}
	logs := &lockedBuffer{}
	opts := Options{Spec: spec, BaseURL: up.URL, NoCache: true, Environ: []string{"ASKAPI_API_KEY=a"},
		Logger: slog.New(slog.NewTextHandler(logs, nil))}
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
	for _, tool := range []string{"echo", "boom"} {
		out := callForStructured(t, c, tool, map[string]any{})
		data, _ := json.Marshal(out)
		if !strings.Contains(string(data), said) || strings.Contains(string(data), "[redacted] b") {
			t.Errorf("%s: the API's words were rewritten: %s", tool, data)
		}
	}
	if l := logs.String(); !strings.Contains(l, "ASKAPI_API_KEY") || !strings.Contains(l, "floor=8") {
		t.Errorf("no warning names the short secret:\n%s", l)
	}
}

// TestRedactingLogger: a log line carries no secret in its message, attributes, groups
// or attributes given up front, whatever their kind.
func TestRedactingLogger(t *testing.T) {
	const secretValue = "0123456789abcdef"
	var buf lockedBuffer
	rd := secret.NewRedactor(secretValue, "98765432")
	l := redactingLogger(slog.New(slog.NewJSONHandler(&buf, nil)), rd).With("key", secretValue)
	l.Info("calling with "+secretValue,
		"url", "https://api.example/x?k="+secretValue,
		"err", fmt.Errorf("upstream said %s", secretValue),
		"n", 98765432,
		slog.Group("req", "header", "Bearer "+secretValue))
	l.WithGroup("g").Warn("again", "v", []string{secretValue})
	out := buf.String()
	if strings.Contains(out, secretValue) || strings.Contains(out, "98765432") || strings.Count(out, "[redacted]") < 7 {
		t.Errorf("log lines:\n%s", out)
	}
	if again := redactingLogger(l, rd); again.Handler().(redactingHandler).inner != l.Handler().(redactingHandler).inner {
		t.Error("a redacting logger was wrapped twice")
	}
}
