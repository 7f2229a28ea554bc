package find

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
)

// Index is find_operations' search (DESIGN.md, "Meta-tools"): it ranks operations with
// BM25F over what each says of itself (bm25f.go), and tells whether one of them does
// what a query asks (support.go), reading each operation once as an action and the
// thing it acts on (reading.go).
type Index struct {
	ops      []*tools.Operation
	vocab    vocabulary // the terms, numbered (see termsets.go)
	rank     bm25f
	readings []reading
	// summaries are each operation's summary terms, once each (summaryFit).
	summaries [][]string
	named     []termSet // what each operation is called: path, name, summary, tags
	// anyServed, anyNamed, anyActs: the terms some operation answers, is called by,
	// does.
	anyServed, anyNamed, anyActs map[string]bool
}

// opTerms is what one operation says of itself, read on its own.
type opTerms struct {
	fields        [numFields][]string
	served, named servedTerms
}

// NewIndex builds the search index for a catalog. Each operation is read on its own
// (across the cores: GitHub's descriptions are megabytes of text), then numbered and
// counted together.
func NewIndex(cat *tools.Catalog) *Index {
	ops := cat.Operations
	ix := &Index{ops: ops, readings: make([]reading, len(ops)), summaries: make([][]string, len(ops)), named: make([]termSet, len(ops)),
		anyServed: map[string]bool{}, anyNamed: map[string]bool{}, anyActs: map[string]bool{}}
	ix.vocab.terms = map[string]int32{}
	ix.rank = bm25f{postings: map[int32][]posting{}, lens: make([][numFields]float32, len(ops))}
	words := specWords(ops)
	shape := shapeOf(ops)
	read := make([]opTerms, len(ops))
	tools.Parallel(len(ops), func(i int) {
		ix.readings[i] = readOperation(ops[i], shape, words)
		read[i] = termsOf(ops[i], pathText(ops[i].Path, words), ix.readings[i])
		ix.summaries[i] = uniq(read[i].fields[fieldSummary])
	})
	for i := range ops {
		var ids [numFields][]int32
		for f := range numFields {
			ids[f] = make([]int32, len(read[i].fields[f]))
			for k, t := range read[i].fields[f] {
				ids[f][k] = ix.vocab.number(t)
			}
		}
		ix.rank.add(int32(i), &ids)
		ix.named[i] = ix.vocab.setOf(read[i].named)
		for t := range read[i].served {
			ix.anyServed[t] = true
		}
		for t := range read[i].named {
			ix.anyNamed[t] = true
		}
		for _, t := range ix.readings[i].actions {
			ix.anyActs[t] = true
		}
	}
	ix.rank.finish()
	return ix
}

// termsOf reads an operation's fields and what it answers. A description counts each
// of its terms once: GitHub's repeat "repository" a dozen times in operations about
// something else.
func termsOf(op *tools.Operation, path string, r reading) opTerms {
	var o opTerms
	o.served, o.named = servedTerms{}, servedTerms{}
	add := func(f field, text string) {
		eachTerm(text, func(t string) {
			o.fields[f] = append(o.fields[f], t)
			o.served[t] = struct{}{}
		})
	}
	add(fieldPath, path)
	add(fieldName, op.OperationID)
	add(fieldSummary, summaryOf(op))
	add(fieldTags, strings.Join(op.Tags, " "))
	for _, f := range []field{fieldPath, fieldName, fieldSummary, fieldTags} {
		for _, t := range o.fields[f] {
			o.named[t] = struct{}{}
		}
	}
	o.fields[fieldAction] = r.actions
	for _, p := range op.Params {
		add(fieldParams, p.Name)
	}
	if op.Body != nil {
		for _, name := range op.Body.Props {
			add(fieldParams, name)
		}
	}
	// Enumerated values say what an operation can be asked to do: POST
	// /users/{id}/relationship blocks a user when its action is "block".
	addValue := func(text string) { add(fieldParams, text) }
	for _, p := range op.Params {
		addEnum(p.Schema, addValue)
	}
	if op.Body != nil {
		addBodyEnums(op.Body.Schema, 0, addValue)
	}
	// The field names of what it returns count least: "birthday" finds GET /person/{id}
	// when nothing else does.
	addTopNames(op.Response, 0, func(text string) { add(fieldResponse, text) })
	seen := map[string]bool{}
	eachTerm(descriptionHead(op.Description), func(t string) {
		o.served[t] = struct{}{}
		if !seen[t] {
			seen[t] = true
			o.fields[fieldDescription] = append(o.fields[fieldDescription], t)
		}
	})
	answers(op, o.served)
	return o
}

// Match is one ranked operation, with the words of the query it matched (as said).
type Match struct {
	Op      *tools.Operation
	Score   float64
	Matched []string
}

// Result is the answer to a search: the nearest operations, best first, always; and,
// when no operation does what the query asks, why.
type Result struct {
	Matches []Match
	// Unsupported is set when no operation has the query's action and its thing, or
	// some content word is one the API never says.
	Unsupported bool
	Reason      string
	// Unserved are the content words of the query no operation serves, as said.
	Unserved []string
	// ReadAs says which of the query's words were read as another word of theirs that
	// the API uses ("deals" as "opportunity"; synonyms.go).
	ReadAs []string
}

// Search ranks operations for a query (a few words naming the operation wanted; a
// whole sentence works as ranked retrieval) and tells whether one of them does what it
// asks. At most limit matches are given (all when limit <= 0).
func (ix *Index) Search(query string, limit int) Result {
	said := requestWords(query)
	if len(said) == 0 {
		return Result{Unsupported: true, Reason: "the query has no words to search for; say what should be done"}
	}
	readAs := ix.readSynonyms(said)
	for i, w := range said {
		// A file format or a currency the API never names is a value ("as a PDF", "in
		// euros").
		one := strings.TrimSuffix(w.said, "s")
		if (fileFormats[one] || currencies[one]) && !ix.mentions(w.term) {
			said[i].value = true
		}
	}
	matches := ix.ranked(said)
	ix.fit(said, matches)
	verdict := ix.support(said, ix.order(matches))
	if len(verdict.serving) > 0 {
		// An operation that does the query's action to its thing comes a little before
		// one that only shares its words.
		serving := make(map[int]bool, len(verdict.serving))
		for _, i := range verdict.serving {
			serving[i] = true
		}
		for k := range matches {
			if serving[matches[k].i] {
				matches[k].score *= 1 + weightServing
			}
		}
		sort.SliceStable(matches, func(a, b int) bool { return matches[a].score > matches[b].score })
	}
	if limit > 0 && len(matches) > limit {
		matches = matches[:limit]
	}
	out := Result{Matches: make([]Match, len(matches)), Unserved: verdict.unserved, ReadAs: readAs}
	for k, m := range matches {
		out.Matches[k] = Match{Op: ix.ops[m.i], Score: m.score, Matched: m.matched}
	}
	if !verdict.ok {
		out.Unsupported, out.Reason = true, verdict.reason
	} else if len(out.Matches) == 0 {
		out.Unsupported, out.Reason = true, "no operation of this API matches the query"
	}
	return out
}

// order is every operation's index, the ranked ones first in their order: the closest
// operation a reason names is the best ranked of those that miss least.
func (ix *Index) order(matches []rankedOp) []int {
	out := make([]int, 0, len(ix.ops))
	seen := make([]bool, len(ix.ops))
	for _, m := range matches {
		out = append(out, m.i)
		seen[m.i] = true
	}
	for i := range ix.ops {
		if !seen[i] {
			out = append(out, i)
		}
	}
	return out
}

// rankedOp is an operation's place in a ranking: its index, score and the words it
// matched.
type rankedOp struct {
	i       int
	score   float64
	matched []string
}

// ranked scores every operation for the query's words, best first.
func (ix *Index) ranked(said []word) []rankedOp {
	var terms []int32
	var words []string
	for _, w := range said {
		if id, ok := ix.id(w.term); ok && !slices.Contains(terms, id) {
			terms = append(terms, id)
			words = append(words, w.said)
		}
	}
	scores := make([]float64, len(ix.ops))
	hits := map[int32]uint64{}
	ix.rank.score(terms, scores, func(doc int32, k int) {
		if k < 64 {
			hits[doc] |= 1 << k
		}
	})
	var out []rankedOp
	for i, s := range scores {
		if s <= 0 {
			continue
		}
		var matched []string
		for k := range words {
			if k < 64 && hits[int32(i)]&(1<<k) != 0 {
				matched = append(matched, words[k])
			}
		}
		out = append(out, rankedOp{i: i, score: s, matched: matched})
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].score > out[b].score })
	return out
}

// fit raises the score of an operation that matches more of the query's words, that does
// the query's action, and whose summary says what the query says: "create coupon" is POST /v1/coupons before POST
// /v1/coupons/{coupon}, which updates one.
func (ix *Index) fit(said []word, matches []rankedOp) {
	action := ""
	for _, w := range said {
		if !w.tail && !w.value {
			if ix.anyActs[w.term] {
				action = w.term
			}
			break
		}
	}
	var all []string
	for _, w := range said {
		all = append(all, w.term)
	}
	for k := range matches {
		i := matches[k].i
		// An operation that matches more of the query's words comes first.
		matches[k].score *= 0.5 + 0.5*float64(len(matches[k].matched))/float64(max(len(all), 1))
		f := weightSummaryFit * summaryFit(ix.summaries[i], all)
		if action != "" && containsString(ix.readings[i].actions, action) {
			f += weightActionFit
		}
		matches[k].score *= 1 + f
	}
	sort.SliceStable(matches, func(a, b int) bool { return matches[a].score > matches[b].score })
}

// How much an operation's score rises when it does the query's action to its thing, when
// it does the query's action, and when its summary says what the query says (measured on the assistants' queries of the find
// cases: bench/RESULTS.md).
const (
	weightServing    = 0.2
	weightActionFit  = 0.3
	weightSummaryFit = 1.0
)

// summaryFit is how closely a query says what a summary says: the share of the
// summary's terms the query names, times the share of the query's terms the summary
// names.
func summaryFit(summary, query []string) float64 {
	if len(summary) == 0 || len(query) == 0 {
		return 0
	}
	both := 0
	for _, t := range summary {
		if slices.Contains(query, t) {
			both++
		}
	}
	return float64(both) / float64(len(summary)) * float64(both) / float64(len(query))
}

// summaryOf is what an operation says it does in a line: its summary, or the first
// sentence of its description when it has none (Stripe's).
func summaryOf(op *tools.Operation) string {
	if op.Summary != "" {
		return op.Summary
	}
	d := strings.TrimSpace(op.Description)
	if i := strings.IndexAny(d, "\n"); i >= 0 {
		d = d[:i]
	}
	if i := strings.Index(d, ". "); i >= 0 {
		d = d[:i]
	}
	if len(d) > 120 {
		return ""
	}
	return d
}

// stopwords carry no meaning for finding an operation.
var stopwords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "for": true, "to": true, "in": true, "on": true,
	"by": true, "with": true, "and": true, "or": true, "is": true, "are": true, "be": true, "it": true,
	"me": true, "my": true, "i": true, "you": true, "your": true, "can": true, "could": true, "please": true,
	"what": true, "which": true, "who": true, "how": true, "show": true, "give": true, "tell": true,
	"find": true, "do": true, "does": true, "from": true, "at": true, "this": true, "that": true,
	"want": true, "need": true, "some": true, "all": true, "about": true, "provide": true,
	"api": true, "id": true, "there": true, "their": true, "his": true, "her": true, "its": true,
	"into": true, "onto": true, "as": true, "was": true, "were": true, "been": true, "has": true, "have": true,
	"had": true, "will": true, "should": true, "than": true, "then": true, "so": true, "if": true, "who's": true,
	"whose": true, "when": true, "where": true, "using": true, "being": true,
	// the other prepositions of support.go's list, but those that say when (after,
	// before, since, until), which filters are named by
	"between": true, "around": true, "near": true, "across": true, "through": true, "toward": true,
	"towards": true, "under": true, "over": true, "during": true, "within": true, "without": true,
	"per": true, "via": true, "against": true, "along": true, "among": true,
	// how people talk: what is left of a contraction once its apostrophe splits it
	// ("we've", "haven't"), pronouns and auxiliaries, and the particles of phrasal verbs
	// ("set up", "take down", "sign off"), which say how, not what
	"ve": true, "re": true, "ll": true, "haven": true, "hasn": true, "hadn": true, "don": true, "doesn": true,
	"didn": true, "isn": true, "aren": true, "wasn": true, "weren": true, "wouldn": true, "shouldn": true,
	"couldn": true, "he": true, "she": true, "him": true, "they": true, "them": true, "we": true, "us": true,
	"am": true, "did": true, "done": true, "doing": true, "yet": true, "still": true, "already": true,
	"ever": true, "here": true, "up": true, "down": true, "off": true, "out": true, "back": true, "away": true,
}

// Terms splits text into lower-case, lightly stemmed search terms, breaking camelCase
// and snake_case.
func Terms(text string) []string {
	var out []string
	eachTerm(text, func(t string) { out = append(out, t) })
	return out
}

// eachTerm calls f with each term of text, in order. A word is a run of letters and
// digits, also broken where an upper-case letter follows a lower-case one; it is lowered
// (a slice of text when it has no upper case: GitHub's descriptions are megabytes),
// dropped when a stopword or a single byte, and stemmed.
func eachTerm(text string, f func(string)) {
	eachWord(text, func(term, _ string) { f(term) })
}

// eachWord is eachTerm that also gives the word as it was written, lowered.
func eachWord(text string, f func(term, said string)) {
	start := -1 // byte offset of the word being read
	var prev rune
	flush := func(end int) {
		if start < 0 {
			return
		}
		w := strings.ToLower(text[start:end])
		start = -1
		if len(w) < 2 || stopwords[w] {
			return
		}
		f(stem(w), w)
	}
	for i, r := range text {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush(i)
		case unicode.IsUpper(r) && i > 0 && unicode.IsLower(prev):
			flush(i)
			start = i
		case start < 0:
			start = i
		}
		prev = r
	}
	flush(len(text))
}

// stem folds a word to its English stem (Snowball's, the Porter2 algorithm), so
// "movies" finds "movie", "scheduling" "schedule" and "unsubscribed" "unsubscribe"; the
// abbreviations API paths use are spelled out first ("repos" finds "repository"), and
// the verbs that say the same change are one ("remove" is "delete").
func stem(w string) string {
	// The same words recur through a spec (Microsoft Graph's index stemmed 4 s of them):
	// each is stemmed once.
	return stems.Get(w, stemWord)
}

// stems caches stem's answers: a spec's vocabulary is some thousands of words; those of
// requests come and go.
var stems = tools.NewBoundedCache[string, string](1 << 16)

func stemWord(w string) string {
	if v, ok := reverse.IrregularPlural[w]; ok {
		w = v
	}
	if long, ok := abbreviations[w]; ok {
		w = long
	} else if long, ok := abbreviations[strings.TrimSuffix(w, "s")]; ok {
		w = long
	}
	s := english.Stem(w, false)
	if same, ok := sameChange[s]; ok {
		return same
	}
	return s
}

// sameChange are the standard equivalences of the verbs that say what a request
// changes, by stem: remove is delete, add is create, change is update.
var sameChange = map[string]string{
	english.Stem("remove", false): english.Stem("delete", false),
	english.Stem("add", false):    english.Stem("create", false),
	english.Stem("change", false): english.Stem("update", false),
}

// abbreviations are short forms common in API paths and names, by their long form.
var abbreviations = map[string]string{
	"repo": "repository", "org": "organization", "config": "configuration", "env": "environment",
	"msg": "message", "img": "image", "param": "parameter", "pref": "preference", "auth": "authentication",
	"spec": "specification", "addr": "address", "qty": "quantity", "acct": "account", "txn": "transaction",
	"dept": "department", "cert": "certificate", "perm": "permission", "attr": "attribute", "pic": "picture",
	"info": "information", "app": "application", "admin": "administrator", "doc": "document", "stats": "statistics", "stat": "statistics",
}

func uniq(list []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// quoteList quotes each word once.
func quoteList(words []string) string {
	q := make([]string, 0, len(words))
	for _, w := range words {
		if s := fmt.Sprintf("%q", w); !slices.Contains(q, s) {
			q = append(q, s)
		}
	}
	return strings.Join(q, ", ")
}

// descriptionHead is the opening of a description, which says what the operation does;
// the rest (permissions, notes, examples) names other things, and GitHub's run to
// megabytes that every start would read (issue 31).
func descriptionHead(d string) string {
	const limit = 600
	if len(d) <= limit {
		return d
	}
	cut := strings.LastIndexAny(d[:limit], " \n")
	if cut < limit/2 {
		cut = limit
	}
	return d[:cut]
}
