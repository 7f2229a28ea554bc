package demo

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/askapi/askapi/server"
)

// step is one scene of the demo conversation.
type step struct {
	title string
	run   func(c *conversation) error
}

// script: an answer, a missing argument, an ambiguous name, a typo.
var script = []step{
	{"A call answered", func(c *conversation) error {
		c.user("Who is Ada Lovelace?")
		res, err := c.call("getPerson", map[string]any{"person_id": "Ada Lovelace"}, "Who is Ada Lovelace?")
		if err != nil {
			return err
		}
		return c.expectOK(res, summarisePerson)
	}},
	{"A missing argument asked for", func(c *conversation) error {
		c.user("Start a project called Atlas.")
		args := map[string]any{"name": "Atlas"}
		res, err := c.call("createProject", args, "Start a project called Atlas.")
		if err != nil {
			return err
		}
		if err := c.expectQuestion(res, "team", "missing"); err != nil {
			return err
		}
		c.user("The platform team.")
		args["team"] = "platform"
		res, err = c.resume("createProject", args, res)
		if err != nil {
			return err
		}
		return c.expectOK(res, summariseCreated)
	}},
	{"An ambiguous name, resolved by the user's choice", func(c *conversation) error {
		c.user("What is Sam working on?")
		args := map[string]any{"person_id": "Sam"}
		res, err := c.call("listPersonProjects", args, "What is Sam working on?")
		if err != nil {
			return err
		}
		if err := c.expectQuestion(res, "person_id", "ambiguous"); err != nil {
			return err
		}
		c.user("Sam Okafor, the designer.")
		choice, ok := pickOption(res, "person_id", "Sam Okafor")
		if !ok {
			return fmt.Errorf("%w: no option for Sam Okafor", errUnexpected)
		}
		args["person_id"] = choice
		res, err = c.resume("listPersonProjects", args, res)
		if err != nil {
			return err
		}
		return c.expectOK(res, summariseProjects)
	}},
	{"A typo caught, then fixed", func(c *conversation) error {
		c.user("Which projects is Grace Hoper on?")
		args := map[string]any{"person_id": "Grace Hoper"}
		res, err := c.call("listPersonProjects", args, "Which projects is Grace Hoper on?")
		if err != nil {
			return err
		}
		if err := c.expectQuestion(res, "person_id", "not_found"); err != nil {
			return err
		}
		c.user("Sorry, I meant Grace Hopper.")
		args["person_id"] = "Grace Hopper"
		res, err = c.resume("listPersonProjects", args, res)
		if err != nil {
			return err
		}
		return c.expectOK(res, summariseProjects)
	}},
}

// conversation drives askapi and narrates each exchange.
type conversation struct {
	ctx context.Context
	cl  *server.Client
	out io.Writer
}

func (c *conversation) user(words string) {
	fmt.Fprintf(c.out, "user:      %s\n", words)
}

// call sends a first call, with the user's words as _user_request.
func (c *conversation) call(tool string, args map[string]any, said string) (server.CallResult, error) {
	send := copyArgs(args)
	send["_user_request"] = said
	fmt.Fprintf(c.out, "assistant: calls %s(%s)\n", tool, showArgs(args))
	return c.send(tool, send)
}

// resume calls again with the answers and the continuation of the previous result.
func (c *conversation) resume(tool string, args map[string]any, prev server.CallResult) (server.CallResult, error) {
	send := copyArgs(args)
	token, _ := prev.Structured["continuation"].(string)
	if token != "" {
		send["_continuation"] = token
	}
	fmt.Fprintf(c.out, "assistant: calls %s(%s) again, passing back the continuation unchanged\n", tool, showArgs(args))
	return c.send(tool, send)
}

func (c *conversation) send(tool string, args map[string]any) (server.CallResult, error) {
	res, err := c.cl.Call(c.ctx, tool, args)
	if err != nil {
		return res, err
	}
	c.narrate(res)
	return res, nil
}

// narrate prints what askapi answered, for a person rather than as JSON.
func (c *conversation) narrate(res server.CallResult) {
	s := res.Structured
	status, _ := s["status"].(string)
	switch status {
	case "ok":
		line := "askapi:    ok"
		if h, ok := s["http"].(map[string]any); ok {
			line += fmt.Sprintf(" (HTTP %v)", h["status"])
		}
		fmt.Fprintln(c.out, line)
		for _, r := range list(s["resolved"]) {
			fmt.Fprintf(c.out, "           resolved %s: %s → %v via %v\n", r["field"], showValue(r["from"]), showValue(r["value"]), r["via"])
		}
		c.calls(s, "upstream calls")
	case "needs_clarification":
		fmt.Fprintln(c.out, "askapi:    needs_clarification (the call itself was not sent)")
		c.calls(s, "looked up")
		for _, q := range list(s["questions"]) {
			fmt.Fprintf(c.out, "           question on %v (%v): %v\n", q["field"], q["kind"], q["question"])
			for _, o := range list(q["options"]) {
				fmt.Fprintf(c.out, "             option %v: %v\n", showValue(o["value"]), o["label"])
			}
		}
		if token, _ := s["continuation"].(string); token != "" {
			fmt.Fprintf(c.out, "           continuation: %s (sealed, %d characters)\n", abbreviate(token), len(token))
		}
	default:
		reason, _ := s["reason"].(string)
		fmt.Fprintf(c.out, "askapi:    %s %s\n", status, reason)
	}
}

// calls prints the upstream requests a result reports.
func (c *conversation) calls(s map[string]any, label string) {
	var calls []string
	for _, call := range list(s["calls"]) {
		calls = append(calls, fmt.Sprintf("%v %v%s", call["method"], call["path"], showQuery(call["query"])))
	}
	if len(calls) > 0 {
		fmt.Fprintf(c.out, "           %s: %s\n", label, strings.Join(calls, ", "))
	}
}

func (c *conversation) expectOK(res server.CallResult, summarise func(body any) string) error {
	if st, _ := res.Structured["status"].(string); st != "ok" {
		return fmt.Errorf("%w: status %q, want ok", errUnexpected, st)
	}
	fmt.Fprintf(c.out, "answer:    %s\n", summarise(res.Structured["body"]))
	return nil
}

func (c *conversation) expectQuestion(res server.CallResult, field, kind string) error {
	for _, q := range list(res.Structured["questions"]) {
		if q["field"] == field && q["kind"] == kind {
			return nil
		}
	}
	st, _ := res.Structured["status"].(string)
	return fmt.Errorf("%w: want a %s question on %s, got status %q", errUnexpected, kind, field, st)
}

// pickOption returns the value of the option whose label names who the user chose.
func pickOption(res server.CallResult, field, label string) (any, bool) {
	for _, q := range list(res.Structured["questions"]) {
		if q["field"] != field {
			continue
		}
		for _, o := range list(q["options"]) {
			if l, _ := o["label"].(string); strings.Contains(l, label) {
				return o["value"], true
			}
		}
	}
	return nil, false
}

func summarisePerson(body any) string {
	p, _ := body.(map[string]any)
	return fmt.Sprintf("%v is a %v on the %v team (id %v).", p["name"], strings.ToLower(fmt.Sprint(p["role"])), p["team"], showValue(p["id"]))
}

func summariseCreated(body any) string {
	p, _ := body.(map[string]any)
	return fmt.Sprintf("project #%v %q was created for the %v team.", showValue(p["id"]), p["name"], p["team"])
}

func summariseProjects(body any) string {
	items, _ := body.([]any)
	var names []string
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			names = append(names, fmt.Sprintf("%v (%v)", m["name"], m["team"]))
		}
	}
	if len(names) == 0 {
		return "no projects."
	}
	return "works on " + strings.Join(names, ", ") + "."
}

// list reads a JSON array of objects.
func list(v any) []map[string]any {
	arr, _ := v.([]any)
	out := make([]map[string]any, 0, len(arr))
	for _, x := range arr {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// showValue prints JSON numbers without a decimal point and strings quoted.
func showValue(v any) string {
	switch x := v.(type) {
	case float64:
		if x == float64(int64(x)) {
			return fmt.Sprintf("%d", int64(x))
		}
		return fmt.Sprint(x)
	case string:
		return fmt.Sprintf("%q", x)
	case nil:
		return "(none)"
	}
	return fmt.Sprint(v)
}

func showArgs(args map[string]any) string {
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + ": " + showValue(args[k])
	}
	return strings.Join(parts, ", ")
}

// showQuery renders a recorded call's query as ?k=v&..., unescaped for reading.
func showQuery(v any) string {
	q, _ := v.(map[string]any)
	if len(q) == 0 {
		return ""
	}
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		vals, _ := q[k].([]any)
		for _, x := range vals {
			parts = append(parts, fmt.Sprintf("%s=%v", k, x))
		}
	}
	return "?" + strings.Join(parts, "&")
}

func abbreviate(s string) string {
	if len(s) <= 16 {
		return s
	}
	return s[:12] + "…"
}

func copyArgs(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
