package eval

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Equal compares two decoded JSON values: numbers numerically, objects by keys, arrays
// in order.
func Equal(a, b any) bool {
	a, b = normalise(a), normalise(b)
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !Equal(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !Equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	default:
		return a == b
	}
}

// SameValue is Equal, except that a number and a string holding that number are the
// same: an id offered as 72129 or "72129" names the same thing once it is in a path.
func SameValue(a, b any) bool {
	if Equal(a, b) {
		return true
	}
	a, b = normalise(a), normalise(b)
	if s, ok := a.(string); ok {
		a, b = b, s
	}
	n, ok := a.(float64)
	s, ok2 := b.(string)
	if !ok || !ok2 {
		return false
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return err == nil && f == n
}

// Subset reports whether want is contained in got: objects by a subset of keys,
// recursively; arrays when every wanted element matches some element of got; scalars by
// Equal.
func Subset(want, got any) bool {
	want, got = normalise(want), normalise(got)
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range w {
			gv, ok := g[k]
			if !ok || !Subset(v, gv) {
				return false
			}
		}
		return true
	case []any:
		g, ok := got.([]any)
		if !ok {
			return false
		}
		for _, v := range w {
			found := false
			for _, gv := range g {
				if Subset(v, gv) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	default:
		return Equal(want, got)
	}
}

// normalise turns every number form (json.Number, ints) into float64, so values decoded
// in different ways compare.
func normalise(v any) any {
	switch x := v.(type) {
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return f
		}
		return x.String()
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case float32:
		return float64(x)
	case []string:
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = s
		}
		return out
	}
	return v
}

// Question is an asked question as the eval sees it.
type Question struct {
	Field   string `json:"field"`
	Kind    string `json:"kind"`
	Options []any  `json:"options,omitempty"`
	Text    string `json:"question,omitempty"`
	// Labels are the options as a person reads them.
	Labels []string `json:"-"`
}

// questionsOf reads the questions of a result envelope.
func questionsOf(structured map[string]any) []Question {
	list, _ := structured["questions"].([]any)
	out := make([]Question, 0, len(list))
	for _, item := range list {
		m, _ := item.(map[string]any)
		q := Question{}
		q.Field, _ = m["field"].(string)
		q.Kind, _ = m["kind"].(string)
		q.Text, _ = m["question"].(string)
		opts, _ := m["options"].([]any)
		for _, o := range opts {
			if om, ok := o.(map[string]any); ok {
				q.Options = append(q.Options, om["value"])
				if l, ok := om["label"].(string); ok {
					q.Labels = append(q.Labels, l)
				}
			}
		}
		out = append(out, q)
	}
	return out
}

// QuestionMatches reports whether an asked question meets an expected one: same field and
// kind, and every value of options_include offered.
func QuestionMatches(want WantQuestion, got Question) bool {
	if want.Field != got.Field || want.Kind != got.Kind {
		return false
	}
	for _, v := range want.OptionsInclude {
		found := false
		for _, o := range got.Options {
			if SameValue(v, o) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// CallMatches reports whether a recorded request is the call: method, path (decoded or
// escaped) and the listed query keys.
func CallMatches(c Call, r Request) bool {
	return r.matches(c.Method, c.Path, c.Query)
}

// isWrite reports a method that changes something upstream: any but GET, HEAD and
// OPTIONS (DESIGN.md, "The invariant").
func isWrite(method string) bool {
	switch strings.ToUpper(method) {
	case "GET", "HEAD", "OPTIONS":
		return false
	}
	return true
}

// templateRegexp turns "/silence/{silenceID}" into a pattern matching one escaped
// segment per parameter.
func templateRegexp(path string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString("^")
	for {
		i := strings.Index(path, "{")
		if i < 0 {
			break
		}
		j := strings.Index(path[i:], "}")
		if j < 0 {
			break
		}
		b.WriteString(regexp.QuoteMeta(path[:i]))
		b.WriteString("[^/]+")
		path = path[i+j+1:]
	}
	b.WriteString(regexp.QuoteMeta(path))
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, fmt.Errorf("path template %q: %w", path, err)
	}
	return re, nil
}

// describe renders a value compactly for failure messages.
func describe(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	s := string(data)
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}
