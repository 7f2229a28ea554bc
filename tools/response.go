package tools

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"
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
	// Header and Duration are for the caller (pagination links, the Call record), not the
	// envelope.
	Header   http.Header   `json:"-"`
	Duration time.Duration `json:"-"`
}

// readResponse reads at most max bytes (one more to detect truncation) and parses them.
func readResponse(resp *http.Response, max int64) (*Response, error) {
	data, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		return nil, fmt.Errorf("reading response body: %w", err)
	}
	out := &Response{Status: resp.StatusCode, ContentType: resp.Header.Get("Content-Type"), Header: resp.Header}
	if int64(len(data)) > max {
		out.Truncated = true
		out.Note = fmt.Sprintf("response truncated at %d bytes", max)
		data = trimPartialRune(data[:max])
	}
	out.Bytes = len(data)
	out.Body = parseBody(data, out.ContentType)
	if s, isText := out.Body.(string); out.Truncated && isText {
		out.Body = s + "\n[" + out.Note + "]"
	}
	return out, nil
}

// parseBody decodes JSON when the response says or looks like JSON, and falls back to text:
// a truncated or malformed JSON body is still worth showing.
func parseBody(data []byte, contentType string) any {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil
	}
	if isJSONMedia(contentType) || trimmed[0] == '{' || trimmed[0] == '[' {
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err == nil {
			if _, err := dec.Token(); err == io.EOF { // exactly one value, nothing after it
				return v
			}
		}
	}
	if !utf8.Valid(data) {
		media, _, _ := mime.ParseMediaType(contentType)
		if media == "" {
			media = "unknown type"
		}
		return fmt.Sprintf("[%d bytes of binary content (%s) not shown]", len(data), media)
	}
	return string(data)
}

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
	c.URL = redactURL(req.URL, secrets)
	c.Path = Redact(req.URL.EscapedPath(), secrets)
	if q, err := url.ParseQuery(req.URL.RawQuery); err == nil && len(q) > 0 {
		c.Query = map[string][]string{}
		for k, vs := range q {
			for _, v := range vs {
				c.Query[Redact(k, secrets)] = append(c.Query[Redact(k, secrets)], redactValue(v, secrets))
			}
		}
	}
	return c
}

// redactValue hides a whole value that contains a secret, not just the secret inside it.
func redactValue(v string, secrets []string) string {
	if Redact(v, secrets) != v {
		return RedactedMark
	}
	return v
}

// redactURL renders u with user-info passwords and secret query values hidden, keeping
// the query's order and encoding otherwise.
func redactURL(u *url.URL, secrets []string) string {
	cp := *u
	if cp.RawQuery != "" {
		pairs := strings.Split(cp.RawQuery, "&")
		for i, pair := range pairs {
			k, v, ok := strings.Cut(pair, "=")
			if !ok {
				continue
			}
			if uv, err := url.QueryUnescape(v); err == nil && redactValue(uv, secrets) != uv {
				pairs[i] = k + "=" + RedactedMark
			}
		}
		cp.RawQuery = strings.Join(pairs, "&")
	}
	return Redact(cp.Redacted(), secrets)
}
