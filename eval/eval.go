// Package eval runs scenario cases against the real askapi server over MCP, with a
// replaying upstream, and prints the metric table.
package eval

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// defaultCases is where `askapi eval` looks without arguments, relative to the cwd.
const defaultCases = "../shared/cases"

// Report is everything --json writes.
type Report struct {
	Rows    []Row         `json:"rows"`
	Results []*CaseResult `json:"results"`
	Plans   []PlanResult  `json:"plans,omitempty"`
	// PlanSets are the --plans files' figures (and the items skipped).
	PlanSets []*PlanSet `json:"plan_sets,omitempty"`
	// Find are the find_operations mistake rates, by case group.
	Find []FindRates `json:"find_operations,omitempty"`
}

type stringList []string

func (s *stringList) String() string     { return fmt.Sprint(*s) }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// Main is `askapi eval [--baseline naive] [--json FILE] [--plans FILE]... [--min-plans PCT]
// [--shared DIR] [-v] [DIR|FILE]...`. It fails when any case fails on askapi (the baseline
// may fail), when a planning case cannot be run, and when a plans file's exact share is
// below --min-plans. With --plans and no DIR|FILE, only the plans are run.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	baseline := fs.String("baseline", "", `also run the cases through a comparison server: "naive" (a plain proxy)`)
	jsonOut := fs.String("json", "", "write every figure and per-case result to FILE as JSON")
	var planFiles stringList
	fs.Var(&planFiles, "plans", "planning cases to check with the plan meta-tool (repeatable)")
	minPlans := fs.Float64("min-plans", 0, "fail when the exact share of any --plans file is below PCT percent (0: never)")
	shared := fs.String("shared", "", "the shared folder case specs are relative to (default: the parent of "+defaultCases+")")
	verbose := fs.Bool("v", false, "show the server's log for failed cases")
	maxClean := fs.Float64("max-find-unsupported", 100, "fail when more than PCT percent of CLEAN find_operations cases answer unsupported")
	maxIBTC := fs.Float64("max-find-ok", 100, "fail when more than PCT percent of IBTC find_operations cases answer ok")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *baseline != "" && *baseline != SystemNaive {
		return fmt.Errorf("eval: --baseline %q: only naive is known", *baseline)
	}
	paths := fs.Args()
	if len(paths) == 0 && len(planFiles) == 0 {
		paths = []string{defaultCases}
	}
	if *minPlans < 0 || *minPlans > 100 {
		return fmt.Errorf("eval: --min-plans %v: a percentage from 0 to 100", *minPlans)
	}
	opts := Options{Shared: *shared}
	if opts.Shared == "" {
		opts.Shared = filepath.Dir(filepath.Clean(defaultCases))
	}
	cases, err := LoadCases(paths)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	report := Report{}
	var results []*CaseResult
	if len(cases) > 0 {
		results = RunCases(ctx, cases, SystemAskapi, opts)
		report.Rows = Summarise(SystemAskapi, results)
		report.Results = results
		if *baseline != "" {
			naive := RunCases(ctx, cases, SystemNaive, opts)
			report.Rows = append(report.Rows, Summarise(SystemNaive, naive)...)
			report.Results = append(report.Results, naive...)
		}
		fmt.Fprintf(stdout, "askapi eval: %d cases (Re = unexpected questions, summed; Steps = upstream calls + clarification rounds, mean per case)\n\n", len(cases))
		PrintTable(stdout, report.Rows)
		fmt.Fprintln(stdout)
		PrintFailures(stdout, results, *verbose)
		report.Find = findRates(cases, results)
		PrintFindRates(stdout, report.Find)
	}
	var plansFailed bool
	var below []string
	for _, f := range planFiles {
		set, err := LoadPlanSet(f)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		set.Run(ctx, opts)
		set.Close()
		report.Plans = append(report.Plans, set.Results...)
		report.PlanSets = append(report.PlanSets, set)
		if len(cases) > 0 || len(report.PlanSets) > 1 {
			fmt.Fprintln(stdout)
		}
		PrintPlanSet(stdout, set)
		for _, p := range set.Results {
			plansFailed = plansFailed || p.Error != ""
		}
		if *minPlans > 0 && set.Share()*100 < *minPlans {
			below = append(below, fmt.Sprintf("%s: %d/%d exact (%.1f%%)", f, set.Exact, set.N, set.Share()*100))
		}
	}
	if *jsonOut != "" {
		data, err := json.MarshalIndent(report, "", "  ")
		if err != nil {
			return fmt.Errorf("eval: encode report: %w", err)
		}
		if err := os.WriteFile(*jsonOut, append(data, '\n'), 0o644); err != nil {
			return fmt.Errorf("eval: %w", err)
		}
	}
	failed, known := 0, 0
	for i, r := range results {
		switch {
		case r.Pass:
		case cases[i].KnownFailure != "":
			known++
		default:
			failed++
		}
	}
	if known > 0 {
		fmt.Fprintf(stdout, "\n%d known failures (each case's known_failure says why); they do not fail the run\n", known)
	}
	if failed > 0 {
		return fmt.Errorf("eval: %d of %d cases failed on askapi", failed, len(results))
	}
	if n := len(report.Find); n > 0 {
		all := report.Find[n-1]
		if 100*all.CleanRate() > *maxClean || 100*all.IBTCRate() > *maxIBTC {
			return fmt.Errorf("eval: find_operations mistakes above the limits: CLEAN unsupported %.1f%% (max %v%%), IBTC ok %.1f%% (max %v%%)",
				100*all.CleanRate(), *maxClean, 100*all.IBTCRate(), *maxIBTC)
		}
	}
	if plansFailed {
		return errors.New("eval: some planning cases could not be run")
	}
	if len(below) > 0 {
		return fmt.Errorf("eval: below --min-plans %v%%: %s", *minPlans, strings.Join(below, "; "))
	}
	return nil
}
