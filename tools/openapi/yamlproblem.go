package openapi

import (
	"bytes"

	yaml "github.com/oasdiff/yaml3"
)

// yamlProblemLine finds the line a YAML syntax error is on. The parser names the line of
// the construct it was in (the mapping opened on line 7), not the line that broke it (a
// key mis-indented on line 13); the first line at which a prefix of the document stops
// parsing is that line. A prefix that parses before the reported line and the whole
// document that does not bound a binary search: a handful of parses, on an error path.
// It returns reported when no later line is found.
func yamlProblemLine(data []byte, reported int) int {
	lines := bytes.SplitAfter(data, []byte{'\n'})
	fails := func(k int) bool {
		var n yaml.Node
		return yaml.Unmarshal(bytes.Join(lines[:k], nil), &n) != nil
	}
	lo, hi := reported-1, len(lines)
	if lo < 0 || lo >= hi || fails(lo) || !fails(hi) {
		return reported
	}
	// fails(lo) is false and fails(hi) true: find the first failing prefix.
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// lineIndentColumn is the 1-based column of the first character of a line that is not a
// space, or 1.
func lineIndentColumn(data []byte, line int) int {
	lines := bytes.Split(data, []byte{'\n'})
	if line < 1 || line > len(lines) {
		return 1
	}
	l := lines[line-1]
	return len(l) - len(bytes.TrimLeft(l, " \t")) + 1
}
