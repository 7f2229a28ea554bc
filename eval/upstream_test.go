package eval

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestUpstreamReplays(t *testing.T) {
	up, err := startUpstream([]Exchange{
		{Method: "GET", Path: "/search/person", Query: map[string]any{"query": "Jennifer"}, Status: 200, Body: json.RawMessage(`{"results":[{"id":1}]}`)},
		{Method: "GET", Path: "/secure", Headers: map[string]string{"X-API-Key": "k1"}, Body: json.RawMessage(`{"ok":true}`)},
		{Method: "POST", Path: "/silences", RequestIncludes: json.RawMessage(`{"createdBy":"dana"}`), Status: 200, Body: json.RawMessage(`{"silenceID":"x"}`)},
		{Method: "DELETE", Path: "/silence/x", Status: 200, Body: json.RawMessage(`null`)},
		{Method: "GET", Path: "/text", Status: 200, Body: json.RawMessage(`"plain words"`), ContentType: "text/plain"},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer up.Close()
	do := func(method, path, body string, header http.Header) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, up.URL()+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range header {
			req.Header[k] = v
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(data)
	}
	tests := []struct {
		method, path, body string
		header             http.Header
		status             int
		contains           string
	}{
		{"GET", "/search/person?query=Jennifer&page=1", "", nil, 200, `"id":1`},
		{"GET", "/search/person?query=Jen", "", nil, 404, "no replayed exchange"},
		{"POST", "/search/person?query=Jennifer", "", nil, 404, ""},
		{"GET", "/secure", "", http.Header{"X-Api-Key": {"k1"}}, 200, "true"},
		{"GET", "/secure", "", http.Header{"X-Api-Key": {"k2"}}, 404, ""},
		{"POST", "/silences", `{"createdBy":"dana","comment":"c"}`, nil, 200, "silenceID"},
		{"POST", "/silences", `{"createdBy":"someone"}`, nil, 404, ""},
		{"DELETE", "/silence/x", "", nil, 200, ""},
		{"GET", "/text", "", nil, 200, "plain words"},
	}
	for _, tt := range tests {
		status, body := do(tt.method, tt.path, tt.body, tt.header)
		if status != tt.status || !strings.Contains(body, tt.contains) {
			t.Errorf("%s %s: %d %q, want %d containing %q", tt.method, tt.path, status, body, tt.status, tt.contains)
		}
	}
	reqs := up.requests()
	if len(reqs) != len(tests) {
		t.Fatalf("recorded %d requests, want %d", len(reqs), len(tests))
	}
	if reqs[0].Path != "/search/person" || reqs[0].Matched != 0 || reqs[1].Matched != -1 || reqs[1].Status != 404 {
		t.Errorf("records %+v %+v", reqs[0], reqs[1])
	}
	if reqs[5].Body == "" || reqs[3].Headers["X-Api-Key"][0] != "k1" {
		t.Errorf("body or headers not recorded: %+v", reqs[5])
	}
}

func TestLoadCasesRejects(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := `{"id":"a","category":"CLEAN","spec":"s.json","turns":[{"tool":"GET /x","expect":{"status":"ok"}},{"answers":{},"expect":{}}]}`
	tests := []struct {
		name, body, err string
	}{
		{"good", good, ""},
		{"unknown key", `{"id":"a","spec":"s","turns":[{"tool":"x"}],"colour":1}`, "unknown field"},
		{"no id", `{"spec":"s","turns":[{"tool":"x"}]}`, "no id"},
		{"answers first", `{"id":"a","spec":"s","turns":[{"answers":{}}]}`, "first turn"},
		{"both tool and answers", `{"id":"a","spec":"s","turns":[{"tool":"x"},{"tool":"y","answers":{}}]}`, "exactly one"},
		{"bad elicitation", `{"id":"a","spec":"s","client":{"elicitation":"maybe"},"turns":[{"tool":"x"}]}`, "elicitation"},
	}
	for _, tt := range tests {
		_, err := LoadCases([]string{write(tt.name+".json", tt.body)})
		if (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
		}
	}
	if _, err := LoadCases([]string{write("dup1.json", good), write("dup2.json", good)}); err == nil || !strings.Contains(err.Error(), "also in") {
		t.Errorf("duplicate ids: %v", err)
	}
}

func TestElicitAnswer(t *testing.T) {
	tests := []struct {
		raw    string
		action string
		ok     bool
	}{
		{`"decline"`, "decline", true},
		{`"cancel"`, "cancel", true},
		{`{"accept":{"_confirm":true}}`, "accept", true},
		{`{"accept":null}`, "", false},
		{`"yes"`, "", false},
	}
	for _, tt := range tests {
		ans, err := (&ClientSpec{Elicitation: json.RawMessage(tt.raw)}).elicitAnswer()
		if (err == nil) != tt.ok || ans.Action != tt.action {
			t.Errorf("%s: %+v %v", tt.raw, ans, err)
		}
	}
}
