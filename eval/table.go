package eval

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
)

// Row aggregates one system's cases in one category (or "all").
type Row struct {
	System   string  `json:"system"`
	Category string  `json:"category"`
	N        int     `json:"n"`
	Pass     int     `json:"pass"`
	A1       float64 `json:"a1"`
	A2       float64 `json:"a2"`
	A3       float64 `json:"a3"`
	// Re is the sum of unexpected questions over the row's cases.
	Re int `json:"re_sum"`
	// Steps is the mean of upstream calls plus clarification rounds per case.
	Steps float64 `json:"steps_avg"`
	// FCR is the share of CLEAN cases that asked anything; -1 when the row has none.
	FCR float64 `json:"false_clarification_rate"`
}

// Summarise builds the category rows and the overall row for one system's results.
func Summarise(system string, results []*CaseResult) []Row {
	by := map[string][]*CaseResult{}
	for _, r := range results {
		by[r.Category] = append(by[r.Category], r)
	}
	var rows []Row
	for _, cat := range categoryOrder(by) {
		rows = append(rows, rowOf(system, cat, by[cat]))
	}
	return append(rows, rowOf(system, "all", results))
}

func categoryOrder(by map[string][]*CaseResult) []string {
	var out []string
	known := map[string]bool{}
	for _, c := range Categories {
		known[c] = true
		if len(by[c]) > 0 {
			out = append(out, c)
		}
	}
	var extra []string
	for c := range by {
		if !known[c] {
			extra = append(extra, c)
		}
	}
	sort.Strings(extra)
	return append(out, extra...)
}

func rowOf(system, cat string, rs []*CaseResult) Row {
	row := Row{System: system, Category: cat, N: len(rs), FCR: -1}
	if len(rs) == 0 {
		return row
	}
	var a1, a2, a3, steps, clean, asked int
	for _, r := range rs {
		a1 += b2i(r.A1)
		a2 += b2i(r.A2)
		a3 += b2i(r.A3)
		row.Pass += b2i(r.Pass)
		row.Re += r.Re
		steps += r.Steps
		if r.Category == "CLEAN" {
			clean++
			asked += b2i(r.Asked)
		}
	}
	n := float64(len(rs))
	row.A1, row.A2, row.A3 = float64(a1)/n, float64(a2)/n, float64(a3)/n
	row.Steps = float64(steps) / n
	if clean > 0 {
		row.FCR = float64(asked) / float64(clean)
	}
	return row
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// PrintTable writes the rows under one header, systems one after the other.
func PrintTable(w io.Writer, rows []Row) {
	var buf strings.Builder
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "system\tcategory\tn\tA1\tA2\tA3\tRe (sum)\tSteps (avg)\tFCR (CLEAN)\tpass\t")
	prev := ""
	for _, r := range rows {
		if prev != "" && r.System != prev {
			fmt.Fprintln(tw, "\t\t\t\t\t\t\t\t\t\t")
		}
		prev = r.System
		fcr := "-"
		if r.FCR >= 0 {
			fcr = pct(r.FCR)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%d\t%.2f\t%s\t%d/%d\t\n",
			r.System, r.Category, r.N, pct(r.A1), pct(r.A2), pct(r.A3), r.Re, r.Steps, fcr, r.Pass, r.N)
	}
	_ = tw.Flush()
	// One tabwriter block keeps both systems' columns aligned; padding at line ends goes.
	for _, line := range strings.Split(strings.TrimRight(buf.String(), "\n"), "\n") {
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}

func pct(f float64) string { return fmt.Sprintf("%.0f%%", f*100) }

// PrintFailures lists each failed case with what differed.
func PrintFailures(w io.Writer, results []*CaseResult, verbose bool) {
	for _, r := range results {
		if r.Pass {
			if r.KnownFailure != "" && r.System == SystemAskapi {
				fmt.Fprintf(w, "NOW PASSES %s (known_failure can go: %s)\n", r.ID, r.KnownFailure)
			}
			continue
		}
		label := "FAIL"
		if r.KnownFailure != "" && r.System == SystemAskapi {
			label = "KNOWN FAIL"
		}
		fmt.Fprintf(w, "%s %s [%s, %s]\n", label, r.ID, r.System, r.Category)
		if label == "KNOWN FAIL" {
			fmt.Fprintf(w, "  known: %s\n", r.KnownFailure)
		}
		if r.Error != "" {
			fmt.Fprintf(w, "  error: %s\n", indent(r.Error))
		}
		for _, f := range r.Failures {
			fmt.Fprintf(w, "  %s\n", f)
		}
		for _, v := range r.Violations {
			fmt.Fprintf(w, "  SAFETY: %s\n", v)
		}
		for _, v := range r.Wording {
			fmt.Fprintf(w, "  WORDING: %s\n", v)
		}
		if verbose && r.Stderr != "" {
			fmt.Fprintf(w, "  server stderr:\n    %s\n", indent(strings.TrimSpace(r.Stderr)))
		}
	}
}

func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n    ") }
