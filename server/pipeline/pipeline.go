package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/clarify/seal"
	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/reverse/chain"
	"github.com/askapi/askapi/reverse/find"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
	"github.com/askapi/askapi/tools/upstream"
)

// Pipeline runs one call: validate → complete → clarify or execute. It knows nothing of
// MCP, so it is tested directly and shared by every transport.
type Pipeline struct {
	Catalog     *tools.Catalog
	BaseURL     string
	Credentials secret.Credentials
	Sender      *upstream.Sender
	Sealer      *clarify.Sealer
	// Graph resolves names given for identifiers; nil disables completion.
	Graph *reverse.Graph
	// searchIndex ranks operations for find_operations; built on first use, since
	// tools/list does not need it and a large spec's index costs startup time.
	searchIndex     *find.Index
	searchIndexOnce sync.Once
	// PendingIndex, when set, delivers the index built beside the graph (NewPipeline).
	PendingIndex <-chan *find.Index
	// GraphReady is closed once Graph and Resolvable are set; nil means they are.
	GraphReady <-chan struct{}
	// GraphPace, when set, steers the collector while a large index is built.
	GraphPace func() (done func())
	// OutputSchema is --output-schema (outputschema.go).
	OutputSchema string
	// Resolvable lists, per tool, the arguments that accept a name.
	Resolvable map[string][]reverse.Resolvable
	// Policy says which writes need confirmation and which fields must come from the user.
	Policy *clarify.Policy
	// Confirmations marks confirmations used, so one yes sends one write (confirmonce.go);
	// nil means an in-memory store of this process, made on first use.
	Confirmations     seal.OnceStore
	confirmationsOnce sync.Once
	// Naive sends arguments as given: no completion, no clarification. It exists so the
	// evaluation can show what askapi adds over a plain proxy.
	Naive  bool
	Logger *slog.Logger
	// Compact answers in the compact shape unless a call says _compact: false (shape.go).
	Compact bool

	// DynamicMode serves the meta-tools (find, describe, call) instead of one tool per
	// operation; NewPipeline decides it from --mode and the size of the spec.
	DynamicMode bool
	// Model is where resolve's model answers come from; nil when resolve is not served.
	Model *ModelSource
	// PerUser takes each call's credentials from its request (peruser.go).
	PerUser bool

	// Configured are secrets of the configuration beyond Credentials (configuredSecrets).
	Configured  []string
	secrets     []string
	redact      *secret.Redactor
	secretsOnce sync.Once
	// validators holds the catalog's compiled input schemas, for as long as the pipeline.
	validators clarify.Validators
}

// call is one call's working state.
type call struct {
	op          *tools.Operation
	args        map[string]any
	userRequest string
	// confirm is the _confirm answer, when one was given.
	confirm *bool
	state   clarify.State
	result  *clarify.Result
	// resp is the final upstream answer, shaped after the call (shape.go).
	resp *upstream.Response
	// keyLookedUp marks a call whose refused key was looked up as a name (keyretry.go).
	keyLookedUp bool
	// specSet are the arguments the spec itself fills (specversion.go).
	specSet map[string]bool
	// withheld are arguments whose values cannot be sent (unsendable.go): asked about,
	// never looked up, and not sealed into the continuation.
	withheld map[string]bool
	// confirmedRequest is the request a confirmation was bound to, built without
	// credentials for its digest (requestDigest): execute sends it, credentials added,
	// rather than building it again.
	confirmedRequest *http.Request
}

// AwaitGraph waits until the graph is built (a dynamic server builds it in the
// background), or the call is cancelled.
func (p *Pipeline) AwaitGraph(ctx context.Context) error {
	if p.GraphReady == nil {
		return nil
	}
	select {
	case <-p.GraphReady:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Call runs the pipeline for op with the raw arguments the client sent.
func (p *Pipeline) Call(ctx context.Context, op *tools.Operation, raw map[string]any) *clarify.Result {
	if err := p.AwaitGraph(ctx); err != nil {
		return &clarify.Result{Status: clarify.StatusError, Operation: op.Key(), Reason: err.Error(), Error: &clarify.Failure{Message: err.Error()}}
	}
	start := time.Now()
	raw, sh := takeShape(raw, p.Compact)
	c := p.begin(op, raw)
	if c.result.Status == "" {
		p.run(ctx, c)
	}
	p.shape(c, sh)
	c.result = CeilAnswer(BoundEchoes(InertResult(c.result), raw, p.redactor()))
	p.log(c, time.Since(start))
	return c.result
}

func (p *Pipeline) begin(op *tools.Operation, raw map[string]any) *call {
	c := &call{op: op, args: map[string]any{}, result: &clarify.Result{Operation: op.Key()}}
	for k, v := range raw {
		switch k {
		case tools.ArgUserRequest:
			c.userRequest, _ = v.(string)
		case tools.ArgContinuation:
		case tools.ArgConfirm:
			if b, ok := v.(bool); ok {
				c.confirm = &b
			}
		default:
			c.args[k] = v
		}
	}
	// A parameter given by its name on the wire is the tool's argument for it, and a
	// body's fields given beside a one-argument body are the body's; mapped before the
	// earlier round's values are merged, so an answer still wins over them.
	c.args = clarify.BodyFields(op, clarify.WireNames(op, c.args))
	token, _ := raw[tools.ArgContinuation].(string)
	if token == "" || p.Naive {
		return c
	}
	st, err := p.Sealer.Open(token)
	if err == nil && st.Op != op.Key() {
		err = fmt.Errorf("the continuation belongs to %s, not %s", st.Op, op.Key())
	}
	if err != nil {
		c.result.Status = clarify.StatusNeedsClarification
		c.result.Questions = []clarify.Question{{
			Field:    tools.ArgContinuation,
			Kind:     clarify.Invalid,
			Question: "The earlier clarification can no longer be resumed. Please confirm the values for this request again.",
			Reason:   err.Error(),
		}}
		return c
	}
	c.state = st
	if c.confirm != nil && st.Once != "" {
		// A confirmation already spent: answered before anything else runs, so a replay
		// makes no upstream call of any kind.
		if at, used := p.onceStore().Used(st.Once); used {
			alreadyConfirmed(c, at)
			return c
		}
	}
	// Answers given now win over the values carried from the earlier round.
	merged := map[string]any{}
	for k, v := range st.Args {
		merged[k] = v
	}
	for k, v := range c.args {
		merged[k] = v
	}
	c.args = merged
	chosenOptions(c)
	return c
}

// lookupArgs are the arguments names may be looked up for: a value that looks invented
// (YOUR_SITE_ID, the spec's own example) is asked about first, never searched for.
func lookupArgs(c *call) map[string]any {
	out := make(map[string]any, len(c.args))
	for k, v := range c.args {
		if invented, _ := clarify.LooksInvented(c.op, k, v); invented && !c.specSet[k] && !clarify.SameValue(c.state.Asked[k], v) {
			out[k] = nil // given: neither looked up nor completed
			continue
		}
		out[k] = v
	}
	for k := range c.withheld {
		out[k] = nil // given, but cannot go out: neither looked up nor completed
	}
	return out
}

// asDeclared sends an id as the parameter declares it: a list that returned 4821 fills
// a string parameter with "4821".
func asDeclared(op *tools.Operation, arg string, v any) any {
	prm := op.ParamByArg(arg)
	if prm == nil || tools.SchemaType(prm.Schema) != "string" {
		return v
	}
	// A list's id may be a number where the spec types the parameter as a string
	// (Bitbucket's issue_id): it is sent as the text of that number.
	switch n := v.(type) {
	case float64:
		if n == math.Trunc(n) {
			return strconv.FormatFloat(n, 'f', -1, 64)
		}
	case json.Number:
		return n.String()
	case int:
		return strconv.Itoa(n)
	case int64:
		return strconv.FormatInt(n, 10)
	}
	return v
}

// chosenOptions maps an answer that names an offered option back to the option's value,
// so "72129" picked from a form (or typed as text) is the id 72129 the API returned.
func chosenOptions(c *call) {
	for arg, r := range c.state.Resolutions {
		s, ok := c.args[arg].(string)
		if !ok {
			continue
		}
		for _, cand := range r.Candidates {
			if OptionKey(cand.ID) == s {
				c.args[arg] = cand.ID // sent as declared just below
				break
			}
		}
	}
	for arg, v := range c.args {
		if _, offered := c.state.Resolutions[arg]; offered {
			c.args[arg] = asDeclared(c.op, arg, v)
		}
	}
}

func (p *Pipeline) run(ctx context.Context, c *call) {
	if p.Naive {
		p.execute(ctx, c)
		return
	}
	// An answer to a field inside an object argument may come by its dotted path.
	c.args = clarify.FoldDotted(c.op, c.args)
	if _, msg := clarify.UnknownArgs(c.op, c.args); msg != "" {
		// The assistant's mistake, answered to the assistant: never a question for the
		// person, and nothing is sent.
		p.fail(c, msg, 0, "")
		return
	}
	if qs := p.sensitive(ctx, c); len(qs) > 0 {
		// Configuration, not the chat, must change: there is nothing to resume.
		c.result.Status = clarify.StatusNeedsClarification
		c.result.Questions = qs
		return
	}
	c.specSet = p.specVersion(c)
	withheld := p.withhold(c)
	qs, ok := p.complete(ctx, c)
	if !ok {
		return
	}
	qs = append(withheld, qs...)
	asked := map[string]bool{}
	for _, q := range qs {
		asked[q.Field] = true
	}
	checked, err := clarify.Check(clarify.Call{
		Op:          c.op,
		Args:        c.args,
		UserRequest: c.userRequest,
		Resources:   p.resources(c.op),
		Things:      reverse.Things(c.op),
		Confirmed:   confirmedOrProduced(c),
		SpecSet:     c.specSet,
		FromUser:    p.Policy.MustComeFromUser(c.op),
		Validators:  &p.validators,
	})
	if err != nil {
		p.fail(c, fmt.Sprintf("check arguments: %v", err), 0, "")
		return
	}
	for _, q := range checked {
		if q.Kind == clarify.Invalid {
			if inv, ok := clarify.Invented(clarify.Call{Op: c.op, Resources: p.resources(c.op), Things: reverse.Things(c.op)}, q.Field, c.args[q.Field], c.userRequest, time.Now()); ok {
				q = inv // <job-id> where the pattern wants digits: invented, not mistyped
			} else {
				q = p.unresolvable(c, q) // a name where an id goes that nothing can look up
			}
		}
		if !asked[q.Field] {
			qs = append(qs, q)
			asked[q.Field] = true
		}
	}
	for _, q := range p.wordsForIDs(c) {
		if !asked[q.Field] {
			qs = append(qs, q)
		}
	}
	if len(qs) > 0 {
		clarify.Sort(c.op, qs)
		p.clarify(c, qs)
		return
	}
	if p.Policy.NeedsConfirm(c.op) && !p.confirmed(c) {
		return
	}
	p.execute(ctx, c)
}

// confirmed settles a write that policy wants confirmed. The confirmation is bound to the
// exact request through the continuation (a yes given for one request never sends
// another) and is used once (a replayed yes sends nothing). It reports whether the
// request may be sent; otherwise the result is already set.
func (p *Pipeline) confirmed(c *call) bool {
	req, digest, target, body, err := p.requestDigest(c)
	if err != nil {
		p.fail(c, fmt.Sprintf("build request: %v", err), 0, "")
		return false
	}
	if c.confirm != nil && !*c.confirm {
		c.result.Status = clarify.StatusCancelled
		c.result.Reason = "the user did not confirm " + target + "; nothing was sent"
		return false
	}
	// A token without a nonce (sealed before confirmations were once-only) asks again.
	if c.confirm != nil && *c.confirm && c.state.Pending == digest && c.state.Once != "" {
		if !p.spendConfirmation(c) {
			return false
		}
		c.confirmedRequest = req
		return true
	}
	reason := "policy requires confirmation before " + c.op.Method + " requests"
	if c.confirm != nil {
		reason = "the confirmation given was not for this exact request (it changed, or was never asked for); confirm again"
	}
	c.state.Pending = digest
	c.state.Once = seal.NewNonce()
	p.clarify(c, []clarify.Question{{
		Field:    tools.ArgConfirm,
		Kind:     clarify.Unconfirmed,
		Question: confirmText(target, confirmEffect(c.op), lookedUpNames(c), body),
		Options:  []clarify.Option{{Value: true, Label: "Yes, send it"}, {Value: false, Label: "No, cancel"}},
		Reason:   reason,
	}})
	return false
}

func confirmEffect(op *tools.Operation) string {
	what := ""
	for _, said := range []string{op.Summary, strings.SplitN(strings.TrimSpace(op.Description), "\n", 2)[0], clarify.IDPhrase(op)} {
		// A summary that is the path ("companyCredits/{creditId}/decreaseBalance") says
		// nothing a person reads, and its template reads as a slot to fill.
		if said = strings.TrimRight(clarify.FirstSentence(said), "."); said != "" && !clarify.HoldsTemplate(said) {
			what = said // NetBox's dcim_sites_create, with neither: "Create dcim sites"
			break
		}
	}
	if what == "" {
		// Nothing says what it does: the request shown says it, never the path's
		// template ({id} reads as a slot to fill).
		if op.Method == "DELETE" {
			return "This deletes what that request names."
		}
		return "This writes what that request shows."
	}
	if op.Method == "DELETE" {
		return "This deletes: " + what + "."
	}
	return "This writes: " + what + "."
}

// requestDigest builds the request a confirmation is for, without credentials so no
// secret is hashed into the continuation, and identifies it exactly: method, URL and body.
// It also renders that request for the question (confirmtext.go).
func (p *Pipeline) requestDigest(c *call) (req *http.Request, digest, target, body string, err error) {
	base, err := p.baseFor(c.op)
	if err != nil {
		return nil, "", "", "", err
	}
	req, err = upstream.BuildRequest(context.Background(), p.Catalog, c.op, c.args, base, secret.Credentials{})
	if err != nil {
		return nil, "", "", "", err
	}
	var payload []byte
	if req.GetBody != nil {
		rc, err := req.GetBody()
		if err != nil {
			return nil, "", "", "", fmt.Errorf("read request body: %w", err)
		}
		payload, err = io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, "", "", "", fmt.Errorf("read request body: %w", err)
		}
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s %s\n", req.Method, req.URL.String())
	h.Write(payload)
	target, body = shownRequest(req, payload, p.redactor())
	return req, hex.EncodeToString(h.Sum(nil)), target, body, nil
}

// complete resolves names given for identifiers through safe producers (Reverse Chain).
// It returns the questions the resolutions raise; ok is false when the call already
// failed.
func (p *Pipeline) complete(ctx context.Context, c *call) ([]clarify.Question, bool) {
	if p.Graph == nil {
		return nil, true
	}
	f := &fetcher{p: p, c: c, index: map[string]int{}}
	var qs []clarify.Question
	rs := chain.Resolve(ctx, p.Graph, c.op, lookupArgs(c), f, c.state.Resolutions)
	done := map[string]bool{}
	for _, r := range rs {
		done[r.Arg] = true
	}
	if f.denied == nil {
		rs = append(rs, p.modelLookups(ctx, c, done, f)...)
	}
	if f.refused(c) {
		// A credential refused: asked alone, and no other lookup was tried after it.
		return nil, false
	}
	for _, r := range rs {
		if c.state.Resolutions == nil {
			c.state.Resolutions = map[string]chain.Resolution{}
		}
		if r.Outcome != chain.Failed && r.Outcome != chain.Open {
			// An open lookup settled nothing: the next round looks it up again.
			c.state.Resolutions[r.Arg] = r
		}
		switch r.Outcome {
		case chain.Filled:
			c.args[r.Arg] = asDeclared(c.op, r.Arg, r.Value)
			call := -1
			if i, ok := f.index[r.Via]; ok && !r.Reused {
				call = i
			}
			c.result.Resolved = append(c.result.Resolved, clarify.Resolution{
				Field: r.Arg, Value: r.Value, From: r.Input, Via: r.Via, Call: call, Label: r.Label, ChosenBy: r.ChosenBy,
			})
		case chain.Failed:
			qs = append(qs, clarify.FromFailedLookup(r, p.lookupCandidates(c.op, r)))
		default:
			if q, ok := clarify.FromResolution(r); ok {
				qs = append(qs, q)
			}
		}
	}
	return qs, true
}

func (p *Pipeline) resources(op *tools.Operation) map[string]string {
	if p.Graph == nil {
		return nil
	}
	return p.Graph.Resources(op)
}

// sensitive asks for configuration when the operation needs credentials askapi does not
// have: a secret never travels through the chat.
func (p *Pipeline) sensitive(ctx context.Context, c *call) []clarify.Question {
	missing := secret.MissingCredentials(p.Catalog, c.op, p.credentialsFor(ctx))
	var qs []clarify.Question
	for _, scheme := range missing {
		where := fmt.Sprintf("%s, or %s for every scheme", secret.AuthEnvVar(scheme), secret.GenericAuthEnvVar)
		if s := p.Catalog.SecuritySchemes()[scheme]; s != nil && s.Type == "apiKey" && s.In == "header" {
			where += fmt.Sprintf(", or --header '%s: …' (ASKAPI_HEADERS)", s.ParamName)
		}
		where = p.credentialPlace(scheme, where)
		qs = append(qs, clarify.Question{
			Field:    scheme,
			Kind:     clarify.Sensitive,
			Question: fmt.Sprintf("This API needs the %q credential. It must be set in askapi's configuration (%s; in the client's server settings), never pasted in chat.", scheme, where),
			Reason:   fmt.Sprintf("%s requires security scheme %q and no credential is configured", c.op.Key(), scheme),
		})
	}
	return qs
}

// confirmedOrProduced are the arguments not to question as invented: those the person
// confirmed, and those a lookup produced (the API's own id, even where the spec's example
// is that very value).
func confirmedOrProduced(c *call) map[string]bool {
	out := confirmedByRepeat(c.state, c.args)
	for arg := range produced(c) {
		out[arg] = true
	}
	return out
}

// confirmedByRepeat treats a value that was questioned as invented and is sent back
// unchanged with the continuation as confirmed by the person: they were asked and kept it.
func confirmedByRepeat(st clarify.State, args map[string]any) map[string]bool {
	out := map[string]bool{}
	for field, ok := range st.Confirmed {
		if ok {
			out[field] = true
		}
	}
	for field, asked := range st.Asked {
		if v, ok := args[field]; ok && clarify.SameValue(v, asked) {
			out[field] = true
		}
	}
	return out
}

func (p *Pipeline) clarify(c *call, qs []clarify.Question) {
	st := c.state
	st.Op = c.op.Key()
	args, left := sealable(c.args)
	st.Args = args
	st.Asked = map[string]any{}
	for _, q := range qs {
		if _, kept := args[q.Field]; kept && q.Kind == clarify.Unconfirmed {
			st.Asked[q.Field] = c.args[q.Field]
		}
	}
	if len(left) > 0 {
		c.result.Note = leftOutNote(c.args, left)
	}
	st, err := redactState(p.redactor(), st)
	if err != nil {
		p.fail(c, fmt.Sprintf("seal continuation: %v", err), 0, "")
		return
	}
	token, err := p.Sealer.Seal(st)
	if err != nil {
		p.fail(c, err.Error(), 0, "")
		return
	}
	c.result.Status = clarify.StatusNeedsClarification
	c.result.Questions = qs
	c.result.Continuation = token
}

func (p *Pipeline) execute(ctx context.Context, c *call) {
	if !p.Naive {
		// Every path to the wire passes here: the invariant holds whatever led to it.
		if qs := p.wordsForIDs(c); len(qs) > 0 {
			p.clarify(c, qs)
			return
		}
	}
	base, err := p.baseFor(c.op)
	if err != nil {
		p.fail(c, err.Error(), 0, "")
		return
	}
	var req *http.Request
	if c.confirmedRequest != nil {
		req = c.confirmedRequest.WithContext(ctx)
		err = upstream.Authorize(req, p.Catalog, c.op, p.credentialsFor(ctx))
	} else {
		req, err = upstream.BuildRequest(ctx, p.Catalog, c.op, c.args, base, p.credentialsFor(ctx))
	}
	if err != nil {
		if q, ok := tokenRefusal(err); ok {
			askForToken(c, q)
			return
		}
		p.fail(c, fmt.Sprintf("build request: %v", err), 0, "")
		return
	}
	Report(ctx, "calling "+c.op.Key())
	start := time.Now()
	resp, err := p.Sender.Send(req, p.secretList())
	if err != nil {
		c.result.Calls = append(c.result.Calls, upstream.CallOf(req, 0, time.Since(start), p.secretList()))
		if q, ok := tokenRefusal(err); ok {
			askForToken(c, q)
			return
		}
		p.fail(c, err.Error(), 0, "")
		return
	}
	c.result.Calls = append(c.result.Calls, upstream.CallOf(req, resp.Status, time.Since(start), p.secretList()))
	c.result.HTTP = &clarify.HTTP{Status: resp.Status, ContentType: resp.ContentType}
	if resp.Status >= 400 {
		if resp.Status == 404 && p.lookUpRefusedKey(ctx, c) {
			return
		}
		if p.askAPIRefusal(c, resp) {
			return
		}
		p.fail(c, p.upstreamFailure(ctx, c.op, resp.Status), resp.Status, excerpt(resp.Body, p.redactor()))
		return
	}
	if resp.Problem != nil {
		// Not the data the API promised: an answer the assistant must not read as one.
		p.fail(c, resp.Problem.Message, resp.Status, resp.Problem.Excerpt)
		return
	}
	c.resp = resp
	c.result.Status = clarify.StatusOK
	c.result.Body = resp.Body
	c.result.Note = resp.Note
}

// Search returns the operation search index: the one built beside the graph, else built
// on first use.
func (p *Pipeline) Search() *find.Index {
	p.searchIndexOnce.Do(func() {
		if p.PendingIndex != nil {
			p.searchIndex = <-p.PendingIndex
			return
		}
		if len(p.Catalog.Operations()) > LargeGraph && p.GraphPace != nil {
			// Each operation's terms are read into maps, then numbered: garbage
			// as large as the index, made at the server's busiest (its first call).
			defer p.GraphPace()()
		}
		p.searchIndex = find.NewIndex(p.Catalog)
	})
	return p.searchIndex
}

// baseFor is the base URL requests for op go to: --base-url, else the operation's own
// server, else the spec's. A spec with only a relative server needs --base-url; every
// request path (producer, digest, final call) gets the same clear error without it.
func (p *Pipeline) baseFor(op *tools.Operation) (string, error) {
	base := p.BaseURL
	if base == "" {
		base = op.ServerURL
	}
	if base == "" {
		base = p.Catalog.BaseURL()
	}
	if !strings.HasPrefix(base, "http://") && !strings.HasPrefix(base, "https://") {
		return "", fmt.Errorf("no API base URL: the spec declares %q; set --base-url (or ASKAPI_BASE_URL)", p.Catalog.BaseURL())
	}
	return base, nil
}

func (p *Pipeline) fail(c *call, msg string, status int, body string) {
	c.result.Status = clarify.StatusError
	c.result.Reason = msg
	c.result.Error = &clarify.Failure{Message: msg, UpstreamStatus: status, BodyExcerpt: body}
}

// secretList is every configured secret, for redaction. It is derived once from the
// credentials and the configuration; calls run concurrently, so the derivation is guarded.
func (p *Pipeline) secretList() []string {
	p.secretsOnce.Do(func() {
		p.secrets = append(p.Credentials.Secrets(), p.Configured...)
		p.redact = secret.NewRedactor(p.secrets...)
	})
	return p.secrets
}

// excerptLimit keeps error bodies short: enough to see the API's message.
const excerptLimit = 500

// excerpt renders an error body short, redacted before it is cut (a cut secret would
// be recognised by no later redaction), and redacted as a value before it is rendered
// (rendering escapes a secret again, into a form the text would not be searched for).
func excerpt(body any, rd *secret.Redactor) string {
	var s string
	switch b := rd.Value(body).(type) {
	case nil:
		return ""
	case string:
		s = b
	default:
		s = compactJSON(b)
	}
	s = rd.String(strings.TrimSpace(s))
	if len(s) > excerptLimit {
		s = s[:excerptLimit] + "…"
	}
	return s
}

func (p *Pipeline) log(c *call, d time.Duration) {
	if p.Logger == nil {
		return
	}
	attrs := []any{"tool", c.op.Name, "status", string(c.result.Status), "ms", d.Milliseconds(), "calls", len(c.result.Calls)}
	if c.result.HTTP != nil {
		attrs = append(attrs, "upstream", c.result.HTTP.Status)
	}
	for _, q := range c.result.Questions {
		attrs = append(attrs, "ask", q.Field+":"+string(q.Kind))
	}
	p.Logger.Info("call", attrs...)
}

// LargeGraph is the operation count above which the graph is built at a tight GC pace.
const LargeGraph = 500
