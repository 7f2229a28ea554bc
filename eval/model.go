package eval

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/askapi/askapi/model/modeltest"
)

// A case with a "model" section scripts the model resolve asks: the server is pointed at
// a scripted OpenAI-compatible endpoint (model/modeltest) answering the replies in order.
// No model runs. The run checks that the model was asked exactly once per reply (a
// resumed round must not ask it again) and that no secret reached a prompt.

// ModelSpec is the extension "model": {"replies": [...]}.
type ModelSpec struct {
	Replies []ModelReply `json:"replies"`
}

// ModelReply is one scripted answer: the operation chosen ("METHOD /path", a tool name or
// "none"), why, and the values read from the request; or Text, a reply in words.
type ModelReply struct {
	Operation string         `json:"operation,omitempty"`
	Reason    string         `json:"reason,omitempty"`
	Arguments map[string]any `json:"arguments,omitempty"`
	Text      string         `json:"text,omitempty"`
}

// evalModelKey is the model endpoint's key every model case's server gets; it must never
// show up in a result or a prompt.
const evalModelKey = "eval-dummy-model-key"

// scriptedReplies turns the case's replies into what a function-calling endpoint sends:
// arguments as name/value pairs of text, as OpenAI's strict mode makes a model write them.
func (m *ModelSpec) scriptedReplies() []modeltest.Reply {
	out := make([]modeltest.Reply, 0, len(m.Replies))
	for _, r := range m.Replies {
		if r.Text != "" {
			out = append(out, modeltest.Reply{Text: r.Text})
			continue
		}
		names := make([]string, 0, len(r.Arguments))
		for k := range r.Arguments {
			names = append(names, k)
		}
		sort.Strings(names)
		pairs := []any{}
		for _, k := range names {
			v := r.Arguments[k]
			s, ok := v.(string)
			if !ok {
				data, _ := json.Marshal(v)
				s = strings.Trim(string(data), `"`)
			}
			pairs = append(pairs, map[string]any{"name": k, "value": s})
		}
		op := r.Operation
		if op == "" {
			op = "none"
		}
		out = append(out, modeltest.Reply{Arguments: map[string]any{"operation": op, "reason": r.Reason, "arguments": pairs}})
	}
	return out
}

// modelProblems are the safety violations of a model case: a secret in a prompt, or the
// model asked another number of times than the case scripts.
func modelProblems(m *ModelSpec, ep *modeltest.Endpoint, secrets []string) []string {
	var out []string
	reqs := ep.Requests()
	if len(reqs) != len(m.Replies) {
		out = append(out, fmt.Sprintf("the model was asked %d times; the case scripts %d replies", len(reqs), len(m.Replies)))
	}
	for i, r := range reqs {
		for _, s := range append(secrets, evalModelKey) {
			if strings.Contains(string(r.Body), s) {
				out = append(out, fmt.Sprintf("model request %d holds a secret", i+1))
			}
		}
	}
	return out
}
