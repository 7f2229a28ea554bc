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
