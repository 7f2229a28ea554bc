package model

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Reply is what a model answered: a function call's arguments, or text.
type Reply struct {
	// Arguments is the JSON a function call carried.
	Arguments string
	// Text is the message's text, where the model wrote its answer as text (JSON mode,
	// sampling, an endpoint that ignored the function).
	Text string
	// Model names the model that answered, when the endpoint says.
	Model string
}

// Choice is the model's answer, read and checked against the candidates offered.
type Choice struct {
	// Candidate is the chosen operation; nil when the model said none fits.
	Candidate *Candidate
	// Arguments are the values the model read from the request, typed as the chosen
	// operation declares them; arguments it does not take are left out.
	Arguments map[string]any
	Reason    string
}

// ErrNoAnswer is a reply that holds no readable answer.
var ErrNoAnswer = errors.New("the model's reply holds no answer")

// answer is the reply's object, read leniently: models rename and reshape fields.
type answer struct {
	Operation string
	Reason    string
	Arguments map[string]any
}

// Parse reads a reply against the candidates it was offered. It accepts the function
// call, or a JSON object anywhere in the text (in a code fence, after prose); field
// names and shapes a model commonly varies are accepted too.
func Parse(r Reply, cands []Candidate) (Choice, error) {
	var a answer
	var err error
	if strings.TrimSpace(r.Arguments) != "" {
		a, err = readAnswer(r.Arguments)
	}
	if strings.TrimSpace(r.Arguments) == "" || err != nil {
		if obj := jsonObjectIn(r.Text); obj != "" {
			a, err = readAnswer(obj)
		} else if err == nil {
			err = ErrNoAnswer
		}
	}
	if err != nil {
		return Choice{}, err
	}
	ch := Choice{Reason: strings.TrimSpace(a.Reason)}
	op := strings.TrimSpace(a.Operation)
	if op == "" || strings.EqualFold(op, None) || strings.EqualFold(op, "null") {
		return ch, nil
	}
	c := find(op, cands)
	if c == nil {
		return Choice{}, fmt.Errorf("the model chose %q, which is not one of the %d operations offered", op, len(cands))
	}
	ch.Candidate = c
	ch.Arguments = Coerce(*c, a.Arguments)
	return ch, nil
}

// find matches a chosen name to a candidate: its name or "METHOD /path", in any case,
// also with a leading number ("2. issues/list-for-repo").
func find(op string, cands []Candidate) *Candidate {
	op = strings.TrimSpace(strings.TrimLeft(op, "0123456789. "))
	for i := range cands {
		if strings.EqualFold(cands[i].Name, op) || strings.EqualFold(cands[i].Key, op) {
			return &cands[i]
		}
	}
	for i := range cands {
		// "issues/list-for-repo (GET /repos/{owner}/{repo}/issues)", as the prompt lists it.
		if strings.HasPrefix(strings.ToLower(op), strings.ToLower(cands[i].Name)+" ") {
			return &cands[i]
		}
	}
	return nil
}

func readAnswer(text string) (answer, error) {
	var raw map[string]any
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		return answer{}, fmt.Errorf("the model's answer is not a JSON object: %w", err)
	}
	var a answer
	a.Operation = firstString(raw, "operation", "tool", "name", "operation_name", "choice")
	a.Reason = firstString(raw, "reason", "why", "explanation")
	if a.Operation == "" {
		if b, ok := raw["none"].(bool); ok && b {
			a.Operation = None
		}
	}
	a.Arguments = map[string]any{}
	for _, key := range []string{"arguments", "args", "parameters", "values"} {
		switch v := raw[key].(type) {
		case string:
			// Some models encode the arguments object once more.
			var inner any
			if json.Unmarshal([]byte(v), &inner) == nil {
				addArguments(a.Arguments, inner)
			}
		default:
			addArguments(a.Arguments, v)
		}
	}
	if a.Operation == "" && len(a.Arguments) == 0 {
		return answer{}, ErrNoAnswer
	}
	return a, nil
}

// addArguments reads name/value pairs ([{"name": "owner", "value": "octocat"}]) or a
// plain object ({"owner": "octocat"}).
func addArguments(dst map[string]any, v any) {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			dst[k] = val
		}
	case []any:
		for _, e := range x {
			pair, ok := e.(map[string]any)
			if !ok {
				continue
			}
			name := firstString(pair, "name", "argument", "key")
			if name == "" {
				continue
			}
			if val, ok := pair["value"]; ok {
				dst[name] = val
			}
		}
	}
}

func firstString(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s, ok := m[k].(string); ok && strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}

// jsonObjectIn is the first balanced JSON object in text that decodes, or "".
func jsonObjectIn(text string) string {
	for start := strings.IndexByte(text, '{'); start >= 0; {
		depth, inString, escaped := 0, false, false
		for i := start; i < len(text); i++ {
			c := text[i]
			switch {
			case escaped:
				escaped = false
			case inString && c == '\\':
				escaped = true
			case c == '"':
				inString = !inString
			case inString:
			case c == '{':
				depth++
			case c == '}':
				depth--
				if depth == 0 {
					if obj := text[start : i+1]; json.Valid([]byte(obj)) {
						return obj
					}
					i = len(text)
				}
			}
		}
		next := strings.IndexByte(text[start+1:], '{')
		if next < 0 {
			break
		}
		start += 1 + next
	}
	return ""
}

// Coerce types the model's values as the candidate declares its arguments ("72129" for
// an integer is 72129, "a, b" for an array is ["a", "b"]), and leaves out empty values
// and arguments the candidate does not take. A value that does not read as its type is
// kept as written: the rule's validation then asks about it.
func Coerce(c Candidate, args map[string]any) map[string]any {
	out := map[string]any{}
	names := make([]string, 0, len(args))
	for k := range args {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		p, ok := c.Param(name)
		if !ok {
			continue
		}
		v := args[name]
		if s, isStr := v.(string); isStr {
			s = strings.TrimSpace(s)
			if s == "" || strings.EqualFold(s, "null") {
				continue
			}
			v = typed(s, p.Type)
		}
		if n, isNum := v.(json.Number); isNum {
			v = typed(n.String(), p.Type)
		}
		if v == nil {
			continue
		}
		out[name] = v
	}
	return out
}

func typed(s, typ string) any {
	switch {
	case typ == "integer" || typ == "number":
		if f, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64); err == nil {
			return f
		}
	case typ == "boolean":
		if b, err := strconv.ParseBool(s); err == nil {
			return b
		}
	case typ == "array" || strings.HasSuffix(typ, "[]"):
		var list []any
		for _, part := range strings.Split(s, ",") {
			if part = strings.TrimSpace(part); part != "" {
				list = append(list, typed(part, strings.TrimSuffix(strings.TrimSuffix(typ, "[]"), "array")))
			}
		}
		return list
	case typ == "string" || typ == "":
		return s
	}
	return s
}
