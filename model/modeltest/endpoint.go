// Package modeltest is a scripted OpenAI-compatible endpoint: an httptest server that
// answers /chat/completions with recorded replies, in order, and keeps every request it
// got so tests can check what was sent. No model runs.
package modeltest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

// Reply is one scripted answer: the function call's arguments (any JSON value, encoded
// as the endpoint would), or text content; Status, when set, fails the call with it.
type Reply struct {
	Arguments any    `json:"arguments,omitempty"`
	Text      string `json:"text,omitempty"`
	Status    int    `json:"status,omitempty"`
}

// Request is one chat completion request the endpoint got.
type Request struct {
	Path          string
	Authorization string
	Body          []byte
	Decoded       map[string]any
}

// Endpoint is the scripted server.
type Endpoint struct {
	*httptest.Server
	mu       sync.Mutex
	replies  []Reply
	requests []Request
}

// New starts an endpoint that answers with replies in order; past the last it answers 500.
func New(replies ...Reply) *Endpoint {
	e := &Endpoint{replies: replies}
	e.Server = httptest.NewServer(http.HandlerFunc(e.serve))
	return e
}

// URL is the base URL to configure ("…/v1").
func (e *Endpoint) BaseURL() string { return e.URL + "/v1" }

// Requests are the requests received so far.
func (e *Endpoint) Requests() []Request {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]Request(nil), e.requests...)
}

func (e *Endpoint) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	req := Request{Path: r.URL.Path, Authorization: r.Header.Get("Authorization"), Body: body}
	_ = json.Unmarshal(body, &req.Decoded)
	e.mu.Lock()
	e.requests = append(e.requests, req)
	n := len(e.requests)
	var rep *Reply
	if n <= len(e.replies) {
		rep = &e.replies[n-1]
	}
	e.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"error":{"message":"not found","type":"invalid_request_error"}}`)
		return
	}
	if rep == nil {
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprint(w, `{"error":{"message":"the script has no more replies","type":"server_error"}}`)
		return
	}
	if rep.Status != 0 {
		w.WriteHeader(rep.Status)
		fmt.Fprintf(w, `{"error":{"message":"scripted failure %d","type":"invalid_request_error"}}`, rep.Status)
		return
	}
	msg := map[string]any{"role": "assistant", "content": rep.Text}
	finish := "stop"
	if rep.Arguments != nil {
		args, _ := json.Marshal(rep.Arguments)
		if s, ok := rep.Arguments.(string); ok {
			args = []byte(s)
		}
		msg["content"] = nil
		msg["tool_calls"] = []any{map[string]any{
			"id": fmt.Sprintf("call_%d", n), "type": "function",
			"function": map[string]any{"name": "choose_operation", "arguments": string(args)},
		}}
		finish = "tool_calls"
	}
	model, _ := req.Decoded["model"].(string)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion", "created": 0, "model": model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
	})
}

// Prompt is the text of a request's messages, joined: what the model read.
func (r Request) Prompt() string {
	var parts []string
	msgs, _ := r.Decoded["messages"].([]any)
	for _, m := range msgs {
		if mm, ok := m.(map[string]any); ok {
			if s, ok := mm["content"].(string); ok {
				parts = append(parts, s)
			}
		}
	}
	return strings.Join(parts, "\n")
}

// OperationEnum is the enum of the function's operation argument: the candidates offered
// plus "none"; nil when the request carried no function.
func (r Request) OperationEnum() []string {
	tools, _ := r.Decoded["tools"].([]any)
	if len(tools) == 0 {
		return nil
	}
	fn, _ := tools[0].(map[string]any)["function"].(map[string]any)
	params, _ := fn["parameters"].(map[string]any)
	props, _ := params["properties"].(map[string]any)
	op, _ := props["operation"].(map[string]any)
	var out []string
	enum, _ := op["enum"].([]any)
	for _, v := range enum {
		out = append(out, fmt.Sprint(v))
	}
	return out
}
