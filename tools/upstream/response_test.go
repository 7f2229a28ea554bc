package upstream

import (
	"encoding/json"
	"github.com/askapi/askapi/tools/secret"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestResponseParseBody(t *testing.T) {
	cases := []struct {
		name, ct, body string
		want           any
	}{
		{"empty", "application/json", "", nil},
		{"blank", "text/plain", "  \n", nil},
		{"json", "application/json; charset=utf-8", `{"id": 72129, "name": "Sofia"}`, map[string]any{"id": json.Number("72129"), "name": "Sofia"}},
		{"vendor json", "application/problem+json", `{"title":"bad"}`, map[string]any{"title": "bad"}},
		{"looks like json", "text/plain", ` [1, 2] `, []any{json.Number("1"), json.Number("2")}},
		{"json scalar", "application/json", `"ok"`, "ok"},
		{"malformed json", "application/json", `{"id": `, `{"id": `},
		{"two values", "", `{} {}`, `{} {}`},
		{"text", "text/plain", "hello", "hello"},
		{"binary", "image/png", "\x89PNG\r\n\x1a\n\xff\xfe", "[10 bytes of binary content (image/png) not shown]"},
	}
	for _, c := range cases {
		if got := parseBody([]byte(c.body), c.ct); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %#v, want %#v", c.name, got, c.want)
		}
	}
}

func TestResponseCallOf(t *testing.T) {
	// A value equal to a secret is hidden whatever its length; a value holding a secret
	// only when the secret is long enough to be told from ordinary text (MinSecretLen).
	req, err := http.NewRequest("GET", "https://ann:pw@api.example/3/person/72129?api_key=k3y&language=en-US&t=pre-k3y-post&u=pre-0123456789abcdef-post", nil)
	if err != nil {
		t.Fatal(err)
	}
	call := CallOf(req, 200, 1234*time.Millisecond, []string{"k3y", "pw", "0123456789abcdef"})
	if call.URL != "https://ann:xxxxx@api.example/3/person/72129?api_key=[redacted]&language=en-US&t=pre-k3y-post&u=[redacted]" {
		t.Errorf("URL %q", call.URL)
	}
	wantQuery := map[string][]string{"api_key": {secret.RedactedMark}, "language": {"en-US"}, "t": {"pre-k3y-post"}, "u": {secret.RedactedMark}}
	if call.Method != "GET" || call.Path != "/3/person/72129" || call.Status != 200 || call.DurationMS != 1234 || !reflect.DeepEqual(call.Query, wantQuery) {
		t.Errorf("call %+v", call)
	}
	data, _ := json.Marshal(call)
	for _, key := range []string{`"method"`, `"url"`, `"path"`, `"query"`, `"status"`, `"duration_ms"`} {
		if !strings.Contains(string(data), key) {
			t.Errorf("JSON %s lacks %s", data, key)
		}
	}
	bare, _ := http.NewRequest("DELETE", "http://h/x", nil)
	if data, _ := json.Marshal(CallOf(bare, 204, 0, nil)); strings.Contains(string(data), "query") {
		t.Errorf("empty query not omitted: %s", data)
	}
}
