package server

import (
	"fmt"
	"strings"

	mcpserver "github.com/mark3labs/mcp-go/server"
)

// A client compiles a validator for every output schema a tool list declares: the
// official TypeScript client spends about 0.8 ms on each, even the lean envelope, so a
// static list of GitHub's 1,225 operations cost it a second for schemas that are all one
// (bench/RESULTS.md, issue 31). Above OutputSchemaMaxTools listed tools, auto mode leaves
// them out: every answer still carries structuredContent, which a tool without an output
// schema may; describe_operation still shows the schema. Dynamic mode lists four tools
// and keeps it.

// OutputSchemaMaxTools is how many listed tools auto keeps output schemas for at most:
// auto mode's own limit for one tool per operation.
const OutputSchemaMaxTools = DefaultDynamicThreshold

// Output schema settings.
const (
	OutputSchemaAuto   = "auto"
	OutputSchemaAlways = "always"
	OutputSchemaNever  = "never"
)

// CheckOutputSchema validates an --output-schema value.
func CheckOutputSchema(v string) error {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", OutputSchemaAuto, OutputSchemaAlways, OutputSchemaNever:
		return nil
	}
	return fmt.Errorf("--output-schema %q: want auto, always or never", v)
}

// declareOutputSchemas reports whether a list of n tools declares output schemas.
func declareOutputSchemas(setting string, n int) bool {
	switch strings.ToLower(strings.TrimSpace(setting)) {
	case OutputSchemaAlways:
		return true
	case OutputSchemaNever:
		return false
	}
	return n <= OutputSchemaMaxTools
}

// withoutOutputSchemas drops the output schemas of a list's tools.
func withoutOutputSchemas(entries []mcpserver.ServerTool) {
	for i := range entries {
		entries[i].Tool.RawOutputSchema = nil
		entries[i].Tool.OutputSchema.Type = ""
	}
}
