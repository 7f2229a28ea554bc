package transport

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
)

type wholeListKey struct{}

// withWholeList marks ctx as the context of a whole-list request.
func WithWholeList(ctx context.Context) context.Context {
	return context.WithValue(ctx, wholeListKey{}, true)
}

func WantsWholeList(ctx context.Context) bool {
	marked, _ := ctx.Value(wholeListKey{}).(bool)
	return marked
}

// isWholeList reports whether a JSON-RPC message is a tools/list request without a
// cursor. Anything unusual (a batch, a malformed message, a null id) is left to mcp-go.
func isWholeList(msg []byte) bool {
	if !bytes.Contains(msg, []byte(`"tools/list"`)) {
		return false
	}
	var req struct {
		Method string          `json:"method"`
		ID     json.RawMessage `json:"id"`
		Params struct {
			Cursor mcp.Cursor `json:"cursor"`
		} `json:"params"`
	}
	if json.Unmarshal(msg, &req) != nil {
		return false
	}
	id := bytes.TrimSpace(req.ID)
	return req.Method == string(mcp.MethodToolsList) && len(id) > 0 && !bytes.Equal(id, []byte("null")) && req.Params.Cursor == ""
}

// listSplicer finds the placeholder of an encoded message, for a front to write the
// encoded list in its place (encodedList.Expand).
type listSplicer interface {
	Expand(msg []byte) (head, list, tail []byte, ok bool)
}
