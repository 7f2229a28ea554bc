package eval

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// FindRates are the find_operations mistakes (issue 13): a CLEAN case answered
// unsupported, an IBTC case answered ok. Only cases whose first turn is find_operations
// count; a group is the case id's prefix (fo-, fh-...), so a tuned set and a held-out one
// read apart.
type FindRates struct {
	Group            string   `json:"group"`
	Clean            int      `json:"clean"`
	CleanUnsupported int      `json:"clean_unsupported"`
	IBTC             int      `json:"ibtc"`
	IBTCOK           int      `json:"ibtc_ok"`
	Mistakes         []string `json:"mistakes,omitempty"`
}

// CleanRate is the share of CLEAN cases answered unsupported.
func (f FindRates) CleanRate() float64 { return share(f.CleanUnsupported, f.Clean) }

// IBTCRate is the share of IBTC cases answered ok.
func (f FindRates) IBTCRate() float64 { return share(f.IBTCOK, f.IBTC) }

func share(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(k) / float64(n)
}

// findRates groups the find_operations cases by id prefix, plus "all".
func findRates(cases []*Case, results []*CaseResult) []FindRates {
	groups := map[string]*FindRates{}
	all := &FindRates{Group: "all"}
	for i, c := range cases {
		if c.Turns[0].Tool != ToolFind || len(results[i].Turns) == 0 || (c.Category != "CLEAN" && c.Category != "IBTC") {
			continue
		}
		prefix, _, _ := strings.Cut(c.ID, "-")
		g := groups[prefix]
		if g == nil {
			g = &FindRates{Group: prefix}
			groups[prefix] = g
		}
		status := results[i].Turns[0].Status
		for _, r := range []*FindRates{g, all} {
			if c.Category == "CLEAN" {
				r.Clean++
				if status == statusUnsupported {
					r.CleanUnsupported++
					r.Mistakes = append(r.Mistakes, c.ID+": unsupported")
				}
			} else {
				r.IBTC++
				if status == "ok" {
					r.IBTCOK++
					r.Mistakes = append(r.Mistakes, c.ID+": ok")
				}
			}
		}
	}
	var out []FindRates
	for _, g := range groups {
		out = append(out, *g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Group < out[j].Group })
	if len(out) > 0 {
		out = append(out, *all)
	}
	return out
}

// PrintFindRates prints the find_operations mistake rates, a line per group.
func PrintFindRates(w io.Writer, rates []FindRates) {
	if len(rates) == 0 {
		return
	}
	fmt.Fprintln(w, "find_operations mistakes (CLEAN answered unsupported; IBTC answered ok):")
	for _, r := range rates {
		fmt.Fprintf(w, "  %-6s CLEAN %d/%d unsupported (%.1f%%)  IBTC %d/%d ok (%.1f%%)\n",
			r.Group, r.CleanUnsupported, r.Clean, 100*r.CleanRate(), r.IBTCOK, r.IBTC, 100*r.IBTCRate())
	}
}

// ToolFind is the meta-tool the rates are about.
const ToolFind = "find_operations"
