package upstream

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/askapi/askapi/tools/secret"
	"mime"
	"net/http"
	"strings"
	"unicode/utf8"
)

// BodyProblem says why an upstream answer cannot be used as data although its status
// says it succeeded: its Content-Type declares JSON and the body is empty or not JSON.
type BodyProblem struct {
	// Message names the problem and where it is: "the API answered 200 with a body that
	// is not valid JSON: unexpected end of JSON input at byte 1234".
	Message string
	// Excerpt is the body around the problem, secrets redacted; empty for an empty body.
	Excerpt string
}

// excerptBefore and excerptAfter frame a malformed body's excerpt around the byte where
// parsing failed: mostly what led there, a little of what follows.
const (
	excerptBefore = 200
	excerptAfter  = 80
)

// jsonSyntax is the parser's complaint about data, at its byte offset in the body
// (lead is where data starts in it).
func jsonSyntax(data []byte, lead int) error {
	var v any
	err := json.Unmarshal(data, &v)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &jsonError{msg: se.Error(), offset: lead + int(se.Offset)}
	}
	if err == nil {
		// The decoder refused what Unmarshal accepts: only trailing data does that.
		err = errors.New("more than one JSON value")
	}
	return &jsonError{msg: err.Error(), offset: lead + len(data)}
}

type jsonError struct {
	msg    string
	offset int
}

func (e *jsonError) Error() string { return fmt.Sprintf("%s at byte %d", e.msg, e.offset) }

// noContent reports whether the answer carries no body by definition: a HEAD request,
// or 1xx, 204, 205 and 304 statuses.
func noContent(resp *http.Response) bool {
	if resp.Request != nil && resp.Request.Method == http.MethodHead {
		return true
	}
	s := resp.StatusCode
	return s < 200 || s == http.StatusNoContent || s == http.StatusResetContent || s == http.StatusNotModified
}

// bodyProblem says what is wrong with a body whose Content-Type declares JSON, nil when
// nothing is (or nothing was declared). jsonErr is decodeBody's verdict.
func bodyProblem(resp *http.Response, data []byte, jsonErr error, rd *secret.Redactor) *BodyProblem {
	ct := resp.Header.Get("Content-Type")
	if !isJSONMedia(ct) || noContent(resp) {
		return nil
	}
	media, _, _ := mime.ParseMediaType(ct)
	if len(strings.TrimSpace(string(data))) == 0 {
		if success(resp) {
			// A write that succeeded often answers nothing: that is its answer, and an
			// error would invite a retry, so a second write (emptyNote says it).
			return nil
		}
		return &BodyProblem{Message: fmt.Sprintf("the API answered %d with an empty body, though its Content-Type says %s", resp.StatusCode, media)}
	}
	var je *jsonError
	if !errors.As(jsonErr, &je) {
		return nil
	}
	return &BodyProblem{
		Message: fmt.Sprintf("the API answered %d with a body that is not valid JSON: %s", resp.StatusCode, je),
		Excerpt: problemExcerpt(string(data), je.offset, rd),
	}
}

// problemExcerpt is the body around offset, redacted, cut on whole characters and never
// through a secret (Redactor.Excerpt).
func problemExcerpt(body string, offset int, rd *secret.Redactor) string {
	from, to := max(offset-excerptBefore, 0), min(offset+excerptAfter, len(body))
	for from > 0 && !utf8.RuneStart(body[from]) {
		from--
	}
	for to < len(body) && !utf8.RuneStart(body[to]) {
		to++
	}
	return rd.Excerpt(body, from, to)
}

// success reports a 2xx answer.
func success(resp *http.Response) bool { return resp.StatusCode >= 200 && resp.StatusCode < 300 }

// emptyNote says that a successful answer carried no body, where one was declared or
// none: "" when it carried one.
func emptyNote(resp *http.Response, data []byte) string {
	if !success(resp) || noContent(resp) || len(strings.TrimSpace(string(data))) > 0 {
		return ""
	}
	return fmt.Sprintf("the API answered %d with no body", resp.StatusCode)
}
