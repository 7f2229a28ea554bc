package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/askapi/askapi/server"
	"github.com/askapi/askapi/server/pipeline"
)

// loadPipeline reads --spec for the inspection commands (tools, graph, plan).
func loadPipeline(ctx context.Context, name string, args []string, stderr io.Writer) (*pipeline.Pipeline, []string, error) {
	o := server.Options{Version: version}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	specFlags(fs, &o)
	if err := fs.Parse(args); err != nil {
		return nil, nil, err
	}
	if o.Spec == "" {
		return nil, nil, fmt.Errorf("%s: --spec is required", name)
	}
	o.Logger = newLogger(stderr, "warn")
	cat, err := server.LoadCatalog(ctx, o)
	if err != nil {
		return nil, nil, err
	}
	p, err := server.NewPipeline(cat, o)
	if err != nil {
		return nil, nil, err
	}
	return p, fs.Args(), nil
}

func cmdTools(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	p, _, err := loadPipeline(ctx, "tools", args, stderr)
	if err != nil {
		return err
	}
	data, err := server.ToolList(p)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, string(data))
	return err
}

// cmdGraph is `askapi graph --spec S`: the graph as JSON; with --stats, coverage figures
// over one or many specs (inspect_stats.go).
func cmdGraph(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--stats" || a == "-stats" || a == "--stats=true" || a == "-stats=true" {
			return cmdGraphStats(ctx, args, stdout, stderr)
		}
	}
	p, _, err := loadPipeline(ctx, "graph", args, stderr)
	if err != nil {
		return err
	}
	return printJSON(stdout, map[string]any{"operations": p.Graph.Describe()})
}

// cmdPlan is `askapi plan --spec S OPERATION key=value...`; values that parse as JSON
// (numbers, booleans) are sent as such.
func cmdPlan(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	p, rest, err := loadPipeline(ctx, "plan", args, stderr)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		return errors.New(`plan: name the operation, as a tool name or "METHOD /path"`)
	}
	op := rest[0]
	rest = rest[1:]
	// "GET /path" may arrive as two words.
	if len(rest) > 0 && strings.HasPrefix(rest[0], "/") {
		op += " " + rest[0]
		rest = rest[1:]
	}
	hints := map[string]any{}
	for _, kv := range rest {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("plan: %q is not key=value", kv)
		}
		hints[k] = parseValue(v)
	}
	return printJSON(stdout, p.Plan(pipeline.PlanArgs{Operation: op, Hints: hints}))
}

func parseValue(v string) any {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		return n
	}
	var x any
	if err := json.Unmarshal([]byte(v), &x); err == nil {
		if _, isString := x.(string); !isString {
			return x
		}
	}
	return v
}

func printJSON(w io.Writer, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	_, err = fmt.Fprintln(w, string(data))
	return err
}
