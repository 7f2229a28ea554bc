// Command findbench measures find_operations' search index on the find cases, in
// process (no MCP, no upstream): for each case whose first turn is find_operations it
// runs the query through the index of the case's spec and prints, per input,
//
//   - ranking: recall at 1, 3 and 5 of the gold operation of the CLEAN cases, over the
//     ranked list whatever the answer's status;
//   - answers: CLEAN answered ok with the gold operation in the top 5, first, and
//     answered unsupported; IBTC answered unsupported.
//
// The inputs are the assistant's query (the turn's assistant_query) and the person's
// whole sentence (arguments.query); -input picks one or both. It uses only what the
// index has always offered (NewIndex through a pipeline, Search), so the same file
// measures an older commit's index too: copy it into that checkout and run it there.
//
//	go run ./bench/cmd/findbench [-input both|assistant|sentence] [-v] [-shared DIR] DIR|FILE...
//	go run ./bench/cmd/findbench -time bench/node/node_modules/@octokit/openapi/generated/api.github.com.json
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/askapi/askapi/cli"
	"github.com/askapi/askapi/eval"
	"github.com/askapi/askapi/server"
)

var all = flag.Bool("all", false, "with -v, list the IBTC cases answered unsupported too")

func main() {
	input := flag.String("input", "both", "which query to run: assistant, sentence or both")
	shared := flag.String("shared", "testdata/shared", "the shared folder case specs may be relative to (default: the repository's copy)")
	verbose := flag.Bool("v", false, "list every miss")
	only := flag.String("only", "", "only cases whose id starts with one of these comma-separated prefixes")
	fallback := flag.Bool("query-as-assistant", false, "run arguments.query as the assistant's query where a case has none (a development set of cases whose query is already short)")
	timing := flag.String("time", "", "instead, time find_operations on this spec (GitHub's: bench/node/node_modules/@octokit/openapi/generated/api.github.com.json)")
	rounds := flag.Int("rounds", 20, "with -time, rounds of the timed queries")
	flag.Parse()
	if *timing != "" {
		if err := timeFind(*timing, *rounds); err != nil {
			fmt.Fprintln(os.Stderr, "findbench:", err)
			os.Exit(1)
		}
		return
	}
	cases, err := eval.LoadCases(flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "findbench:", err)
		os.Exit(1)
	}
	var prefixes []string
	if *only != "" {
		prefixes = strings.Split(*only, ",")
	}
	byspec := map[string][]*eval.Case{}
	for _, c := range cases {
		t := c.Turns[0]
		if t.Tool != "find_operations" || (c.Category != "CLEAN" && c.Category != "IBTC") {
			continue
		}
		if len(prefixes) > 0 && !hasPrefix(c.ID, prefixes) {
			continue
		}
		spec := specPath(c, *shared)
		byspec[spec] = append(byspec[spec], c)
	}
	inputs := []string{"assistant", "sentence"}
	if *input != "both" {
		inputs = []string{*input}
	}
	tallies := map[string]*tally{}
	for _, in := range inputs {
		tallies[in] = &tally{}
	}
	specs := make([]string, 0, len(byspec))
	for s := range byspec {
		specs = append(specs, s)
	}
	sort.Strings(specs)
	var mu sync.Mutex
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for _, spec := range specs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			search, err := indexFor(spec)
			if err != nil {
				fmt.Fprintf(os.Stderr, "findbench: %s: %v\n", spec, err)
				return
			}
			for _, c := range byspec[spec] {
				for _, in := range inputs {
					q := queryOf(c, in, *fallback)
					if q == "" {
						continue
					}
					o := search(q)
					mu.Lock()
					tallies[in].add(c, q, o)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	for _, in := range inputs {
		tallies[in].print(in, *verbose)
	}
}

func hasPrefix(id string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// queryOf is the case's query for an input: the assistant's, or the whole sentence.
func queryOf(c *eval.Case, input string, fallback bool) string {
	t := c.Turns[0]
	if input == "assistant" && (t.AssistantQuery != "" || !fallback) {
		return t.AssistantQuery
	}
	q, _ := t.Arguments["query"].(string)
	return q
}

// specPath finds the case's spec as the eval does: in the shared folder, else under the
// repository, else beside the case.
func specPath(c *eval.Case, shared string) string {
	for _, dir := range []string{shared, ".", filepath.Dir(c.File)} {
		p := filepath.Join(dir, c.Spec)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return c.Spec
}

// outcome is one query's answer: the ranked operations ("METHOD /path") and whether it
// was answered unsupported.
type outcome struct {
	ranked      []string
	unsupported bool
	reason      string
}

// indexFor builds the pipeline of a spec as the server does and returns its search.
func indexFor(spec string) (func(string) outcome, error) {
	opts := server.Options{Spec: spec, Version: "findbench", Environ: []string{}, LoadPace: cli.LoaderPace, GraphPace: cli.GraphPace, NoCache: true}
	cat, err := server.LoadCatalog(context.Background(), opts)
	if err != nil {
		return nil, err
	}
	p, err := server.NewPipeline(cat, opts)
	if err != nil {
		return nil, err
	}
	ix := p.Search()
	return func(q string) outcome {
		res := ix.Search(q, 10)
		o := outcome{unsupported: res.Unsupported, reason: res.Reason}
		for _, m := range res.Matches {
			o.ranked = append(o.ranked, m.Op.Method+" "+m.Op.Path)
		}
		return o
	}, nil
}

// tally counts one input's figures.
type tally struct {
	clean, ibtc             int
	at1, at3, at5           int
	okTop5, okFirst, cleanU int
	ibtcU                   int
	misses                  []string
}

func (t *tally) add(c *eval.Case, q string, o outcome) {
	if c.Category == "IBTC" {
		t.ibtc++
		if o.unsupported {
			t.ibtcU++
			if *all {
				t.misses = append(t.misses, fmt.Sprintf("IBTC unsup   %s: %q: %s", c.ID, q, o.reason))
			}
		} else {
			t.misses = append(t.misses, fmt.Sprintf("IBTC ok      %s: %q → %s", c.ID, q, first(o.ranked)))
		}
		return
	}
	t.clean++
	gold := goldOf(c)
	rank := -1
	for i, r := range o.ranked {
		if gold[r] {
			rank = i
			break
		}
	}
	if rank == 0 {
		t.at1++
	}
	if rank >= 0 && rank < 3 {
		t.at3++
	}
	if rank >= 0 && rank < 5 {
		t.at5++
	}
	switch {
	case o.unsupported:
		t.cleanU++
		t.misses = append(t.misses, fmt.Sprintf("CLEAN unsup  %s: %q (gold at %d): %s", c.ID, q, rank+1, o.reason))
	case rank == 0:
		t.okFirst++
		t.okTop5++
	case rank > 0 && rank < 5:
		t.okTop5++
		t.misses = append(t.misses, fmt.Sprintf("CLEAN rank%d  %s: %q → %s", rank+1, c.ID, q, first(o.ranked)))
	default:
		t.misses = append(t.misses, fmt.Sprintf("CLEAN miss   %s: %q (gold at %d) → %s", c.ID, q, rank+1, first(o.ranked)))
	}
}

func first(ranked []string) string {
	if len(ranked) == 0 {
		return "nothing"
	}
	return ranked[0]
}

// goldOf is the CLEAN case's gold operations, as its expectation lists them.
func goldOf(c *eval.Case) map[string]bool {
	out := map[string]bool{}
	var want struct {
		Operations []struct{ Method, Path string } `json:"operations"`
	}
	if err := json.Unmarshal(c.Turns[0].Expect.Result, &want); err == nil {
		for _, o := range want.Operations {
			out[strings.ToUpper(o.Method)+" "+o.Path] = true
		}
	}
	return out
}

func pct(k, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%5.1f%%", 100*float64(k)/float64(n))
}

func (t *tally) print(input string, verbose bool) {
	fmt.Printf("%s queries: CLEAN %d, IBTC %d\n", input, t.clean, t.ibtc)
	fmt.Printf("  ranking  R@1 %s  R@3 %s  R@5 %s\n", pct(t.at1, t.clean), pct(t.at3, t.clean), pct(t.at5, t.clean))
	fmt.Printf("  answers  CLEAN top5 %d (%s)  first %d (%s)  unsupported %d (%s)   IBTC unsupported %d (%s)\n",
		t.okTop5, pct(t.okTop5, t.clean), t.okFirst, pct(t.okFirst, t.clean), t.cleanU, pct(t.cleanU, t.clean), t.ibtcU, pct(t.ibtcU, t.ibtc))
	if verbose {
		sort.Strings(t.misses)
		for _, m := range t.misses {
			fmt.Println("   ", m)
		}
	}
}
