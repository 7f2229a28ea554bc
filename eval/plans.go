package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
)

// PlanCase is a planning case: the backward chain `plan` must return for an operation
// given what the user said.
type PlanCase struct {
	ID        string         `json:"id"`
	Spec      string         `json:"spec"`
	Operation string         `json:"operation"`
	Arguments map[string]any `json:"arguments,omitempty"`
	Hints     map[string]any `json:"hints,omitempty"`
	// Gold is the chain as "METHOD /path" steps, the operation itself last.
	Gold []string `json:"gold"`
	// Status, when set, is the plan status expected (ok unless an argument has no source).
	Status string `json:"status,omitempty"`
	Note   string `json:"note,omitempty"`
	// Judge is how the plan is compared with gold: empty for the exact sequence, JudgeSet
	// for the same set of operations with gold's last one last.
	Judge string `json:"judge,omitempty"`
	// Label is the gold as the source wrote it (a Reverse Chain label), for reports.
	Label string `json:"label,omitempty"`
	// Env is added to the server's environment.
	Env  map[string]string `json:"env,omitempty"`
	File string            `json:"-"`
}

// PlanResult is one planning case's outcome.
type PlanResult struct {
	ID     string   `json:"id"`
	Gold   []string `json:"gold"`
	Got    []string `json:"got"`
	Status string   `json:"status"`
	Exact  bool     `json:"exact"`
	Error  string   `json:"error,omitempty"`
	Label  string   `json:"label,omitempty"`
	// Reason is why the plan is incomplete: the reasons of its questions.
	Reason string `json:"reason,omitempty"`
}

// LoadPlans reads a file holding one planning case or a JSON array of them.
func LoadPlans(file string) ([]*PlanCase, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("plans: %w", err)
	}
	var list []*PlanCase
	if strings.HasPrefix(strings.TrimSpace(string(data)), "[") {
		err = json.Unmarshal(data, &list)
	} else {
		var one PlanCase
		err = json.Unmarshal(data, &one)
		list = []*PlanCase{&one}
	}
	if err != nil {
		return nil, fmt.Errorf("plans %s: %w", file, err)
	}
	for i, p := range list {
		if p.ID == "" || p.Spec == "" || p.Operation == "" {
			return nil, fmt.Errorf("plans %s: entry %d needs id, spec and operation", file, i+1)
		}
		p.File = file
	}
	return list, nil
}

// PlanSet is one --plans file: its cases, the items that could not become cases, and
// after a run the results.
type PlanSet struct {
	File string `json:"file"`
	// Kind is "plans" (askapi's planning cases) or KindReverseChain.
	Kind    string        `json:"kind"`
	Cases   []*PlanCase   `json:"-"`
	Skipped []SkippedItem `json:"skipped,omitempty"`
	Results []PlanResult  `json:"-"`
	Exact   int           `json:"exact"`
	N       int           `json:"n"`
	cleanup func()
}

// KindPlans names a file of askapi's own planning cases.
const KindPlans = "plans"

// LoadPlanSet reads a --plans file: askapi's planning cases, or the Reverse Chain
// dataset (a JSON array of items with APIs, Query and Label), converted. Close removes
// what the conversion wrote.
func LoadPlanSet(file string) (*PlanSet, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("plans: %w", err)
	}
	if isReverseChain(data) {
		return loadReverseChain(file, data)
	}
	cases, err := LoadPlans(file)
	if err != nil {
		return nil, err
	}
	return &PlanSet{File: file, Kind: KindPlans, Cases: cases}, nil
}

// Close removes the files the set's conversion wrote.
func (s *PlanSet) Close() {
	if s != nil && s.cleanup != nil {
		s.cleanup()
		s.cleanup = nil
	}
}

// Run plans every case and counts the exact ones.
func (s *PlanSet) Run(ctx context.Context, opts Options) {
	s.Results = RunPlans(ctx, s.Cases, opts)
	s.N, s.Exact = len(s.Results), 0
	for _, r := range s.Results {
		s.Exact += b2i(r.Exact)
	}
}

// Share is the exact share of the cases run (skipped items are not counted).
func (s *PlanSet) Share() float64 {
	if s.N == 0 {
		return 0
	}
	return float64(s.Exact) / float64(s.N)
}

// RunPlans asks one server per spec for each plan and compares the chains; a few specs'
// servers run at once (Options.Parallel).
func RunPlans(ctx context.Context, plans []*PlanCase, opts Options) []PlanResult {
	bySpec := map[string][]int{}
	var order []string
	for i, p := range plans {
		if _, ok := bySpec[p.Spec]; !ok {
			order = append(order, p.Spec)
		}
		bySpec[p.Spec] = append(bySpec[p.Spec], i)
	}
	out := make([]PlanResult, len(plans))
	par := opts.Parallel
	if par <= 0 {
		par = 4
	}
	sem := make(chan struct{}, par)
	var wg sync.WaitGroup
	for _, spec := range order {
		idx := bySpec[spec]
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			err := planSpec(ctx, plans, idx, opts, out)
			if err != nil {
				for _, i := range idx {
					if out[i].ID == "" {
						out[i] = PlanResult{ID: plans[i].ID, Gold: plans[i].Gold, Label: plans[i].Label, Error: err.Error()}
					}
				}
			}
		}()
	}
	wg.Wait()
	return out
}

func planSpec(ctx context.Context, plans []*PlanCase, idx []int, opts Options, out []PlanResult) error {
	first := plans[idx[0]]
	cl, err := dialFor(ctx, &Case{Spec: first.Spec, File: first.File, Env: first.Env}, opts)
	if err != nil {
		return err
	}
	defer cl.Close()
	for _, i := range idx {
		p := plans[i]
		r := PlanResult{ID: p.ID, Gold: p.Gold, Label: p.Label}
		args := map[string]any{"operation": p.Operation}
		if p.Hints != nil {
			args["hints"] = p.Hints
		}
		if p.Arguments != nil {
			args["arguments"] = p.Arguments
		}
		res, err := cl.Call(ctx, "plan", args)
		if err != nil {
			r.Error = err.Error()
			out[i] = r
			continue
		}
		r.Status, _ = res.Structured["status"].(string)
		steps, _ := res.Structured["steps"].([]any)
		for _, s := range steps {
			m, _ := s.(map[string]any)
			method, _ := m["method"].(string)
			path, _ := m["path"].(string)
			r.Got = append(r.Got, strings.ToUpper(method)+" "+path)
		}
		var reasons []string
		qs, _ := res.Structured["questions"].([]any)
		for _, q := range qs {
			m, _ := q.(map[string]any)
			if why, _ := m["reason"].(string); why != "" {
				reasons = append(reasons, why)
			}
		}
		r.Reason = strings.Join(reasons, "; ")
		want := p.Status
		if want == "" {
			want = "ok"
		}
		if p.Judge == JudgeSet {
			r.Exact = r.Status == want && judgeSet(r.Got, p.Gold)
		} else {
			r.Exact = r.Status == want && slices.Equal(r.Got, p.Gold)
		}
		out[i] = r
	}
	return nil
}

// PrintPlanSet writes a set's figure and each miss: PrintPlans for askapi's own cases,
// for the Reverse Chain dataset "reverse-chain: k/n parsable items planned exactly (x%),
// s skipped", each miss with its label and what was planned, and each skipped item.
func PrintPlanSet(w io.Writer, s *PlanSet) {
	if s.Kind != KindReverseChain {
		PrintPlans(w, s.Results)
		return
	}
	fmt.Fprintf(w, "%s: %d/%d parsable items planned exactly (%.1f%%), %d skipped\n", s.Kind, s.Exact, s.N, s.Share()*100, len(s.Skipped))
	for _, r := range s.Results {
		if r.Exact {
			continue
		}
		if r.Error != "" {
			fmt.Fprintf(w, "PLAN FAIL %s: %s\n  label:   %s\n", r.ID, r.Error, r.Label)
			continue
		}
		fmt.Fprintf(w, "PLAN MISS %s\n  label:   %s\n  want:    {%s}, %s last\n  planned: [%s] (%s)\n",
			r.ID, r.Label, strings.Join(opNames(r.Gold), ", "), opName(r.Gold[len(r.Gold)-1]),
			strings.Join(opNames(r.Got), " → "), orNone(r.Status))
		if r.Reason != "" {
			fmt.Fprintf(w, "  reason:  %s\n", r.Reason)
		}
	}
	for _, sk := range s.Skipped {
		fmt.Fprintf(w, "SKIPPED %s: %s\n  label:   %s\n", sk.ID, sk.Reason, sk.Label)
	}
}

// opName is "GetMenu" for "GET /GetMenu": a Reverse Chain operation by its API's name.
func opName(op string) string { return strings.TrimPrefix(op, "GET /") }

func opNames(ops []string) []string {
	out := make([]string, len(ops))
	for i, op := range ops {
		out[i] = opName(op)
	}
	return out
}

// PrintPlans writes "plans: k/n exact (xx%)" and each miss.
func PrintPlans(w io.Writer, results []PlanResult) {
	k := 0
	for _, r := range results {
		k += b2i(r.Exact)
	}
	share := 0.0
	if len(results) > 0 {
		share = float64(k) / float64(len(results))
	}
	fmt.Fprintf(w, "plans: %d/%d exact (%s)\n", k, len(results), pct(share))
	for _, r := range results {
		if r.Exact {
			continue
		}
		if r.Error != "" {
			fmt.Fprintf(w, "PLAN FAIL %s: %s\n", r.ID, r.Error)
			continue
		}
		fmt.Fprintf(w, "PLAN FAIL %s: expected [%s], got [%s] (%s)\n", r.ID, strings.Join(r.Gold, " → "), strings.Join(r.Got, " → "), orNone(r.Status))
	}
}
