package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/tools/upstream"
)

// The whole answer has a ceiling: past it, the lists are cut (first entries kept) and the
// note says how many of each are shown; an answer that fits is the same value.
func TestAnswerCeiling(t *testing.T) {
	small := &clarify.Result{Status: clarify.StatusNeedsClarification, Questions: []clarify.Question{{Field: "a", Kind: clarify.Missing, Question: "What is a?"}}}
	if CeilAnswer(small) != small {
		t.Error("an answer under the ceiling was changed")
	}
	big := &clarify.Result{Status: clarify.StatusNeedsClarification, Continuation: "tok"}
	for i := range 3000 {
		big.Questions = append(big.Questions, clarify.Question{Field: fmt.Sprintf("field_%d", i), Kind: clarify.Missing,
			Question: fmt.Sprintf("What should field %d be? %s", i, strings.Repeat("words ", 20)), Reason: "required"})
		big.Calls = append(big.Calls, upstream.Call{Method: "GET", URL: fmt.Sprintf("https://api.example.test/things/%d", i), Path: "/things", Status: 200})
	}
	got := CeilAnswer(big)
	if size := envelopeSize(got); size > envelopeCeiling {
		t.Errorf("envelope of %d bytes after the ceiling of %d", size, envelopeCeiling)
	}
	if len(got.Questions) == 0 || len(got.Questions) == 3000 || got.Questions[0].Field != "field_0" || got.Continuation != "tok" {
		t.Errorf("%d questions kept (first %q), continuation %q", len(got.Questions), got.Questions[0].Field, got.Continuation)
	}
	if !strings.Contains(got.Note, fmt.Sprintf("%d of 3000 questions shown", len(got.Questions))) || !strings.Contains(got.Note, "of 3000 calls shown") {
		t.Errorf("note %q", got.Note)
	}
	if len(big.Questions) != 3000 {
		t.Error("the input was changed")
	}
}
