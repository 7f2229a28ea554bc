package pipeline

import (
	"fmt"
	"math"
	"strings"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/reverse/chain"
)

// MaxCandidates is how many operations find_operations answers at most.
const MaxCandidates = 10

// searchAgain is find_operations' note on an unsupported answer that names words the API
// never uses.
const searchAgain = "matched as this API writes its words: if those words may be the person's own for something an operation here does, search once more in other words for the same thing; never substitute an operation that does something else, and if none answers, tell the person the API cannot do it"

// FindOperations answers the find_operations meta-tool.
func (p *Pipeline) FindOperations(args FindArgs) *clarify.Result {
	query := args.Query
	if strings.TrimSpace(query) == "" {
		query = args.UserRequest
	}
	if strings.TrimSpace(query) == "" {
		return &clarify.Result{Status: clarify.StatusNeedsClarification, Operation: ToolFindOperations, Questions: []clarify.Question{{
			Field: "query", Kind: clarify.Missing, Question: "What would you like to do with this API?", Reason: "find_operations needs words to search for",
		}}}
	}
	limit := MaxCandidates
	if args.Limit >= 1 {
		limit = min(args.Limit, MaxCandidates)
	}
	res := p.Search().Search(query, limit)
	out := &clarify.Result{Status: clarify.StatusOK, Operation: ToolFindOperations}
	if res.Unsupported {
		out.Status, out.Reason, out.Unserved = clarify.StatusUnsupported, res.Reason, res.Unserved
		if len(res.Unserved) > 0 {
			// Words are matched as the API writes them, and a person's own word for what
			// the API does ("get rid of" a file it deletes) is not among them: the
			// assistant may say it once more in other words, never as something else.
			out.Note = searchAgain
		}
	}
	if len(res.ReadAs) > 0 && !res.Unsupported {
		// Said so the assistant can check the reading with the person, or search again.
		out.Note = "read " + strings.Join(res.ReadAs, ", ") + ": the API does not use the query's own word"
	}
	// Every answer lists the nearest operations, so the assistant never has to guess
	// whether a better query exists.
	for _, m := range res.Matches {
		out.Operations = append(out.Operations, clarify.OperationMatch{
			Tool: m.Op.Name, Method: m.Op.Method, Path: m.Op.Path, Summary: m.Op.Summary, Score: math.Round(m.Score*100) / 100, Matched: m.Matched,
		})
	}
	return out
}

// Plan answers the plan meta-tool: the backward chain, or the clarification.
func (p *Pipeline) Plan(args PlanArgs) *clarify.Result {
	name := args.Operation
	op := p.Catalog.Lookup(strings.TrimSpace(name))
	if op == nil {
		return &clarify.Result{Status: clarify.StatusNeedsClarification, Operation: ToolPlan, Questions: []clarify.Question{{
			Field: "operation", Kind: clarify.Invalid, Reason: fmt.Sprintf("no operation named %q", name),
			Question: "Which operation should be planned? Give a tool name or \"METHOD /path\"; find_operations lists them.",
		}}}
	}
	given := map[string]any{}
	for _, m := range []map[string]any{args.Arguments, args.Hints} {
		for k, v := range m {
			given[k] = v
		}
	}
	plan := chain.PlanCall(p.Graph, op, given)
	out := &clarify.Result{Status: clarify.StatusOK, Operation: op.Key(), Steps: plan.Steps}
	if plan.Status != "ok" {
		// An incomplete chain is not a plan: the answer is the clarification alone.
		out.Status = clarify.StatusNeedsClarification
		out.Steps = nil
		for _, n := range plan.Needs {
			target := p.Catalog.Lookup(n.Operation)
			if target == nil {
				target = op
			}
			f := clarify.FieldOf(target, n.Arg)
			f.Resource = n.Resource
			if f.Resource == "" {
				f.Thing = reverse.Things(target)[n.Arg]
			}
			kind := clarify.Missing
			if n.Invalid {
				kind = clarify.Invalid
			}
			out.Questions = append(out.Questions, clarify.Question{
				Field: n.Arg, Kind: kind, Question: clarify.Ask(target, f), Reason: n.Reason,
			})
		}
	}
	return out
}

// Meta-tool names.
const (
	ToolFindOperations = "find_operations"
	ToolPlan           = "plan"
)
