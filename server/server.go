// Package server speaks MCP: it registers one tool per operation, runs the call
// pipeline (validate → complete → clarify or execute) and serves stdio or streamable HTTP.
// It is the only package that imports mcp-go.
package server

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/reverse/find"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/openapi"
	"github.com/askapi/askapi/tools/secret"
)

const instructions = `askapi exposes an HTTP API as tools and never lets a call guess.
When a tool answers needs_clarification, nothing was sent: ask the user each question (offer the options when given), then call the same tool again with the answers and the _continuation token unchanged.
Pass the user's own words as _user_request, so askapi can check values were said rather than invented.
Where an argument names a thing (a person, a movie, an alert), a name is accepted and resolved through the API's own search; when it matches several things or none, askapi asks.`

// LoadCatalog loads and compiles the spec, printing normalisation warnings to the logger.
func LoadCatalog(ctx context.Context, opts Options) (*tools.Catalog, error) {
	cat, err := openapi.LoadCatalog(ctx, opts.Spec, openapi.LoadOptions{
		AllowExternalRefs: opts.AllowExternalRefs,
		NoCache:           opts.NoCache,
		CacheDir:          opts.CacheDir,
		Pace:              opts.LoadPace,
		Version:           opts.Version,
		Logger:            opts.Logger,
		Census:            opts.census,
		HTTPClient:        specClient(opts),
		WriteBehind:       opts.cacheBehind,
	})
	if err != nil {
		return nil, err
	}
	if opts.Logger != nil {
		for _, w := range cat.Warnings() {
			opts.Logger.Warn(w)
		}
	}
	return cat, nil
}

// NewPipeline wires the call pipeline for a catalog.
func NewPipeline(cat *tools.Catalog, opts Options) (*pipeline.Pipeline, error) {
	cat, err := withAuthFlag(cat, opts)
	if err != nil {
		return nil, err
	}
	cred := secret.CredentialsFromEnv(cat, opts.Environ)
	for _, h := range opts.Headers {
		if err := cred.AddHeader(h); err != nil {
			return nil, fmt.Errorf("--header: %w", err)
		}
	}
	sender, err := upstreamSender(opts, &cred)
	if err != nil {
		return nil, err
	}
	sealer, err := clarify.NewSealer(opts.ContinuationKey, opts.ContinuationTTL)
	if err != nil {
		return nil, err
	}
	configured := configuredSecrets(opts)
	logger := redactingLogger(opts.Logger, secret.NewRedactor(append(cred.Secrets(), configured...)...))
	warnShortSecrets(logger, opts)
	warnInsecure(logger, opts)
	if opts.PerUserCredentials {
		cred = perUserOnly(logger, cred)
	} else {
		warnUnusedKey(logger, cat, opts)
		warnUnusedOAuth2(logger, cat, cred)
	}
	base, err := EffectiveBaseURL(opts.BaseURL, cat.BaseURL(), opts.BaseURLExact)
	if err != nil {
		// Tools can still be listed and planned; calls answer this error until it is fixed.
		logger.Warn(err.Error())
		base = ""
	}
	policy, err := servedPolicy(opts, cat)
	if err != nil {
		return nil, err
	}
	// Filters apply before anything is built from the catalog: what they leave out does
	// not exist for the graph, the search index or the tools.
	filter := operationFilter(opts, policy)
	for _, u := range filter.Unmatched(cat) {
		logger.Warn("filter matches no operation: " + u)
	}
	cat = filter.Apply(cat)
	if len(cat.Operations()) == 0 && !filter.Empty() {
		return nil, errors.New("the filters (--tag, --include, --exclude, --read-only) leave no operation to serve")
	}
	dynamic, err := dynamicMode(opts, len(cat.Operations()))
	if err != nil {
		return nil, err
	}
	if !dynamic {
		if err := staticCeiling(opts, len(cat.Operations())); err != nil {
			return nil, err
		}
	}
	declared, err := policy.DeclaredSources()
	if err != nil {
		return nil, fmt.Errorf("policy: %w", err)
	}
	// The pipeline widens the schemas of arguments that accept a name: on its own copy, so
	// the catalog stays a value and a second pipeline over it publishes the same tools.
	cat = cat.Clone()
	secret.DropConfiguredHeaders(cat, cred.Headers)
	var pending chan *find.Index
	if dynamic {
		pending = make(chan *find.Index, 1)
	}
	graphReady := make(chan struct{})
	p := &pipeline.Pipeline{
		PendingIndex: pending,
		GraphReady:   graphReady,
		Policy:       policy,
		Catalog:      cat,
		BaseURL:      base,
		Credentials:  cred,
		Sender:       sender,
		Sealer:       sealer,
		Naive:        opts.Naive,
		Compact:      opts.Compact,
		Logger:       logger,
		DynamicMode:  dynamic,
		Configured:   configured,
		PerUser:      opts.PerUserCredentials,
		OutputSchema: opts.OutputSchema,
		GraphPace:    opts.GraphPace,
	}
	if p.Model, err = pipeline.NewModelSource(opts.LLM); err != nil {
		return nil, err
	}
	build := func() {
		if len(cat.Operations()) > pipeline.LargeGraph && opts.GraphPace != nil {
			// The graph's working garbage is a third of a large spec's catalog.
			defer opts.GraphPace()()
		}
		g := reverse.Build(cat, declared)
		p.Graph, p.Resolvable = g, g.Annotate()
		close(graphReady)
	}
	switch {
	case dynamic && opts.graphBehind:
		// Served: find_operations is a dynamic session's first call, and the person waits
		// on it. Its index is built first, on every core, then the graph; every other call
		// waits for the graph (AwaitGraph). Built side by side they shared two cores and the
		// first answer waited twice as long (issue 31).
		go func() {
			pending <- find.NewIndex(cat)
			build()
		}()
	case dynamic:
		go func() { pending <- find.NewIndex(cat) }()
		build()
	default:
		build()
	}
	return p, nil
}

// New builds the MCP server with the pipeline's tools: one per operation, or the
// meta-tools of dynamic mode.
func New(p *pipeline.Pipeline, version string) (*mcpserver.MCPServer, error) {
	s := newMCPServer(version, samplingFilter())
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
func Register(s *mcpserver.MCPServer, p *pipeline.Pipeline) error {
	entries, err := serverTools(p)
	if err != nil {
		return err
	}
	s.AddTools(entries...)
	return nil
}

// serverTools are the tools the pipeline serves, with their handlers: one per operation
// beside the meta-tools, or the meta-tools of dynamic mode. Every handler answers
// through the edge, where secrets are redacted (redact.go).
func serverTools(p *pipeline.Pipeline) ([]mcpserver.ServerTool, error) {
	entries, err := allTools(p)
	if err != nil {
		return nil, err
	}
	resolve, err := resolveTools(p)
	if err != nil {
		return nil, err
	}
	entries = append(entries, resolve...)
	for i := range entries {
		entries[i].Handler = atEdge(p, entries[i].Handler)
	}
	return entries, nil
}

func allTools(p *pipeline.Pipeline) ([]mcpserver.ServerTool, error) {
	if p.Dynamic() {
		return dynamicTools(p)
	}
	entries, err := metaTools(p)
	if err != nil {
		return nil, err
	}
	ops := p.Catalog.Operations()
	built := make([]mcpserver.ServerTool, len(ops))
	errs := make([]error, len(ops))
	// Describing an operation (mostly encoding its input schema) is independent of every
	// other: spread over the cores, each result in its operation's slot, so the order and
	// the first error reported are those of a sequential loop.
	tools.Parallel(len(ops), func(i int) {
		op := ops[i]
		t, err := ToolOf(op, p.Resolvable[op.Name], p.Policy.NeedsConfirm(op))
		if err != nil {
			errs[i] = err
			return
		}
		built[i] = mcpserver.ServerTool{Tool: t, Handler: handlerFor(p, op)}
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	entries = append(entries, built...)
	if !declareOutputSchemas(p.OutputSchema, len(entries)) {
		withoutOutputSchemas(entries)
	}
	return entries, nil
}

// operationFilter is the filter the options and the policy (read-only) set.
func operationFilter(opts Options, policy *clarify.Policy) tools.Filter {
	return tools.Filter{Tags: opts.Tags, Include: opts.Include, Exclude: opts.Exclude, ReadOnly: policy.ReadOnly}
}

// servedPolicy is the policy of the policy file and the spec's x-askapi-policy, made
// read-only by --read-only.
func servedPolicy(opts Options, cat *tools.Catalog) (*clarify.Policy, error) {
	var p *clarify.Policy
	if opts.PolicyFile != "" {
		var err error
		if p, err = clarify.LoadPolicy(opts.PolicyFile); err != nil {
			return nil, err
		}
	}
	p, err := p.WithSpec(cat)
	if err != nil {
		return nil, err
	}
	if opts.ReadOnly {
		p.ReadOnly = true
	}
	return p, nil
}

// EffectiveBaseURL applies --base-url over the spec's server. A --base-url that is only
// a host keeps the base path of the spec's server, relative (Alertmanager's "/api/v2/")
// or absolute (Swagger's basePath: "https://petstore.swagger.io/v2" gives "/v2"), so
// `--base-url http://127.0.0.1:9093` reaches the API where the spec says it lives.
// exact (--base-url-exact) uses the flag as given.
func EffectiveBaseURL(flag, spec string, exact bool) (string, error) {
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
	if !hostOnly || exact {
		return flag, nil
	}
	if path := specBasePath(spec); path != "" {
		return strings.TrimSuffix(flag, "/") + path, nil
	}
	return flag, nil
}

// specBasePath is the path of the spec's server URL ("/api/v2/", "/v2"), or "" when it
// has none beyond "/".
func specBasePath(spec string) string {
	path := spec
	if !strings.HasPrefix(spec, "/") {
		u, err := url.Parse(spec)
		if err != nil || u.Host == "" {
			return ""
		}
		path = u.EscapedPath()
	}
	if strings.Trim(path, "/") == "" {
		return ""
	}
	return path
}
