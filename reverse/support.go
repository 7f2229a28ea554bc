package reverse

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/askapi/askapi/tools"
)

// Whether an API can do what a request asks (DESIGN.md, find_operations): a request is
// served when one operation answers every one of its content words — what is to be done
// and to what — by what the operation is (its path, name, tags, summary, parameters and
// their values, body fields, the verbs of its method) or what it says of itself (its
// description, its response's fields). Words that only ask to see something ("show",
// "list", "check") decide nothing. A request no operation answers whole is unsupported:
// "book a flight" on a task manager whose only "flight" is a webhook's request "in
// flight" has no operation that books, nor one about flights.

// namedBy reads what an operation is called: its path, name, summary and tags.
func namedBy(op *tools.Operation, path string) servedTerms {
	set := servedTerms{}
	eachTerm(path+" "+op.OperationID+" "+summaryOf(op)+" "+strings.Join(op.Tags, " "), func(t string) { set[t] = struct{}{} })
	return set
}

// servedTerms are the terms one operation answers.
type servedTerms map[string]struct{}

// servedBy reads what an operation answers; parameter descriptions are left out, since
// they are where specs repeat their boilerplate ("pretty print the output" on every
// operation of Asana's).
//
// It also returns the terms answered only by the response's fields (see acts).
func servedBy(op *tools.Operation, path string) (set, returned servedTerms) {
	set = actedBy(op, path)
	returned = servedTerms{}
	addTopNames(op.Response, 0, func(name string) {
		eachTerm(name, func(t string) {
			if _, acted := set[t]; !acted && !actionTerms[t] {
				returned[t] = struct{}{}
			}
		})
	})
	for t := range returned {
		set[t] = struct{}{}
	}
	return set, returned
}

// actedBy reads what an operation answers by what it is and what it is sent, not by
// the fields of what it returns: a request's leading verb ("accept an answer") is
// answered by an operation that does it, not by one whose answers say is_accepted.
func actedBy(op *tools.Operation, path string) servedTerms {
	set := servedTerms{}
	add := func(text string) { eachTerm(text, func(t string) { set[t] = struct{}{} }) }
	add(path)
	add(op.OperationID)
	add(strings.Join(op.Tags, " "))
	add(op.Summary)
	add(op.Description)
	add(verbsOf(op))
	add(changeVerbs[op.Method])
	// An operation that says it creates, updates or deletes does so whatever its method: Xero
	// updates an employee by POST /Employees/{EmployeeID} ("Updates an employee's detail"),
	// RPC-style APIs do everything by POST. It answers that method's words too.
	if m := saidMethod(op); m != "" && m != op.Method {
		add(methodVerbs[m])
		add(changeVerbs[m])
	}
	for _, p := range op.Params {
		add(p.Name)
		addEnum(p.Schema, add)
	}
	if op.Body != nil {
		for _, name := range op.Body.Props {
			add(name)
		}
		addBodyEnums(op.Body.Schema, 0, add)
	}
	return set
}

// saidMethod is the method whose verb leads what an operation says it does (its summary,
// else its operationId): "Updates an employee" is an update, sent by any method.
func saidMethod(op *tools.Operation) string {
	for _, text := range []string{summaryOf(op), op.OperationID} {
		var first string
		eachTerm(text, func(t string) {
			if first == "" {
				first = t
			}
		})
		if first != "" {
			return verbMethod[first]
		}
	}
	return ""
}

// verbMethod maps the stem of each verb of methodVerbs to its method; a verb of two
// methods ("update") goes to the first of DELETE, PATCH, POST, and PUT's own ("replace",
// "set") say nothing of a method.
var verbMethod = func() map[string]string {
	out := map[string]string{}
	for _, m := range []string{"DELETE", "PATCH", "POST"} {
		for _, v := range strings.Fields(methodVerbs[m]) {
			if _, ok := out[stem(v)]; !ok {
				out[stem(v)] = m
			}
		}
	}
	return out
}()

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

// addBodyEnums reads the enumerated values of a body's fields, through oneOf and anyOf:
// DigitalOcean's droplet actions are one operation whose body's type says "rename".
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

// genericWords ask to see or have something, or say how much: any operation that
// answers the rest of a request answers them.
var genericWords = stemSet("get", "list", "show", "view", "see", "check", "fetch", "read", "look", "display",
	"retrieve", "return", "lookup", "every", "each", "many", "much", "more", "new", "current", "latest", "recent",
	"recently", "lately", "next", "previous", "other", "same", "old", "upcoming", "last", "info", "information", "detail", "details", "thing", "things", "stuff", "let", "us", "now", "also",
	"just", "any", "please", "would", "like", "whole", "entire", "full", "own", "mine", "our", "we", "them", "they",
	"these", "those", "one", "ones", "someone", "something", "everything", "anything", "current", "existing",
	"using", "use", "via", "make", "sure", "today", "tonight", "tomorrow", "yesterday", "currently", "right",
	// light verbs, which say that something is done, not what: "take down a listing",
	// "where did the trailer go"
	"take", "go", "have", "keep", "happen", "come", "grab", "sit",
	// what remains: "how much space is left", "what's left in my queue"
	"left", "remaining",
	// a light verb for getting ("pull the daily sales summary"), and who else
	"pull", "else",
	// when, said as a period ("this month", "tomorrow afternoon"): a filter's value
	"morning", "afternoon", "evening", "night", "weekend", "day", "days", "week", "month", "year",
	// how a list is to be ordered ("the highest rated", "top 10"): a sort, never a thing
	"highest", "lowest", "worst", "most", "least",
	// who or how often, said of anyone: "list everyone who works for us"
	"everyone", "everybody", "anyone", "anybody", "nobody", "once", "twice", "again", "really", "actually",
	// when, said as a preposition, and never or no more: a filter's bound or the
	// person's aside, never what is done
	"after", "before", "since", "until", "never", "anymore", "nothing", "nowhere",
	// how much, roughly, or what sort, said of anything: "roughly how much", "the last
	// couple of days", "what kinds of dwarf"
	"roughly", "approximately", "couple", "few", "several", "kind", "kinds", "sort", "sorts",
	// the person's aside on how it came about or what they would rather: "uploaded by
	// mistake", "marcoplays instead" ("accident" is left out: TfL has accident statistics)
	"instead", "mistake",
	// anyone at all: "how many people clicked the link"
	"people")

func stemSet(words ...string) map[string]bool {
	out := map[string]bool{}
	for _, w := range words {
		out[stem(w)] = true
	}
	return out
}

// word is a request's term with the word it was read from, for a reason a person reads.
// tail marks a word after the request's first preposition: what the head is done with
// ("substitute for buttermilk", "directions from King's Cross to Heathrow").
type word struct {
	term, said string
	tail       bool
	// kind marks a word of a phrase after "a" or "an": a kind of thing the request is
	// about ("apply for a business loan"), which an operation must serve, never a value.
	kind bool
	// name marks a word written capitalised after the request's first word, and nowhere
	// in lower case: a name ("clock in Maria at the Main Street store"), a value the API
	// has never seen. An acronym in capitals (SMS, IP) stays a content word.
	name bool
	// lead marks the request's first word when it is a content word: in a request that
	// says what to do ("accept Priya's answer"), what is to be done.
	lead bool
	// hint marks a word added for the ranking alone ("count" for "how many"), which
	// decides nothing.
	hint bool
	// head is set on a word that modifies the noun after it in a phrase that starts with
	// a determiner ("an engine stop command"): the phrase's last word, which names the
	// thing; the modifier says what sort.
	head string
	// before is set on a word that another follows in one definite run of words (see
	// runHeads):
	// the run's last word, which the words before it may only describe ("the pump alert",
	// "the banana bread recipe").
	before string
}

// kindPhrase is an indefinite article and the words after it, up to a preposition or
// punctuation.
var kindPhrase = regexp.MustCompile(`(?i)\b(?:a|an)\s+((?:[\w'-]+\s*)+?)(?:\b(?:` + prepositions + `)\b|[,.;:!?]|$)`)

// preposition starts the tail of a request.
var preposition = regexp.MustCompile(`(?i)\b(` + prepositions + `)\b`)

// prepositions are English's common ones, as a regular expression's alternatives.
const prepositions = `for|from|to|into|in|on|at|with|about|of|by|between|around|near|across|through|towards?|under|over|after|before|during|within|without|per|via|onto|against|along|among|since|until`

// requestWords reads a request's content words, each once, in order.
func requestWords(text string) []word {
	var out []word
	seen := map[string]bool{}
	head := text
	if loc := preposition.FindStringIndex(text); loc != nil {
		head = text[:loc[0]]
	}
	headTerms := map[string]bool{}
	eachTerm(head, func(t string) { headTerms[t] = true })
	kinds := map[string]bool{}
	for _, m := range kindPhrase.FindAllStringSubmatch(text, -1) {
		eachTerm(m[1], func(t string) { kinds[t] = true })
	}
	names := properNames(text)
	for w := range codeWords(text) {
		names[w] = true
	}
	for w := range quotedWords(text) {
		names[w] = true
	}
	heads := modifiedHeads(text)
	befores := runHeads(text)
	first := ""
	if f := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }); len(f) > 0 {
		first = strings.ToLower(f[0])
	}
	eachWord(text, func(term, said string) {
		if !seen[term] {
			seen[term] = true
			out = append(out, word{term: term, said: said, tail: !headTerms[term], kind: kinds[term], name: names[said], head: heads[said], before: befores[said],
				lead: len(out) == 0 && said == first})
		} else if heads[said] == "" {
			// Said once as a thing itself, it is never only a modifier.
			for i := range out {
				if out[i].term == term {
					out[i].head = ""
				}
			}
		}
	})
	return out
}

// determinerPhrase is a determiner and the words after it, up to a preposition or
// punctuation.
var determinerPhrase = regexp.MustCompile(`(?i)\b(?:` + determinerList + `)\s+((?:[\w'-]+\s*)+?)(?:\b(?:` + prepositions + `)\b|[,.;:!?]|$)`)

// modifiedHeads maps each modifier of a determiner phrase (every word but the last that
// is not a number) to the phrase's last word.
func modifiedHeads(text string) map[string]string {
	out := map[string]string{}
	for _, m := range determinerPhrase.FindAllStringSubmatch(text, -1) {
		var said []string
		eachWord(m[1], func(_, w string) {
			if !strings.ContainsFunc(w, unicode.IsDigit) {
				said = append(said, w)
			}
		})
		for _, w := range said[:max(len(said)-1, 0)] {
			if w != said[len(said)-1] {
				out[w] = said[len(said)-1]
			}
		}
	}
	return out
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
			eachWord(f, func(_, piece string) { names[piece] = true })
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

// support tells whether one operation answers every content word of a request; if
// none does, why, in the request's own words.
func (ix *Index) support(ws []word, ranked []Match) (ok bool, why string, whole []*tools.Operation) {
	var decisive []word
	for _, w := range ws {
		// A number is a value the request carries (2019, 42), not something to be done;
		// so is a file format or a currency the API never names ("as a PDF", "in euros").
		one := strings.TrimSuffix(w.said, "s")
		unnamed := (fileFormats[one] || currencies[one]) && !ix.mentions(w.term)
		if !genericWords[w.term] && !strings.ContainsFunc(w.said, unicode.IsDigit) && !w.name && !w.hint && !unnamed && !ix.describes(w) {
			decisive = append(decisive, w)
		}
	}
	if len(decisive) == 0 {
		return true, "", nil
	}
	var nowhere, nowhereHead, nowhereKind, forgiven []string
	head := 0
	for _, w := range decisive {
		if !w.tail {
			head++
		}
		if !ix.mentions(w.term) {
			nowhere = append(nowhere, w.said)
			switch {
			case !w.tail:
				nowhereHead = append(nowhereHead, w.said)
			case w.kind:
				nowhereKind = append(nowhereKind, w.said)
			}
		}
	}
	if len(nowhereKind) > 0 && !(head >= 2 && ix.headWhole(decisive)) {
		nowhereHead = append(nowhereHead, nowhereKind...)
	}
	// What an operation must answer is what is done and to what: the words before the
	// first preposition, and any kind of thing named after it ("add subtitles to a
	// video"). Bare words after it are values ("from staging to production"), when what
	// is done is said: two words at least before the preposition, or one that an
	// operation is called by.
	saysWhat := head >= 2 || head == 1 && ix.namesHead(decisive)
	asked := decisive
	if saysWhat {
		asked = nil
		for _, w := range decisive {
			if !w.tail || w.kind {
				asked = append(asked, w)
			}
		}
	}
	// A word that only says what sort of thing a phrase's last word is ("a penicillin
	// allergy") is a value when one operation is called by that last word and answers
	// everything else asked.
	nowhereHead = slices.DeleteFunc(nowhereHead, func(said string) bool { return ix.sortOf(asked, nowhere, said) })
	if len(nowhere) > 0 && len(nowhereHead) == 0 && saysWhat {
		// What the request does, and to what, is in the API (two words at least before
		// its first preposition, or one that an operation is called by); the words after
		// are values the API has never seen: a place, an environment's name ("copy flag
		// settings from staging to production"), an ingredient ("substitute for buttermilk").
		forgiven = nowhere
		nowhere = nil
	}
	// One word the API never uses is forgiven when the rest of the request names one
	// operation by what it is (its path, name or summary), two words at least: "recurring
	// event" names GET …/events/{eventId}/instances whatever "occurrences" says.
	if len(nowhere) > 0 && !(len(nowhere) == 1 && ix.stronglyServed(strongWords(decisive, asked, nowhere[0]), nowhere[0])) {
		return false, fmt.Sprintf("nothing in this API mentions %s; no operation can do that", quoteList(nowhere)), nil
	}
	// The closest operation, named in the reason, is the best ranked of those missing
	// the fewest words.
	order := make([]int, 0, len(ix.ops))
	rank := make(map[*tools.Operation]int, len(ranked))
	for i, m := range ranked {
		rank[m.Op] = i + 1
	}
	for i := range ix.ops {
		order = append(order, i)
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ra, rb := rank[ix.ops[a]], rank[ix.ops[b]]
		switch {
		case ra == rb:
			return 0
		case ra == 0:
			return 1
		case rb == 0:
			return -1
		}
		return ra - rb
	})
	best, bestMissing := -1, []string(nil)
	lenient := false
	for _, i := range order {
		var missing []string
		for _, w := range asked {
			if slices.Contains(nowhere, w.said) || slices.Contains(forgiven, w.said) {
				continue
			}
			if !ix.serves(i, w.term) || w.lead && !ix.acts(i, w.term) {
				if w.head != "" && ix.serves(i, stem(w.head)) {
					// What sort of thing, said in words the API uses elsewhere ("an
					// engine stop command" of an operation that sends commands).
					continue
				}
				missing = append(missing, w.said)
			}
		}
		// One word of three or more may be the person's own way of saying it ("CPU
		// usage" of a droplet's CPU metrics), when the API uses the word elsewhere.
		if len(missing) == 0 {
			whole = append(whole, ix.ops[i])
			continue
		}
		if len(missing) == 1 && len(asked) >= 3 {
			lenient = true
		}
		if best < 0 || len(missing) < len(bestMissing) {
			best, bestMissing = i, missing
		}
	}
	if len(whole) > 0 || lenient {
		return true, "", whole
	}
	all := make([]string, len(decisive))
	for i, w := range decisive {
		all[i] = w.said
	}
	return false, fmt.Sprintf("no operation of this API does all of %s: the closest (%s) says nothing of %s",
		quoteList(all), closest(ix.ops[best]), quoteList(bestMissing)), nil
}

// namesHead reports whether the request's one word before its first preposition is what
// an operation is called (its path, name, summary or tags), not only a word of some
// description: "substitute" names GET /food/ingredients/substitutes.
func (ix *Index) namesHead(decisive []word) bool {
	for _, w := range decisive {
		if w.tail || actionTerms[w.term] {
			continue
		}
		for i := range ix.ops {
			if ix.names(i, w.term) {
				return true
			}
		}
	}
	return false
}

func (ix *Index) anyServes(term string) bool {
	_, ok := ix.servedAny[term]
	return ok
}

// anyNames reports whether some operation is called by term (see namedBy).
func (ix *Index) anyNames(term string) bool {
	_, ok := ix.namedAny[term]
	return ok
}

// mentions reports whether the API says term anywhere it is searched or answered.
func (ix *Index) mentions(term string) bool {
	return ix.df[term] > 0 || ix.anyServes(term)
}

// servesAll reports whether operation i answers every word of ws but those skip excuses.
func (ix *Index) servesAll(i int, ws []word, skip func(word) bool) bool {
	for _, w := range ws {
		if !skip(w) && !ix.serves(i, w.term) {
			return false
		}
	}
	return true
}

// closest names an operation for a person: what it says it does, else its tool name.
func closest(op *tools.Operation) string {
	if s := summaryOf(op); s != "" {
		return fmt.Sprintf("%q", strings.TrimSuffix(s, "."))
	}
	return op.Name
}

// stronglyServed reports whether the request's words other than skip and the method
// verbs, two at least, are all in one operation's path, name, summary or tags.
func (ix *Index) stronglyServed(decisive []word, skip string) bool {
	var rest []string
	for _, w := range decisive {
		if w.said != skip && !verbTerms[w.term] {
			rest = append(rest, w.term)
		}
	}
	if len(rest) < 2 {
		return false
	}
	for i := range ix.ops {
		strong, all := 0, true
		for _, t := range rest {
			all = all && ix.serves(i, t)
			if ix.names(i, t) {
				strong++
			}
		}
		if all && strong == len(rest) {
			return true
		}
	}
	return false
}

// undoing reads a word the API never uses that undoes or redoes one it does as that
// word and the change: "unfollow", "unpin" as follow + remove (DELETE
// /me/followings/{user_id}); "rename", "reassign" as name + update (PUT /tags/{id}/name).
func (ix *Index) undoing(ws []word) []word {
	out := make([]word, 0, len(ws))
	for _, w := range ws {
		if !ix.mentions(w.term) && len(w.said) > 5 && !unprefixed[w.term] {
			if prefix, verb := w.said[:2], prefixVerbs[w.said[:2]]; verb != "" {
				if base := stem(w.said[len(prefix):]); ix.anyServes(base) {
					// Each part keeps what the word was in the request; the change is what
					// a leading word does, so only it keeps the lead.
					thing, change := w, w
					thing.term, thing.lead = base, false
					change.term = stem(verb)
					out = append(out, thing, change)
					continue
				}
			}
		}
		out = append(out, w)
	}
	return out
}

// prefixVerbs: what a prefix does to the word it is put before.
var prefixVerbs = map[string]string{"un": "remove", "re": "update"}

// unprefixed are words that start as a prefix does but are words of their own: a
// "review" is no view made again (onsched has views, and no reviews).
var unprefixed = stemSet("review", "report", "request", "record", "reply", "remind", "reminder", "result", "return",
	"refund", "receipt", "release", "remark", "repair", "region", "remote", "resource", "response", "retail",
	"reward", "recipe", "receive", "recent", "reason", "relation", "relative", "require", "reserve", "reservation",
	"resolve", "respond", "restrict", "retire", "reveal", "revenue", "revoke", "reference", "register", "regular",
	"render", "rental", "repeat", "rating", "recommend", "recruit", "referral", "relay", "reliable",
	"unique", "union", "unit", "universe", "university", "until", "unless")

// strongWords are the words that must name one operation for the one word the API never
// uses to be forgiven: every content word, or, when that word only says what sort of
// thing the phrase's last word is ("our office IP"), what is done and to what.
func strongWords(decisive, asked []word, skip string) []word {
	for _, w := range decisive {
		if w.said == skip && w.head != "" {
			return asked
		}
	}
	return decisive
}

// headWhole reports whether one operation answers every word before the request's first
// preposition.
func (ix *Index) headWhole(decisive []word) bool {
	for i := range ix.ops {
		if ix.servesAll(i, decisive, func(w word) bool { return w.tail }) {
			return true
		}
	}
	return false
}

// domainName is a host name: labels joined by dots, the last of letters only
// ("bakkerij-janssens.be", "example.co.uk").
var domainName = regexp.MustCompile(`^(?i)[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,24}$`)

// quoted is a word or phrase in quotes: "how common is 'whilst'", "sentences that use
// "ubiquitous"". What is quoted is a value the request carries: a word to look up, a
// title, a message.
var quoted = regexp.MustCompile(`(?:^|[\s(])(?:'([^']+)'|"([^"]+)"|‘([^’]+)’|“([^”]+)”)`)

// quotedWords lists (lower-cased) the words of text that are in quotes.
func quotedWords(text string) map[string]bool {
	out := map[string]bool{}
	for _, m := range quoted.FindAllStringSubmatch(text, -1) {
		eachWord(m[1]+m[2]+m[3]+m[4], func(_, said string) { out[said] = true })
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

// codeWords lists (lower-cased) the words of a token that mixes letters and digits
// across a hyphen or slash ("RT-7", "A4-X"), that is an identifier in snake case, or
// that is an email address, a web address or a host name (or a file's name): a code, a
// plate, an address, a value the request carries, whatever its letters spell.
func codeWords(text string) map[string]bool {
	out := map[string]bool{}
	for _, tok := range strings.Fields(text) {
		tok = strings.Trim(tok, ".,;:!?()[]\"'")
		address := strings.Contains(tok, "@") || strings.Contains(tok, "://") || strings.HasPrefix(strings.ToLower(tok), "www.") || domainName.MatchString(tok)
		code := strings.ContainsAny(tok, "-/") && strings.ContainsFunc(tok, unicode.IsDigit) && strings.ContainsFunc(tok, unicode.IsLetter)
		// An identifier in snake case ("billing_sync", "load_to_warehouse") is the name
		// of something the person has, the way a machine spells it.
		ident := strings.Contains(strings.Trim(tok, "_"), "_")
		if !address && !code && !ident {
			continue
		}
		eachWord(tok, func(_, said string) {
			if !strings.ContainsFunc(said, unicode.IsDigit) {
				out[said] = true
			}
		})
	}
	return out
}

// sortOf reports whether the asked word said is a modifier whose phrase's last word
// names one operation that answers every other word asked but the phrase's other
// modifiers the API never uses ("the flash sale text campaign").
func (ix *Index) sortOf(asked []word, nowhere []string, said string) bool {
	var head string
	for _, w := range asked {
		if w.said == said {
			head = w.head
		}
	}
	if head == "" {
		return false
	}
	excused := func(w word) bool { return w.said == said || w.head == head && slices.Contains(nowhere, w.said) }
	ht := stem(head)
	for i := range ix.ops {
		if ix.names(i, ht) && ix.servesAll(i, asked, excused) {
			return true
		}
	}
	return false
}

// acts reports whether operation i, which answers term, does so by what it is and what
// it is sent (actedBy), not only by its response's fields.
func (ix *Index) acts(i int, term string) bool {
	return !ix.holds(ix.returned, i, term)
}

// describes reports whether w, a word the API never uses, only says which one or what
// sort of a thing the API names an operation by ("the boiler alert", "the banana bread
// recipe"): a value, like a name. A word that decides nothing itself ("the quarterly
// VAT return") names no thing.
func (ix *Index) describes(w word) bool {
	head := stem(w.before)
	return w.before != "" && !w.lead && !ix.mentions(w.term) && !genericWords[head] && ix.anyNames(head)
}
