package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/askapi/askapi/server"
)

// elicitAnswer reads "elicitation": "decline" | "cancel" | {"accept": {...}}.
func (c *ClientSpec) elicitAnswer() (server.ElicitAnswer, error) {
	var word string
	if err := json.Unmarshal(c.Elicitation, &word); err == nil {
		switch word {
		case server.ElicitDecline, server.ElicitCancel:
			return server.ElicitAnswer{Action: word}, nil
		case server.ElicitAccept:
			return server.ElicitAnswer{Action: word, Content: map[string]any{}}, nil
		}
		return server.ElicitAnswer{}, fmt.Errorf(`client.elicitation %q: want "decline", "cancel" or {"accept": {...}}`, word)
	}
	var obj struct {
		Accept map[string]any `json:"accept"`
	}
	if err := json.Unmarshal(c.Elicitation, &obj); err != nil || obj.Accept == nil {
		return server.ElicitAnswer{}, fmt.Errorf(`client.elicitation: want "decline", "cancel" or {"accept": {...}}`)
	}
	return server.ElicitAnswer{Action: server.ElicitAccept, Content: obj.Accept}, nil
}

// Form is an elicitation the eval client answered.
type Form struct {
	Turn    int            `json:"turn"`
	Message string         `json:"message"`
	Schema  map[string]any `json:"schema,omitempty"`
	Action  string         `json:"action"`
}

// formRecorder answers every form the same way and remembers what was asked.
type formRecorder struct {
	answer server.ElicitAnswer
	mu     sync.Mutex
	turn   int
	forms  []Form
}

func (f *formRecorder) setTurn(i int) {
	f.mu.Lock()
	f.turn = i
	f.mu.Unlock()
}

func (f *formRecorder) elicit(_ context.Context, e server.Elicitation) (server.ElicitAnswer, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.forms = append(f.forms, Form{Turn: f.turn, Message: e.Message, Schema: e.Schema, Action: f.answer.Action})
	return f.answer, nil
}

func (f *formRecorder) list() []Form {
	if f == nil {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Form(nil), f.forms...)
}
