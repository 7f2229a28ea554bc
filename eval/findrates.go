package eval

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// find_operations is judged on the queries assistants write (issue 28): a find case whose
// turn carries assistant_query is run with that query, which decides the case, and with
// the person's whole sentence (arguments.query), which is reported only. A case without
// assistant_query is run with its sentence alone, which then decides it.

// Inputs of find_operations, in table order.
const (
	InputAssistant = "assistant"
	InputSentence  = "sentence"
)

// FindFigures are one input's find_operations figures over a group of cases (the id's
// prefix: fo-, hm-…, or "all"): CLEAN answered ok with the gold operation in the top 5,
// first, and answered unsupported; IBTC answered unsupported.
type FindFigures struct {
	Input            string   `json:"input"`
	Group            string   `json:"group"`
	Clean            int      `json:"clean"`
	CleanTop5        int      `json:"clean_top5"`
	CleanFirst       int      `json:"clean_first"`
	CleanUnsupported int      `json:"clean_unsupported"`
	IBTC             int      `json:"ibtc"`
	IBTCUnsupported  int      `json:"ibtc_unsupported"`
	Mistakes         []string `json:"mistakes,omitempty"`
}

// Top5Rate, FirstRate, CleanUnsupportedRate and IBTCUnsupportedRate are the shares.
func (f FindFigures) Top5Rate() float64             { return share(f.CleanTop5, f.Clean) }
func (f FindFigures) FirstRate() float64            { return share(f.CleanFirst, f.Clean) }
func (f FindFigures) CleanUnsupportedRate() float64 { return share(f.CleanUnsupported, f.Clean) }
func (f FindFigures) IBTCUnsupportedRate() float64  { return share(f.IBTCUnsupported, f.IBTC) }

func share(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(k) / float64(n)
}

// findAnswer is what one find_operations call answered: its status and the operations
// it listed, "METHOD /path", best first.
type findAnswer struct {
	status     string
	operations []string
}

// answerOf reads a find_operations result.
func answerOf(t TurnResult) findAnswer {
	a := findAnswer{status: t.Status}
	ops, _ := t.Structured["operations"].([]any)
	for _, o := range ops {
		m, _ := o.(map[string]any)
		method, _ := m["method"].(string)
		path, _ := m["path"].(string)
		a.operations = append(a.operations, strings.ToUpper(method)+" "+path)
	}
	return a
}

// goldOperations are a CLEAN find case's gold operations, from its expectation's
// result_includes.operations.
func goldOperations(c *Case) []string {
	var want struct {
		Operations []struct {
			Method string `json:"method"`
			Path   string `json:"path"`
		} `json:"operations"`
	}
	if len(c.Turns[0].Expect.Result) == 0 || json.Unmarshal(c.Turns[0].Expect.Result, &want) != nil {
		return nil
	}
	var out []string
	for _, o := range want.Operations {
		out = append(out, strings.ToUpper(o.Method)+" "+o.Path)
	}
	return out
}

// isFindCase reports whether a case is judged by find_operations' figures.
func isFindCase(c *Case) bool {
	return c.Turns[0].Tool == ToolFind && (c.Category == "CLEAN" || c.Category == "IBTC")
}

// findFigures groups the find cases by id prefix, plus "all", for each input: the
// assistant's query (cases that have one) and the whole sentence (every find case).
func findFigures(cases []*Case, results []*CaseResult) []FindFigures {
	var out []FindFigures
	for _, input := range []string{InputAssistant, InputSentence} {
		groups := map[string]*FindFigures{}
		all := &FindFigures{Input: input, Group: "all"}
		for i, c := range cases {
			if !isFindCase(c) || len(results[i].Turns) == 0 {
				continue
			}
			assisted := c.Turns[0].AssistantQuery != ""
			var t TurnResult
			switch {
			case input == InputAssistant && assisted:
				t = results[i].Turns[0]
			case input == InputSentence && !assisted:
				t = results[i].Turns[0]
			case input == InputSentence && results[i].Sentence != nil:
				t = *results[i].Sentence
			default:
				continue
			}
			prefix, _, _ := strings.Cut(c.ID, "-")
			g := groups[prefix]
			if g == nil {
				g = &FindFigures{Input: input, Group: prefix}
				groups[prefix] = g
			}
			a := answerOf(t)
			for _, f := range []*FindFigures{g, all} {
				f.add(c, a)
			}
		}
		var in []FindFigures
		for _, g := range groups {
			in = append(in, *g)
		}
		sort.Slice(in, func(i, j int) bool { return in[i].Group < in[j].Group })
		if len(in) > 0 {
			out = append(out, in...)
			out = append(out, *all)
		}
	}
	return out
}

// add counts one case's answer.
func (f *FindFigures) add(c *Case, a findAnswer) {
	if c.Category == "IBTC" {
		f.IBTC++
		if a.status == statusUnsupported {
			f.IBTCUnsupported++
		} else {
			f.Mistakes = append(f.Mistakes, c.ID+": "+a.status)
		}
		return
	}
	f.Clean++
	if a.status == statusUnsupported {
		f.CleanUnsupported++
		f.Mistakes = append(f.Mistakes, c.ID+": unsupported")
		return
	}
	if a.status != "ok" {
		return
	}
	gold := goldOperations(c)
	for k, op := range a.operations {
		if k >= 5 {
			break
		}
		for _, g := range gold {
			if op == g {
				f.CleanTop5++
				if k == 0 {
					f.CleanFirst++
				}
				return
			}
		}
	}
	f.Mistakes = append(f.Mistakes, c.ID+": gold not in the top 5")
}

// allFigures is an input's "all" row, if it has one.
func allFigures(figs []FindFigures, input string) (FindFigures, bool) {
	for _, f := range figs {
		if f.Input == input && f.Group == "all" {
			return f, true
		}
	}
	return FindFigures{}, false
}

// PrintFindFigures prints a table per input, a line per group.
func PrintFindFigures(w io.Writer, figs []FindFigures) {
	for _, input := range []string{InputAssistant, InputSentence} {
		var rows []FindFigures
		for _, f := range figs {
			if f.Input == input {
				rows = append(rows, f)
			}
		}
		if len(rows) == 0 {
			continue
		}
		title := "the assistant's query (assistant_query; the gate)"
		if input == InputSentence {
			title = "the person's whole sentence (arguments.query; reported, not gated, where a case has assistant_query)"
		}
		fmt.Fprintf(w, "find_operations on %s:\n", title)
		fmt.Fprintf(w, "  %-6s %5s %16s %16s %16s   %4s %16s\n", "group", "CLEAN", "gold in top 5", "gold first", "unsupported", "IBTC", "unsupported")
		for _, r := range rows {
			fmt.Fprintf(w, "  %-6s %5d %16s %16s %16s   %4d %16s\n", r.Group, r.Clean,
				ratio(r.CleanTop5, r.Clean), ratio(r.CleanFirst, r.Clean), ratio(r.CleanUnsupported, r.Clean),
				r.IBTC, ratio(r.IBTCUnsupported, r.IBTC))
		}
	}
}

func ratio(k, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%d (%.1f%%)", k, 100*share(k, n))
}

// FindGates are the limits on the assistant's figures over all cases, in percent; a
// minimum of 0 and a maximum of 100 are off.
type FindGates struct {
	MinTop5, MinFirst, MaxCleanUnsupported, MinIBTCUnsupported float64
}

func (g FindGates) on() bool {
	return g.MinTop5 > 0 || g.MinFirst > 0 || g.MinIBTCUnsupported > 0 || g.MaxCleanUnsupported < 100
}

// check returns what the figures miss of the gates, if anything.
func (g FindGates) check(figs []FindFigures) []string {
	all, ok := allFigures(figs, InputAssistant)
	if !ok {
		if g.on() {
			return []string{"no find case carries assistant_query, so the find_operations gates cannot be checked"}
		}
		return nil
	}
	var out []string
	below := func(name string, got, min float64) {
		if min > 0 && 100*got < min {
			out = append(out, fmt.Sprintf("%s %.1f%% (min %v%%)", name, 100*got, min))
		}
	}
	below("CLEAN gold in top 5", all.Top5Rate(), g.MinTop5)
	below("CLEAN gold first", all.FirstRate(), g.MinFirst)
	below("IBTC answered unsupported", all.IBTCUnsupportedRate(), g.MinIBTCUnsupported)
	if g.MaxCleanUnsupported < 100 && 100*all.CleanUnsupportedRate() > g.MaxCleanUnsupported {
		out = append(out, fmt.Sprintf("CLEAN answered unsupported %.1f%% (max %v%%)", 100*all.CleanUnsupportedRate(), g.MaxCleanUnsupported))
	}
	return out
}

// ToolFind is the meta-tool the figures are about.
const ToolFind = "find_operations"
