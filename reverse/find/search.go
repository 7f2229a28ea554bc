package find

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
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
	ops := cat.Operations()
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
		lexicon.EachTerm(text, func(t string) {
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
	lexicon.EachTerm(descriptionHead(op.Description), func(t string) {
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
