package server

import (
	"strings"

	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools"
)

// Dynamic mode's tools depend on no catalog (dynamicToolDefs), so a server that knows it
// serves dynamically answers tools/list at once, while the spec compiles: a client lists
// the tools right after initialize, and GitHub's spec takes some 200 ms to compile. Calls
// still wait for the catalog. The server knows it when --mode dynamic says so, or in auto
// mode from the spec's census (tools.LoadOptions.Census), where the operations the
// filters and the policy leave are counted as NewPipeline counts them; the pipeline is
// then built in dynamic mode, so the list answered early is the list served.

// earlyMode says when the mode is known before the catalog is compiled: at once (an
// explicit --mode dynamic), from the census (auto mode), or never (static).
type earlyMode int

const (
	earlyNever earlyMode = iota
	earlyAtOnce
	earlyFromCensus
)

func earlyModeOf(opts Options) earlyMode {
	switch strings.ToLower(strings.TrimSpace(opts.Mode)) {
	case ModeDynamic:
		return earlyAtOnce
	case ModeAuto, "":
		return earlyFromCensus
	}
	return earlyNever
}

// censusDynamic reports whether auto mode serves the census's operations dynamically.
func censusDynamic(opts Options, heads *tools.Catalog) bool {
	policy, err := servedPolicy(opts, heads)
	if err != nil {
		return false // the load reports it, with the whole catalog
	}
	filter := operationFilter(opts, policy)
	n := 0
	for _, op := range heads.Operations() {
		if filter.Keep(op) {
			n++
		}
	}
	dynamic, err := dynamicMode(opts, n)
	return err == nil && dynamic
}

// dynamicList is dynamic mode's tool list, encoded: with resolve when a model is
// configured, since its definition depends on no catalog either.
func dynamicList(opts Options) (*toolList, error) {
	defs, err := dynamicToolDefs()
	if err != nil {
		return nil, err
	}
	if via := pipeline.ViaOf(opts.LLM); via != "" && !opts.Naive {
		t, err := resolveToolDef(via)
		if err != nil {
			return nil, err
		}
		defs = append(defs, t)
	}
	entries := make([]mcpserver.ServerTool, len(defs))
	for i, t := range defs {
		entries[i].Tool = t
	}
	return encodeToolList(entries)
}
