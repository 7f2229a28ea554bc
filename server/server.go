// Package server speaks MCP: it registers one tool per operation, runs the call
// pipeline (validate → complete → clarify or execute) and serves stdio or streamable HTTP.
// It is the only package that imports mcp-go.
package server

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
)

const instructions = `askapi exposes an HTTP API as tools and never lets a call guess.
When a tool answers needs_clarification, nothing was sent: ask the user each question (offer the options when given), then call the same tool again with the answers and the _continuation token unchanged.
Pass the user's own words as _user_request, so askapi can check values were said rather than invented.
Where an argument names a thing (a person, a movie, an alert), a name is accepted and resolved through the API's own search.`

// LoadCatalog loads and compiles the spec, printing normalisation warnings to the logger.
func LoadCatalog(ctx context.Context, opts Options) (*tools.Catalog, error) {
	doc, info, err := tools.LoadDocument(ctx, opts.Spec, tools.LoadOptions{AllowExternalRefs: opts.AllowExternalRefs})
	if err != nil {
		return nil, err
	}
	cat, err := tools.Build(doc, opts.Spec)
	if err != nil {
		return nil, fmt.Errorf("spec %s: %w", opts.Spec, err)
	}
	cat.Warnings = info.Warnings
	if opts.Logger != nil {
		for _, w := range info.Warnings {
			opts.Logger.Warn(w)
		}
	}
	return cat, nil
}

// NewPipeline wires the call pipeline for a catalog.
func NewPipeline(cat *tools.Catalog, opts Options) (*Pipeline, error) {
	cred := tools.CredentialsFromEnv(cat, opts.Environ)
	for _, h := range opts.Headers {
		if err := cred.AddHeader(h); err != nil {
			return nil, fmt.Errorf("--header: %w", err)
		}
	}
	sealer, err := clarify.NewSealer(opts.ContinuationKey, opts.ContinuationTTL)
	if err != nil {
		return nil, err
	}
	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	base, err := EffectiveBaseURL(opts.BaseURL, cat.BaseURL)
	if err != nil {
		// Tools can still be listed and planned; calls answer this error until it is fixed.
		logger.Warn(err.Error())
		base = ""
	}
	policy, err := loadPolicy(opts.PolicyFile, cat)
	if err != nil {
		return nil, err
	}
	if opts.ReadOnly {
		policy.ReadOnly = true
	}
	if policy.ReadOnly {
		cat = withoutWrites(cat, policy)
	}
	declared, err := policy.DeclaredSources()
	if err != nil {
		return nil, fmt.Errorf("policy: %w", err)
	}
	graph := reverse.Build(cat, declared)
	return &Pipeline{
		Policy:      policy,
		Graph:       graph,
		Resolvable:  graph.Annotate(),
		Search:      reverse.NewIndex(cat),
		Catalog:     cat,
		BaseURL:     base,
		Credentials: cred,
		Sender:      tools.NewSender(opts.Timeout, opts.MaxBody),
		Sealer:      sealer,
		Naive:       opts.Naive,
		Logger:      logger,
	}, nil
}

// New builds the MCP server with one tool per operation.
func New(p *Pipeline, version string) (*mcpserver.MCPServer, error) {
	s := newMCPServer(version)
	if err := Register(s, p); err != nil {
		return nil, err
	}
	return s, nil
}

func newMCPServer(version string, extra ...mcpserver.ServerOption) *mcpserver.MCPServer {
	opts := append([]mcpserver.ServerOption{
		// Declared up front: tools may be registered after initialize was answered.
		mcpserver.WithToolCapabilities(true),
		mcpserver.WithLogging(),
		mcpserver.WithInstructions(instructions),
		mcpserver.WithRecovery(),
	}, extra...)
	return mcpserver.NewMCPServer("askapi", version, opts...)
}

// Register adds the pipeline's tools to s, in one batch.
func Register(s *mcpserver.MCPServer, p *Pipeline) error {
	entries, err := p.metaTools()
	if err != nil {
		return err
	}
	for _, op := range p.Catalog.Operations {
		t, err := ToolOf(op, p.Resolvable[op.Name], p.Policy.NeedsConfirm(op))
		if err != nil {
			return err
		}
		entries = append(entries, mcpserver.ServerTool{Tool: t, Handler: handlerFor(p, op)})
	}
	s.AddTools(entries...)
	return nil
}

func loadPolicy(file string, cat *tools.Catalog) (*clarify.Policy, error) {
	var p *clarify.Policy
	if file != "" {
		var err error
		if p, err = clarify.LoadPolicy(file); err != nil {
			return nil, err
		}
	}
	return p.WithSpec(cat)
}

// withoutWrites is the catalog read-only mode serves: writes are not offered at all.
func withoutWrites(cat *tools.Catalog, policy *clarify.Policy) *tools.Catalog {
	out := *cat
	out.Operations = nil
	for _, op := range cat.Operations {
		if !policy.Hides(op) {
			out.Operations = append(out.Operations, op)
		}
	}
	return &out
}

// EffectiveBaseURL applies --base-url over the spec's server. A --base-url that is only
// a host keeps a relative server path from the spec (Swagger's basePath, "/api/v2/"),
// so `--base-url http://127.0.0.1:9093` reaches Alertmanager's API as expected.
func EffectiveBaseURL(flag, spec string) (string, error) {
	if flag == "" {
		if spec == "" || strings.HasPrefix(spec, "/") {
			return "", fmt.Errorf("the spec declares no absolute server URL (%q): set --base-url", spec)
		}
		return spec, nil
	}
	if !strings.HasPrefix(flag, "http://") && !strings.HasPrefix(flag, "https://") {
		return "", fmt.Errorf("--base-url %q: must start with http:// or https://", flag)
	}
	rest := flag[strings.Index(flag, "//")+2:]
	hostOnly := !strings.Contains(strings.TrimSuffix(rest, "/"), "/")
	if hostOnly && strings.HasPrefix(spec, "/") {
		return strings.TrimSuffix(flag, "/") + spec, nil
	}
	return flag, nil
}
