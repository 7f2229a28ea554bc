package main

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/askapi/askapi/reverse"
)

// edgeRecord is askapi's `graph --stats --json --edges` record, with the spec it came
// from and its draw key.
type edgeRecord struct {
	Spec string `json:"spec"` // set by the harness
	reverse.EdgeRecord
	key uint64
}

// edgeSample keeps the n edges of smallest seeded hash among all offered: a uniform
// pseudo-random draw that depends only on the seed and the edges, not on the order the
// specs finish in.
type edgeSample struct {
	mu    sync.Mutex
	n     int
	seed  uint64
	kinds []string
	kept  []edgeRecord // sorted by key
	seen  int
}

func newEdgeSample(n int, seed uint64, kinds []string) *edgeSample {
	return &edgeSample{n: n, seed: seed, kinds: kinds}
}

func (s *edgeSample) offer(spec string, edges []edgeRecord) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range edges {
		if len(s.kinds) > 0 && !slices.Contains(s.kinds, e.Producer.Kind) {
			continue
		}
		s.seen++
		e.Spec = spec
		e.key = s.hash(&e)
		if len(s.kept) == s.n && e.key >= s.kept[len(s.kept)-1].key {
			continue
		}
		i := sort.Search(len(s.kept), func(i int) bool { return s.kept[i].key > e.key })
		s.kept = slices.Insert(s.kept, i, e)
		if len(s.kept) > s.n {
			s.kept = s.kept[:s.n]
		}
	}
}

func (s *edgeSample) hash(e *edgeRecord) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], s.seed)
	h.Write(b[:])
	fmt.Fprintf(h, "%s\x00%s %s\x00%s\x00%d\x00%s %s\x00%s\x00%s\x00%s", e.Spec, e.Operation.Method, e.Operation.Path,
		e.Arg.Arg, e.Rank, e.Producer.Method, e.Producer.Path, e.Producer.Items, e.Producer.IDField, e.Producer.Pointer)
	// FNV's low bits mix poorly on similar inputs: finish with a 64-bit mixer.
	x := h.Sum64()
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb3f99cf3e03
	x ^= x >> 33
	return x
}

// sorted are the drawn edges by spec, operation and argument, for reading.
func (s *edgeSample) sorted() []edgeRecord {
	out := slices.Clone(s.kept)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Spec != b.Spec {
			return a.Spec < b.Spec
		}
		if a.Operation.Path != b.Operation.Path {
			return a.Operation.Path < b.Operation.Path
		}
		if a.Operation.Method != b.Operation.Method {
			return a.Operation.Method < b.Operation.Method
		}
		if a.Arg.Arg != b.Arg.Arg {
			return a.Arg.Arg < b.Arg.Arg
		}
		return a.Rank < b.Rank
	})
	return out
}

// writeEdges writes the drawn edges as a markdown table with an empty verdict column.
func writeEdges(cfg config, rep *report, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := printEdges(f, cfg, rep); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func printEdges(w io.Writer, cfg config, rep *report) error {
	fmt.Fprintf(w, "# Producer edges drawn for a precision check\n\n")
	fmt.Fprintf(w, "%d edges drawn at random (seed %d) from the %d producer edges", len(rep.Edges), cfg.seed, rep.EdgesDrawnFrom)
	if len(cfg.kinds) > 0 {
		fmt.Fprintf(w, " of kind %s", strings.Join(cfg.kinds, ", "))
	}
	fmt.Fprintf(w, " of %d specs under `%s`; work tree at %s, askapi %s.\n", len(rep.Specs), cfg.dir, rep.Commit, rep.Binary)
	fmt.Fprintf(w, "Command: `%s`.\n\n", rep.Command)
	fmt.Fprintf(w, "An edge says: the argument can be filled from the producer's response, at the items pointer\n")
	fmt.Fprintf(w, "and id field (a list or search: the person's words are matched on the items' labels, or sent\n")
	fmt.Fprintf(w, "as the name argument), or at the pointer (a link, a self or a value producer). Judge each by\n")
	fmt.Fprintf(w, "reading the spec (files under `%s`): **right** if a value the producer returns there is a\n", cfg.dir)
	fmt.Fprintf(w, "valid value for the argument, **wrong** otherwise. Fill the verdict column.\n\n")
	byKind := map[string]int{}
	for _, e := range rep.Edges {
		byKind[e.Producer.Kind]++
	}
	var kinds []string
	for _, k := range kindOrder(byKind) {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, byKind[k]))
	}
	fmt.Fprintf(w, "Drawn by kind: %s.\n\n", strings.Join(kinds, ", "))
	fmt.Fprintln(w, "| # | spec | target operation | argument | producer | verdict |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- |")
	for i, e := range rep.Edges {
		target := fmt.Sprintf("`%s %s`", e.Operation.Method, e.Operation.Path)
		if e.Operation.Summary != "" {
			target += "<br>" + cell(e.Operation.Summary, 120)
		}
		if e.Operation.OperationID != "" {
			target += "<br>id: `" + e.Operation.OperationID + "`"
		}
		typ := e.Arg.Type
		if e.Arg.Format != "" {
			typ += ", " + e.Arg.Format
		}
		if e.Arg.Enum {
			typ += ", enum"
		}
		if e.Arg.Required {
			typ += ", required"
		}
		arg := fmt.Sprintf("`%s` (%s; %s)", e.Arg.Name, e.Arg.In, strings.TrimPrefix(typ, ", "))
		if e.Resource != "" {
			arg += "<br>names: " + cell(e.Resource, 60)
		}
		if e.Arg.Description != "" {
			arg += "<br>" + cell(e.Arg.Description, 200)
		}
		p := e.Producer
		prod := fmt.Sprintf("**%s** `%s %s`", p.Kind, p.Method, p.Path)
		if e.Rank > 0 {
			prod += fmt.Sprintf(" (producer #%d of the argument)", e.Rank+1)
		}
		if p.Summary != "" {
			prod += "<br>" + cell(p.Summary, 120)
		}
		var where []string
		if p.Pointer != "" {
			where = append(where, "pointer `"+p.Pointer+"`")
		}
		if p.IDField != "" || p.Items != "" {
			items := p.Items
			if items == "" {
				items = "(top-level array)"
			}
			where = append(where, "items `"+items+"`, id `"+p.IDField+"`")
		}
		if p.NameArg != "" {
			where = append(where, "name argument `"+p.NameArg+"`")
		}
		if len(p.Fixed) > 0 {
			where = append(where, cell(fmt.Sprintf("fixed %v", p.Fixed), 80))
		}
		if len(p.Needs) > 0 {
			where = append(where, cell("needs "+strings.Join(p.Needs, ", "), 100))
		}
		if len(where) > 0 {
			prod += "<br>" + strings.Join(where, "; ")
		}
		fmt.Fprintf(w, "| %d | `%s` | %s | %s | %s |  |\n", i+1, e.Spec, target, arg, prod)
	}
	return nil
}

// cell makes text fit a markdown table cell: one line, pipes escaped, cut.
func cell(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		s = string(r[:max]) + "…"
	}
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "<", "&lt;")
	return s
}
