package openapi

import (
	"slices"
	"strings"
)

// A response's skeleton (see rawConverter.skeleton) is shared in memory, but the
// dependency graph and the search index walk it as a tree, where a subtree counts as
// often as it appears: a response whose objects each hold a dozen others reaches
// millions of nodes at depth 5 (Microsoft Graph's largest, 63,000). So a skeleton holds
// about maxSkeletonNodes nodes counted as a tree at most: it keeps the deepest level (at
// most maxSkeletonDepth, at least 1) at which its estimated size fits, and the conversion
// cuts a part past the budget to its type, should the estimate be short. GitHub's
// largest skeleton has about 1,100 nodes.
const (
	maxSkeletonDepth = 5
	maxSkeletonNodes = 10000
)

// boundedSkeleton converts the schema of a response to its skeleton.
func (c *compiler) boundedSkeleton(raw []byte) map[string]any {
	s := c.schema(raw)
	depth := maxSkeletonDepth
	for depth > 1 && c.treeSize(s, depth) > maxSkeletonNodes {
		depth--
	}
	rc := c.newConverter(modeResponse)
	rc.skeleton, rc.maxDepth, rc.treeLeft = true, depth, maxSkeletonNodes
	return rc.convert(s)
}

// treeSize estimates the nodes of s's skeleton as a tree with left levels below it,
// saturated just over the budget. Alternatives count as the largest of them (the
// skeleton keeps one), allOf parts as their sum (they merge).
func (c *compiler) treeSize(s *rawSchema, left int) int {
	if s == nil || left < 0 || s.leaf() {
		return 1
	}
	b := c.budgetState()
	if slices.Contains(b.stack, s) {
		return 1 // cut as recursive
	}
	key := sizeKey{s.at, left, false}
	if n, ok := b.trees[key]; ok && s.at != nil {
		return n
	}
	b.stack = append(b.stack, s)
	n := 1
	add := func(raw []byte, left int) {
		if n <= maxSkeletonNodes {
			n += c.treeSize(c.schema(raw), left)
		}
	}
	if !isNull(s.items) {
		add(s.items, left-1)
	} else if len(s.prefixItems) > 0 {
		add(s.prefixItems[0], left-1)
	}
	for _, m := range s.props {
		add(m.val, left-1)
	}
	for _, r := range s.allOf {
		add(r, left)
	}
	if s.conjunct != nil && n <= maxSkeletonNodes {
		n += c.treeSize(s.conjunct, left)
	}
	if s.nprops == 0 && isNull(s.items) {
		alt := 0
		for _, list := range [][][]byte{s.oneOf, s.anyOf} {
			for _, r := range list {
				if alt <= maxSkeletonNodes {
					alt = max(alt, c.treeSize(c.schema(r), left))
				}
			}
		}
		n += alt
	}
	b.stack = b.stack[:len(b.stack)-1]
	n = min(n, maxSkeletonNodes+1)
	if s.at != nil {
		b.trees[key] = n
	}
	return n
}

// takeTree takes n nodes from a skeleton's budget; false when they do not fit (the part is
// then cut).
func (rc *rawConverter) takeTree(n int) bool {
	if rc.treeLeft < n {
		rc.treeCut = true
		return false
	}
	rc.treeLeft -= n
	return true
}

// cutSkeleton is a skeleton cut to its type, one shared map per type list: Graph's
// responses cut hundreds of thousands.
func (c *compiler) cutSkeleton(types []string) map[string]any {
	key := "cut\x00" + strings.Join(types, ",")
	if m, ok := c.leaves[key]; ok {
		return m
	}
	out := map[string]any{}
	if len(types) > 0 {
		out["type"] = typeValue(append([]string(nil), types...))
	}
	if c.leaves == nil {
		c.leaves = map[string]map[string]any{}
	}
	c.leaves[key] = out
	return out
}
