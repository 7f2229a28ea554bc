//go:build !corpuscheck

package cli

import (
	"context"

	"github.com/askapi/askapi/server"
)

// The corpus check (inspect_check.go) links bench/corpuscheck, which the askapi that users
// run does not carry: bench/cmd/corpus builds its askapi with -tags corpuscheck.

// corpusCheckBuilt says this askapi can run --check.
const corpusCheckBuilt = false

// checkResult stands for the check's result, which this build never fills.
type checkResult = struct{}

// checkStats is never called in this build: --check is refused first.
func checkStats(context.Context, server.Options) SpecStats {
	return SpecStats{Failure: failLoad, Error: "check: built without -tags corpuscheck"}
}
