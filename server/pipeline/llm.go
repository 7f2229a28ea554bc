package pipeline

import (
	"fmt"
	"strings"
	"time"

	"github.com/askapi/askapi/model"
)

// LLMOptions say how resolve reaches a model: an OpenAI-compatible endpoint when
// BaseURL or Model is set, else the host's own model through MCP sampling (unless
// NoSampling), offered only to clients that declared sampling.
type LLMOptions struct {
	// BaseURL is the endpoint's API root (--llm-base-url); empty with Model set means
	// OpenAI's.
	BaseURL string
	// Model is the model, or Azure deployment, to ask (--llm-model).
	Model string
	// APIKey is the endpoint's key (ASKAPI_LLM_API_KEY, else OPENAI_API_KEY): a secret,
	// redacted like the API's own credentials.
	APIKey string
	// Timeout bounds one model call; 0 means model.DefaultTimeout.
	Timeout time.Duration
	// MaxTokens is the answer's token budget per call; 0 means model.DefaultMaxTokens.
	MaxTokens int
	// NoSampling never asks the host's model, so resolve is served only with an endpoint.
	NoSampling bool
}

// endpoint reports whether an OpenAI-compatible endpoint is configured.
func (o LLMOptions) endpoint() bool {
	return strings.TrimSpace(o.BaseURL) != "" || strings.TrimSpace(o.Model) != ""
}

// ModelSource is where resolve's model answers come from.
type ModelSource struct {
	// Endpoint answers directly; nil means the host's model, through sampling.
	Endpoint model.Completer
	// Name is the endpoint's model, shown in selected.
	Name      string
	MaxTokens int
}

// modelVia says, in a tool's _meta, which model resolve asks.
const (
	modelViaEndpoint = "endpoint"
	ModelViaSampling = "sampling"
)

// NewModelSource is resolve's model, or nil when resolve is not served.
func NewModelSource(o LLMOptions) (*ModelSource, error) {
	maxTokens := o.MaxTokens
	if maxTokens <= 0 {
		maxTokens = model.DefaultMaxTokens
	}
	if !o.endpoint() {
		if o.NoSampling {
			return nil, nil
		}
		return &ModelSource{MaxTokens: maxTokens}, nil
	}
	c, err := model.NewOpenAI(model.Config{BaseURL: o.BaseURL, Model: o.Model, APIKey: o.APIKey, Timeout: o.Timeout, MaxTokens: maxTokens})
	if err != nil {
		return nil, fmt.Errorf("resolve's model: %w", err)
	}
	return &ModelSource{Endpoint: c, Name: c.Model(), MaxTokens: maxTokens}, nil
}

// Via is modelViaEndpoint or modelViaSampling.
func (m *ModelSource) Via() string {
	if m.Endpoint != nil {
		return modelViaEndpoint
	}
	return ModelViaSampling
}

// ViaOf is how LLMOptions reach a model, without building a client: "" when resolve is
// not served. Dynamic mode lists its tools before the pipeline exists (earlylist.go).
func ViaOf(o LLMOptions) string {
	switch {
	case o.endpoint():
		return modelViaEndpoint
	case o.NoSampling:
		return ""
	}
	return ModelViaSampling
}
