package tools

import (
	"fmt"
	"strings"
)

// Filter selects the operations a server offers: by tag, by include and exclude patterns,
// and read-only. It applies to the catalog right after loading, before anything is built
// from it (graph, search index, tools), so what is filtered out does not exist for the
// server at all.
//
// A pattern is a glob matched against the operation's operationId, its tool name and its
// "METHOD /path" ("GET /repos/*"); a pattern starting with "/" matches the path under any
// method. '*' matches any run of characters, '/' included, and '?' one character. Methods
// and tags compare case-insensitively.
type Filter struct {
	// Tags keeps operations carrying at least one of these tags (globs too).
	Tags []string
	// Include keeps operations matching at least one pattern.
	Include []string
	// Exclude removes operations matching any pattern; it wins over Include and Tags.
	Exclude []string
	// ReadOnly keeps only operations that do not write (GET, HEAD).
	ReadOnly bool
}

// Empty reports whether the filter keeps every operation.
func (f Filter) Empty() bool {
	return len(f.Tags) == 0 && len(f.Include) == 0 && len(f.Exclude) == 0 && !f.ReadOnly
}

// Keep reports whether the filter keeps op.
func (f Filter) Keep(op *Operation) bool {
	if f.ReadOnly && !op.ReadOnly() {
		return false
	}
	if len(f.Tags) > 0 && !anyTag(f.Tags, op) {
		return false
	}
	if len(f.Include) > 0 && !anyPattern(f.Include, op) {
		return false
	}
	return !anyPattern(f.Exclude, op)
}

// Apply returns a catalog holding only the operations the filter keeps, in their order.
// The catalog given is not changed, and the operations are shared, so tool names stay
// the ones the whole spec gave them.
func (f Filter) Apply(cat *Catalog) *Catalog {
	if f.Empty() {
		return cat
	}
	out := cat.Spec()
	out.Operations = make([]*Operation, 0, len(cat.Operations()))
	for _, op := range cat.Operations() {
		if f.Keep(op) {
			out.Operations = append(out.Operations, op)
		}
	}
	return out.Build()
}

// Unmatched lists the tags and include/exclude patterns that match no operation of cat:
// most likely typos, worth a warning.
func (f Filter) Unmatched(cat *Catalog) []string {
	var out []string
	for _, tag := range f.Tags {
		if !anyOp(cat, func(op *Operation) bool { return anyTag([]string{tag}, op) }) {
			out = append(out, "tag "+tag)
		}
	}
	for _, list := range []struct {
		flag     string
		patterns []string
	}{{"include", f.Include}, {"exclude", f.Exclude}} {
		for _, p := range list.patterns {
			if !anyOp(cat, func(op *Operation) bool { return anyPattern([]string{p}, op) }) {
				out = append(out, fmt.Sprintf("%s %q", list.flag, p))
			}
		}
	}
	return out
}

func anyOp(cat *Catalog, match func(*Operation) bool) bool {
	for _, op := range cat.Operations() {
		if match(op) {
			return true
		}
	}
	return false
}

func anyTag(tags []string, op *Operation) bool {
	for _, want := range tags {
		for _, have := range op.Tags {
			if globMatch(strings.ToLower(want), strings.ToLower(have)) {
				return true
			}
		}
	}
	return false
}

func anyPattern(patterns []string, op *Operation) bool {
	for _, p := range patterns {
		if MatchOperation(p, op) {
			return true
		}
	}
	return false
}

// MatchOperation reports whether the glob pattern names op: its operationId, tool name,
// "METHOD /path", or (for a pattern starting with "/") its path.
func MatchOperation(pattern string, op *Operation) bool {
	pattern = strings.TrimSpace(pattern)
	if pattern == "" {
		return false
	}
	if strings.HasPrefix(pattern, "/") {
		return globMatch(pattern, op.Path)
	}
	if method, path, ok := strings.Cut(pattern, " "); ok {
		path = strings.TrimSpace(path)
		if strings.HasPrefix(path, "/") || path == "*" {
			return globMatch(strings.ToUpper(method), op.Method) && globMatch(path, op.Path)
		}
	}
	return globMatch(pattern, op.Name) || (op.OperationID != "" && globMatch(pattern, op.OperationID))
}

// globMatch matches s against a pattern where '*' is any run of characters and '?' any
// one character; everything else is literal.
func globMatch(pattern, s string) bool {
	p, n := []rune(pattern), []rune(s)
	// Iterative matching with backtracking to the last star: linear in practice.
	pi, ni, star, mark := 0, 0, -1, 0
	for ni < len(n) {
		switch {
		case pi < len(p) && (p[pi] == '?' || p[pi] == n[ni]):
			pi++
			ni++
		case pi < len(p) && p[pi] == '*':
			star, mark = pi, ni
			pi++
		case star >= 0:
			pi = star + 1
			mark++
			ni = mark
		default:
			return false
		}
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}

// SplitList splits the environment form of a list option: values separated by commas or
// new lines, trimmed, empty ones dropped.
func SplitList(s string) []string {
	var out []string
	for _, v := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '\n' || r == '\r' }) {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}
