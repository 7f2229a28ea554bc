package upstream

import (
	"github.com/askapi/askapi/tools"
	"strings"
	"testing"
)

// TestEncodeBodyAnyMedia: a body declared */* or application/* with an object schema is
// sent as JSON (issue 26: it was refused as "only a string value can be sent").
func TestEncodeBodyAnyMedia(t *testing.T) {
	cases := []struct {
		ct       string
		value    any
		wantCT   string
		wantBody string
	}{
		{"*/*", map[string]any{"name": "Ann"}, "application/json", `{"name":"Ann"}`},
		{"application/*", []any{1, 2}, "application/json", `[1,2]`},
		{"*/*", `{"raw":true}`, "application/json", `{"raw":true}`},
		{"*/*", "plain words", "text/plain; charset=utf-8", "plain words"},
	}
	for _, tc := range cases {
		b := &tools.Body{ContentType: tc.ct, Arg: "body", Required: true}
		data, ct, err := encodeBody(b, map[string]any{"body": tc.value})
		if err != nil || ct != tc.wantCT || strings.TrimSpace(string(data)) != tc.wantBody {
			t.Errorf("%s %v: got %q %q %v, want %q %q", tc.ct, tc.value, ct, data, err, tc.wantCT, tc.wantBody)
		}
	}
}
