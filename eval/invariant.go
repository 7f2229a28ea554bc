package eval

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"unicode"
)

// sentWords finds the words of a case's never_sent list in a write the upstream received:
// its path, query or body, as written, URL-encoded (%20 or +) or JSON-escaped, in any
// case. A read may carry them (a search for the name is how it is looked up); a write
// never does (DESIGN.md, "The invariant").
func sentWords(words []string, reqs []Request) []string {
	var out []string
	for _, r := range reqs {
		if !isWrite(r.Method) {
			continue
		}
		text := strings.ToLower(requestText(r))
		for _, w := range words {
			if w = strings.ToLower(strings.TrimSpace(w)); w == "" {
				continue
			}
			for _, form := range []string{w, url.PathEscape(w), url.QueryEscape(w)} {
				if strings.Contains(text, strings.ToLower(form)) {
					out = append(out, fmt.Sprintf("turn %d sent %q in a write: %s %s", r.Turn+1, w, r.Method, r.RawPath))
					break
				}
			}
		}
	}
	return out
}

// requestText is everything of a request a value could travel in, decoded and raw.
func requestText(r Request) string {
	var b strings.Builder
	b.WriteString(r.Path + "\n" + r.RawPath + "\n")
	for k, vs := range r.Query {
		for _, v := range vs {
			b.WriteString(k + "=" + v + "\n")
		}
	}
	b.WriteString(r.Body + "\n")
	if dec, err := url.QueryUnescape(r.Body); err == nil {
		b.WriteString(dec)
	}
	return b.String()
}

// wordsInWrites is DESIGN's invariant checked on every case, whatever it expects: no
// write a turn sent carries, where an identifier goes (a path parameter of the turn's
// operation, or a query or body field named like an id or key), words the assistant gave
// as an argument: a value of two words or more, as given. A name that was looked up
// reaches the write as the id the lookup gave, never as itself.
func wordsInWrites(res *CaseResult) []string {
	var out []string
	for _, t := range res.Turns {
		if t.op == "" {
			continue
		}
		given := spacedValues(turnArguments(t.Arguments))
		if len(given) == 0 {
			continue
		}
		method, path, _ := strings.Cut(t.op, " ")
		names, re := templateParams(path)
		for _, r := range res.Requests {
			if r.Turn != t.Turn-1 || !isWrite(r.Method) || !strings.EqualFold(r.Method, method) {
				continue
			}
			for field, v := range identifierValues(r, names, re) {
				if given[strings.ToLower(v)] {
					out = append(out, fmt.Sprintf("turn %d sent the words %q as %s in a write: %s %s", t.Turn, v, field, r.Method, r.RawPath))
				}
			}
		}
	}
	return out
}

// turnArguments are the operation's arguments a turn sent: call_operation carries them
// in its "arguments".
func turnArguments(args map[string]any) map[string]any {
	if inner, ok := args["arguments"].(map[string]any); ok && args["operation"] != nil {
		return inner
	}
	return args
}

// spacedValues are the string arguments a person says as words (personWords),
// lower-cased; reserved arguments (_user_request…) are not values.
func spacedValues(args map[string]any) map[string]bool {
	out := map[string]bool{}
	for k, v := range args {
		s, ok := v.(string)
		if !ok || strings.HasPrefix(k, "_") {
			continue
		}
		if personWords(s) {
			out[strings.ToLower(strings.TrimSpace(s))] = true
		}
	}
	return out
}

// templateParams are a path template's parameter names, in order, and a pattern that
// captures each.
func templateParams(path string) ([]string, *regexp.Regexp) {
	var names []string
	var b strings.Builder
	b.WriteString("^")
	for {
		i := strings.Index(path, "{")
		j := strings.Index(path, "}")
		if i < 0 || j < i {
			break
		}
		b.WriteString(regexp.QuoteMeta(path[:i]))
		b.WriteString("([^/]+)")
		names = append(names, path[i+1:j])
		path = path[j+1:]
	}
	b.WriteString(regexp.QuoteMeta(path) + "$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, nil
	}
	return names, re
}

// identifierValues are the values a write carries where identifiers go: its path
// parameters (decoded), and query and top-level body fields named like an id or key.
func identifierValues(r Request, names []string, re *regexp.Regexp) map[string]string {
	out := map[string]string{}
	if re != nil {
		if m := re.FindStringSubmatch(r.RawPath); m != nil {
			for i, name := range names {
				if v, err := url.PathUnescape(m[i+1]); err == nil {
					out["path {"+name+"}"] = v
				}
			}
		}
	}
	for k, vs := range r.Query {
		if idName(k) && len(vs) > 0 {
			out["query "+k] = vs[0]
		}
	}
	var body map[string]any
	if json.Unmarshal([]byte(r.Body), &body) != nil {
		if form, ok := formFields([]byte(r.Body)); ok {
			body = form
		}
	}
	for k, v := range body {
		if s, ok := v.(string); ok && idName(k) {
			out["body "+k] = s
		}
	}
	return out
}

// idName reports a field named like an identifier or a key: customer_id, accountId,
// trainingKey, slug, uuid, and a bare id or key.
func idName(name string) bool {
	n := strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(name))
	for _, tail := range []string{"id", "ids", "key", "uuid", "guid", "gid", "slug", "code"} {
		if strings.HasSuffix(n, tail) {
			return true
		}
	}
	return false
}

// personWords reports a value said as words: two or more, each of letters (an apostrophe,
// a dot, an ampersand or a hyphen inside), none long: "Bob Smith", "Mobile App", "O'Neil
// & Sons". Key material, a sentence with figures or a code is no name said.
func personWords(s string) bool {
	f := strings.Fields(s)
	if len(f) < 2 {
		return false
	}
	for _, w := range f {
		if len([]rune(w)) > 20 {
			return false
		}
		for _, r := range w {
			if !unicode.IsLetter(r) && !strings.ContainsRune("'.&-", r) {
				return false
			}
		}
	}
	return true
}
