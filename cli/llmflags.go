package cli

import (
	"flag"
	"os"

	"github.com/askapi/askapi/model"
	"github.com/askapi/askapi/server/pipeline"
)

// llmFlags declares how resolve reaches a model. The key is a secret: environment only,
// never a flag visible in process lists.
func llmFlags(fs *flag.FlagSet, o *pipeline.LLMOptions) {
	fs.StringVar(&o.BaseURL, "llm-base-url", os.Getenv("ASKAPI_LLM_BASE_URL"), "OpenAI-compatible endpoint resolve asks (OpenAI, Azure OpenAI, Ollama, vLLM, llama.cpp), e.g. http://127.0.0.1:11434/v1; key from ASKAPI_LLM_API_KEY or OPENAI_API_KEY (env ASKAPI_LLM_BASE_URL)")
	fs.StringVar(&o.Model, "llm-model", os.Getenv("ASKAPI_LLM_MODEL"), "model (Azure: deployment) resolve asks; with it alone the endpoint is OpenAI's (env ASKAPI_LLM_MODEL)")
	fs.DurationVar(&o.Timeout, "llm-timeout", envDuration("ASKAPI_LLM_TIMEOUT", model.DefaultTimeout), "timeout of one model call (env ASKAPI_LLM_TIMEOUT)")
	fs.IntVar(&o.MaxTokens, "llm-max-tokens", int(envInt("ASKAPI_LLM_MAX_TOKENS", model.DefaultMaxTokens)), "token budget of one model answer (env ASKAPI_LLM_MAX_TOKENS)")
	fs.BoolVar(&o.NoSampling, "no-sampling", envBool("ASKAPI_NO_SAMPLING"), "never ask the host's model through MCP sampling: resolve is served only with an endpoint (env ASKAPI_NO_SAMPLING)")
	o.APIKey = os.Getenv("ASKAPI_LLM_API_KEY")
	if o.APIKey == "" {
		o.APIKey = os.Getenv("OPENAI_API_KEY")
	}
}
