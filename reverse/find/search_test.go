package find

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools/openapi"
)

func TestSearchTMDB(t *testing.T) {
	cat, _ := rtShared(t, "tmdb.json")
	ix := NewIndex(cat)
	cases := []struct {
		query string
		want  string // "METHOD /path" expected within the top `top`
		top   int
	}{
		{"search for a person by name", "GET /search/person", 1},
		{"movies similar to a movie", "GET /movie/{movie_id}/similar", 3},
		{"movie credits of a person", "GET /person/{person_id}/movie_credits", 3},
		{"search for a TV show", "GET /search/tv", 1},
		{"movie credits", "GET /movie/{movie_id}/credits", 3},
		{"search companies", "GET /search/company", 1},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			res := ix.Search(tc.query, 10)
			if res.Unsupported {
				t.Fatalf("unsupported: %s", res.Reason)
			}
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
			t.Errorf("%s not found: %q", tc.want, keys)
		})
	}
}

func TestSearchUnsupported(t *testing.T) {
	cat, _ := rtShared(t, "tmdb.json")
	ix := NewIndex(cat)
	res := ix.Search("Twitter handle of a person", 5)
	if !res.Unsupported {
		t.Fatalf("result = %+v, want unsupported", res)
	}
	if !reflect.DeepEqual(res.Unserved, []string{"twitter", "handle"}) {
		t.Errorf("unserved = %q, want [twitter handle]", res.Unserved)
	}
	for _, w := range []string{"twitter", "handle"} {
		if !strings.Contains(res.Reason, w) {
			t.Errorf("reason %q does not name %q", res.Reason, w)
		}
	}
	for _, q := range []string{"", "the of a", "!!!"} {
		if r := ix.Search(q, 5); !r.Unsupported || r.Reason == "" {
			t.Errorf("Search(%q) = %+v, want unsupported with a reason", q, r)
		}
	}
	// Mostly known words: supported, and the unknown ones reported.
	r := ix.Search("popular movies today", 5)
	if r.Unsupported || len(r.Matches) == 0 {
		t.Errorf("popular movies: %+v", r)
	}
}

func TestSearchLimitAndOrder(t *testing.T) {
	cat, _ := rtShared(t, "tmdb.json")
	ix := NewIndex(cat)
	all := ix.Search("movie", 0)
	if len(all.Matches) <= 3 {
		t.Fatalf("matches = %d", len(all.Matches))
	}
	for i := 1; i < len(all.Matches); i++ {
		if all.Matches[i].Score > all.Matches[i-1].Score {
			t.Errorf("not sorted at %d", i)
		}
	}
	if got := ix.Search("movie", 3); len(got.Matches) != 3 || got.Matches[0].Op != all.Matches[0].Op {
		t.Errorf("limit 3 = %+v", got.Matches)
	}
}

func TestSearchOtherSpecs(t *testing.T) {
	cases := []struct {
		spec, query, want string
	}{
		{"alertmanager-v2.yaml", "create a silence", "POST /silences"},
		{"alertmanager-v2.yaml", "delete a silence", "DELETE /silence/{silenceID}"},
		{"spotify.json", "add tracks to a playlist", "POST /playlists/{playlist_id}/tracks"},
		{"spotify.json", "top tracks of an artist", "GET /artists/{id}/top-tracks"},
	}
	for _, tc := range cases {
		t.Run(tc.spec+" "+tc.query, func(t *testing.T) {
			cat, _ := rtShared(t, tc.spec)
			res := NewIndex(cat).Search(tc.query, 3)
			if res.Unsupported || len(res.Matches) == 0 {
				t.Fatalf("result = %+v", res)
			}
			var keys []string
			for _, m := range res.Matches {
				keys = append(keys, m.Op.Key())
			}
			if keys[0] != tc.want {
				t.Errorf("top = %q, want %s first", keys, tc.want)
			}
		})
	}
}

func TestTerms(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"search for a person by name", []string{"search", "person", "name"}},
		{"movie_credits", []string{"movi", "credit"}},
		{"getSilenceByID", []string{"get", "silenc"}},
		{"/person/{person_id}/movie_credits", []string{"person", "person", "movi", "credit"}},
		{"Movies similar", []string{"movi", "similar"}},
		{"categories", []string{"categori"}},
		{"category", []string{"categori"}},
		{"unsubscribed unsubscribe", []string{"unsubscrib", "unsubscrib"}},
		{"repos repository", []string{"repositori", "repositori"}},
		{"people", []string{"person"}},
		{"playing", []string{"play"}},
		{"status", []string{"status"}},
		{"HTTPServer getURLs", []string{"httpserver", "get", "url"}},
		{"Éléphant naïveCafé", []string{"éléphant", "naïv", "café"}},
		{"a\xffbc d\xe2\x82", []string{"bc"}},
		{"", nil},
	}
	for _, tc := range cases {
		if got := lexicon.Terms(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Terms(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// termsByRunes is how Terms read text before it worked on bytes: the reference the
// faster one must agree with.
func termsByRunes(text string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) == 0 {
			return
		}
		w := strings.ToLower(string(cur))
		cur = cur[:0]
		if lexicon.StopWords[w] || len(w) < 2 {
			return
		}
		out = append(out, lexicon.Stem(w))
	}
	runes := []rune(text)
	for i, r := range runes {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && i > 0 && unicode.IsLower(runes[i-1]):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return out
}

// TestTermsMatchRuneReading compares Terms with the rune-based reference over every text
// the index reads from the shared specs (and GitHub's, where installed).
func TestTermsMatchRuneReading(t *testing.T) {
	for _, s := range benchSpecs {
		t.Run(s.name, func(t *testing.T) {
			if _, err := os.Stat(s.path); err != nil {
				if os.Getenv("CI") == "true" {
					t.Fatal(err)
				}
				t.Skip(err)
			}
			cat, err := openapi.LoadCatalog(context.Background(), s.path, openapi.LoadOptions{NoCache: true})
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			check := func(text string) {
				n++
				if got, want := lexicon.Terms(text), termsByRunes(text); !reflect.DeepEqual(got, want) {
					t.Fatalf("Terms(%q) = %q, want %q", text, got, want)
				}
			}
			for _, op := range cat.Operations() {
				for _, text := range []string{op.Path, op.OperationID, op.Summary, op.Description, strings.Join(op.Tags, " ")} {
					check(text)
				}
				for _, p := range op.Params {
					check(p.Name)
					check(p.Description)
				}
			}
			if n < 5*len(cat.Operations()) {
				t.Fatalf("only %d texts checked", n)
			}
		})
	}
}
