package upstream

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/askapi/askapi/tools/secret"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Response is an upstream answer, shaped for the result envelope.
type Response struct {
	Status      int    `json:"status"`
	ContentType string `json:"content_type,omitempty"`
	// Body is parsed JSON (numbers as json.Number, so large IDs keep every digit) when the
	// content type is JSON or the text looks like JSON; else the text; nil when empty.
	Body any `json:"body,omitempty"`
	// Truncated: the body exceeded the cap; Body holds the cut text followed by Note.
	Truncated bool   `json:"truncated,omitempty"`
	Note      string `json:"note,omitempty"`
	// Bytes is the size of the body kept (at most the cap).
	Bytes int `json:"bytes"`
	// Raw is the whole answer when it is a JSON object or array, even past the cap (up
	// to WholeBodyLimit): what _select reads and a structured cut is made from.
	Raw []byte `json:"-"`
	// Problem, when set, says the body is not what its Content-Type declared (JSON that
	// does not parse, or no body at all): such an answer is an error, never data.
	Problem *BodyProblem `json:"-"`
	// Header and Duration are for the caller (pagination links, the Call record), not the
	// envelope.
	Header   http.Header   `json:"-"`
	Duration time.Duration `json:"-"`
}

// readResponse reads at most max bytes (one more to detect truncation) and parses them.
// rd hides nothing here: it tells where a cut would split a secret, and what to redact
// from a problem's excerpt.
func readResponse(resp *http.Response, max int64, rd *secret.Redactor) (*Response, error) {
	// Read past the cap by the longest secret form, so one that straddles it is seen
	// whole and the cut can move before it.
	data, err := io.ReadAll(io.LimitReader(resp.Body, max+1+int64(rd.Longest())))
	if err != nil {
		return nil, fmt.Errorf("reading response body: %w", err)
	}
	out := &Response{Status: resp.StatusCode, ContentType: resp.Header.Get("Content-Type"), Header: resp.Header}
	if int64(len(data)) > max {
		out.Truncated = true
		out.Raw = readWhole(resp.Body, data, max)
		out.Note = fmt.Sprintf("response truncated at %d bytes", max)
		// Cut before a secret rather than through it: the half kept would be recognised
		// by no later redaction.
		cut := int(max)
		if rd.Longest() > 0 {
			cut = rd.CutBefore(string(data), cut)
		}
		data = trimPartialRune(data[:cut])
	}
	out.Bytes = len(data)
	var jsonErr error
	out.Body, jsonErr = decodeBody(data, out.ContentType)
	if !out.Truncated {
		// A truncated body is ours to have cut, not the API's fault.
		out.Problem = bodyProblem(resp, data, jsonErr, rd)
		out.Note = emptyNote(resp, data)
		if jsonErr == nil {
			out.Raw = jsonRaw(data)
		}
	}
	if s, isText := out.Body.(string); out.Truncated && isText {
		out.Body = s + "\n[" + out.Note + "]"
	}
	return out, nil
}

// parseBody decodes JSON when the response says or looks like JSON, and falls back to text:
// a truncated or malformed JSON body is still worth showing.
func parseBody(data []byte, contentType string) any {
	v, _ := decodeBody(data, contentType)
	return v
}

// decodeBody is parseBody that also says why a body declared as JSON did not parse.
func decodeBody(data []byte, contentType string) (any, error) {
	// A byte order mark is not JSON, but some servers send one: it is skipped.
	body := bytes.TrimPrefix(data, utf8BOM)
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		return nil, nil
	}
	var jsonErr error
	if declared := isJSONMedia(contentType); declared || trimmed[0] == '{' || trimmed[0] == '[' {
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err == nil {
			if _, err := dec.Token(); err == io.EOF { // exactly one value, nothing after it
				return v, nil
			}
		}
		if declared {
			lead := len(data) - len(bytes.TrimLeftFunc(body, unicode.IsSpace))
			jsonErr = jsonSyntax(trimmed, lead)
		}
	}
	if !utf8.Valid(data) {
		media, _, _ := mime.ParseMediaType(contentType)
		if media == "" {
			media = "unknown type"
		}
		return fmt.Sprintf("[%d bytes of binary content (%s) not shown]", len(data), media), jsonErr
	}
	return string(data), jsonErr
}

var utf8BOM = []byte("\xef\xbb\xbf")

// trimPartialRune drops a UTF-8 sequence cut in half by truncation.
func trimPartialRune(b []byte) []byte {
	for i := 1; i <= utf8.UTFMax && i <= len(b); i++ {
		if utf8.RuneStart(b[len(b)-i]) {
			if !utf8.FullRune(b[len(b)-i:]) {
				return b[:len(b)-i]
			}
			break
		}
	}
	return b
}

// Call describes one upstream request for the result envelope's `calls`, without secrets.
type Call struct {
	Method     string              `json:"method"`
	URL        string              `json:"url"`
	Path       string              `json:"path"`
	Query      map[string][]string `json:"query,omitempty"`
	Status     int                 `json:"status"`
	DurationMS int64               `json:"duration_ms"`
}

// CallOf describes req: method, URL with secret query values redacted (and the path),
// status, duration_ms.
func CallOf(req *http.Request, status int, d time.Duration, secrets []string) Call {
	c := Call{Method: req.Method, Status: status, DurationMS: d.Milliseconds()}
	if req.URL == nil {
		return c
	}
	rd := secret.RedactorFor(secrets)
	c.URL = redactURL(req.URL, rd)
	c.Path = rd.String(req.URL.EscapedPath())
	if q, err := url.ParseQuery(req.URL.RawQuery); err == nil && len(q) > 0 {
		c.Query = map[string][]string{}
		for k, vs := range q {
			for _, v := range vs {
				c.Query[rd.String(k)] = append(c.Query[rd.String(k)], redactValue(v, rd))
			}
		}
	}
	return c
}

// redactValue hides a whole value that is or contains a secret, not just the secret
// inside it.
func redactValue(v string, rd *secret.Redactor) string {
	if rd.IsSecret(v) {
		return secret.RedactedMark
	}
	return v
}

// redactURL renders u with user-info passwords and secret query values hidden, keeping
// the query's order and encoding otherwise.
func redactURL(u *url.URL, rd *secret.Redactor) string {
	cp := *u
	if cp.RawQuery != "" {
		pairs := strings.Split(cp.RawQuery, "&")
		for i, pair := range pairs {
			k, v, ok := strings.Cut(pair, "=")
			if !ok {
				continue
			}
			if uv, err := url.QueryUnescape(v); err == nil && redactValue(uv, rd) != uv {
				pairs[i] = k + "=" + secret.RedactedMark
			}
		}
		cp.RawQuery = strings.Join(pairs, "&")
	}
	return rd.String(cp.Redacted())
}
