package server

import (
	"fmt"
	"log/slog"
)

// Static mode lists every operation as a tool. On a giant spec that list is what every
// client loads and every model reads, and building it is most of the server's memory:
// Microsoft Graph's 11,422 operations made a 143 MB tools/list and a 775 MB peak (Graph
// beta: 267 MB and 1.73 GB). Static mode therefore says at start how large its list is
// when it is large, and refuses above a ceiling unless --static-max-tools raises it.
// Auto mode is not concerned: above --dynamic-threshold it serves four tools.

// DefaultStaticMaxTools is how many operation tools static mode serves at most.
const DefaultStaticMaxTools = 3000

// Static lists past either bound are named at start with a warning: GitHub's 1,225
// operations make 4.3 MB.
const (
	staticWarnTools = DefaultDynamicThreshold
	staticWarnBytes = 4 << 20
)

// staticCeiling refuses static mode for more than opts.StaticMaxTools operations (0:
// DefaultStaticMaxTools; negative: no ceiling).
func staticCeiling(opts Options, n int) error {
	limit := opts.StaticMaxTools
	if limit == 0 {
		limit = DefaultStaticMaxTools
	}
	if limit < 0 || n <= limit {
		return nil
	}
	return fmt.Errorf("static mode would list %d tools, over the ceiling of %d (--static-max-tools): "+
		"every client would load that list and every model read it; serve it with --mode auto or dynamic "+
		"(four tools), choose operations with --tag, --include or --exclude, or raise --static-max-tools "+
		"(-1 lifts the ceiling)", n, limit)
}

// warnStaticList names a large static list at start: its tools and bytes.
func warnStaticList(logger *slog.Logger, tools, bytes int) {
	if logger == nil || (tools <= staticWarnTools && bytes <= staticWarnBytes) {
		return
	}
	logger.Warn(fmt.Sprintf("static mode lists %d tools in %.1f MB: every client loads that list and every model reads it; --mode auto serves them as four tools", tools, float64(bytes)/(1<<20)),
		"tools", tools, "bytes", bytes)
}
