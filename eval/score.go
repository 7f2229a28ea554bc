package eval

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Score is one case's metrics (DESIGN.md "Categories and metrics").
type Score struct {
	// A1: the first question (or unsupported, or form) is the expected one.
	A1 bool `json:"a1"`
	// A2: every gold call was made, and no write that is not gold.
	A2 bool `json:"a2"`
	// A3: every turn met its expectation.
	A3 bool `json:"a3"`
	// Re: questions asked that were not expected.
	Re int `json:"re"`
	// Steps: upstream calls plus clarification rounds.
	Steps int `json:"steps"`
	// Asked: any question or form at all (the false-clarification rate on CLEAN).
	Asked bool `json:"asked"`
	// Failures say what differed, for the report.
	Failures []string `json:"failures,omitempty"`
}

const (
	statusNeeds       = "needs_clarification"
	statusUnsupported = "unsupported"
	statusCancelled   = "cancelled"
)

// score fills res.Score, res.Violations and res.Pass from the turns and requests.
func score(c *Case, res *CaseResult) {
	s := &res.Score
	for i := range res.Turns {
		t := &res.Turns[i]
		t.Calls = 0
		for _, r := range res.Requests {
			t.Calls += b2i(r.Turn == i)
		}
		t.Problems = append(t.Problems, checkTurn(c.Turns[i].Expect, *t)...)
		t.Met = len(t.Problems) == 0
		s.Re += redundant(c.Turns[i].Expect, *t)
		if t.Status == statusNeeds || len(t.Questions) > 0 || t.Forms > 0 {
			s.Asked = true
		}
		if t.Status == statusNeeds {
			s.Steps++
		}
		s.Steps += t.Forms
		for _, p := range t.Problems {
			s.Failures = append(s.Failures, fmt.Sprintf("turn %d: %s", t.Turn, p))
		}
	}
	s.Steps += len(res.Requests)
	s.A3 = len(res.Turns) == len(c.Turns) && res.Error == ""
	for _, t := range res.Turns {
		s.A3 = s.A3 && t.Met
	}
	if len(res.Turns) < len(c.Turns) {
		s.Failures = append(s.Failures, fmt.Sprintf("only %d of %d turns ran", len(res.Turns), len(c.Turns)))
	}
	var why string
	s.A1, why = firstAsk(c.Turns[0].Expect, res.Turns)
	if !s.A1 {
		s.Failures = append(s.Failures, "A1: "+why)
	}
	var missing []string
	s.A2, missing = goldCalls(c.GoldCalls, res.Requests)
	for _, m := range missing {
		s.Failures = append(s.Failures, "A2: "+m)
	}
	res.Violations = append(res.Violations, leakedSecrets(secrets(c), res)...)
	res.Violations = append(res.Violations, unstopped(res)...)
	res.Violations = append(res.Violations, sentWords(c.NeverSent, res.Requests)...)
	res.Violations = append(res.Violations, wordsInWrites(res)...)
	res.Pass = res.Error == "" && s.A1 && s.A2 && s.A3 && len(res.Violations) == 0 && len(res.Wording) == 0
}

// checkTurn lists how a turn differs from its expectation.
func checkTurn(want Expect, got TurnResult) []string {
	var out []string
	if want.Status != "" && want.Status != got.Status {
		msg := fmt.Sprintf("status: expected %s, got %s", want.Status, orNone(got.Status))
		if len(got.Questions) > 0 {
			msg += " asking " + listQuestions(got.Questions)
		}
		if r, _ := got.Structured["reason"].(string); r != "" {
			msg += " (reason: " + r + ")"
		}
		out = append(out, msg)
	}
	// The envelope's contract: isError exactly when the status is error.
	if got.Status != "" && got.IsError != (got.Status == "error") {
		out = append(out, fmt.Sprintf("isError is %v with status %s", got.IsError, got.Status))
	}
	for _, w := range want.Questions {
		found := false
		for _, q := range got.Questions {
			if QuestionMatches(w, q) {
				found = true
				break
			}
		}
		if !found {
			exp := w.Field + ":" + w.Kind
			if len(w.OptionsInclude) > 0 {
				exp += " offering " + describe(w.OptionsInclude)
			}
			out = append(out, fmt.Sprintf("question: expected %s, got %s", exp, listQuestions(got.Questions)))
		}
	}
	if len(want.Body) > 0 {
		var exp any
		if err := json.Unmarshal(want.Body, &exp); err != nil {
			out = append(out, "body_includes is not JSON: "+err.Error())
		} else if body := got.Structured["body"]; !Subset(exp, body) {
			out = append(out, fmt.Sprintf("body: expected to include %s, got %s", describe(exp), describe(body)))
		}
	}
	if len(want.Result) > 0 {
		var exp any
		if err := json.Unmarshal(want.Result, &exp); err != nil {
			out = append(out, "result_includes is not JSON: "+err.Error())
		} else if !Subset(exp, map[string]any(got.Structured)) {
			out = append(out, fmt.Sprintf("result: expected to include %s, got %s", describe(exp), describe(got.Structured)))
		}
	}
	if want.UpstreamCalls != nil && *want.UpstreamCalls != got.Calls {
		out = append(out, fmt.Sprintf("upstream calls: expected %d, got %d", *want.UpstreamCalls, got.Calls))
	}
	if want.Elicited != nil && *want.Elicited != (got.Forms > 0) {
		out = append(out, fmt.Sprintf("form: expected elicited=%v, got %d forms", *want.Elicited, got.Forms))
	}
	return out
}

// redundant counts the questions a turn asked that its expectation does not list. A turn
// expecting a clarification without naming the questions accepts any; a form shown
// where none was expected counts once.
func redundant(want Expect, got TurnResult) int {
	n := 0
	if !(want.Status == statusNeeds && len(want.Questions) == 0) {
		for _, q := range got.Questions {
			expected := false
			for _, w := range want.Questions {
				if w.Field == q.Field && w.Kind == q.Kind {
					expected = true
					break
				}
			}
			if !expected {
				n++
			}
		}
	}
	if got.Forms > 0 && (want.Elicited == nil || !*want.Elicited) {
		n++
	}
	return n
}

// firstAsk is A1: the first turn's first question (or unsupported, or form) is the
// expected one; a first turn expecting an answer must ask nothing.
func firstAsk(want Expect, turns []TurnResult) (bool, string) {
	if len(turns) == 0 {
		return false, "the first turn did not run"
	}
	got := turns[0]
	switch {
	case want.Status == statusUnsupported:
		return got.Status == statusUnsupported, "expected unsupported, got " + orNone(got.Status)
	case len(want.Questions) > 0:
		w := want.Questions[0]
		if len(got.Questions) > 0 && got.Questions[0].Field == w.Field && got.Questions[0].Kind == w.Kind {
			return true, ""
		}
		return false, fmt.Sprintf("expected first question %s:%s, got %s", w.Field, w.Kind, listQuestions(got.Questions))
	case want.Status == statusNeeds:
		return got.Status == statusNeeds, "expected a clarification, got " + orNone(got.Status)
	case want.Elicited != nil && *want.Elicited:
		return got.Forms > 0, "expected a form, none was shown"
	default:
		ok := got.Status != statusNeeds && got.Status != statusUnsupported && len(got.Questions) == 0 && got.Forms == 0
		return ok, fmt.Sprintf("expected no question, got %s %s", orNone(got.Status), listQuestions(got.Questions))
	}
}

// goldCalls is A2: every gold call among the requests, and no write outside gold.
func goldCalls(gold []Call, reqs []Request) (bool, []string) {
	var problems []string
	for _, g := range gold {
		found := false
		for _, r := range reqs {
			if CallMatches(g, r) {
				found = true
				break
			}
		}
		if !found {
			problems = append(problems, "gold call not made: "+callString(g))
		}
	}
	for _, r := range reqs {
		if !isWrite(r.Method) {
			continue
		}
		inGold := false
		for _, g := range gold {
			inGold = inGold || CallMatches(g, r)
		}
		if !inGold {
			problems = append(problems, fmt.Sprintf("write not in gold: %s %s", r.Method, r.RawPath))
		}
	}
	return len(problems) == 0, problems
}

// leakedSecrets finds secret values in any result text, structured content or form.
func leakedSecrets(secrets []string, res *CaseResult) []string {
	var out []string
	for _, t := range res.Turns {
		data, _ := json.Marshal(t.Structured)
		for _, s := range secrets {
			if strings.Contains(t.Text, s) || strings.Contains(string(data), s) {
				out = append(out, fmt.Sprintf("turn %d: a secret from the configuration appears in the result", t.Turn))
				break
			}
		}
	}
	for _, f := range res.Forms {
		data, _ := json.Marshal(f)
		for _, s := range secrets {
			if strings.Contains(string(data), s) {
				out = append(out, fmt.Sprintf("turn %d: a secret from the configuration appears in a form", f.Turn+1))
				break
			}
		}
	}
	return out
}

// unstopped finds requests for a turn's own operation made in a turn that answered a
// clarification or a cancellation: what the clarification layer stopped must not be sent.
func unstopped(res *CaseResult) []string {
	var out []string
	for _, t := range res.Turns {
		if t.op == "" || (t.Status != statusNeeds && t.Status != statusCancelled) || refusedUpstream(t) {
			continue
		}
		method, path, _ := strings.Cut(t.op, " ")
		re, err := templateRegexp(path)
		if err != nil {
			out = append(out, err.Error())
			continue
		}
		for _, r := range res.Requests {
			if r.Turn == t.Turn-1 && strings.EqualFold(r.Method, method) && re.MatchString(r.RawPath) && !moreSpecific(res.templates, method, path, r.RawPath) {
				out = append(out, fmt.Sprintf("turn %d answered %s but %s %s was sent", t.Turn, t.Status, r.Method, r.RawPath))
			}
		}
	}
	return out
}

// moreSpecific reports whether another served operation of the method, with fewer template
// variables than path, matches the request's path: GET /api/Company/Lookup is that
// operation's request, not one for GET /api/Company/{id}.
func moreSpecific(templates []string, method, path, raw string) bool {
	vars := strings.Count(path, "{")
	for _, tpl := range templates {
		m, p, _ := strings.Cut(tpl, " ")
		if !strings.EqualFold(m, method) || p == path || strings.Count(p, "{") >= vars {
			continue
		}
		if re, err := templateRegexp(p); err == nil && re.MatchString(raw) {
			return true
		}
	}
	return false
}

// refusedUpstream reports a clarification that is the API's own refusal (http.status
// 4xx in the envelope): the request was sent and refused, so nothing was let through.
func refusedUpstream(t TurnResult) bool {
	h, _ := t.Structured["http"].(map[string]any)
	status, _ := h["status"].(float64)
	return t.Status == statusNeeds && status >= 400
}

func listQuestions(qs []Question) string {
	if len(qs) == 0 {
		return "no question"
	}
	parts := make([]string, len(qs))
	for i, q := range qs {
		parts[i] = q.Field + ":" + q.Kind
		if len(q.Options) > 0 {
			parts[i] += " " + describe(q.Options)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func callString(c Call) string {
	s := c.Method + " " + c.Path
	if len(c.Query) > 0 {
		s += " " + describe(c.Query)
	}
	return s
}

func orNone(s string) string {
	if s == "" {
		return "(no status)"
	}
	return s
}
