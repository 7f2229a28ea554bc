package server

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"

	"github.com/askapi/askapi/server/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// A tools/list request without a cursor (a "whole list") is answered from the list
// encoded once (toolList), without giving up anything mcp-go does around the answer:
// the transports mark the request's context, mcp-go handles it as any other (hooks,
// protocol version checks, JSON-RPC id, the 2026-07-28 result metadata), but the tool
// filter hands it a single placeholder tool instead of the 1,000 real ones; the
// transport then writes the encoded list where the placeholder's JSON is. Requests with
// a cursor, and whatever else, are mcp-go's alone.

// placeholder stands for the encoded list in mcp-go's answer; its name is no tool's.
var placeholder = mcp.Tool{Name: "askapi:encoded-tool-list", RawInputSchema: json.RawMessage(`{}`)}

// placeholderJSON is the "tools" array mcp-go writes for the placeholder alone.
var placeholderJSON = sync.OnceValue(func() []byte {
	data, err := json.Marshal([]mcp.Tool{placeholder})
	if err != nil {
		panic("encode the tools/list placeholder: " + err.Error())
	}
	return data
})

// encodedList holds the encoded tool list once the tools are built.
type encodedList struct {
	list atomic.Pointer[toolList]
}

func (e *encodedList) publish(l *toolList) { e.list.Store(l) }

// filter is mcp-go's tool filter: a whole-list request gets the placeholder, once the
// list is encoded; any other gets the registered tools.
func (e *encodedList) filter(ctx context.Context, tools []mcp.Tool) []mcp.Tool {
	l := e.list.Load()
	if !transport.WantsWholeList(ctx) || l == nil {
		return withoutSampling(ctx, tools)
	}
	if l.sampled != nil && clientCanSample(ctx) {
		return []mcp.Tool{placeholderSampled}
	}
	return []mcp.Tool{placeholder}
}

// Expand finds the placeholder in an encoded message: the message to send is then head,
// the list and tail. ok is false when msg holds no placeholder, to be sent as it is.
func (e *encodedList) Expand(msg []byte) (head, list, tail []byte, ok bool) {
	l := e.list.Load()
	if l == nil {
		return nil, nil, nil, false
	}
	ph := placeholderJSON()
	at := bytes.Index(msg, ph)
	if at < 0 && l.sampled != nil {
		ph, l = placeholderSampledJSON(), l.sampled
		at = bytes.Index(msg, ph)
	}
	if at < 0 {
		return nil, nil, nil, false
	}
	return msg[:at], l.json, msg[at+len(ph):], true
}
