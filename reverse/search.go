package reverse

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"

	"github.com/askapi/askapi/tools"
)

// Index ranks operations for a request in words with BM25 over what each operation
// says about itself: summary, description, path, operationId, tags, parameter names and
// descriptions, and the field names of its response; plus how closely the request says
// what the operation's summary says (see summaryFit).
type Index struct {
	ops       []*tools.Operation
	vocab     vocabulary    // the terms, numbered (see termsets.go)
	docs      []termWeights // term → weighted frequency
	summaries [][]string    // each operation's summary terms, once each
	served    []termSet     // what each operation answers (support.go)
	named     []termSet     // what each operation is called: path, name, summary, tags
	returned  []termSet     // what each operation answers only by its response's fields
	servedAny servedTerms   // what any operation answers
	namedAny  servedTerms   // what any operation is called
	lens      []float64
	avgLen    float64
	df        map[string]int
}

// Field weights: what an operation is called counts more than what it mentions. Long
// texts (descriptions, response fields) count each term once: GitHub's descriptions
// repeat "repository" and "user" a dozen times in operations about something else.
const (
	weightName     = 3.0
	weightSummary  = 2.5
	weightParam    = 1.5
	weightText     = 0.5
	weightResponse = 0.3
	// weightSummaryFit scales summaryFit in a score.
	weightSummaryFit = 4.0
)

// NewIndex builds the search index for a catalog. Each operation's terms are read on
// its own (across the cores: GitHub's descriptions are megabytes of text), then counted
// together.
func NewIndex(cat *tools.Catalog) *Index {
	ops := cat.Operations
	ix := &Index{ops: ops, docs: make([]termWeights, len(ops)), summaries: make([][]string, len(ops)),
		served: make([]termSet, len(ops)), named: make([]termSet, len(ops)), returned: make([]termSet, len(ops)), servedAny: servedTerms{}, namedAny: servedTerms{}, lens: make([]float64, len(ops)), df: map[string]int{}}
	ix.vocab.terms = map[string]int32{}
	words := specWords(ops)
	tools.Parallel(len(ops), func(i int) {
		path := pathText(ops[i].Path, words)
		doc, length := termsOf(ops[i], path)
		served, returned := servedBy(ops[i], path)
		named := namedBy(ops[i], path)
		ix.summaries[i] = uniq(Terms(summaryOf(ops[i])))
		ix.lens[i] = length
		ix.vocab.mu.Lock()
		defer ix.vocab.mu.Unlock()
		ix.docs[i], ix.served[i], ix.named[i] = ix.vocab.weightsOf(doc), ix.vocab.setOf(served), ix.vocab.setOf(named)
		ix.returned[i] = ix.vocab.setOf(returned)
	})
	// Document frequencies and what any operation answers, by term.
	byID := make([]string, len(ix.vocab.terms))
	for t, id := range ix.vocab.terms {
		byID[id] = t
	}
	dfByID, servedByID, namedByID := make([]int, len(byID)), make([]bool, len(byID)), make([]bool, len(byID))
	total := 0.0
	for i, doc := range ix.docs {
		for _, id := range doc.ids {
			dfByID[id]++
		}
		for _, id := range ix.served[i] {
			servedByID[id] = true
		}
		for _, id := range ix.named[i] {
			namedByID[id] = true
		}
		total += ix.lens[i]
	}
	for id, t := range byID {
		if dfByID[id] > 0 {
			ix.df[t] = dfByID[id]
		}
		if servedByID[id] {
			ix.servedAny[t] = struct{}{}
		}
		if namedByID[id] {
			ix.namedAny[t] = struct{}{}
		}
	}
	if len(ops) > 0 {
		ix.avgLen = total / float64(len(ops))
	}
	return ix
}

// termsOf is an operation's document: each term's weighted frequency, and its length
// for BM25: the sum over what names the operation (path, operationId, tags, summary,
// parameters), not over its long texts, so a thorough description is no penalty.
func termsOf(op *tools.Operation, path string) (map[string]float64, float64) {
	doc := map[string]float64{}
	length := 0.0
	add := func(text string, w float64) {
		eachTerm(text, func(t string) {
			doc[t] += w
			length += w
		})
	}
	// once adds each term of a long text a single time.
	seen := map[string]bool{}
	once := func(text string, w float64) {
		eachTerm(text, func(t string) {
			if !seen[t] {
				seen[t] = true
				doc[t] += w
			}
		})
	}
	add(path, weightName)
	add(op.OperationID, weightName)
	add(verbsOf(op), weightText)
	add(strings.Join(op.Tags, " "), weightSummary)
	add(op.Summary, weightSummary)
	once(op.Description, weightText)
	for _, p := range op.Params {
		add(p.Name, weightParam)
		once(p.Description, weightText/2)
	}
	if op.Body != nil {
		for _, name := range op.Body.Props {
			add(name, weightParam)
		}
	}
	clear(seen)
	addSchemaNames(op.Response, 0, func(name string) {
		eachTerm(name, func(t string) {
			// created_at, updatedBy: a field says when or by whom, not what the operation
			// does; "create" must not find every operation whose records have a date.
			if !seen[t] && !actionTerms[t] {
				seen[t] = true
				doc[t] += weightResponse
			}
		})
	})
	return doc, length
}

// verbsOf are the words people use for what an operation does by its method, so "create
// a silence" finds POST /silences even when the spec never says "create" there, and
// "list" prefers a collection to one of its items.
func verbsOf(op *tools.Operation) string {
	if op.Method == "GET" {
		if strings.HasSuffix(op.Path, "}") {
			return "get read fetch"
		}
		return "list get read fetch"
	}
	return methodVerbs[op.Method]
}

// actionTerms are the stems of the method verbs, which a field name never decides.
var actionTerms = func() map[string]bool {
	out := map[string]bool{}
	for _, verbs := range methodVerbs {
		for _, v := range strings.Fields(verbs) {
			out[stem(v)] = true
		}
	}
	return out
}()

var methodVerbs = map[string]string{
	"POST":   "create add new open make send",
	"PUT":    "update replace set",
	"PATCH":  "update change modify edit",
	"DELETE": "delete remove clear erase wipe purge discard destroy",
}

// changeVerbs are more words people use for the change a method makes, which a spec
// seldom says of itself ("log a call", "move an appointment", "put a note on"). They
// decide whether an operation serves a request, never how it ranks: in a document they
// would add the same words to every write and shift every score.
var changeVerbs = map[string]string{
	"POST":   "log register submit save put write enter record",
	"PUT":    "change modify edit move adjust alter amend mark switch toggle",
	"PATCH":  "set replace move adjust alter amend mark switch toggle",
	"DELETE": "drop cancel revoke detach unlink trash",
}

// verbTerms are the stems of every method verb and change verb: what is done, never what
// it is done to.
var verbTerms = func() map[string]bool {
	out := map[string]bool{}
	for _, m := range []map[string]string{methodVerbs, changeVerbs} {
		for _, verbs := range m {
			for _, v := range strings.Fields(verbs) {
				out[stem(v)] = true
			}
		}
	}
	return out
}()

func addSchemaNames(s map[string]any, depth int, add func(string)) {
	if s == nil || depth > 3 {
		return
	}
	if props, ok := s["properties"].(map[string]any); ok {
		for name, sub := range props {
			add(name)
			if m, ok := sub.(map[string]any); ok {
				addSchemaNames(m, depth+1, add)
			}
		}
	}
	if items, ok := s["items"].(map[string]any); ok {
		addSchemaNames(items, depth+1, add)
	}
}

// Match is one ranked operation.
type Match struct {
	Op    *tools.Operation
	Score float64
}

// Result is the answer to a search: ranked matches, or why nothing can serve it.
type Result struct {
	Matches []Match
	// Unsupported is set when the request asks for things the API never mentions.
	Unsupported bool
	Reason      string
	Unknown     []string
	// ReadAs says which of the request's words were read as another word of theirs that
	// the API uses ("deals" as "opportunity"; synonyms.go).
	ReadAs []string
}

// BM25 parameters, the usual ones.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// Search ranks operations for a request. When most of the request's words appear nowhere
// in the API, it answers unsupported rather than offering the closest unrelated operation.
func (ix *Index) Search(query string, limit int) Result {
	query, readAs := ix.readPhrasal(askedPart(query))
	said := requestWords(query)
	if len(said) == 0 {
		return Result{Unsupported: true, Reason: "the request has no words to search for; say what should be done"}
	}
	readAs = append(readAs, ix.readSynonyms(said)...)
	// "unsubscribe" ranks as what it undoes and the change (see undoing).
	said = ix.undoing(said)
	if hint, ok := ix.countHint(query); ok {
		said = append(said, hint)
	}
	var known []string
	var unknown []string
	for _, w := range said {
		if ix.df[w.term] > 0 {
			known = append(known, w.term)
		} else {
			unknown = append(unknown, w.said)
		}
	}
	n := float64(len(ix.ops))
	var matches []Match
	knownIDs := make([]int32, len(known))
	for k, t := range known {
		knownIDs[k], _ = ix.id(t)
	}
	for i, doc := range ix.docs {
		score := 0.0
		for k, t := range known {
			f := doc.of(knownIDs[k])
			if f == 0 {
				continue
			}
			idf := math.Log(1 + (n-float64(ix.df[t])+0.5)/(float64(ix.df[t])+0.5))
			score += idf * f * (bm25K1 + 1) / (f + bm25K1*(1-bm25B+bm25B*ix.lens[i]/ix.avgLen))
		}
		if score > 0 {
			score += weightSummaryFit * summaryFit(ix.summaries[i], known)
			matches = append(matches, Match{Op: ix.ops[i], Score: score})
		}
	}
	sort.SliceStable(matches, func(i, j int) bool { return matches[i].Score > matches[j].Score })
	ok, why, whole := ix.support(said, matches)
	// An operation that answers every word of the request comes before one that only
	// scores on some ("log a call": the activity a POST creates, before the contact's
	// fields), when they are few: where many do, the words tell nothing apart ("opened
	// files": every POST about files) and the scores rank better.
	if len(whole) > 0 && (limit <= 0 || len(whole) <= limit/2) {
		answers := make(map[*tools.Operation]bool, len(whole))
		for _, op := range whole {
			answers[op] = true
		}
		slices.SortStableFunc(matches, func(a, b Match) int {
			return boolRank(answers[b.Op]) - boolRank(answers[a.Op])
		})
	}
	if limit > 0 && len(matches) > limit {
		matches = matches[:limit]
	}
	if !ok {
		return Result{Unsupported: true, Reason: why, Unknown: unknown, Matches: matches}
	}
	if len(matches) == 0 {
		return Result{Unsupported: true, Reason: "no operation of this API matches the request"}
	}
	return Result{Matches: matches, Unknown: unknown, ReadAs: readAs}
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

// summaryFit is how closely a request says what a summary says: the share of the
// summary's terms the request names, times the share of the request's terms the summary
// names. "create an issue" fits "Create an issue" (1) far better than "Create issue
// type for an organization" (0.5), which BM25 alone ranks alike.
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
// abbreviations API paths use are spelled out first ("repos" finds "repository").
func stem(w string) string {
	// The same words recur through a spec (Microsoft Graph's index stemmed 4 s of them):
	// each is stemmed once.
	return stems.Get(w, stemWord)
}

// stems caches stem's answers: a spec's vocabulary is some thousands of words; those of
// requests come and go.
var stems = tools.NewBoundedCache[string, string](1 << 16)

func stemWord(w string) string {
	if v, ok := irregularPlural[w]; ok {
		w = v
	} else if v, ok := irregularVerb[w]; ok {
		w = v
	}
	if long, ok := abbreviations[w]; ok {
		w = long
	} else if long, ok := abbreviations[strings.TrimSuffix(w, "s")]; ok {
		w = long
	}
	// Snowball stems "notified" as notifi and "notification" as notif: a verb in -ify and
	// its noun in -ification are one word ("who got notified", GET …/notifications).
	if base, ok := strings.CutSuffix(strings.TrimSuffix(w, "s"), "ification"); ok {
		w = base + "ify"
	} else if base, ok := strings.CutSuffix(strings.TrimSuffix(w, "s"), "scription"); ok {
		// So do "subscribe" and "subscriptions", "describe" and "description".
		w = base + "scribe"
	}
	return english.Stem(w, false)
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

// quoteList quotes each word once: a word read as two ("unarchive" as archive + remove)
// is still one word of the request.
func quoteList(words []string) string {
	q := make([]string, 0, len(words))
	for _, w := range words {
		if s := fmt.Sprintf("%q", w); !slices.Contains(q, s) {
			q = append(q, s)
		}
	}
	return strings.Join(q, ", ")
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}
