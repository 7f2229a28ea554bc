package clarify

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/askapi/askapi/tools"
)

// Some values cannot go out as given, whatever the schema allows, and are asked about
// before anything is looked up or sent:
//   - a path value that is a dot segment ("." or ".."): servers and proxies resolve it,
//     so GET /files/.. would reach another endpoint (BuildRequest refuses it too; asked
//     here, it is a question the person can answer rather than an error);
//   - a value for the URL or a header longer than MaxURLValue: servers refuse request
//     lines and headers past about 8 KB (nginx, Apache), and a megabyte "name" for an id
//     is no name anyone said. A body value has no such bound.

// MaxURLValue is the most bytes a path, query, header or cookie value may have.
const MaxURLValue = 8 << 10

// Unsendable returns an invalid question for each argument whose value cannot be sent.
func Unsendable(c Call) []Question {
	var qs []Question
	for _, p := range c.Op.Params {
		v, given := c.Args[p.Arg]
		if !given || v == nil {
			continue
		}
		text, size := urlValueText(v)
		var why string
		switch {
		case size > MaxURLValue:
			why = fmt.Sprintf("a %s value is at most %d bytes", p.In, MaxURLValue)
		case p.In == "path" && (p.Style == "" || p.Style == "simple") && (text == "." || text == ".."):
			why = "a path segment of only dots reaches another place on the server"
		default:
			continue
		}
		f := c.field(p.Arg)
		shown := capFirst(fmt.Sprintf("%q", tools.EchoText(text)))
		qs = append(qs, Question{
			Field:    p.Arg,
			Kind:     Invalid,
			Question: fmt.Sprintf("%s (%s cannot be used: %s.)", Ask(c.Op, f), shown, why),
			Reason:   fmt.Sprintf("%s cannot be sent: %s", p.Arg, why),
		})
	}
	return qs
}

// urlValueText is v as it would be written into the URL, for the checks above, and its
// size: a string as is, a one-item list as its item, anything else as JSON.
func urlValueText(v any) (string, int) {
	if list, ok := v.([]any); ok && len(list) == 1 {
		v = list[0]
	}
	switch x := v.(type) {
	case string:
		return x, len(x)
	case json.Number:
		return x.String(), len(x)
	case bool, float64, int, int64:
		s := ValueText(x)
		return s, len(s)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return "", 0
	}
	return strings.TrimSpace(string(data)), len(data)
}
