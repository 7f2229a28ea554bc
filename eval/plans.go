package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
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
	File   string `json:"-"`
}

// PlanResult is one planning case's outcome.
type PlanResult struct {
	ID     string   `json:"id"`
	Gold   []string `json:"gold"`
	Got    []string `json:"got"`
	Status string   `json:"status"`
	Exact  bool     `json:"exact"`
	Error  string   `json:"error,omitempty"`
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

// RunPlans asks one server per spec for each plan and compares the chains.
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
	for _, spec := range order {
		idx := bySpec[spec]
		err := planSpec(ctx, plans, idx, opts, out)
		if err != nil {
			for _, i := range idx {
				if out[i].ID == "" {
					out[i] = PlanResult{ID: plans[i].ID, Gold: plans[i].Gold, Error: err.Error()}
				}
			}
		}
	}
	return out
}

func planSpec(ctx context.Context, plans []*PlanCase, idx []int, opts Options, out []PlanResult) error {
	first := plans[idx[0]]
	cl, err := dialFor(ctx, &Case{Spec: first.Spec, File: first.File}, opts)
	if err != nil {
		return err
	}
	defer cl.Close()
	for _, i := range idx {
		p := plans[i]
		r := PlanResult{ID: p.ID, Gold: p.Gold}
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
		want := p.Status
		if want == "" {
			want = "ok"
		}
		r.Exact = r.Status == want && sameStrings(r.Got, p.Gold)
		out[i] = r
	}
	return nil
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
