package transport

import (
	"net/http"
)

// wholeListHTTP answers whole-list requests (see wholelist.go) over streamable HTTP: it
// marks the request's context, which mcp-go passes on to the tool filter, and writes
// the encoded list in place of the placeholder as mcp-go writes its answer, as JSON or
// as a server-sent event. Every other request goes to next untouched.
func wholeListHTTP(list listSplicer, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			next.ServeHTTP(w, r)
			return
		}
		// limitBody (httplimit.go) has read the body, within its limit; a body it could
		// not read is mcp-go's to report.
		body, ok := bodyBytes(r)
		if !ok || !isWholeList(body) {
			next.ServeHTTP(w, r)
			return
		}
		r = r.WithContext(WithWholeList(r.Context()))
		next.ServeHTTP(&splicingWriter{ResponseWriter: w, list: list}, r)
	})
}

// splicingWriter writes the encoded list where mcp-go's answer holds the placeholder.
// mcp-go writes each message (the JSON answer, or one event) with a single Write, from
// one goroutine at a time.
type splicingWriter struct {
	http.ResponseWriter
	list    listSplicer
	spliced bool
}

func (s *splicingWriter) Write(p []byte) (int, error) {
	if !s.spliced {
		if head, list, tail, ok := s.list.Expand(p); ok {
			s.spliced = true
			for _, part := range [][]byte{head, list, tail} {
				if _, err := s.ResponseWriter.Write(part); err != nil {
					return 0, err
				}
			}
			return len(p), nil
		}
	}
	return s.ResponseWriter.Write(p)
}

// Flush keeps the answer streamable: mcp-go sends notifications as events when it can flush.
func (s *splicingWriter) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (mcp-go sets write deadlines).
func (s *splicingWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }
