package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
)

// report is everything printed, and written with --json.
type report struct {
	Date          string          `json:"date"`
	Machine       string          `json:"machine"`
	Go            []goBench       `json:"go_benchmarks,omitempty"`
	Commit        string          `json:"commit"`
	LoadAvg       string          `json:"loadavg_at_start"`
	Runs          int             `json:"runs"`
	Specs         []specResult    `json:"specs"`
	Overhead      *overheadResult `json:"per_call_overhead,omitempty"`
	OverheadError string          `json:"per_call_overhead_error,omitempty"`
	Targets       []target        `json:"targets"`
}

func newReport(cfg config) *report {
	commit := cfg.commit
	if commit == "" {
		out, _ := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
		commit = strings.TrimSpace(string(out))
		if exec.Command("git", "diff", "--quiet", "HEAD").Run() != nil {
			commit += " + uncommitted changes"
		}
	}
	return &report{
		Date:    time.Now().Format("2006-01-02"),
		Machine: fmt.Sprintf("%d cores, %s, %s/%s, %s", runtime.NumCPU(), cpuModel(), runtime.GOOS, runtime.GOARCH, runtime.Version()),
		Commit:  commit,
		LoadAvg: loadAvg(),
		Runs:    cfg.runs,
	}
}

// loadAvg is /proc/loadavg's 1, 5 and 15 minute figures: others' work skews timings.
func loadAvg() string {
	data, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func cpuModel() string {
	data, _ := os.ReadFile("/proc/cpuinfo")
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

// target is one DESIGN.md target and how the measured figure compares.
type target struct {
	Metric   string  `json:"metric"`
	Target   string  `json:"target"`
	Measured string  `json:"measured"`
	Value    float64 `json:"value"`
	Verdict  string  `json:"verdict"` // PASS, MISS or n/a
}

func targets(r *report) []target {
	gh, static := r.measured("github"), r.measured("github static")
	if static == nil {
		static = gh
	}
	var out []target
	add := func(metric, want string, limit float64, unit string, v float64, ok bool) {
		t := target{Metric: metric, Target: want, Value: v, Verdict: "n/a", Measured: "n/a"}
		if ok && !math.IsNaN(v) {
			t.Measured = fmtNum(v) + " " + unit
			t.Verdict = "MISS"
			if v <= limit {
				t.Verdict = "PASS"
			}
		}
		out = append(out, t)
	}
	if gh != nil {
		add("ready, cold (GitHub)", "≤ 200 ms", 200, "ms", gh.Cold.ReadyMS, true)
		add("ready, warm cache (GitHub)", "≤ 60 ms", 60, "ms", gh.Warm.ReadyMS, true)
		add("tools/list alone (GitHub, every operation a tool)", "≤ 30 ms", 30, "ms", static.Cold.ListMS, true)
		add("peak RSS (GitHub, any mode, cold or warm)", "≤ 60 MB", 60, "MB",
			mb(max(gh.Cold.PeakRSS, gh.Warm.PeakRSS, static.Cold.PeakRSS, static.Warm.PeakRSS)), true)
	} else {
		for _, m := range []string{"ready, cold (GitHub)", "ready, warm cache (GitHub)", "tools/list alone (GitHub)", "peak RSS (GitHub)"} {
			add(m, "GitHub spec not measured", 0, "", 0, false)
		}
	}
	if r.Overhead != nil {
		add("per-call overhead, median (loopback)", "< 1 ms", 1, "ms", r.Overhead.Overhead, true)
	} else {
		add("per-call overhead, median (loopback)", "< 1 ms", 1, "ms", 0, false)
	}
	plan, ok := find(r.Go, "BenchmarkPlan/github")
	add("plan one operation (GitHub, graph built)", "< 1 ms/op", 1, "ms/op", plan.Metrics["ns/op"]/1e6, ok)
	if ok {
		out[len(out)-1].Measured = fmtNS(plan.Metrics["ns/op"]) + "/op"
	}
	return out
}

// measured is the spec named name, if it was measured without error.
func (r *report) measured(name string) *specResult {
	for i := range r.Specs {
		if s := &r.Specs[i]; s.Name == name && s.Skipped == "" && s.Error == "" {
			return s
		}
	}
	return nil
}

// mb is KiB (rusage) as MB of 10^6 bytes, DESIGN.md's unit.
func mb(kib int64) float64 { return float64(kib) * 1024 / 1e6 }

func fmtNum(v float64) string {
	switch {
	case math.IsNaN(v):
		return "n/a"
	case math.Abs(v) >= 100:
		return fmt.Sprintf("%.0f", v)
	case math.Abs(v) >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

func fmtMS(v float64) string { return fmtNum(v) + " ms" }

// fmtNS prints a benchmark's ns/op in the unit that suits it.
func fmtNS(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmtNum(ns/1e9) + " s"
	case ns >= 1e6:
		return fmtNum(ns/1e6) + " ms"
	case ns >= 1e3:
		return fmtNum(ns/1e3) + " µs"
	}
	return fmtNum(ns) + " ns"
}

func (r *report) print(w io.Writer) {
	fmt.Fprintf(w, "\naskapi readiness — %s — %s — commit %s — load average at start %s\n", r.Date, r.Machine, r.Commit, r.LoadAvg)
	fmt.Fprintf(w, "ready = exec of `askapi serve` until the tools/list response is fully received (initialize,\n")
	fmt.Fprintf(w, "initialized and tools/list sent at once, protocol %s). Median of %d runs (fewer for slow specs, see n).\n", protocolVersion, r.Runs)
	fmt.Fprintf(w, "cold: ASKAPI_CACHE=off and an empty ASKAPI_CACHE_DIR per run; warm: ASKAPI_CACHE_DIR primed by one earlier run\n")
	fmt.Fprintf(w, "(when the priming run writes no cache, warm is not run: it would be cold again). tools/list is sent after\n")
	fmt.Fprintf(w, "initialize completed; payload is its response. first call = exec until a find_operations answer, sent\n")
	fmt.Fprintf(w, "after the lists (the catalog compiled, the tools registered). peak RSS is VmHWM after that call.\n\n")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "spec\tsize\tn\ttools\tready cold\tready warm\tfirst call cold\tfirst call warm\ttools/list\tpayload\tpeak RSS cold\tpeak RSS warm\twarm cache")
	for _, s := range r.Specs {
		if s.Skipped != "" || s.Error != "" {
			fmt.Fprintf(tw, "%s\t%s\t\t\t%s%s\n", s.Name, size(s.Bytes), s.Skipped, firstLine(s.Error))
			continue
		}
		tools, payload := 0, 0
		if len(s.Cold.Runs) > 0 {
			tools, payload = s.Cold.Runs[0].Tools, s.Cold.Runs[0].Bytes
		}
		cache, warm, warmCall := "none written: warm = cold", fmtMS(s.Warm.ReadyMS), fmtMS(s.Warm.CallMS)
		if s.Warm.NoCache {
			warm, warmCall = "(= cold)", "(= cold)"
		} else {
			cache = fmt.Sprintf("%d files, %s", s.Warm.CacheFiles, size(s.Warm.CacheBytes))
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s MB\t%s MB\t%s\n", s.Name, size(s.Bytes), len(s.Cold.Runs), tools,
			fmtMS(s.Cold.ReadyMS), warm, fmtMS(s.Cold.CallMS), warmCall, fmtMS(s.Cold.ListMS), size(int64(payload)),
			fmtNum(mb(s.Cold.PeakRSS)), fmtNum(mb(s.Warm.PeakRSS)), cache)
	}
	tw.Flush()
	for _, s := range r.Specs {
		if s.Note != "" {
			fmt.Fprintf(w, "%s: %s\n", s.Name, s.Note)
		}
	}
	fmt.Fprintln(w)
	if o := r.Overhead; o != nil {
		fmt.Fprintf(w, "per-call overhead (%s %s, upstream httptest on 127.0.0.1, %d calls): tools/call %s (p90 %s), direct GET %s → overhead %s median\n\n",
			o.Spec, o.Tool, o.Calls, fmtMS(o.CallMS), fmtMS(o.CallP90MS), fmtMS(o.DirectMS), fmtMS(o.Overhead))
	} else {
		fmt.Fprintf(w, "per-call overhead: failed: %s\n\n", r.OverheadError)
	}
	if len(r.Go) > 0 {
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "go benchmark\ttime/op\tB/op\tallocs/op\tother")
		for _, b := range r.Go {
			var other []string
			for unit, v := range b.Metrics {
				if unit != "ns/op" && unit != "B/op" && unit != "allocs/op" {
					other = append(other, fmtNum(v)+" "+unit)
				}
			}
			sort.Strings(other)
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", b.Name, fmtNS(b.Metrics["ns/op"]), size(int64(b.Metrics["B/op"])),
				fmtNum(b.Metrics["allocs/op"]), strings.Join(other, ", "))
		}
		tw.Flush()
		fmt.Fprintln(w)
	}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "target (DESIGN.md)\ttarget\tmeasured\tverdict")
	for _, t := range r.Targets {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", t.Metric, t.Target, t.Measured, t.Verdict)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nanchors (DESIGN.md, GitHub's spec, this machine): most-used npm proxy ready ≈ 485 ms, 154 MB;")
	fmt.Fprintln(w, "Go converter (after its separate conversion step) ready ≈ 536 ms, 60 MB.")
}

func size(n int64) string {
	switch {
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.0f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d B", n)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
