package transport

import (
	"encoding/json"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
)

// requireSession applies the transport's session rules before mcp-go sees a request:
// anything but initialize without Mcp-Session-Id gets 400; an id the store does not
// hold (never issued, terminated by DELETE, expired) gets 404. mcp-go alone answers a
// missing id with 404 (POST) or a fresh session (GET), and a DELETE of an unknown
// session with 200. Requests of protocol 2026-07-28, which has no sessions, pass.
func requireSession(store *sessionStore, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !needsSession(r) {
			next.ServeHTTP(w, r)
			return
		}
		id := r.Header.Get(mcpserver.HeaderKeySessionID)
		if id == "" {
			writeRPCError(w, http.StatusBadRequest, RPCTransportRefused, "Mcp-Session-Id header is required")
			return
		}
		if !store.touch(id) {
			writeRPCError(w, http.StatusNotFound, RPCSessionNotFound, "session not found")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// needsSession: GET and DELETE, and a POST of anything but initialize. A body mcp-go
// cannot read as one message (malformed, a batch) is left to mcp-go, which refuses it.
func needsSession(r *http.Request) bool {
	if mcp.IsModernProtocol(r.Header.Get(mcp.HeaderProtocolVersion)) {
		return false
	}
	switch r.Method {
	case http.MethodGet, http.MethodDelete:
		return true
	case http.MethodPost:
		body, ok := bodyBytes(r)
		if !ok {
			return false
		}
		var msg struct {
			Method string `json:"method"`
			Params struct {
				Meta *mcp.Meta `json:"_meta"`
			} `json:"params"`
		}
		if json.Unmarshal(body, &msg) != nil || mcp.IsModernProtocol(msg.Params.Meta.ProtocolVersion()) {
			return false
		}
		return msg.Method != string(mcp.MethodInitialize)
	}
	return false
}
