package reverse

import "testing"

// TestCountedPerParent: an issue's number counts issues within a repository, so only a
// list under the same repository gives it, never a search over every repository; an id
// (a team's) names its thing anywhere, and a top-level search still gives it.
func TestCountedPerParent(t *testing.T) {
	cat, g := rtData(t, "perparent.yaml", nil)
	for _, tc := range []struct {
		op, arg string
		want    []string
	}{
		{"PUT /repos/{owner}/{repo}/issues/{issue_number}/lock", "issue_number", []string{"GET /repos/{owner}/{repo}/issues"}},
		{"DELETE /orgs/{org}/teams/{team_id}", "team_id", []string{"GET /search/teams"}},
	} {
		t.Run(tc.op, func(t *testing.T) {
			e := rtEdge(t, g, rtOp(t, cat, tc.op), tc.arg)
			var got []string
			for _, p := range e.Producers {
				got = append(got, p.OpKey)
			}
			if len(got) != len(tc.want) || got[0] != tc.want[0] {
				t.Errorf("producers %q, want %q", got, tc.want)
			}
		})
	}
	if !countedPerParent("IssueNumber") || !countedPerParent("data/number") || countedPerParent("id") {
		t.Error("countedPerParent misreads a field name")
	}
}
