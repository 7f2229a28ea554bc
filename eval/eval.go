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

// defaultCases is where `askapi eval` looks without arguments, relative to the cwd: the
// repository's copy of the shared folder's cases (testdata/shared/README.md). The shared
// folder itself (../shared/cases) is an optional input, given by hand.
const defaultCases = "testdata/shared/cases"

// Report is everything --json writes.
type Report struct {
	Rows    []Row         `json:"rows"`
	Results []*CaseResult `json:"results"`
	Plans   []PlanResult  `json:"plans,omitempty"`
	// PlanSets are the --plans files' figures (and the items skipped).
	PlanSets []*PlanSet `json:"plan_sets,omitempty"`
	// Find are the find_operations figures, by input and case group.
	Find []FindFigures `json:"find_operations,omitempty"`
}

type stringList []string

func (s *stringList) String() string     { return fmt.Sprint(*s) }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// Main is `askapi eval [--baseline naive] [--json FILE] [--plans FILE]... [--min-plans PCT]
// [--min-find-top5 PCT] [--min-find-first PCT] [--max-find-clean-unsupported PCT]
// [--min-find-ibtc-unsupported PCT] [--shared DIR] [-v] [DIR|FILE]...`. It fails when any
// case fails on askapi (the baseline may fail), when a planning case cannot be run, when a
// plans file's exact share is below --min-plans, and when find_operations' figures on the
// assistant's queries miss a gate (findrates.go).
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
	var gates FindGates
	fs.Float64Var(&gates.MinTop5, "min-find-top5", 0, "fail when fewer than PCT percent of CLEAN find cases, asked as an assistant (assistant_query), answer ok with the gold operation in the top 5")
	fs.Float64Var(&gates.MinFirst, "min-find-first", 0, "fail when fewer than PCT percent of CLEAN find cases, asked as an assistant, answer ok with the gold operation first")
	fs.Float64Var(&gates.MaxCleanUnsupported, "max-find-clean-unsupported", 100, "fail when more than PCT percent of CLEAN find cases, asked as an assistant, answer unsupported")
	fs.Float64Var(&gates.MinIBTCUnsupported, "min-find-ibtc-unsupported", 0, "fail when fewer than PCT percent of IBTC find cases, asked as an assistant, answer unsupported")
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
		report.Find = findFigures(cases, results)
		PrintFindFigures(stdout, report.Find)
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
	if len(cases) > 0 {
		if missed := gates.check(report.Find); len(missed) > 0 {
			return fmt.Errorf("eval: find_operations on the assistant's queries misses its gates: %s", strings.Join(missed, "; "))
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
