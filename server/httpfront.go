package server

import (
	"bytes"
	"io"
	"net/http"
)

// wholeListHTTP answers whole-list requests (see wholelist.go) over streamable HTTP: it
// marks the request's context, which mcp-go passes on to the tool filter, and writes
// the encoded list in place of the placeholder as mcp-go writes its answer, as JSON or
// as a server-sent event. Every other request goes to next untouched.
func wholeListHTTP(list *encodedList, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			next.ServeHTTP(w, r)
			return
		}
		// mcp-go reads the whole body too: reading it first costs a copy of a small request.
		body, err := io.ReadAll(r.Body)
		var rest io.Reader = bytes.NewReader(body)
		if err != nil {
			// mcp-go reports the read error itself, as a JSON-RPC parse error.
			rest = io.MultiReader(rest, errorReader{err})
		}
		ctx := r.Context()
		marked := err == nil && isWholeList(body)
		if marked {
			ctx = withWholeList(ctx)
		}
		r = r.WithContext(ctx)
		r.Body = io.NopCloser(rest)
		if marked {
			w = &splicingWriter{ResponseWriter: w, list: list}
		}
		next.ServeHTTP(w, r)
	})
}

type errorReader struct{ err error }

func (e errorReader) Read([]byte) (int, error) { return 0, e.err }

// splicingWriter writes the encoded list where mcp-go's answer holds the placeholder.
// mcp-go writes each message (the JSON answer, or one event) with a single Write, from
// one goroutine at a time.
type splicingWriter struct {
	http.ResponseWriter
	list    *encodedList
	spliced bool
}

func (s *splicingWriter) Write(p []byte) (int, error) {
	if !s.spliced {
		if head, list, tail, ok := s.list.expand(p); ok {
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
