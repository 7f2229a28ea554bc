package pipeline

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/askapi/askapi/clarify"
)

// The whole answer has a ceiling. The body is held to --max-body and each quoted value
// and string to its bound (echobound.go); what is left to grow is the number of
// questions, calls, resolved values and plan steps, which follow the spec. Past
// envelopeCeiling the lists are cut, the first entries kept, and the note says how many
// of each are shown: the questions left are asked in the next round, from the
// continuation. So an answer is at most about twice (the envelope and its text)
// --max-body plus envelopeCeiling plus the continuation.

// envelopeCeiling bounds what an envelope holds besides the body, the continuation, the
// described tool and the operations found (those three are bounded where they are made).
const envelopeCeiling = 128 << 10

// CeilAnswer returns r with its lists cut to fit envelopeCeiling; r itself when it fits.
func CeilAnswer(r *clarify.Result) *clarify.Result {
	if r == nil || envelopeSize(r) <= envelopeCeiling {
		return r
	}
	out := *r
	// Each list gets a quarter of the ceiling, its first entries kept whole.
	budget := envelopeCeiling / 4
	var cut []string
	out.Questions = keepFitting(r.Questions, budget, "questions", &cut)
	out.Calls = keepFitting(r.Calls, budget, "calls", &cut)
	out.Resolved = keepFitting(r.Resolved, budget, "resolved values", &cut)
	out.Steps = keepFitting(r.Steps, budget, "steps", &cut)
	if len(cut) > 0 {
		note := fmt.Sprintf("answer cut to %d KB: %s", envelopeCeiling>>10, strings.Join(cut, ", "))
		if out.Note != "" {
			note = out.Note + "; " + note
		}
		out.Note = note
	}
	return &out
}

// envelopeSize is the encoded size of r without its body, continuation, tool and
// operations.
func envelopeSize(r *clarify.Result) int {
	shell := *r
	shell.Body, shell.Continuation, shell.Tool, shell.Operations = nil, "", nil, nil
	data, err := json.Marshal(&shell)
	if err != nil {
		return 0
	}
	return len(data)
}

// keepFitting keeps the first entries of list that fit in budget encoded bytes (at
// least one), naming in cut what it dropped.
func keepFitting[T any](list []T, budget int, what string, cut *[]string) []T {
	used := 0
	for i, e := range list {
		data, _ := json.Marshal(e)
		used += len(data) + 1
		if used > budget && i > 0 {
			*cut = append(*cut, fmt.Sprintf("%d of %d %s shown", i, len(list), what))
			return list[:i]
		}
	}
	return list
}
