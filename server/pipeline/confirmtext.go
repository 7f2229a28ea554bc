package pipeline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"mime"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse/chain"
	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools/secret"
)

// A person confirming a write must see what will be written: the method, the path with
// its values filled in (and the query), and the body. The request shown is the one the
// confirmation's digest binds, built without credentials; the edge (redact.go) hides any
// configured secret that still reaches the text, as it does for every other question.

// Bounds keep a question readable and a form small; what is cut is still sent, and the
// question says so.
const (
	confirmTargetLimit = 400
	ConfirmBodyLimit   = 2000
)

// shownRequest renders req (with its body) for a confirmation question:
// "POST /api/v2/silences" and, when there is a body, the body, pretty when it is JSON.
func shownRequest(req *http.Request, body []byte, rd *secret.Redactor) (target, shownBody string) {
	target = req.Method + " " + bounded(req.URL.RequestURI(), confirmTargetLimit, rd, "…")
	if len(body) == 0 {
		return target, ""
	}
	ct := req.Header.Get("Content-Type")
	media, _, _ := mime.ParseMediaType(ct)
	switch {
	case media == "application/json" || strings.HasSuffix(media, "+json"):
		var pretty bytes.Buffer
		// Indent keeps every string as it was encoded: nothing is escaped anew.
		if json.Indent(&pretty, body, "", "  ") == nil {
			body = pretty.Bytes()
		}
		body = unescapeHTML(body)
	case strings.HasPrefix(media, "multipart/") || !utf8.Valid(body):
		return target, fmt.Sprintf("(%d bytes of %s, not shown)", len(body), ct)
	}
	more := fmt.Sprintf("\n… (%d bytes in all: the rest is sent too, but not shown here)", len(body))
	return target, bounded(string(body), ConfirmBodyLimit, rd, more)
}

// bounded cuts s to at most limit bytes, never inside a secret (a secret cut in half is
// recognised by no later redaction) nor inside a character, and appends more when cut.
func bounded(s string, limit int, rd *secret.Redactor, more string) string {
	if len(s) <= limit {
		return s
	}
	n := rd.CutBefore(s, limit)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + more
}

// confirmText is the confirmation question: the request, what it does, the names its
// looked-up values stand for, and its body.
func confirmText(target, effect, names, body string) string {
	q := fmt.Sprintf("Shall I send %s? %s", target, effect)
	if names != "" {
		q += " " + names
	}
	if body != "" {
		q += "\nBody:\n" + body
	}
	return q
}

// unescapeHTML shows &, < and > as themselves where Go's JSON encoder wrote them \u0026,
// \u003c and \u003e (the same JSON value: a person should read "Lindqvist & Berg", not an
// escape). An escaped backslash before them is kept as it is.
func unescapeHTML(b []byte) []byte {
	if !bytes.Contains(b, []byte(`\u00`)) {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' || i+1 >= len(b) {
			out = append(out, b[i])
			continue
		}
		if b[i+1] == 'u' && i+6 <= len(b) {
			switch strings.ToLower(string(b[i+2 : i+6])) {
			case "0026":
				out, i = append(out, '&'), i+5
				continue
			case "003c":
				out, i = append(out, '<'), i+5
				continue
			case "003e":
				out, i = append(out, '>'), i+5
				continue
			}
		}
		out, i = append(out, b[i], b[i+1]), i+1
	}
	return out
}

// lookedUpNames says which thing each value looked up from a name is, so a person
// confirms a request on "Harbour View Renovation", not on the id it was found as:
// "(3f9c2a71-… is the project "Harbour View Renovation".)".
func lookedUpNames(c *call) string {
	var parts []string
	for _, arg := range slices.Sorted(maps.Keys(c.state.Resolutions)) {
		r := c.state.Resolutions[arg]
		v, sent := c.args[arg]
		if r.Outcome != chain.Filled || !sent || fmt.Sprint(v) != fmt.Sprint(r.Value) {
			continue
		}
		name, _ := r.Input.(string)
		if name == "" || name == clarify.ValueText(v) {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s is the %s %q", clarify.ValueText(v), lexicon.Display(r.Resource), name))
	}
	if len(parts) == 0 {
		return ""
	}
	return "(" + strings.Join(parts, "; ") + ".)"
}
