// Command askapi serves any OpenAPI API to assistants as MCP tools, and never lets the
// assistant guess: missing, invented or ambiguous values become questions.
package main

import (
	"os"

	"github.com/askapi/askapi/cli"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

func main() {
	os.Exit(cli.Main(version, os.Args[1:], os.Stdout, os.Stderr))
}
