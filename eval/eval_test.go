package eval

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/e2e"
)

func integrationOptions(t *testing.T) Options {
	t.Helper()
	return Options{Binary: e2e.BuildAskapi(t), Shared: e2e.SharedDir(), Root: e2e.RepoRoot(), CaseTimeout: 60 * time.Second}
}

// TestCases runs the shared cases and the project's own through the real binary: every
// case must pass on askapi, and the naive proxy must do worse where there is something
// to ask.
func TestCases(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the askapi binary")
	}
	opts := integrationOptions(t)
	cases, err := LoadCases([]string{filepath.Join(opts.Shared, "cases"), filepath.Join(opts.Root, "testdata", "cases")})
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 32 {
		t.Fatalf("want the 12 shared cases and at least 20 of our own, got %d", len(cases))
	}
	ctx := context.Background()
	askapi := RunCases(ctx, cases, SystemAskapi, opts)
	naive := RunCases(ctx, cases, SystemNaive, opts)
	var table bytes.Buffer
	PrintTable(&table, append(Summarise(SystemAskapi, askapi), Summarise(SystemNaive, naive)...))
	t.Logf("\n%s", table.String())

	for _, r := range askapi {
		if r.Pass && r.KnownFailure != "" {
			t.Errorf("%s passes: remove its known_failure (%s)", r.ID, r.KnownFailure)
		}
		if r.Pass || r.KnownFailure != "" {
			continue
		}
		var b bytes.Buffer
		PrintFailures(&b, []*CaseResult{r}, false)
		t.Errorf("%s", strings.TrimSpace(b.String()))
	}

	// The baseline comparison: outside CLEAN, askapi must be strictly better on A1 and A3,
	// overall and in each category where a plain proxy has something to get wrong.
	nonClean := func(rs []*CaseResult) []*CaseResult {
		var out []*CaseResult
		for _, r := range rs {
			if r.Category != "CLEAN" {
				out = append(out, r)
			}
		}
		return out
	}
	a, n := rowOf(SystemAskapi, "non-CLEAN", nonClean(askapi)), rowOf(SystemNaive, "non-CLEAN", nonClean(naive))
	if !(n.A1 < a.A1) || !(n.A3 < a.A3) {
		t.Errorf("naive is not worse outside CLEAN: askapi A1 %.2f A3 %.2f, naive A1 %.2f A3 %.2f", a.A1, a.A3, n.A1, n.A3)
	}
	rows := map[string]Row{}
	for _, r := range Summarise(SystemNaive, naive) {
		rows["naive "+r.Category] = r
	}
	for _, r := range Summarise(SystemAskapi, askapi) {
		rows["askapi "+r.Category] = r
	}
	for _, cat := range []string{"IMKI", "IMR", "IWE", "WRITE"} {
		a, n := rows["askapi "+cat], rows["naive "+cat]
		if a.N == 0 {
			t.Errorf("no %s case", cat)
			continue
		}
		if !(n.A1 < a.A1) || !(n.A3 < a.A3) {
			t.Errorf("%s: naive A1 %.2f A3 %.2f is not below askapi A1 %.2f A3 %.2f", cat, n.A1, n.A3, a.A1, a.A3)
		}
	}
	if rows["naive CLEAN"].Re != 0 || rows["naive all"].Re != 0 {
		t.Errorf("the naive proxy never asks, yet Re is %d", rows["naive all"].Re)
	}
}

// TestPlans runs the planning cases; a plan that differs from its gold chain is logged
// (it is a figure, reported by `askapi eval --plans`), a plan that cannot run fails.
func TestPlans(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the askapi binary")
	}
	opts := integrationOptions(t)
	plans, err := LoadPlans(filepath.Join(opts.Root, "testdata", "plans", "restbench.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(plans) < 20 {
		t.Fatalf("want at least 20 planning cases, got %d", len(plans))
	}
	results := RunPlans(context.Background(), plans, opts)
	var b bytes.Buffer
	PrintPlans(&b, results)
	t.Logf("\n%s", b.String())
	exact := 0
	for _, r := range results {
		if r.Error != "" {
			t.Errorf("plan %s: %s", r.ID, r.Error)
		}
		exact += b2i(r.Exact)
	}
	// The chains where a name stands for an id are the heart of planning.
	for _, r := range results {
		if strings.HasSuffix(r.ID, "-by-name") && !r.Exact {
			t.Errorf("plan %s: got %v, want %v", r.ID, r.Got, r.Gold)
		}
	}
	if !strings.Contains(b.String(), "plans: ") {
		t.Errorf("no summary line in:\n%s", b.String())
	}
}

// TestMainCommand runs `eval` end to end on two cases with --json and the baseline.
func TestMainCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the askapi binary")
	}
	opts := integrationOptions(t)
	t.Setenv("ASKAPI_EVAL_BINARY", opts.Binary)
	jsonFile := filepath.Join(t.TempDir(), "report.json")
	var stdout, stderr bytes.Buffer
	err := Main(context.Background(), []string{
		"--baseline", "naive", "--json", jsonFile, "--shared", opts.Shared,
		filepath.Join(opts.Shared, "cases", "tmdb-imr-jennifer.json"),
		filepath.Join(opts.Root, "testdata", "cases", "own-write-confirm-delete.json"),
	}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("eval: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	for _, want := range []string{"system", "A1", "askapi", "naive", "IMR", "WRITE", "all"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, stdout.String())
		}
	}
	report, err := readReport(jsonFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(report.Results) != 4 || len(report.Rows) != 6 {
		t.Errorf("report has %d results and %d rows, want 4 and 6", len(report.Results), len(report.Rows))
	}
}
