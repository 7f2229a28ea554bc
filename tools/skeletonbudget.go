package tools

// A response's skeleton (see rawConverter.skeleton) is shared in memory, but the
// dependency graph and the search index walk it as a tree, where a subtree counts as
// often as it appears: a response whose objects each hold a dozen others reaches
// millions of nodes at depth 5 (Microsoft Graph's largest, 63,000). So a skeleton holds
// at most maxSkeletonNodes nodes counted as a tree: it keeps the deepest level (at most
// maxSkeletonDepth) at which it fits, and past that budget a part is cut to its type.
// GitHub's largest skeleton has about 1,100 nodes.
const (
	maxSkeletonDepth = 5
	maxSkeletonNodes = 10000
)

// boundedSkeleton converts the schema of a response to its skeleton.
func (c *compiler) boundedSkeleton(raw []byte) map[string]any {
	for depth := maxSkeletonDepth; ; depth-- {
		rc := c.newConverter(modeResponse)
		rc.skeleton, rc.maxDepth, rc.treeLeft = true, depth, maxSkeletonNodes
		out := rc.convertRaw(raw)
		if !rc.treeCut || depth == 1 {
			return out
		}
	}
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
