// Command shapesize measures what _select and --compact save: the bytes of body an
// assistant reads for each recorded answer, as is, compacted, narrowed to the records'
// identifiers and labels with _select, and both. Answers come from the scenario cases'
// recorded upstream bodies (2xx, JSON object or list) and, with -github, from the
// documented examples of GitHub's list operations. Run from the repository's root:
//
//	go run ./bench/cmd/shapesize [-github FILE] DIR|FILE...
//
// The _select paths are what an assistant picking one record would ask for: the
// identifier and the label of the items of the answer's largest list
// ("items.#.id", "items.#.name"), or of the answer itself when it has no list; the
// fields are chosen by reverse.IdentifierField and reverse.LabelField.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools/upstream"
)

func main() {
	github := flag.String("github", "", "GitHub's OpenAPI description (api.github.com.json): measure its list operations' examples too")
	show := flag.Int("show", -1, "print the Nth answer (of all sets, in order) as is and compacted, and exit")
	flag.Parse()
	sets := []set{}
	cases, err := caseBodies(flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "shapesize:", err)
		os.Exit(1)
	}
	sets = append(sets, set{"eval cases' recorded answers", cases})
	if *github != "" {
		gh, err := githubExamples(*github)
		if err != nil {
			fmt.Fprintln(os.Stderr, "shapesize:", err)
			os.Exit(1)
		}
		sets = append(sets, set{"GitHub list operations' documented examples", gh})
	}
	if *show >= 0 {
		var all [][]byte
		for _, s := range sets {
			all = append(all, s.bodies...)
		}
		if *show < len(all) {
			var v any
			_ = json.Unmarshal(all[*show], &v)
			c, _ := json.MarshalIndent(upstream.Compact(v, rules), "", "  ")
			fmt.Printf("%s\n--- compact:\n%s\n--- _select %v\n", all[*show], c, idLabelPaths(v))
		}
		return
	}
	fmt.Println("Median bytes of body per answer (and all answers' bytes together, as a share of as is):")
	fmt.Println()
	fmt.Println("| answers | n | as is | --compact | _select (id, label) | _select + --compact |")
	fmt.Println("| --- | --- | --- | --- | --- | --- |")
	for _, s := range sets {
		s.print()
	}
}

type set struct {
	name   string
	bodies [][]byte
}

var rules = upstream.CompactRules{Keep: reverse.ResolutionField, Identifier: reverse.IdentifierField}

// print writes the set's row: median bytes per variant, and the total with its share.
func (s set) print() {
	var plain, compact, sel, both []int
	for _, raw := range s.bodies {
		var v any
		dec := json.NewDecoder(strings.NewReader(string(raw)))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			continue
		}
		plain = append(plain, upstream.EncodedSize(v))
		c := upstream.Compact(v, rules)
		compact = append(compact, upstream.EncodedSize(c))
		paths := idLabelPaths(v)
		picked := upstream.Select(raw, paths).Values
		sel = append(sel, upstream.EncodedSize(picked))
		both = append(both, upstream.EncodedSize(upstream.Compact(any(picked), rules)))
	}
	total := sum(plain)
	cell := func(xs []int) string {
		return fmt.Sprintf("%d (all: %d, %.0f%%)", median(xs), sum(xs), 100*float64(sum(xs))/float64(max(total, 1)))
	}
	fmt.Printf("| %s | %d | %d (all: %d) | %s | %s | %s |\n", s.name, len(plain), median(plain), total, cell(compact), cell(sel), cell(both))
}

// idLabelPaths are the paths to the identifier and label of the records in v.
func idLabelPaths(v any) []string {
	path, items := largestList(v, "", 0)
	if items == nil {
		if m, ok := v.(map[string]any); ok {
			return fieldsOf(m, "")
		}
		return []string{"@this"}
	}
	prefix := "#."
	if path != "" {
		prefix = path + ".#."
	}
	var out []string
	for _, f := range fieldsOf(items, "") {
		out = append(out, prefix+f)
	}
	if len(out) == 0 {
		return []string{path}
	}
	return out
}

// fieldsOf is the record's first identifier and first label field, as GJSON keys.
func fieldsOf(m map[string]any, _ string) []string {
	keys := upstream.SortedKeys(m)
	var id, label string
	if _, ok := m["id"]; ok {
		id = "id"
	}
	for _, k := range []string{"name", "title", "login", "full_name"} {
		if _, ok := m[k]; ok && label == "" {
			label = k
		}
	}
	for _, k := range keys {
		if id == "" && reverse.IdentifierField(k) && !reverse.LabelField(k) {
			id = k
		}
		if label == "" && reverse.LabelField(k) {
			label = k
		}
	}
	var out []string
	for _, k := range []string{id, label} {
		if k != "" {
			out = append(out, upstream.GJSONKey(k))
		}
	}
	return out
}

// largestList finds the longest list of objects in v (three levels deep), with its
// path and first item.
func largestList(v any, path string, depth int) (string, map[string]any) {
	bestPath, bestLen := "", 0
	var bestItem map[string]any
	var walk func(v any, path string, depth int)
	walk = func(v any, path string, depth int) {
		switch x := v.(type) {
		case []any:
			if len(x) > 0 {
				if it, ok := x[0].(map[string]any); ok && len(x) > bestLen {
					bestPath, bestLen, bestItem = path, len(x), it
				}
			}
		case map[string]any:
			if depth >= 3 {
				return
			}
			for _, k := range upstream.SortedKeys(x) {
				sub := upstream.GJSONKey(k)
				if path != "" {
					sub = path + "." + sub
				}
				walk(x[k], sub, depth+1)
			}
		}
	}
	walk(v, path, depth)
	return bestPath, bestItem
}

// caseBodies reads the 2xx JSON object and list bodies recorded in the cases.
func caseBodies(args []string) ([][]byte, error) {
	var files []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		matches, err := filepath.Glob(filepath.Join(a, "*.json"))
		if err != nil {
			return nil, err
		}
		files = append(files, matches...)
	}
	var out [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var c struct {
			Upstream []struct {
				Status int             `json:"status"`
				Body   json.RawMessage `json:"body"`
			} `json:"upstream"`
		}
		if json.Unmarshal(data, &c) != nil {
			continue // a plans file or a dataset, not a case
		}
		for _, u := range c.Upstream {
			b := strings.TrimSpace(string(u.Body))
			if u.Status >= 200 && u.Status < 300 && (strings.HasPrefix(b, "{") || strings.HasPrefix(b, "[")) && b != "{}" && b != "[]" {
				out = append(out, []byte(b))
			}
		}
	}
	return out, nil
}

// githubExamples are the documented 200 examples of GitHub's GET operations that answer a list.
func githubExamples(file string) ([][]byte, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Paths map[string]map[string]struct {
			Responses map[string]struct {
				Content map[string]struct {
					Schema   map[string]any `json:"schema"`
					Examples map[string]struct {
						Ref string `json:"$ref"`
					} `json:"examples"`
				} `json:"content"`
			} `json:"responses"`
		} `json:"paths"`
		Components struct {
			Examples map[string]struct {
				Value json.RawMessage `json:"value"`
			} `json:"examples"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var out [][]byte
	paths := make([]string, 0, len(doc.Paths))
	for p := range doc.Paths {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		get, ok := doc.Paths[p]["get"]
		if !ok {
			continue
		}
		c, ok := get.Responses["200"].Content["application/json"]
		if !ok || c.Schema["type"] != "array" {
			continue
		}
		names := make([]string, 0, len(c.Examples))
		for n := range c.Examples {
			names = append(names, n)
		}
		sort.Strings(names)
		if len(names) > 0 { // the first documented example, by name
			ref := strings.TrimPrefix(c.Examples[names[0]].Ref, "#/components/examples/")
			if v := doc.Components.Examples[ref].Value; len(v) > 2 {
				out = append(out, v)
			}
		}
	}
	return out, nil
}

func median(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	s := append([]int(nil), xs...)
	sort.Ints(s)
	return s[len(s)/2]
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}
