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

func TestRequestBodyEquals(t *testing.T) {
	tests := []struct {
		name, body, want string
		ok               bool
	}{
		{"no expectation", `{"a":1}`, ``, true},
		{"no expectation, no body", ``, ``, true},
		{"same object", `{"title":"t","n":3}`, `{"title":"t","n":3}`, true},
		{"key order", `{"n":3,"title":"t"}`, `{"title":"t","n":3}`, true},
		{"numbers numerically", `{"n":3.0,"m":1e2}`, `{"n":3,"m":100}`, true},
		{"nested same", `{"parent":{"id":"0"},"tags":["a","b"]}`, `{"parent":{"id":"0"},"tags":["a","b"]}`, true},
		{"extra key", `{"title":"t","extra":true}`, `{"title":"t"}`, false},
		{"missing key", `{"title":"t"}`, `{"title":"t","n":3}`, false},
		{"nested extra key", `{"parent":{"id":"0","type":"folder"}}`, `{"parent":{"id":"0"}}`, false},
		{"array order", `{"tags":["b","a"]}`, `{"tags":["a","b"]}`, false},
		{"array longer", `{"tags":["a","b","c"]}`, `{"tags":["a","b"]}`, false},
		{"number vs string", `{"id":"3"}`, `{"id":3}`, false},
		{"null vs absent", `{"title":"t","due":null}`, `{"title":"t"}`, false},
		{"different value", `{"title":"u"}`, `{"title":"t"}`, false},
		{"not json", `title=t`, `{"title":"t"}`, false},
		{"empty body, object wanted", ``, `{}`, false},
		{"empty object", `{}`, `{}`, true},
		{"null wants no body", ``, `null`, true},
		{"null accepts json null", `null`, `null`, true},
		{"null refuses a body", `{}`, `null`, false},
		{"array body", `[1,2]`, `[1,2]`, true},
		{"string body", `"hi"`, `"hi"`, true},
	}
	for _, tt := range tests {
		if got := requestBodyEquals([]byte(tt.body), json.RawMessage(tt.want)); got != tt.ok {
			t.Errorf("%s: requestBodyEquals(%q, %q) = %v, want %v", tt.name, tt.body, tt.want, got, tt.ok)
		}
	}
}

func TestUpstreamRequestBody(t *testing.T) {
	up, err := startUpstream([]Exchange{
		{Method: "POST", Path: "/issues", RequestBody: json.RawMessage(`{"title":"t","labels":[1,2]}`), Status: 201, Body: json.RawMessage(`{"number":1}`)},
		{Method: "POST", Path: "/both", RequestIncludes: json.RawMessage(`{"a":1}`), RequestBody: json.RawMessage(`{"a":1,"b":2}`), Status: 200, Body: json.RawMessage(`{"ok":true}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer up.Close()
	tests := []struct {
		path, body string
		status     int
	}{
		{"/issues", `{"labels":[1,2],"title":"t"}`, 201},
		{"/issues", `{"title":"t","labels":[1.0,2.0]}`, 201},
		{"/issues", `{"title":"t","labels":[1,2],"body":""}`, 404},
		{"/issues", `{"title":"t"}`, 404},
		{"/issues", ``, 404},
		{"/both", `{"a":1,"b":2}`, 200},
		{"/both", `{"a":1}`, 404},
	}
	for _, tt := range tests {
		resp, err := http.Post(up.URL()+tt.path, "application/json", strings.NewReader(tt.body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("POST %s %s: %d, want %d", tt.path, tt.body, resp.StatusCode, tt.status)
		}
	}
	reqs := up.requests()
	if len(reqs) != len(tests) {
		t.Fatalf("recorded %d requests, want %d", len(reqs), len(tests))
	}
	if reqs[2].Matched != -1 || reqs[2].Body != `{"title":"t","labels":[1,2],"body":""}` {
		t.Errorf("an unmatched body is recorded with -1: %+v", reqs[2])
	}
}

func TestRequestBodyMatchesForm(t *testing.T) {
	multipart := "--b1\r\nContent-Disposition: form-data; name=\"sync_frequency\"\r\n\r\n3\r\n" +
		"--b1\r\nContent-Disposition: form-data; name=\"tag\"\r\n\r\nx\r\n--b1\r\nContent-Disposition: form-data; name=\"tag\"\r\n\r\ny\r\n--b1--\r\n"
	cases := []struct {
		body, contentType, want string
		ok                      bool
	}{
		{`customer=cus_NffrFeUfNV2Hib&collection_method=send_invoice`, "", `{"customer": "cus_NffrFeUfNV2Hib"}`, true},
		{`customer=Bob+Smith`, "", `{"customer": "cus_NffrFeUfNV2Hib"}`, false},
		{`metadata%5Bplan%5D=gold&expand[]=a&expand[]=b`, "", `{"metadata[plan]": "gold", "expand[]": ["a", "b"]}`, true},
		{`{"customer": "cus_1"}`, "", `{"customer": "cus_1"}`, true},
		{`not a form`, "", `{"customer": "cus_1"}`, false},
		{multipart, "multipart/form-data; boundary=b1", `{"sync_frequency": "3", "tag": ["x", "y"]}`, true},
		{multipart, "multipart/form-data; boundary=b1", `{"sync_frequency": "4"}`, false},
	}
	for _, tc := range cases {
		if got := requestBodyMatches([]byte(tc.body), tc.contentType, json.RawMessage(tc.want)); got != tc.ok {
			t.Errorf("requestBodyMatches(%q, %s) = %v, want %v", tc.body, tc.want, got, tc.ok)
		}
	}
}
