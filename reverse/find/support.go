package find

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// Whether an API can do what a query asks (DESIGN.md, find_operations). A query is served
// when one operation has both its action and its thing (reading.go) and answers every
// other content word of it by what it says of itself: "archive project" is not served
// by an operation that archives a project's tasks, nor "rename tag" by an API that can
// only create and delete tags. A word the API never says, before the query's first
// preposition, is served by nothing; after it, it is a value ("weather in Lisbon").
// Values the query carries (numbers, names, quoted words, codes, addresses) decide
// nothing.

// servedTerms are the terms one operation answers.
type servedTerms map[string]struct{}

// answers adds to set what an operation answers besides its words: its parameters' and
// body's enumerated values (DigitalOcean's droplet actions are one operation whose
// body's type says "rename"), and the field names of what it returns.
func answers(op *tools.Operation, set servedTerms) {
	add := func(text string) { lexicon.EachTerm(text, func(t string) { set[t] = struct{}{} }) }
	for _, p := range op.Params {
		addEnum(p.Schema, add)
	}
	if op.Body != nil {
		addBodyEnums(op.Body.Schema, 0, add)
	}
	addTopNames(op.Response, 0, add)
}

// addTopNames reads the field names of what a response is about: its own properties,
// or an envelope's items' (data: [...]), not the objects nested in them, where a
// charge's "outcome.risk_score" would make Stripe's charges answer "credit score".
func addTopNames(s map[string]any, depth int, add func(string)) {
	if s == nil || depth > 2 {
		return
	}
	if items, ok := s["items"].(map[string]any); ok {
		addTopNames(items, depth+1, add)
	}
	props, _ := s["properties"].(map[string]any)
	for name, sub := range props {
		add(name)
		if m, ok := sub.(map[string]any); ok && depth == 0 && tools.SchemaType(m) == "array" {
			if items, ok := m["items"].(map[string]any); ok {
				addTopNames(items, depth+2, add)
			}
		}
	}
}

func addEnum(s map[string]any, add func(string)) {
	vals, _ := s["enum"].([]any)
	if items, ok := s["items"].(map[string]any); ok && vals == nil {
		vals, _ = items["enum"].([]any)
	}
	for _, v := range vals {
		if str, ok := v.(string); ok {
			add(str)
		}
	}
}

// addBodyEnums reads the enumerated values of a body's fields, through oneOf and anyOf.
func addBodyEnums(s map[string]any, depth int, add func(string)) {
	if s == nil || depth > 3 {
		return
	}
	addEnum(s, add)
	if props, ok := s["properties"].(map[string]any); ok {
		for _, sub := range props {
			if m, ok := sub.(map[string]any); ok {
				addBodyEnums(m, depth+1, add)
			}
		}
	}
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		parts, _ := s[k].([]any)
		for _, part := range parts {
			if m, ok := part.(map[string]any); ok {
				addBodyEnums(m, depth+1, add)
			}
		}
	}
}

// word is a query's term with the word it was read from, for a reason a person reads.
type word struct {
	term, said string
	// tail marks a word after the query's first preposition: what the head is done
	// with or to ("add a label to an issue"), or a value ("weather in Lisbon").
	tail bool
	// value marks a word the query carries as a value: a number, a name written
	// capitalised after the first word, a quoted word, a code or an address.
	value bool
}

// preposition starts the tail of a query.
var preposition = regexp.MustCompile(`(?i)\b(` + lexicon.Prepositions + `)\b`)

// requestWords reads a query's words, each once, in order.
func requestWords(text string) []word {
	var out []word
	seen := map[string]bool{}
	head := text
	if loc := preposition.FindStringIndex(text); loc != nil {
		head = text[:loc[0]]
	}
	headTerms := map[string]bool{}
	lexicon.EachTerm(head, func(t string) { headTerms[t] = true })
	values := properNames(text)
	for w := range codeWords(text) {
		values[w] = true
	}
	for w := range quotedWords(text) {
		values[w] = true
	}
	lexicon.EachWord(text, func(term, said string) {
		if !seen[term] {
			seen[term] = true
			out = append(out, word{term: term, said: said, tail: !headTerms[term],
				value: values[said] || strings.ContainsFunc(said, unicode.IsDigit)})
		}
	})
	return out
}

// verdict is whether a query is served, and by which operations.
type verdict struct {
	ok       bool
	reason   string
	unserved []string
	serving  []int
}

// support tells whether one operation has the query's action and thing and answers its
// other words; if none does, why, in the query's own words.
func (ix *Index) support(ws []word, order []int) verdict {
	var head, tail []word
	for _, w := range ws {
		switch {
		case w.value, lexicon.GenericWords[w.term]:
		case w.tail:
			tail = append(tail, w)
		default:
			head = append(head, w)
		}
	}
	if len(head) == 0 {
		// Only values, or only words after a preposition ("for a refund"): what is
		// asked is the tail.
		head, tail = tail, nil
	}
	if len(head) == 0 {
		return verdict{ok: true}
	}
	var unserved []string
	for _, w := range head {
		if !ix.mentions(w.term) {
			unserved = append(unserved, w.said)
		}
	}
	// One word the API never says is forgiven when the rest of the query, two words at
	// least, is done by one operation called by all of them: "clear watch history"
	// is DELETE /me/watched, "Delete the user's watch history".
	if len(unserved) == 1 {
		if serving := ix.namedServing(known(ix, head), tail, order); len(serving) > 0 {
			return verdict{ok: true, serving: serving, unserved: unserved}
		}
	}
	if len(unserved) > 0 {
		return verdict{reason: fmt.Sprintf("nothing in this API mentions %s; no operation can do that", quoteList(unserved)), unserved: unserved}
	}
	serving, best, bestMissing := ix.structural(head, tail, order)
	if len(serving) > 0 {
		return verdict{ok: true, serving: serving}
	}
	all := make([]string, 0, len(head))
	for _, w := range head {
		all = append(all, w.said)
	}
	reason := fmt.Sprintf("no operation of this API does all of %s", quoteList(all))
	if best >= 0 {
		reason += fmt.Sprintf(": the closest (%s) says nothing of %s", closest(ix.ops[best]), quoteList(bestMissing))
	}
	return verdict{reason: reason}
}

// namedServing are the operations that serve rest (two words at least) and are called by
// every word of it (path, name, summary, tags).
func (ix *Index) namedServing(rest, tail []word, order []int) []int {
	if len(rest) < 2 {
		return nil
	}
	serving, _, _ := ix.structural(rest, tail, order)
	var out []int
	for _, i := range serving {
		all := true
		for _, w := range rest {
			all = all && ix.names(i, w.term)
		}
		if all {
			out = append(out, i)
		}
	}
	return out
}

// known are the words of ws the API says.
func known(ix *Index, ws []word) []word {
	var out []word
	for _, w := range ws {
		if ix.mentions(w.term) {
			out = append(out, w)
		}
	}
	return out
}

// structural lists the operations that do the query's action to its thing; when none
// does, the first in order that misses least, and what it misses. Words after the query's
// preposition give the thing when nothing before it does ("search for recipes"), and
// are otherwise what it is done with or to, or values: they decide nothing.
func (ix *Index) structural(head, tail []word, order []int) (serving []int, best int, bestMissing []string) {
	// The query's action is its first word when some operation does it.
	var action *word
	things := head
	if ix.anyActs[head[0].term] {
		action, things = &head[0], head[1:]
	}
	if len(things) == 0 && action != nil {
		things = known(ix, tail)
	}
	best = -1
	for _, i := range order {
		missing := ix.missing(i, action, things)
		if len(missing) == 0 {
			serving = append(serving, i)
			continue
		}
		if best < 0 || len(missing) < len(bestMissing) {
			best, bestMissing = i, missing
		}
	}
	return serving, best, bestMissing
}

// missing lists what operation i lacks of a query: its action, and its thing (one of
// things must be what the operation acts on).
func (ix *Index) missing(i int, action *word, things []word) []string {
	r := ix.readings[i]
	var out []string
	// The action is one the operation does, or one it is called by ("Sends a copy of an
	// invoice": POST /Invoices/{id}/Email sends).
	if action != nil && !containsString(r.actions, action.term) && !ix.names(i, action.term) {
		out = append(out, action.said)
	}
	for _, w := range things {
		// The thing is what the path ends on, or a word the operation is called by that
		// is none of its parents: "Create a story on a task" is about the task's
		// stories, not the task.
		if containsString(r.thing, w.term) || ix.names(i, w.term) && !containsString(r.parents, w.term) {
			return out
		}
	}
	if len(things) > 0 {
		out = append(out, things[0].said)
	}
	return out
}

// mentions reports whether the API says term anywhere, or does it by a method.
func (ix *Index) mentions(term string) bool { return ix.anyServed[term] || ix.anyActs[term] }

// anyNames reports whether some operation is called by term (path, name, summary, tags).
func (ix *Index) anyNames(term string) bool { return ix.anyNamed[term] }

// closest names an operation for a person: what it says it does, else its tool name.
func closest(op *tools.Operation) string {
	if s := strings.TrimSpace(withoutTags(summaryOf(op))); s != "" {
		return fmt.Sprintf("%q", strings.TrimSuffix(s, "."))
	}
	return op.Name
}

// withoutTags is text without its HTML tags: Stripe's summaries are "<p>Creates …</p>".
func withoutTags(text string) string {
	var b strings.Builder
	inTag := false
	for _, r := range text {
		switch {
		case r == '<':
			inTag = true
		case r == '>' && inTag:
			inTag = false
		case !inTag:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// properNames lists (lower-cased) the words of text written capitalised, other than its
// first word, and never in lower case in it.
func properNames(text string) map[string]bool {
	names, lower := map[string]bool{}, map[string]bool{}
	fields := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	name := make([]bool, len(fields))
	acronym := make([]bool, len(fields))
	for i, f := range fields {
		f = strings.TrimSuffix(strings.TrimSuffix(f, "'s"), "'")
		// An Irish or Italian surname's prefix ("O'Farrell", "D'Angelo") is part of the name.
		if len(f) > 3 && (f[0] == 'O' || f[0] == 'D') && f[1] == '\'' {
			f = f[2:]
		}
		fields[i] = f
		rs := []rune(f)
		if len(rs) < 2 {
			continue
		}
		switch {
		case unicode.IsUpper(rs[0]) && !strings.ContainsFunc(string(rs[1:]), unicode.IsUpper):
			if i > 0 {
				names[strings.ToLower(f)] = true
				name[i] = true
			}
		case unicode.IsLower(rs[0]) && strings.ContainsFunc(f, unicode.IsUpper):
			// A word that starts in lower case and has capitals after is a brand or a
			// handle ("iPad", "eBay", "xXgrieferXx"), whatever its pieces spell.
			lexicon.EachWord(f, func(_, piece string) { names[piece] = true })
		case !strings.ContainsFunc(f, unicode.IsLower):
			acronym[i] = true
		case !strings.ContainsFunc(f, unicode.IsUpper):
			lower[f] = true
		}
	}
	// An acronym beside a name is part of it: "our VIP Customers list".
	for i := range fields {
		if acronym[i] && (i > 0 && name[i-1] || i+1 < len(fields) && name[i+1]) {
			names[strings.ToLower(fields[i])] = true
		}
	}
	for w := range lower {
		delete(names, w)
	}
	return names
}

// domainName is a host name: labels joined by dots, the last of letters only
// ("bakkerij-janssens.be", "example.co.uk").
var domainName = regexp.MustCompile(`^(?i)[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,24}$`)

// quoted is a word or phrase in quotes: what is quoted is a value the query carries (a
// word to look up, a title, a message).
var quoted = regexp.MustCompile(`(?:^|[\s(])(?:'([^']+)'|"([^"]+)"|‘([^’]+)’|“([^”]+)”)`)

// quotedWords lists (lower-cased) the words of text that are in quotes.
func quotedWords(text string) map[string]bool {
	out := map[string]bool{}
	for _, m := range quoted.FindAllStringSubmatch(text, -1) {
		lexicon.EachWord(m[1]+m[2]+m[3]+m[4], func(_, said string) { out[said] = true })
	}
	return out
}

// codeWords lists (lower-cased) the words of a token that mixes letters and digits
// across a hyphen or slash ("RT-7", "A4-X"), that is an identifier in snake case, or
// that is an email address, a web address or a host name: a code, a plate, an address,
// a value the query carries, whatever its letters spell.
func codeWords(text string) map[string]bool {
	out := map[string]bool{}
	for _, tok := range strings.Fields(text) {
		tok = strings.Trim(tok, ".,;:!?()[]\"'")
		address := strings.Contains(tok, "@") || strings.Contains(tok, "://") || strings.HasPrefix(strings.ToLower(tok), "www.") || domainName.MatchString(tok)
		code := strings.ContainsAny(tok, "-/") && strings.ContainsFunc(tok, unicode.IsDigit) && strings.ContainsFunc(tok, unicode.IsLetter)
		// An identifier in snake case ("billing_sync") is the name of something the
		// person has, the way a machine spells it.
		ident := strings.Contains(strings.Trim(tok, "_"), "_")
		if !address && !code && !ident {
			continue
		}
		lexicon.EachWord(tok, func(_, said string) {
			if !strings.ContainsFunc(said, unicode.IsDigit) {
				out[said] = true
			}
		})
	}
	return out
}

// fileFormats are the names of common file formats: "as a PDF", "the PDFs", "an .srt
// file" give a format parameter's value or say which files; an API that never names the
// format has it as a value (a MIME type) or not at all.
var fileFormats = map[string]bool{"pdf": true, "csv": true, "json": true, "xml": true, "jpg": true, "jpeg": true,
	"png": true, "gif": true, "svg": true, "mp3": true, "mp4": true, "wav": true, "srt": true, "vtt": true, "docx": true,
	"xlsx": true, "pptx": true, "zip": true, "txt": true, "html": true, "gpx": true, "kml": true, "ics": true, "yaml": true,
	"tsv": true, "epub": true, "heic": true, "webp": true, "mov": true, "tiff": true, "markdown": true}

// currencies are the names of common currencies: "euro to forint", "in dollars" give an
// amount's or a conversion's value.
var currencies = map[string]bool{"dollar": true, "euro": true, "pound": true, "sterling": true, "yen": true, "forint": true,
	"franc": true, "krona": true, "krone": true, "kroner": true, "rupee": true, "yuan": true, "renminbi": true, "peso": true,
	"rand": true, "zloty": true, "ruble": true, "rouble": true, "lira": true, "dinar": true, "baht": true, "ringgit": true,
	"shekel": true, "dirham": true, "rupiah": true, "hryvnia": true, "koruna": true, "lei": true, "leu": true}
