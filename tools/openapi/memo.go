package openapi

import (
	"bytes"
	"sort"
	"strings"
)

// Skeleton response schemas repeat: GitHub's responses hold the same components again and
// again. A skeleton conversion of schema X at depth d depends on the stack above it only
// where X's subtree reaches a schema already on that stack (a recursion cut), and that
// needs a schema on a cycle. So when no schema on the stack lies in a recursive component,
// the result of (X, d) is the same in every context and is computed once. More precisely,
// a schema Y on the stack can be reached again below X only if Y's component and X's lie
// on one cycle (one strongly connected component of the $ref graph); so (X, d) is reused
// whenever no schema on the stack shares X's cycle.

// The depth limit is the other context: (X, d) and (X, d') give the same skeleton when
// the limit cuts nothing below X at either depth. So a conversion that cut nothing is
// also kept by schema alone, with its height, and reused at any depth that leaves room
// for that height; GitHub's simple-user is then converted once instead of once per depth.
type memoKey struct {
	s *rawSchema
	// left is how many levels the depth limit leaves below the schema (the limit is
	// lowered for a skeleton too large, see skeletonbudget.go).
	left int
}

// memoEntry is a memoised skeleton: its height (levels converted below it), whether the
// depth limit cut anything in it, and its size.
type memoEntry struct {
	out    map[string]any
	height int
	cut    bool
	// size is its number of nodes counted as a tree, what the walks over it cost.
	size int
}

// findRecursive marks the component schemas that lie on a $ref cycle, keeping their byte
// ranges; memoisation stays off when any $ref points outside components (it could then
// close a cycle through an inline schema).
func (c *compiler) findRecursive(refs map[string]struct{}) {
	for ref := range refs {
		if !strings.HasPrefix(ref, "#/components/") || strings.ContainsAny(ref, "\\%") {
			return
		}
	}
	const prefix = "#/components/schemas/"
	names := []string{}
	for k := range c.index {
		if strings.HasPrefix(k, prefix) {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	id := make(map[string]int, len(names))
	for i, n := range names {
		id[n] = i
	}
	edges := make([][]int, len(names))
	needle := []byte(`"` + prefix)
	for i, n := range names {
		b := c.index[n]
		for {
			j := bytes.Index(b, needle)
			if j < 0 {
				break
			}
			b = b[j+1:]
			end := bytes.IndexByte(b, '"')
			if end < 0 {
				break
			}
			tok := string(b[len(prefix):end])
			if k := strings.IndexByte(tok, '/'); k >= 0 {
				tok = tok[:k]
			}
			if t, ok := id[prefix+tok]; ok {
				edges[i] = append(edges[i], t)
			}
			b = b[end:]
		}
	}
	// Tarjan's strongly connected components.
	index := make([]int, len(names))
	low := make([]int, len(names))
	on := make([]bool, len(names))
	for i := range index {
		index[i] = -1
	}
	var stack []int
	next := 0
	recursive := make([]bool, len(names))
	scc := make([]int, len(names))
	nscc := 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		on[v] = true
		for _, w := range edges[v] {
			if w == v {
				recursive[v] = true
			}
			if index[w] < 0 {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if on[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			var comp []int
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				on[w] = false
				comp = append(comp, w)
				if w == v {
					break
				}
			}
			for _, w := range comp {
				scc[w] = nscc
				if len(comp) > 1 {
					recursive[w] = true
				}
			}
			nscc++
		}
	}
	for v := range names {
		if index[v] < 0 {
			visit(v)
		}
	}
	for i, n := range names {
		if recursive[i] {
			b := c.index[n]
			start := cap(c.d) - cap(b)
			c.recRanges = append(c.recRanges, [3]int{start, start + len(b), scc[i]})
		}
	}
	sort.Slice(c.recRanges, func(i, j int) bool { return c.recRanges[i][0] < c.recRanges[j][0] })
	c.memo = map[memoKey]memoEntry{}
	c.skeletons = map[*rawSchema]memoEntry{}
}

// refsIn lists the $refs of a JSON document by a plain search of its bytes, for
// findRecursive on the precise path, where no scan gathered them. A "$ref" key inside
// example data may be listed too: it can only turn memoisation off.
func refsIn(doc []byte) map[string]struct{} {
	refs := map[string]struct{}{}
	key := []byte(`"$ref"`)
	for i := 0; ; {
		j := bytes.Index(doc[i:], key)
		if j < 0 {
			return refs
		}
		k := wsSkip(doc, i+j+len(key))
		i = i + j + len(key)
		if k >= len(doc) || doc[k] != ':' {
			continue
		}
		k = wsSkip(doc, k+1)
		if k >= len(doc) || doc[k] != '"' {
			continue
		}
		end := stringEnd(doc, k)
		if end <= k {
			return refs
		}
		refs[rawStr(doc[k:end])] = struct{}{}
		i = end
	}
}

// cycleOf returns 1 + the strongly connected component of the recursive component schema
// raw lies in, or 0 when it lies in none (or memoisation is off: then every schema counts
// as recursive, in one shared component).
func (c *compiler) cycleOf(raw []byte) int {
	if c.memo == nil || len(raw) == 0 {
		return 1
	}
	off := cap(c.d) - cap(raw)
	i := sort.Search(len(c.recRanges), func(i int) bool { return c.recRanges[i][1] > off })
	if i < len(c.recRanges) && c.recRanges[i][0] <= off {
		return c.recRanges[i][2] + 1
	}
	return 0
}
