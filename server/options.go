package server

import (
	"io"
	"log/slog"
	"time"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/openapi"
)

// Options configure a server; main fills them from flags and the environment.
type Options struct {
	Spec    string
	BaseURL string
	// BaseURLExact uses BaseURL as given: a host-only URL does not take the spec's base
	// path (EffectiveBaseURL).
	BaseURLExact      bool
	Headers           []string
	PolicyFile        string
	AllowExternalRefs bool
	// NoCache turns off the on-disk cache of compiled catalogs.
	NoCache bool
	// CacheDir is that cache's directory; empty: no cache. The command sets it
	// (cache.DefaultDir).
	CacheDir string
	// LoadPace and GraphPace, set by the command, steer the collector while a spec is
	// compiled or a cache entry decoded, and while a large graph or search index is built.
	LoadPace  func(openapi.Work) (done func())
	GraphPace func() (done func())
	Timeout   time.Duration
	MaxBody   int64
	// ContinuationKey seals continuation tokens; empty means a random per-process key.
	ContinuationKey string
	ContinuationTTL time.Duration
	Naive           bool
	// Compact answers in the compact shape by default (--compact; _compact per call).
	Compact bool
	// ReadOnly hides every operation that writes.
	ReadOnly bool
	// Tags, Include and Exclude select the operations served (see tools.Filter): by tag,
	// and by operationId, tool name or "METHOD /path" globs.
	Tags    []string
	Include []string
	Exclude []string
	// Mode is how operations are served: "static" (one tool each), "dynamic"
	// (find_operations, describe_operation and call_operation instead), or "auto" (the
	// default, also ""): dynamic when more than DynamicThreshold operations are served.
	Mode string
	// DynamicThreshold is the number of operation tools auto mode serves statically at
	// most; 0 means DefaultDynamicThreshold.
	DynamicThreshold int
	// OutputSchema says whether operation tools declare the envelope's output schema:
	// "always", "never", or "auto" (default, also ""): unless a static list holds more
	// than OutputSchemaMaxTools tools (outputschema.go).
	OutputSchema string
	// StaticMaxTools is how many operation tools static mode lists at most; a larger
	// spec is refused at start. 0 means DefaultStaticMaxTools, a negative value no bound.
	StaticMaxTools int

	// HTTPAddr serves streamable HTTP instead of stdio.
	HTTPAddr string
	// HTTPToken, when set, is the bearer token every HTTP request must carry.
	HTTPToken string
	// HTTPMaxBody is the largest HTTP request body accepted, in bytes; a larger one gets
	// 413 without being read. 0 means DefaultHTTPMaxBody.
	HTTPMaxBody int64
	// HTTPAllowOrigins are browser origins ("https://app.example.com") accepted beside the
	// server's own host, and granted CORS.
	HTTPAllowOrigins []string

	// LLM says how resolve reaches a model (llm.go).
	LLM pipeline.LLMOptions
	// Access says how askapi authenticates upstream and to whom it talks (access.go).
	Access

	// Environ is where credentials (ASKAPI_AUTH_<SCHEME>, ASKAPI_API_KEY) are read from.
	Environ []string
	Logger  *slog.Logger
	Stdin   io.Reader
	Stdout  io.Writer
	Version string

	// graphBehind builds a dynamic pipeline's graph in the background (Serve sets it):
	// find_operations needs only the search index.
	graphBehind bool
	// cacheBehind writes the compiled catalog's cache entry behind the start (Serve sets
	// it, and waits for the write before it returns).
	cacheBehind bool
	// census, when set, is given the spec's operation heads before they are compiled
	// (see tools.LoadOptions.Census); Serve sets it to list dynamic mode's tools early.
	census func(heads *tools.Catalog)
}
