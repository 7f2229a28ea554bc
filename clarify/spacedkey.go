package clarify

import (
	"fmt"
	"strings"

	"github.com/askapi/askapi/tools"
)

// A path parameter named for a slug, a handle or a login takes a token, never words
// with spaces: "Priya Raman" where Orbit wants a member's slug was sent as
// /members/Priya%20Raman and came back 404. A value with spaces that no lookup turned
// into the token (the pipeline resolves before it checks) is a question, not a request.

// tokenWords name a path parameter that holds a token without spaces. Not "key" (an
// object store's key is a file name) and not "id" (some APIs take names as ids).
var tokenWords = map[string]string{"slug": "slug", "handle": "handle", "username": "user name", "login": "login",
	"uuid": "identifier", "guid": "identifier", "gid": "identifier"}

// spacedToken is the question for a path argument given words where its name says it
// takes a token.
func (c Call) spacedToken(arg string) (Question, bool) {
	p := c.Op.ParamByArg(arg)
	s, isText := c.Args[arg].(string)
	if p == nil || p.In != "path" || !isText || !strings.ContainsAny(strings.TrimSpace(s), " \t\n") {
		return Question{}, false
	}
	token := ""
	words := tools.NameWords(p.Name)
	for i, w := range words {
		w = strings.ToLower(w)
		if t, ok := tokenWords[w]; ok {
			token = t
		}
		if w == "id" && i == len(words)-1 && c.Resources[arg] == "" {
			// An id nothing can look up by name: words there would go out as the id.
			token = "identifier"
		}
		if w == "name" && i > 0 && strings.EqualFold(words[i-1], "user") {
			token = "user name"
		}
	}
	if token == "" {
		return Question{}, false
	}
	f := c.field(arg)
	whose := "its"
	if f.Thing != "" {
		whose = "the " + f.Thing + "'s"
	}
	return Question{
		Field:    arg,
		Kind:     Invalid,
		Question: fmt.Sprintf("%s (%s cannot be used: the API needs %s %s here, which has no spaces.)", Ask(c.Op, f), capFirst(quoteGiven(s, examplesOf(c.Op, arg))), whose, token),
		Reason:   fmt.Sprintf("%s is a path %s and %q has spaces", arg, token, s),
	}, true
}
