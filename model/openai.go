package model

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Config reaches an OpenAI-compatible chat completions endpoint: OpenAI, Azure OpenAI,
// Ollama, vLLM, llama.cpp's server.
type Config struct {
	// BaseURL is the API root ("https://api.openai.com/v1", "http://127.0.0.1:11434/v1");
	// empty means OpenAI's.
	BaseURL string
	Model   string
	// APIKey is sent as the bearer token (Azure: the api-key header); local servers need
	// none. It goes nowhere else.
	APIKey string
	// Timeout bounds one model call; 0 means DefaultTimeout.
	Timeout time.Duration
	// MaxTokens is the answer's token budget per call; 0 means DefaultMaxTokens.
	MaxTokens int
	// HTTPClient, when set, sends the requests (tests); it follows no redirect and
	// reaches only BaseURL's origin all the same (pin.go).
	HTTPClient *http.Client
}

// Defaults for Config.
const (
	DefaultBaseURL   = "https://api.openai.com/v1"
	DefaultTimeout   = 30 * time.Second
	DefaultMaxTokens = 400
)

// Completer answers a prompt: an endpoint, or the host's model through MCP sampling.
type Completer interface {
	Complete(ctx context.Context, p Prompt) (Reply, error)
}

// OpenAI is a Completer over go-openai.
type OpenAI struct {
	client    *openai.Client
	cfg       Config
	official  bool
	noTools   atomic.Bool // the endpoint refused function calling once: JSON mode from then on
	noJSONFmt atomic.Bool // it refused response_format too: plain text
}

// NewOpenAI checks cfg and builds the client.
func NewOpenAI(cfg Config) (*OpenAI, error) {
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("--llm-model is required with an endpoint (a model or, on Azure, a deployment name)")
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	u, err := url.Parse(cfg.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("--llm-base-url %q: want an http or https URL", cfg.BaseURL)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxTokens <= 0 {
		cfg.MaxTokens = DefaultMaxTokens
	}
	host := strings.ToLower(u.Hostname())
	azure := strings.HasSuffix(host, ".openai.azure.com") || strings.HasSuffix(host, ".cognitiveservices.azure.com")
	var oc openai.ClientConfig
	if azure {
		oc = openai.DefaultAzureConfig(cfg.APIKey, strings.TrimSuffix(cfg.BaseURL, "/"))
	} else {
		oc = openai.DefaultConfig(cfg.APIKey)
		oc.BaseURL = strings.TrimSuffix(cfg.BaseURL, "/")
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: cfg.Timeout}
	}
	oc.HTTPClient = pinnedClient(hc, u)
	return &OpenAI{
		client: openai.NewClientWithConfig(oc),
		cfg:    cfg,
		// OpenAI's own endpoints want max_completion_tokens (reasoning models refuse
		// max_tokens); most compatible servers read only max_tokens.
		official: azure || host == "api.openai.com",
	}, nil
}

// Model is the configured model's name.
func (o *OpenAI) Model() string { return o.cfg.Model }

// Complete asks for the answer through a forced function call with a strict schema; an
// endpoint that refuses tools is asked in JSON mode instead, and one that refuses that
// too, in plain text. Each refusal is remembered, so later calls go straight to what works.
func (o *OpenAI) Complete(ctx context.Context, p Prompt) (Reply, error) {
	ctx, cancel := context.WithTimeout(ctx, o.cfg.Timeout)
	defer cancel()
	if !o.noTools.Load() {
		r, err := o.call(ctx, o.request(p, modeTools))
		if err == nil || !refused(err) {
			return r, err
		}
		o.noTools.Store(true)
	}
	if !o.noJSONFmt.Load() {
		r, err := o.call(ctx, o.request(p.JSONMode(), modeJSON))
		if err == nil || !refused(err) {
			return r, err
		}
		o.noJSONFmt.Store(true)
	}
	return o.call(ctx, o.request(p.JSONMode(), modeText))
}

type mode int

const (
	modeTools mode = iota
	modeJSON
	modeText
)

func (o *OpenAI) request(p Prompt, m mode) openai.ChatCompletionRequest {
	req := openai.ChatCompletionRequest{
		Model: o.cfg.Model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: p.System},
			{Role: openai.ChatMessageRoleUser, Content: p.User},
		},
	}
	if o.official {
		req.MaxCompletionTokens = o.cfg.MaxTokens
	} else {
		req.MaxTokens = o.cfg.MaxTokens //nolint:staticcheck // SA1019: OpenAI-compatible servers (vLLM, llama.cpp, Ollama) read max_tokens; max_completion_tokens is OpenAI's own
	}
	switch m {
	case modeTools:
		req.Tools = []openai.Tool{{Type: openai.ToolTypeFunction, Function: &openai.FunctionDefinition{
			Name:        FunctionName,
			Description: "Choose the operation that does what the person asks, and the values they said.",
			Strict:      true,
			Parameters:  p.Schema,
		}}}
		req.ToolChoice = openai.ToolChoice{Type: openai.ToolTypeFunction, Function: openai.ToolFunction{Name: FunctionName}}
		req.ParallelToolCalls = false
	case modeJSON:
		req.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
	}
	return req
}

func (o *OpenAI) call(ctx context.Context, req openai.ChatCompletionRequest) (Reply, error) {
	resp, err := o.client.CreateChatCompletion(ctx, req)
	if err != nil {
		return Reply{}, fmt.Errorf("model endpoint: %w", err)
	}
	if len(resp.Choices) == 0 {
		return Reply{}, fmt.Errorf("model endpoint: %w", ErrNoAnswer)
	}
	msg := resp.Choices[0].Message
	r := Reply{Text: msg.Content, Model: resp.Model}
	for _, tc := range msg.ToolCalls {
		if tc.Function.Name == FunctionName || r.Arguments == "" {
			r.Arguments = tc.Function.Arguments
		}
	}
	if r.Arguments == "" && msg.FunctionCall != nil {
		r.Arguments = msg.FunctionCall.Arguments
	}
	return r, nil
}

// refused reports whether the endpoint rejected the request's shape (tools,
// response_format) rather than failed: a 400, 422 or 501 (a 404 is a wrong model name).
func refused(err error) bool {
	var api *openai.APIError
	if errors.As(err, &api) {
		switch api.HTTPStatusCode {
		case http.StatusBadRequest, http.StatusUnprocessableEntity, http.StatusNotImplemented:
			return true
		}
		return false
	}
	var re *openai.RequestError
	if errors.As(err, &re) {
		switch re.HTTPStatusCode {
		case http.StatusBadRequest, http.StatusUnprocessableEntity, http.StatusNotImplemented:
			return true
		}
	}
	return false
}
