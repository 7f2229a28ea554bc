package eval

import (
	"encoding/json"
	"strings"
	"testing"
)

// findCase is a find case of a category; gold is its CLEAN operation.
func findCase(id, category, assistant string) *Case {
	t := Turn{Tool: ToolFind, Arguments: map[string]any{"query": "the whole sentence"}, AssistantQuery: assistant}
	if category == "CLEAN" {
		t.Expect.Result = json.RawMessage(`{"operations": [{"method": "POST", "path": "/tasks"}]}`)
	}
	return &Case{ID: id, Category: category, Turns: []Turn{t}}
}

// findResult answers a find case: status and operations, best first.
func findResult(status string, ops ...string) TurnResult {
	var list []any
	for _, o := range ops {
		method, path, _ := strings.Cut(o, " ")
		list = append(list, map[string]any{"method": method, "path": path})
	}
	return TurnResult{Tool: ToolFind, Status: status, Structured: map[string]any{"status": status, "operations": list}}
}

func TestFindFigures(t *testing.T) {
	cases := []*Case{
		findCase("aa-first", "CLEAN", "create task"),
		findCase("aa-third", "CLEAN", "create task"),
		findCase("aa-sixth", "CLEAN", "create task"),
		findCase("aa-unsup", "CLEAN", "create task"),
		findCase("bb-ibtc", "IBTC", "book flight"),
		findCase("bb-ibtc-ok", "IBTC", "book hotel"),
		findCase("cc-plain", "CLEAN", ""), // no assistant query: the sentence alone
	}
	other := []string{"GET /a", "GET /b", "GET /c", "GET /d", "GET /e"}
	sentence := findResult("unsupported")
	results := []*CaseResult{
		{Turns: []TurnResult{findResult("ok", "POST /tasks")}, Sentence: &sentence},
		{Turns: []TurnResult{findResult("ok", "GET /a", "GET /b", "POST /tasks")}, Sentence: &sentence},
		{Turns: []TurnResult{findResult("ok", append(other, "POST /tasks")...)}, Sentence: &sentence},
		{Turns: []TurnResult{findResult("unsupported", "POST /tasks")}, Sentence: &sentence},
		{Turns: []TurnResult{findResult("unsupported")}, Sentence: &sentence},
		{Turns: []TurnResult{findResult("ok", "GET /a")}, Sentence: &sentence},
		{Turns: []TurnResult{findResult("ok", "POST /tasks")}},
	}
	figs := findFigures(cases, results)
	a, ok := allFigures(figs, InputAssistant)
	if !ok {
		t.Fatal("no assistant figures")
	}
	want := FindFigures{Input: InputAssistant, Group: "all", Clean: 4, CleanTop5: 2, CleanFirst: 1, CleanUnsupported: 1, IBTC: 2, IBTCUnsupported: 1}
	a.Mistakes = nil
	if a.Clean != want.Clean || a.CleanTop5 != want.CleanTop5 || a.CleanFirst != want.CleanFirst ||
		a.CleanUnsupported != want.CleanUnsupported || a.IBTC != want.IBTC || a.IBTCUnsupported != want.IBTCUnsupported {
		t.Errorf("assistant figures = %+v, want %+v", a, want)
	}
	s, _ := allFigures(figs, InputSentence)
	// Every find case counts for the sentence: six answered by their sentence call, and
	// the one without an assistant query by its turn.
	if s.Clean != 5 || s.CleanUnsupported != 4 || s.CleanFirst != 1 || s.IBTC != 2 || s.IBTCUnsupported != 2 {
		t.Errorf("sentence figures = %+v", s)
	}

	gates := []struct {
		name  string
		gates FindGates
		miss  string
	}{
		{"off", FindGates{MaxCleanUnsupported: 100}, ""},
		{"met", FindGates{MinTop5: 50, MinFirst: 25, MaxCleanUnsupported: 25, MinIBTCUnsupported: 50}, ""},
		{"top 5", FindGates{MinTop5: 51, MaxCleanUnsupported: 100}, "CLEAN gold in top 5 50.0%"},
		{"first", FindGates{MinFirst: 26, MaxCleanUnsupported: 100}, "CLEAN gold first 25.0%"},
		{"clean unsupported", FindGates{MaxCleanUnsupported: 24}, "CLEAN answered unsupported 25.0%"},
		{"ibtc", FindGates{MinIBTCUnsupported: 60, MaxCleanUnsupported: 100}, "IBTC answered unsupported 50.0%"},
	}
	for _, g := range gates {
		t.Run(g.name, func(t *testing.T) {
			missed := strings.Join(g.gates.check(figs), "; ")
			if g.miss == "" && missed != "" || g.miss != "" && !strings.Contains(missed, g.miss) {
				t.Errorf("missed = %q, want %q", missed, g.miss)
			}
		})
	}
	if missed := (FindGates{MinTop5: 1, MaxCleanUnsupported: 100}).check(nil); len(missed) != 1 {
		t.Errorf("gates with no assistant query: %q, want one complaint", missed)
	}
}
