package server

import (
	"encoding/json"

	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const specialKey = `p@ss/w+rd=Zq9&x<7>"kLm`

// A key holding JSON-special characters stays hidden however deep it is escaped: three
// @tostr in a _select, and an API refusal holding it escaped twice, which askapi's %q
// quoting escapes a third time. Both showed it.
func TestSecretUnderAnyEscapingDepth(t *testing.T) {
	header := func(r *http.Request) string { return r.Header.Get("X-API-Key") }
	up := newStubUpstream(t, probeRoutes(map[string]http.HandlerFunc{
		"/me": func(w http.ResponseWriter, r *http.Request) {
			stubJSON(w, 200, map[string]any{"id": 1, "header_key": header(r)})
		},
		"/refuse": func(w http.ResponseWriter, r *http.Request) {
			twice, _ := json.Marshal(string(mustJSON(header(r))))
			stubJSON(w, 400, map[string]any{"errors": []any{map[string]any{"field": "q", "message": "bad q for " + string(twice)}}})
		},
	}))
	p := probePipeline(t, probeOptions(up.URL, "ASKAPI_AUTH_QKEY=sk-live-SECRET123456", "ASKAPI_AUTH_HKEY="+specialKey))
	c := connectInProcess(t, p, nil, "")
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"getMe", map[string]any{"_select": "header_key|@tostr|@tostr|@tostr"}},
		{"getMe", map[string]any{"_select": []any{"header_key|@tostr|@tostr|@tostr|@tostr|@tostr", "@this|@tostr|@tostr"}}},
		{"refuseQ", map[string]any{"q": "paris"}},
	} {
		_, res := mcpCall(t, c, tc.tool, tc.args)
		whole, _ := json.Marshal(res)
		if readable(string(whole), specialKey, 8) {
			t.Errorf("%s %v: the key is readable in %s", tc.tool, tc.args, whole)
		}
	}
	if n := len(up.requests()); n != 3 {
		t.Errorf("%d requests, want 3", n)
	}
}

func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}

var oneEscape = regexp.MustCompile(`\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|["\\/bfnrt])`)

// readable reports whether s holds key, as is or unescaped up to depth times.
func readable(s, key string, depth int) bool {
	for range depth + 1 {
		if strings.Contains(s, key) {
			return true
		}
		s = oneEscape.ReplaceAllStringFunc(s, func(m string) string {
			if m[1] == 'u' || m[1] == 'x' {
				n, _ := strconv.ParseUint(m[2:], 16, 32)
				return string(rune(n))
			}
			un, err := strconv.Unquote(`"` + m + `"`)
			if err != nil {
				return m[1:]
			}
			return un
		})
	}
	return false
}
