package transport

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// DefaultHTTPMaxBody bounds an HTTP request body when Options.HTTPMaxBody is 0. A
// tools/call with a large body argument fits many times over; a flood does not.
const DefaultHTTPMaxBody int64 = 4 << 20

// limitBody refuses a body larger than limit with 413 before reading any of it when its
// Content-Length says so, and after reading at most limit+1 bytes otherwise (chunked).
// A body within the limit is buffered once and handed on as a bufferedBody, so the
// layers after it (sessions, whole lists) look at its bytes without reading it again.
// mcp-go reads every POST body whole, with no limit of its own: without this layer one
// 500 MB POST takes 500 MB, however it is answered.
func limitBody(limit int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > limit {
			tooLarge(w, limit)
			return
		}
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		var buf bytes.Buffer
		if r.ContentLength > 0 {
			buf.Grow(int(r.ContentLength) + bytes.MinRead) // one allocation, not a doubling series
		}
		_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, limit))
		body := buf.Bytes()
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			tooLarge(w, limit)
			return
		}
		buffered := &bufferedBody{r: bytes.NewReader(body), data: body}
		if err != nil {
			// mcp-go reports any other read error itself, as a JSON-RPC parse error.
			buffered.err = err
		}
		r.Body = buffered
		next.ServeHTTP(w, r)
	})
}

func tooLarge(w http.ResponseWriter, limit int64) {
	// The rest of the body stays unread: the connection is closed after the answer.
	w.Header().Set("Connection", "close")
	writeRPCError(w, http.StatusRequestEntityTooLarge, RPCInvalidRequest,
		fmt.Sprintf("request body larger than %d bytes", limit))
}

// bufferedBody is a request body limitBody has read: its bytes, and the error that
// ended the read, if any, which a reader meets after the bytes.
type bufferedBody struct {
	r    *bytes.Reader
	data []byte
	err  error
}

func (b *bufferedBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err == io.EOF {
		// Read to the end (mcp-go has its copy): the bytes are not held any longer
		// than that, so a call with megabytes of arguments keeps one copy less alive.
		b.r, b.data = bytes.NewReader(nil), nil
		if b.err != nil {
			return n, b.err
		}
	}
	return n, err
}

func (b *bufferedBody) Close() error { return nil }

// bodyBytes is the request's body as limitBody buffered it; ok is false when it was not
// buffered (no body, or a read error).
func bodyBytes(r *http.Request) (data []byte, ok bool) {
	b, isBuffered := r.Body.(*bufferedBody)
	if !isBuffered || b.err != nil {
		return nil, false
	}
	return b.data, true
}

// JSON-RPC error codes of the transport's own refusals, as the TypeScript SDK answers
// them: a malformed request, a refused one (origin, missing session), an unknown session.
const (
	RPCInvalidRequest   = -32600
	RPCTransportRefused = -32000
	RPCSessionNotFound  = -32001
)

// writeRPCError answers with status and a JSON-RPC error without an id: the transport
// refused the request before reading which one it was.
func writeRPCError(w http.ResponseWriter, status, code int, message string) {
	type rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	body, _ := json.Marshal(struct {
		JSONRPC string   `json:"jsonrpc"`
		ID      any      `json:"id"`
		Error   rpcError `json:"error"`
	}{"2.0", nil, rpcError{code, message}})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Del("Content-Length")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}
