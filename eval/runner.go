package eval

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/askapi/askapi/model/modeltest"
	"github.com/askapi/askapi/server"
	"github.com/askapi/askapi/tools/openapi"
)

// evalCredential is the credential every server gets, so specs with security schemes do
// not ask for one; it is also checked never to show up in a result.
const evalCredential = "eval-dummy-credential"

// Options configure a run.
type Options struct {
	// Binary is the askapi executable; empty means ASKAPI_EVAL_BINARY, else this process.
	Binary string
	// Shared is the shared folder case specs are relative to.
	Shared string
	// Root is the repository root, the second place specs are looked up (default: cwd).
	Root string
	// CaseTimeout bounds one case (default 60s).
	CaseTimeout time.Duration
	// Parallel cases at once (default 4).
	Parallel int
}

func (o Options) binary() (string, error) {
	if o.Binary != "" {
		return o.Binary, nil
	}
	if b := os.Getenv("ASKAPI_EVAL_BINARY"); b != "" {
		return b, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("locate the askapi binary: %w", err)
	}
	return exe, nil
}

// System names the server a row is about.
const (
	SystemAskapi = "askapi"
	SystemNaive  = "naive"
)

// TurnResult is what one turn sent and got.
type TurnResult struct {
	Turn         int            `json:"turn"`
	Tool         string         `json:"tool"`
	Arguments    map[string]any `json:"arguments,omitempty"`
	Status       string         `json:"status"`
	Questions    []Question     `json:"questions,omitempty"`
	IsError      bool           `json:"is_error,omitempty"`
	Continuation bool           `json:"continuation,omitempty"`
	Forms        int            `json:"forms,omitempty"`
	// Calls is how many upstream requests the turn made.
	Calls      int            `json:"upstream_calls"`
	Met        bool           `json:"met"`
	Problems   []string       `json:"problems,omitempty"`
	Structured map[string]any `json:"-"`
	Text       string         `json:"-"`
	// op is the operation the turn called ("METHOD /path"), empty for meta-tools.
	op string
}

// CaseResult is one case run against one system, with its scores.
type CaseResult struct {
	ID       string       `json:"id"`
	Category string       `json:"category"`
	System   string       `json:"system"`
	Turns    []TurnResult `json:"turns"`
	Requests []Request    `json:"requests"`
	Forms    []Form       `json:"forms,omitempty"`
	Score
	// Violations are safety failures: a secret in a result, or a request the
	// clarification layer should have stopped.
	Violations []string `json:"violations,omitempty"`
	// Wording lists texts a person would read that break the wording rules (an id asked
	// for, placeholder text, a stemmed word); any fails the case.
	Wording []string `json:"wording,omitempty"`
	// KnownFailure is the case's own account of why askapi fails it today.
	KnownFailure string `json:"known_failure,omitempty"`
	// Sentence is, for a find case whose turn carries assistant_query, what
	// find_operations answered to the person's whole sentence (arguments.query), asked in
	// the same session after the turn: reported, never scored.
	Sentence *TurnResult `json:"sentence,omitempty"`
	// Error is a failure of the run itself (server did not start, unknown tool...).
	Error string `json:"error,omitempty"`
	Pass  bool   `json:"pass"`
	// Stderr is the server's log, kept for failed cases.
	Stderr string `json:"stderr,omitempty"`
	// templates are the served operations, "METHOD /path", for telling which one a
	// request was for.
	templates []string
}

// RunCases runs every case against one system, a few at a time, in input order.
func RunCases(ctx context.Context, cases []*Case, system string, opts Options) []*CaseResult {
	out := make([]*CaseResult, len(cases))
	par := opts.Parallel
	if par <= 0 {
		par = 4
	}
	sem := make(chan struct{}, par)
	var wg sync.WaitGroup
	for i, c := range cases {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			out[i] = RunCase(ctx, c, system, opts)
		}()
	}
	wg.Wait()
	return out
}

// RunCase runs one case against askapi (or the naive proxy) and scores it.
func RunCase(ctx context.Context, c *Case, system string, opts Options) *CaseResult {
	res := &CaseResult{ID: c.ID, Category: c.Category, System: system, KnownFailure: c.KnownFailure}
	timeout := opts.CaseTimeout
	if timeout <= 0 {
		timeout = 60 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	stderr := &lockedWriter{}
	if err := run(ctx, c, system, opts, res, stderr); err != nil {
		res.Error = err.Error()
	}
	score(c, res)
	if !res.Pass {
		res.Stderr = stderr.String()
	}
	return res
}

func run(ctx context.Context, c *Case, system string, opts Options, res *CaseResult, stderr *lockedWriter) error {
	bin, err := opts.binary()
	if err != nil {
		return err
	}
	spec, err := resolveSpec(c, opts)
	if err != nil {
		return err
	}
	up, err := startUpstream(c.Upstream)
	if err != nil {
		return fmt.Errorf("replaying upstream: %w", err)
	}
	defer up.Close()
	args := []string{"serve", "--spec", spec, "--base-url", up.URL()}
	if system == SystemNaive {
		args = append(args, "--naive")
	}
	if len(c.Policy) > 0 {
		dir, err := os.MkdirTemp("", "askapi-eval-")
		if err != nil {
			return fmt.Errorf("policy file: %w", err)
		}
		defer os.RemoveAll(dir)
		file := filepath.Join(dir, "policy.json")
		if err := os.WriteFile(file, c.Policy, 0o600); err != nil {
			return fmt.Errorf("policy file: %w", err)
		}
		args = append(args, "--policy", file)
	}
	env := serverEnv(c)
	if c.Model != nil {
		ep := modeltest.New(c.Model.scriptedReplies()...)
		defer func() { res.Violations = append(res.Violations, modelProblems(c.Model, ep, secrets(c))...) }()
		defer ep.Close()
		args = append(args, "--llm-base-url", ep.BaseURL(), "--llm-model", "scripted")
		env = append(env, "ASKAPI_LLM_API_KEY="+evalModelKey)
	}
	copts := server.ClientOptions{ExactEnv: true, Stderr: stderr}
	var forms *formRecorder
	if c.Client != nil {
		copts.ProtocolVersion = c.Client.Protocol
		if len(c.Client.Elicitation) > 0 {
			ans, err := c.Client.elicitAnswer()
			if err != nil {
				return err
			}
			forms = &formRecorder{answer: ans}
			copts.Elicit = forms.elicit
		}
	}
	cl, err := server.Dial(ctx, bin, args, env, copts)
	if err != nil {
		return err
	}
	defer cl.Close()
	list, err := cl.ListTools(ctx)
	if err != nil {
		return err
	}
	tools := map[string]string{}
	schemas := map[string]map[string]any{}
	for _, t := range list {
		schemas[t.Name] = t.InputSchema
		tools[t.Name] = t.Name
		if t.Method != "" {
			tools[strings.ToUpper(t.Method)+" "+t.Path] = t.Name
			res.templates = append(res.templates, strings.ToUpper(t.Method)+" "+t.Path)
		}
	}
	if tools[dynamicCall] != "" && len(res.templates) == 0 {
		// Served dynamically: tools/list names no operation, so the safety check learns
		// the spec's operations from the spec itself.
		if res.templates, err = specTemplates(ctx, spec); err != nil {
			return err
		}
	}
	err = runTurns(ctx, c, cl, tools, up, forms, res)
	res.Requests = up.requests()
	res.Forms = forms.list()
	if system == SystemAskapi {
		w, werr := newWordingScope(spec, c, res, schemas)
		if werr != nil {
			return werr
		}
		res.Wording = wordingFaults(w, res)
	}
	return err
}

// runTurns plays the conversation: a tool turn calls the named tool; an answers turn calls
// the previous tool again with the earlier arguments, the answers and the continuation.
func runTurns(ctx context.Context, c *Case, cl *server.Client, tools map[string]string, up *upstream, forms *formRecorder, res *CaseResult) error {
	var (
		tool, op     string
		args         map[string]any
		continuation string
	)
	for i, t := range c.Turns {
		up.setTurn(i)
		if forms != nil {
			forms.setTurn(i)
		}
		if t.Tool != "" {
			name, ok := tools[t.Tool]
			if !ok && strings.Contains(t.Tool, " /") && tools[dynamicCall] != "" {
				// A spec served dynamically (more operations than auto mode lists): the
				// operation is reached through call_operation, as an assistant would.
				name, ok = dynamicCall, true
			}
			if !ok {
				return fmt.Errorf("turn %d: the server offers no tool for %q", i+1, t.Tool)
			}
			tool, op = name, ""
			if strings.Contains(t.Tool, " /") {
				op = t.Tool
			}
			args = copyMap(t.Arguments)
		} else {
			for k, v := range t.Answers {
				args[k] = v
			}
		}
		if t.UserRequest != "" {
			args["_user_request"] = t.UserRequest
		}
		// A find turn is asked as an assistant asks it; the whole sentence is asked after.
		sentence, assisted := args["query"], t.Tool == ToolFind && t.AssistantQuery != ""
		if assisted {
			args["query"] = t.AssistantQuery
		}
		send := copyMap(args)
		if tool == dynamicCall && op != "" {
			send = viaCallOperation(op, send)
		}
		if t.Answers != nil && continuation != "" {
			send["_continuation"] = continuation
			if t.TamperContinuation {
				send["_continuation"] = tamper(continuation)
			}
		}
		tr := TurnResult{Turn: i + 1, Tool: tool, Arguments: send, op: op}
		out, err := cl.Call(ctx, tool, send)
		if err != nil {
			tr.Problems = append(tr.Problems, "call failed: "+err.Error())
			res.Turns = append(res.Turns, tr)
			return fmt.Errorf("turn %d: %w", i+1, err)
		}
		tr.Structured, tr.Text, tr.IsError = out.Structured, out.Text, out.IsError
		tr.Status, _ = out.Structured["status"].(string)
		tr.Questions = questionsOf(out.Structured)
		if sel, ok := out.Structured["selected"].(map[string]any); ok && tr.op == "" {
			// resolve: the safety check holds the operation it chose to what it sent.
			tr.op, _ = sel["operation"].(string)
		}
		continuation, _ = out.Structured["continuation"].(string)
		tr.Continuation = continuation != ""
		for _, f := range forms.list() {
			if f.Turn == i {
				tr.Forms++
			}
		}
		res.Turns = append(res.Turns, tr)
		if assisted {
			whole := copyMap(args)
			whole["query"] = sentence
			out, err := cl.Call(ctx, tool, whole)
			if err != nil {
				return fmt.Errorf("turn %d, the whole sentence: %w", i+1, err)
			}
			st, _ := out.Structured["status"].(string)
			res.Sentence = &TurnResult{Turn: i + 1, Tool: tool, Arguments: whole, Status: st, IsError: out.IsError, Structured: out.Structured, Text: out.Text}
		}
	}
	return nil
}

// tamper flips characters in the middle of a token, so its authentication must fail.
func tamper(token string) string {
	b := []byte(token)
	seen := map[int]bool{}
	for _, i := range []int{len(b) / 2, len(b)/2 + 1, len(b) - 2} {
		if i < 0 || i >= len(b) || seen[i] {
			continue
		}
		seen[i] = true
		if b[i] == 'A' {
			b[i] = 'B'
		} else {
			b[i] = 'A'
		}
	}
	return string(b)
}

// serverEnv is our environment without any ASKAPI_* setting (so the case alone
// configures the server), the eval credential and the case's own variables.
func serverEnv(c *Case) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ASKAPI_") {
			env = append(env, kv)
		}
	}
	env = append(env, "ASKAPI_API_KEY="+evalCredential)
	keys := make([]string, 0, len(c.Env))
	for k := range c.Env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		env = append(env, k+"="+c.Env[k])
	}
	return env
}

// secrets are the values no result may show: the case's env values and the credential.
func secrets(c *Case) []string {
	out := []string{evalCredential, evalModelKey}
	for _, v := range c.Env {
		// Short values (a flag such as "1") would match by accident; they are not secrets.
		if len(v) >= 6 {
			out = append(out, v)
		}
	}
	return out
}

// resolveSpec finds the case's spec: in the shared folder, else under the repository
// root, else next to the case file.
func resolveSpec(c *Case, opts Options) (string, error) {
	if filepath.IsAbs(c.Spec) {
		return c.Spec, nil
	}
	root := opts.Root
	if root == "" {
		root = "."
	}
	var tried []string
	for _, dir := range []string{opts.Shared, root, filepath.Dir(c.File)} {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, c.Spec)
		if _, err := os.Stat(p); err == nil {
			return filepath.Abs(p)
		}
		tried = append(tried, p)
	}
	return "", fmt.Errorf("spec %q not found (tried %s)", c.Spec, strings.Join(tried, ", "))
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// lockedWriter serialises the server's stderr into one buffer.
type lockedWriter struct {
	mu sync.Mutex
	w  bytes.Buffer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.String()
}

// dialFor starts a server for the case's spec with no upstream behind it: for the plan
// meta-tool, which executes nothing.
func dialFor(ctx context.Context, c *Case, opts Options) (*server.Client, error) {
	bin, err := opts.binary()
	if err != nil {
		return nil, err
	}
	spec, err := resolveSpec(c, opts)
	if err != nil {
		return nil, err
	}
	// Port 9 (discard) on loopback: a request sent by mistake fails fast.
	args := []string{"serve", "--spec", spec, "--base-url", "http://127.0.0.1:9/none"}
	return server.Dial(ctx, bin, args, serverEnv(c), server.ClientOptions{ExactEnv: true})
}

// dynamicCall is the meta-tool dynamic mode reaches every operation through.
const dynamicCall = "call_operation"

// viaCallOperation wraps an operation's arguments for call_operation: the operation, its
// arguments, and the reserved ones (_user_request, _confirm…) beside them.
func viaCallOperation(op string, args map[string]any) map[string]any {
	inner := map[string]any{}
	out := map[string]any{"operation": op, "arguments": inner}
	for k, v := range args {
		if strings.HasPrefix(k, "_") {
			out[k] = v
		} else {
			inner[k] = v
		}
	}
	return out
}

// specTemplates lists a spec's operations as "METHOD /path".
func specTemplates(ctx context.Context, spec string) ([]string, error) {
	cat, err := openapi.LoadCatalog(ctx, spec, openapi.LoadOptions{})
	if err != nil {
		return nil, fmt.Errorf("operations of %s: %w", spec, err)
	}
	out := make([]string, 0, len(cat.Operations()))
	for _, op := range cat.Operations() {
		out = append(out, op.Key())
	}
	return out, nil
}
