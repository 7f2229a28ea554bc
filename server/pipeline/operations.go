package pipeline

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"
	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/tools"
)

// Dynamic reports whether p is served in dynamic mode: the meta-tools instead of one tool
// per operation.
func (p *Pipeline) Dynamic() bool { return p.DynamicMode }

// LookupOperation finds an operation by tool name, operationId or "METHOD /path" (the
// method in any case).
func (p *Pipeline) LookupOperation(name string) *tools.Operation {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil
	}
	if op := p.Catalog.Lookup(name); op != nil {
		return op
	}
	if method, path, ok := strings.Cut(name, " "); ok {
		return p.Catalog.Lookup(strings.ToUpper(method) + " " + strings.TrimSpace(path))
	}
	return nil
}

// MaxCloseMatches is how many operations an unknown name is answered with.
const MaxCloseMatches = 5

// UnknownOperation asks which operation was meant, offering the closest ones.
func (p *Pipeline) UnknownOperation(tool, name string) *clarify.Result {
	q := clarify.Question{
		Field:    "operation",
		Kind:     clarify.Invalid,
		Question: "Which operation do you mean? Give a tool name or \"METHOD /path\"; find_operations searches them by words.",
		Reason:   fmt.Sprintf("no operation named %q", name),
	}
	if strings.TrimSpace(name) == "" {
		q.Kind = clarify.Missing
		q.Reason = tool + " needs the operation to use"
	}
	for _, op := range p.closeOperations(name) {
		label := op.Key()
		if op.Summary != "" {
			label += " — " + op.Summary
		}
		q.Options = append(q.Options, clarify.Option{Value: op.Name, Label: label})
	}
	return &clarify.Result{Status: clarify.StatusNeedsClarification, Operation: tool, Questions: []clarify.Question{q}}
}

// closeOperations are the operations an unknown name most likely meant: names a few
// edits away first (typos), then the search index's best matches for its words.
func (p *Pipeline) closeOperations(name string) []*tools.Operation {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil
	}
	var out []*tools.Operation
	seen := map[*tools.Operation]bool{}
	add := func(op *tools.Operation) {
		if !seen[op] && len(out) < MaxCloseMatches {
			seen[op] = true
			out = append(out, op)
		}
	}
	lower := strings.ToLower(name)
	limit := max(2, len(lower)/8)
	best := map[int][]*tools.Operation{}
	dist := func(s string) int {
		s = strings.ToLower(s)
		if d := utf8.RuneCountInString(lower) - utf8.RuneCountInString(s); d > limit || -d > limit {
			return limit + 1 // too far apart in length alone: spare the work on a large catalog
		}
		return levenshtein.ComputeDistance(lower, s)
	}
	for _, op := range p.Catalog.Operations() {
		d := min(dist(op.Name), dist(op.Key()))
		if d <= limit {
			best[d] = append(best[d], op)
		}
	}
	for d := 0; d <= limit; d++ {
		for _, op := range best[d] {
			add(op)
		}
	}
	words := strings.Map(func(r rune) rune {
		if strings.ContainsRune("_-/{}.", r) {
			return ' '
		}
		return r
	}, name)
	for _, m := range p.Search().Search(words, MaxCloseMatches).Matches {
		add(m.Op)
	}
	return out
}

// Meta-tools of dynamic mode.
const (
	ToolDescribeOperation = "describe_operation"
	ToolCallOperation     = "call_operation"
)
