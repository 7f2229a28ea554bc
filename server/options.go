package server

import (
	"io"
	"log/slog"
	"time"
)

// Options configure a server; main fills them from flags and the environment.
type Options struct {
	Spec              string
	BaseURL           string
	Headers           []string
	PolicyFile        string
	AllowExternalRefs bool
	Timeout           time.Duration
	MaxBody           int64
	// ContinuationKey seals continuation tokens; empty means a random per-process key.
	ContinuationKey string
	ContinuationTTL time.Duration
	Naive           bool
	// ReadOnly hides every operation that writes.
	ReadOnly bool

	// HTTPAddr serves streamable HTTP instead of stdio.
	HTTPAddr string
	// HTTPToken, when set, is the bearer token every HTTP request must carry.
	HTTPToken string

	// Environ is where credentials (ASKAPI_AUTH_<SCHEME>, ASKAPI_API_KEY) are read from.
	Environ []string
	Logger  *slog.Logger
	Stdin   io.Reader
	Stdout  io.Writer
	Version string
}
