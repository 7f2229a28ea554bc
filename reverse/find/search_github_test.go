//go:build corpus

package find

import (
	"context"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/openapi"
)

var (
	githubIndexOnce sync.Once
	githubIndex     *Index
	githubIndexErr  error
)

// githubSearch is the search index of GitHub's spec, built once per test process. The
// spec comes from bench/node's npm install: a missing spec skips, and fails under CI=true.
func githubSearch(t *testing.T) *Index {
	t.Helper()
	path := benchSpecs[len(benchSpecs)-1].path
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true: GitHub's spec is not installed: %v", err)
		}
		t.Skip(err)
	}
	githubIndexOnce.Do(func() {
		var cat *tools.Catalog
		if cat, githubIndexErr = openapi.LoadCatalog(context.Background(), path, openapi.LoadOptions{NoCache: true}); githubIndexErr == nil {
			githubIndex = NewIndex(cat)
		}
	})
	if githubIndexErr != nil {
		t.Fatal(githubIndexErr)
	}
	return githubIndex
}

// TestSearchGitHub: in dynamic mode (GitHub's default) find_operations is how the model
// finds anything among 1,225 operations, so plain requests must rank the operation meant
// near the top, against the many operations that mention the same nouns.
func TestSearchGitHub(t *testing.T) {
	ix := githubSearch(t)
	cases := []struct {
		query, want string
		top         int
	}{
		{"list repositories for a user", "GET /users/{username}/repos", 3},
		{"list repositories of a user", "GET /users/{username}/repos", 3},
		{"create an issue", "POST /repos/{owner}/{repo}/issues", 3},
		{"create a new issue in a repository", "POST /repos/{owner}/{repo}/issues", 3},
		{"get a pull request", "GET /repos/{owner}/{repo}/pulls/{pull_number}", 3},
		{"merge a pull request", "PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge", 3},
		{"star a repository", "PUT /user/starred/{owner}/{repo}", 1},
		{"list my notifications", "GET /notifications", 3},
		{"search code", "GET /search/code", 1},
		{"delete a repository", "DELETE /repos/{owner}/{repo}", 3},
		{"list issues of a repository", "GET /repos/{owner}/{repo}/issues", 3},
		{"add a comment to an issue", "POST /repos/{owner}/{repo}/issues/{issue_number}/comments", 3},
		{"list commits", "GET /repos/{owner}/{repo}/commits", 3},
		{"create a gist", "POST /gists", 3},
		{"who am I, the authenticated user", "GET /user", 3},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			res := ix.Search(tc.query, 10)
			var keys []string
			for _, m := range res.Matches {
				keys = append(keys, m.Op.Key())
			}
			for i, k := range keys {
				if k == tc.want {
					if i >= tc.top {
						t.Errorf("%s ranked %d, want within the top %d: %q", k, i+1, tc.top, keys)
					}
					return
				}
			}
			t.Errorf("%s not in the top 10: %q", tc.want, keys)
		})
	}
}

// Lists on GitHub: the reads that list a kind of thing, named as a person names it.
func TestListsGitHub(t *testing.T) {
	ix := githubSearch(t)
	for thing, want := range map[string]string{
		"pull request": "GET /repos/{owner}/{repo}/pulls",
		"issues":       "GET /repos/{owner}/{repo}/issues",
		"gist":         "GET /gists",
	} {
		got := matchKeys(ix.Lists(thing, 10))
		if !slices.Contains(got, want) {
			t.Errorf("Lists(%q) = %q, want %s among them", thing, got, want)
		}
		for _, k := range got {
			if !strings.HasPrefix(k, "GET ") {
				t.Errorf("Lists(%q) offers %s, which does not list", thing, k)
			}
		}
	}
}
