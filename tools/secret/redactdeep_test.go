package secret

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// A secret is hidden under any depth of escaping: JSON (with and without HTML escapes,
// with escaped slashes) and Go's %q, mixed, eight levels deep. Two levels were the most
// it was recognised through.
func TestRedactAnyEscapingDepth(t *testing.T) {
	for _, secret := range []string{`p@ss/w+rd=Zq9&x<7>"kLm`, `back\slash"quote'`, "tab\there-and-é-ok", "sk-live-SECRET123456"} {
		rd := NewRedactor(secret)
		escapers := []func(string) string{
			func(s string) string { return jsonInnerTest(s, true) },
			func(s string) string { return jsonInnerTest(s, false) },
			func(s string) string { return strings.ReplaceAll(jsonInnerTest(s, false), "/", `\/`) },
			func(s string) string { q := strconv.Quote(s); return q[1 : len(q)-1] },
		}
		for _, start := range []string{secret, url.PathEscape(secret)} {
			for first := range escapers {
				text := "key=" + start + ";"
				for depth := 1; depth <= 8; depth++ {
					text = escapers[(first+depth)%len(escapers)]("{\"v\":\"" + text + "\"}")
					got := rd.String(text)
					if shows(got, secret, depth) {
						t.Errorf("%q at depth %d: %q", secret, depth, got)
					}
					if rd.String(got) != got {
						t.Errorf("%q at depth %d: not a fixed point", secret, depth)
					}
				}
			}
		}
	}
}

// Base64 of a longer text holding a secret of 16 bytes or more hides it at every
// alignment, in both alphabets, padded or not, URL-escaped, its slashes JSON-escaped:
// "Bearer <key>", "<key>:", a cursor. The whole base64 run goes.
func TestRedactBase64Windows(t *testing.T) {
	secret := `p@ss/w+rd=Zq9&x<7>"kLm`
	rd := NewRedactor(secret, "sk-live-SECRET123456")
	for _, s := range []string{secret, "sk-live-SECRET123456"} {
		for pre := range 6 {
			for post := range 4 {
				window := strings.Repeat("P", pre) + s + strings.Repeat("Q", post)
				for _, enc := range []string{
					base64.StdEncoding.EncodeToString([]byte(window)),
					base64.RawStdEncoding.EncodeToString([]byte(window)),
					base64.URLEncoding.EncodeToString([]byte(window)),
					base64.RawURLEncoding.EncodeToString([]byte(window)),
					url.QueryEscape(base64.StdEncoding.EncodeToString([]byte(window))),
					strings.ReplaceAll(base64.StdEncoding.EncodeToString([]byte(window)), "/", `\/`),
					base64.StdEncoding.EncodeToString([]byte(jsonInnerTest(window, true))),
				} {
					text := "token " + enc + " end"
					got := rd.String(text)
					if shows(got, s, 1) || !strings.HasPrefix(got, "token ") || !strings.HasSuffix(got, " end") {
						t.Errorf("%d+%d bytes around %q, %q: %q", pre, post, s, enc, got)
					}
				}
			}
		}
	}
}

// A secret written as HTML character references is hidden, and Mentions finds it in a
// result's JSON, where Go escapes its "&" (it looked only for forms as written, and the
// result was never redacted).
func TestMentionsSpelledForms(t *testing.T) {
	secret := "sk-live-SECRET123456"
	rd := NewRedactor(secret)
	var ent strings.Builder
	for _, c := range secret {
		fmt.Fprintf(&ent, "&#%d;", c)
	}
	text := "key " + ent.String() + " end"
	data, err := json.Marshal(map[string]string{"v": text}) // Go writes & as \u0026
	if err != nil {
		t.Fatal(err)
	}
	if !rd.Mentions(data) {
		t.Errorf("Mentions(%s) = false", data)
	}
	if got := rd.String(text); got != "key [redacted] end" {
		t.Errorf("String(%q) = %q", text, got)
	}
}
