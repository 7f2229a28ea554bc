package reverse

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/askapi/askapi/tools"
)

// Index ranks operations for a request in words with BM25 over what each operation
// says about itself: summary, description, path, operationId, tags, parameter names and
// descriptions, and the field names of its response.
type Index struct {
	ops    []*tools.Operation
	docs   []map[string]float64 // term → weighted frequency
	lens   []float64
	avgLen float64
	df     map[string]int
}

// Field weights: what an operation is called counts more than what it mentions.
const (
	weightName     = 3.0
	weightSummary  = 2.5
	weightParam    = 1.5
	weightText     = 1.0
	weightResponse = 0.7
)

// NewIndex builds the search index for a catalog. Each operation's terms are read on
// its own (across the cores: GitHub's descriptions are megabytes of text), then counted
// together.
func NewIndex(cat *tools.Catalog) *Index {
	ops := cat.Operations
	ix := &Index{ops: ops, docs: make([]map[string]float64, len(ops)), lens: make([]float64, len(ops)), df: map[string]int{}}
	tools.Parallel(len(ops), func(i int) { ix.docs[i], ix.lens[i] = termsOf(ops[i]) })
	total := 0.0
	for i, doc := range ix.docs {
		for t := range doc {
			ix.df[t]++
		}
		total += ix.lens[i]
	}
	if len(ops) > 0 {
		ix.avgLen = total / float64(len(ops))
	}
	return ix
}

// termsOf is an operation's document: each term's weighted frequency, and their sum.
func termsOf(op *tools.Operation) (map[string]float64, float64) {
	doc := map[string]float64{}
	add := func(text string, w float64) {
		eachTerm(text, func(t string) { doc[t] += w })
	}
	add(op.Path, weightName)
	add(op.OperationID, weightName)
	add(methodVerbs[op.Method], weightText)
	add(strings.Join(op.Tags, " "), weightSummary)
	add(op.Summary, weightSummary)
	add(op.Description, weightText)
	for _, p := range op.Params {
		add(p.Name, weightParam)
		add(p.Description, weightText*0.5)
	}
	if op.Body != nil {
		for _, name := range op.Body.Props {
			add(name, weightParam)
		}
	}
	addSchemaNames(op.Response, 0, func(name string) { add(name, weightResponse) })
	length := 0.0
	for _, f := range doc {
		length += f
	}
	return doc, length
}

// methodVerbs are the words people use for what a method does, so "create a silence"
// finds POST /silences even when the spec never says "create" there.
var methodVerbs = map[string]string{
	"POST":   "create add new",
	"PUT":    "update replace set",
	"PATCH":  "update change modify",
	"DELETE": "delete remove",
}

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
}

// BM25 parameters, the usual ones.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// Search ranks operations for a request. When most of the request's words appear nowhere
// in the API, it answers unsupported rather than offering the closest unrelated operation.
func (ix *Index) Search(query string, limit int) Result {
	terms := uniq(Terms(query))
	if len(terms) == 0 {
		return Result{Unsupported: true, Reason: "the request has no words to search for; say what should be done"}
	}
	var known, unknown []string
	for _, t := range terms {
		if ix.df[t] > 0 {
			known = append(known, t)
		} else {
			unknown = append(unknown, t)
		}
	}
	if len(unknown) > len(known) {
		return Result{
			Unsupported: true,
			Unknown:     unknown,
			Reason:      fmt.Sprintf("nothing in this API mentions %s; no operation can do that", quoteList(unknown)),
		}
	}
	n := float64(len(ix.ops))
	var matches []Match
	for i, doc := range ix.docs {
		score := 0.0
		for _, t := range known {
			f := doc[t]
			if f == 0 {
				continue
			}
			idf := math.Log(1 + (n-float64(ix.df[t])+0.5)/(float64(ix.df[t])+0.5))
			score += idf * f * (bm25K1 + 1) / (f + bm25K1*(1-bm25B+bm25B*ix.lens[i]/ix.avgLen))
		}
		if score > 0 {
			matches = append(matches, Match{Op: ix.ops[i], Score: score})
		}
	}
	sort.SliceStable(matches, func(i, j int) bool { return matches[i].Score > matches[j].Score })
	if limit > 0 && len(matches) > limit {
		matches = matches[:limit]
	}
	if len(matches) == 0 {
		return Result{Unsupported: true, Reason: "no operation of this API matches the request"}
	}
	return Result{Matches: matches, Unknown: unknown}
}

// stopwords carry no meaning for finding an operation.
var stopwords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "for": true, "to": true, "in": true, "on": true,
	"by": true, "with": true, "and": true, "or": true, "is": true, "are": true, "be": true, "it": true,
	"me": true, "my": true, "i": true, "you": true, "your": true, "can": true, "could": true, "please": true,
	"what": true, "which": true, "who": true, "how": true, "show": true, "give": true, "tell": true,
	"find": true, "get": true, "do": true, "does": true, "from": true, "at": true, "this": true, "that": true,
	"want": true, "need": true, "some": true, "all": true, "about": true, "provide": true, "list": true,
	"api": true, "id": true, "there": true, "their": true, "his": true, "her": true, "its": true,
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
		f(stem(w))
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

// stem folds plurals and a few suffixes so "movies" finds "movie" and "credits" "credit".
func stem(w string) string {
	if v, ok := irregularPlural[w]; ok {
		return v
	}
	switch {
	case len(w) > 5 && strings.HasSuffix(w, "ing"):
		return w[:len(w)-3]
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us"):
		return w[:len(w)-1]
	}
	return w
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

func quoteList(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = fmt.Sprintf("%q", w)
	}
	return strings.Join(q, ", ")
}
