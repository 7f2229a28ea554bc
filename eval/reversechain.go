package eval

// The Reverse Chain dataset (Zhang et al., "Reverse Chain: A Generic-Rule for LLMs to Master
// Multi-API Planning", NAACL 2024 Findings) as planning cases; see
// testdata/shared/datasets/README.md. Each item lists its APIs, the user's query and the gold
// nested call (the Label). An item becomes one OpenAPI spec (an API is `GET /<name>` with
// required query inputs and a JSON object response), a plan of `GET /<outermost call>`
// with the label's literal values as hints, and a gold set of operations.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// JudgeSet marks a planning case judged by the set of operations (each operation of the
// gold appears in the plan, no other does) with the gold's last operation last.
const JudgeSet = "set"

// KindReverseChain names a plans file in the Reverse Chain dataset's format.
const KindReverseChain = "reverse-chain"

// SkippedItem is a dataset item that cannot be judged: its label does not parse, or names
// an API or a parameter the item does not have, or leaves an input without a value.
type SkippedItem struct {
	ID     string `json:"id"`
	Label  string `json:"label"`
	Reason string `json:"reason"`
}

// rcAPI is one API of an item, its parameters in call order.
type rcAPI struct {
	Name        string
	Description string
	Format      string
	Inputs      []rcParam
	Outputs     []rcParam
}

type rcParam struct {
	Name        string
	Description string
	Type        string
}

// rcItem is one item of the dataset.
type rcItem struct {
	APIs  []rcAPI
	Query string
	Label string
	Index int // the item's index in the dataset's full file, -1 when absent
}

// isReverseChain reports whether data is a JSON array of items with APIs and Label.
func isReverseChain(data []byte) bool {
	var list []map[string]json.RawMessage
	if json.Unmarshal(data, &list) != nil || len(list) == 0 {
		return false
	}
	_, hasAPIs := field(list[0], "APIs")
	_, hasLabel := field(list[0], "Label")
	return hasAPIs && hasLabel
}

// field looks a key up in a JSON object whatever its case and underscores
// (`Name`/`name`, `Description`/`description`, `input_params`/`InputParams`).
func field(obj map[string]json.RawMessage, key string) (json.RawMessage, bool) {
	if v, ok := obj[key]; ok {
		return v, true
	}
	want := normName(key)
	for k, v := range obj {
		if normName(k) == want {
			return v, true
		}
	}
	return nil, false
}

// normName folds case and drops underscores and dashes: `Hotel_name` = `hotelName`.
func normName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '_' || r == '-' || unicode.IsSpace(r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

func stringField(obj map[string]json.RawMessage, key string) string {
	raw, ok := field(obj, key)
	if !ok {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// parseReverseChain reads the dataset's items.
func parseReverseChain(data []byte) ([]*rcItem, error) {
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	out := make([]*rcItem, 0, len(raw))
	for i, obj := range raw {
		it := &rcItem{Query: stringField(obj, "Query"), Label: stringField(obj, "Label"), Index: -1}
		if v, ok := field(obj, "Index"); ok {
			_ = json.Unmarshal(v, &it.Index)
		}
		apis, _ := field(obj, "APIs")
		var list []map[string]json.RawMessage
		if err := json.Unmarshal(apis, &list); err != nil {
			return nil, fmt.Errorf("item %d: APIs: %w", i, err)
		}
		for j, a := range list {
			api, err := parseAPI(a)
			if err != nil {
				return nil, fmt.Errorf("item %d: API %d: %w", i, j, err)
			}
			it.APIs = append(it.APIs, api)
		}
		out = append(out, it)
	}
	return out, nil
}

func parseAPI(obj map[string]json.RawMessage) (rcAPI, error) {
	api := rcAPI{Name: stringField(obj, "name"), Description: stringField(obj, "Description"), Format: stringField(obj, "format")}
	if api.Name == "" {
		return api, errors.New("no name")
	}
	var err error
	if raw, ok := field(obj, "input_params"); ok {
		if api.Inputs, err = orderedParams(raw); err != nil {
			return api, fmt.Errorf("%s input_params: %w", api.Name, err)
		}
	}
	if raw, ok := field(obj, "output_params"); ok {
		if api.Outputs, err = orderedParams(raw); err != nil {
			return api, fmt.Errorf("%s output_params: %w", api.Name, err)
		}
	}
	api.Inputs = formatOrder(api.Format, api.Inputs)
	return api, nil
}

// orderedParams reads {"name": {"description": ..., "type": ...}, ...} keeping the order.
func orderedParams(raw json.RawMessage) ([]rcParam, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if tok == nil {
		return nil, nil
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("not an object")
	}
	var out []rcParam
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		p := rcParam{Name: name}
		var obj map[string]json.RawMessage
		if json.Unmarshal(v, &obj) == nil {
			p.Description, p.Type = stringField(obj, "description"), stringField(obj, "type")
		} else {
			// A bare type or description string.
			_ = json.Unmarshal(v, &p.Type)
		}
		out = append(out, p)
	}
	return out, nil
}

var formatCall = regexp.MustCompile(`^\s*[A-Za-z_][A-Za-z0-9_]*\s*\(([^)]*)\)`)

// formatOrder orders the inputs as the format string lists them
// (`SelectOutfit(weather, occasion) -> outfit`), which positional labels rely on. A
// format that does not name exactly the inputs leaves their order as the JSON has it.
func formatOrder(format string, inputs []rcParam) []rcParam {
	m := formatCall.FindStringSubmatch(format)
	if m == nil {
		return inputs
	}
	var names []string
	for _, part := range strings.Split(m[1], ",") {
		// `CuisineType='Chinese'`: the name before a default.
		name, _, _ := strings.Cut(part, "=")
		if name = strings.TrimSpace(name); name != "" {
			names = append(names, name)
		}
	}
	if len(names) != len(inputs) {
		return inputs
	}
	out := make([]rcParam, 0, len(inputs))
	used := make([]bool, len(inputs))
	for _, n := range names {
		found := false
		for i, p := range inputs {
			if !used[i] && normName(p.Name) == normName(n) {
				used[i], found = true, true
				out = append(out, p)
				break
			}
		}
		if !found {
			return inputs
		}
	}
	return out
}

// --- the label ------------------------------------------------------------------

// rcExprKind says what a label expression is.
type rcExprKind int

const (
	rcCall    rcExprKind = iota // Name(args)
	rcLiteral                   // 'text', "text", 12, 3.5, true
	rcList                      // [a, b]
	rcRef                       // a bare name: a value the label does not spell out
)

// rcExpr is a parsed label expression.
type rcExpr struct {
	Kind  rcExprKind
	Name  string // the call's API, or the referenced name
	Args  []rcArg
	Value any       // a literal: string, int64, float64 or bool
	Items []*rcExpr // a list's items
	// Fields are accessors after a call (`GetFlightDetails(...).airline`).
	Fields []string
}

// rcArg is one argument of a call: Key is empty for a positional one.
type rcArg struct {
	Key   string
	Value *rcExpr
}

// parseLabel parses a label such as `A(x=B(y='v'), z=5)` or `A(B('v'), 'w')`.
func parseLabel(s string) (*rcExpr, error) {
	p := &labelParser{s: s}
	e, err := p.expr(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(p.s) {
		return nil, p.errorf("unexpected %q after the expression", p.rest())
	}
	return e, nil
}

type labelParser struct {
	s string
	i int
}

// maxLabelDepth bounds nesting, so a hostile label cannot exhaust the stack.
const maxLabelDepth = 64

func (p *labelParser) errorf(format string, args ...any) error {
	return fmt.Errorf("at %d: %s", p.i, fmt.Sprintf(format, args...))
}

// found names what is at the current position, for errors.
func (p *labelParser) found() string {
	if p.peek() == 0 {
		return "the unexpected end of the label"
	}
	return strconv.Quote(p.rest())
}

func (p *labelParser) rest() string {
	r := p.s[p.i:]
	if len(r) > 20 {
		r = r[:20] + "…"
	}
	return r
}

func (p *labelParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *labelParser) peek() byte {
	p.space()
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdentPart(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

func (p *labelParser) ident() (string, bool) {
	p.space()
	start := p.i
	if p.i >= len(p.s) || !isIdentStart(p.s[p.i]) {
		return "", false
	}
	for p.i < len(p.s) && isIdentPart(p.s[p.i]) {
		p.i++
	}
	return p.s[start:p.i], true
}

func (p *labelParser) expr(depth int) (*rcExpr, error) {
	if depth > maxLabelDepth {
		return nil, p.errorf("nested too deeply")
	}
	var e *rcExpr
	switch c := p.peek(); {
	case c == 0:
		return nil, p.errorf("unexpected end of the label")
	case c == '\'' || c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		e = &rcExpr{Kind: rcLiteral, Value: s}
	case c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9'):
		v, err := p.number()
		if err != nil {
			return nil, err
		}
		e = &rcExpr{Kind: rcLiteral, Value: v}
	case c == '[':
		p.i++
		e = &rcExpr{Kind: rcList}
		for p.peek() != ']' {
			item, err := p.expr(depth + 1)
			if err != nil {
				return nil, err
			}
			e.Items = append(e.Items, item)
			if !p.comma(']') {
				return nil, p.errorf("expected , or ] in a list, found %s", p.found())
			}
		}
		p.i++
	case isIdentStart(c):
		name, _ := p.ident()
		if p.peek() != '(' {
			switch name {
			case "true", "True":
				e = &rcExpr{Kind: rcLiteral, Value: true}
			case "false", "False":
				e = &rcExpr{Kind: rcLiteral, Value: false}
			default:
				e = &rcExpr{Kind: rcRef, Name: name}
			}
			break
		}
		p.i++
		e = &rcExpr{Kind: rcCall, Name: name}
		for p.peek() != ')' {
			arg, err := p.arg(depth)
			if err != nil {
				return nil, err
			}
			e.Args = append(e.Args, arg)
			if !p.comma(')') {
				return nil, p.errorf("expected , or ) after an argument of %s, found %s", name, p.found())
			}
		}
		p.i++
	default:
		return nil, p.errorf("unexpected %q", p.rest())
	}
	// Accessors on a call's result: `F(x).airline`.
	for e.Kind == rcCall && p.peek() == '.' {
		p.i++
		f, ok := p.ident()
		if !ok {
			return nil, p.errorf("expected a field name after '.'")
		}
		e.Fields = append(e.Fields, f)
	}
	return e, nil
}

// comma consumes a separator: true after a comma, or before the closing byte.
func (p *labelParser) comma(closing byte) bool {
	switch p.peek() {
	case ',':
		p.i++
		return true
	case closing:
		return true
	}
	return false
}

// arg reads `name = expr` or a positional `expr`.
func (p *labelParser) arg(depth int) (rcArg, error) {
	save := p.i
	if name, ok := p.ident(); ok && p.peek() == '=' {
		p.i++
		v, err := p.expr(depth + 1)
		return rcArg{Key: name, Value: v}, err
	}
	p.i = save
	v, err := p.expr(depth + 1)
	return rcArg{Value: v}, err
}

// str reads a quoted string; a backslash escapes the next character. A quote inside a
// string that is not escaped ends it (`'Sweet Child O' Mine'` does not parse).
func (p *labelParser) str() (string, error) {
	q := p.s[p.i]
	start := p.i
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '\\' && p.i+1 < len(p.s):
			b.WriteByte(p.s[p.i+1])
			p.i += 2
		case c == q:
			p.i++
			return b.String(), nil
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	p.i = start
	return "", p.errorf("unterminated string")
}

var numberRE = regexp.MustCompile(`^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?`)

func (p *labelParser) number() (any, error) {
	m := numberRE.FindString(p.s[p.i:])
	if m == "" {
		return nil, p.errorf("bad number %q", p.rest())
	}
	// A number runs into a name (`5th`): not a number.
	if end := p.i + len(m); end < len(p.s) && isIdentPart(p.s[end]) {
		return nil, p.errorf("bad number %q", p.rest())
	}
	p.i += len(m)
	if n, err := strconv.ParseInt(strings.TrimPrefix(m, "+"), 10, 64); err == nil {
		return n, nil
	}
	f, err := strconv.ParseFloat(m, 64)
	if err != nil {
		return nil, p.errorf("bad number %q", m)
	}
	return f, nil
}

// --- from a label to a planning case ---------------------------------------------------

// rcGold is what a label says: the operations it calls (dependencies first, each once, the
// outermost last) and the values written in it, by parameter name.
type rcGold struct {
	Final string
	Ops   []string
	Hints map[string]any
}

// labelGold binds the label to the item's APIs: calls name APIs of the item, arguments
// name (or, positionally, stand for) their parameters, every input has a value, and the
// literal values become hints. Any failure is a reason to skip the item.
func labelGold(e *rcExpr, apis []rcAPI) (*rcGold, error) {
	if e.Kind != rcCall {
		return nil, errors.New("the label is not a call")
	}
	byName := map[string]*rcAPI{}
	for i := range apis {
		byName[apis[i].Name] = &apis[i]
	}
	g := &rcGold{Final: e.Name, Hints: map[string]any{}}
	// Names any called API outputs: a bare name in the label refers to one of them
	// (`GetWeather(latitude, longitude=GetCityLocation(...))`).
	outputs := map[string]bool{}
	var collect func(*rcExpr) error
	collect = func(x *rcExpr) error {
		switch x.Kind {
		case rcCall:
			api := byName[x.Name]
			if api == nil {
				return fmt.Errorf("%s is not one of the item's APIs", x.Name)
			}
			for _, o := range api.Outputs {
				outputs[normName(o.Name)] = true
			}
			for _, a := range x.Args {
				if err := collect(a.Value); err != nil {
					return err
				}
			}
		case rcList:
			for _, it := range x.Items {
				if err := collect(it); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := collect(e); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var bind func(*rcExpr) error
	bind = func(x *rcExpr) error {
		api := byName[x.Name]
		bound := map[string]bool{}
		for i, a := range x.Args {
			var p *rcParam
			if a.Key == "" {
				if i >= len(api.Inputs) {
					return fmt.Errorf("%s takes %d arguments, the label gives more", api.Name, len(api.Inputs))
				}
				p = &api.Inputs[i]
			} else {
				p = findParam(api.Inputs, a.Key)
				if p == nil {
					return fmt.Errorf("%s has no parameter %s", api.Name, a.Key)
				}
			}
			if bound[p.Name] {
				return fmt.Errorf("%s's %s is given twice", api.Name, p.Name)
			}
			bound[p.Name] = true
			if err := bindValue(g, api, p, a.Value, outputs, bind); err != nil {
				return err
			}
		}
		for _, p := range api.Inputs {
			if !bound[p.Name] {
				return fmt.Errorf("%s's %s has no value in the label", api.Name, p.Name)
			}
		}
		if !seen[x.Name] {
			seen[x.Name] = true
			if x != e {
				g.Ops = append(g.Ops, x.Name)
			}
		}
		return nil
	}
	if err := bind(e); err != nil {
		return nil, err
	}
	// The outermost call is the final operation, last even if an argument calls it too.
	ops := g.Ops[:0]
	for _, op := range g.Ops {
		if op != e.Name {
			ops = append(ops, op)
		}
	}
	g.Ops = append(ops, e.Name) //nolint:gocritic // appendAssign: ops is this function's own list, completed into g.Ops
	return g, nil
}

// bindValue records what fills one parameter: a literal is a hint, a call is planned, a
// bare name must be something a called API outputs.
func bindValue(g *rcGold, api *rcAPI, p *rcParam, v *rcExpr, outputs map[string]bool, bind func(*rcExpr) error) error {
	switch v.Kind {
	case rcCall:
		return bind(v)
	case rcRef:
		if !outputs[normName(v.Name)] {
			return fmt.Errorf("%s's %s is %s, a value the label does not give and no API in it returns", api.Name, p.Name, v.Name)
		}
		return nil
	case rcList:
		var vals []any
		for _, it := range v.Items {
			switch it.Kind {
			case rcLiteral:
				vals = append(vals, it.Value)
			case rcCall:
				if err := bind(it); err != nil {
					return err
				}
			default:
				return fmt.Errorf("%s's %s holds %s, which the label does not give", api.Name, p.Name, it.Name)
			}
		}
		if len(vals) != len(v.Items) {
			if len(vals) > 0 {
				return fmt.Errorf("%s's %s mixes values and calls", api.Name, p.Name)
			}
			return nil
		}
		return addHint(g, p.Name, vals)
	default:
		return addHint(g, p.Name, v.Value)
	}
}

// addHint records a value the user said. Hints are one map by name, so two different
// values for the same name cannot be told apart: such an item is skipped.
func addHint(g *rcGold, name string, v any) error {
	if prev, ok := g.Hints[name]; ok && fmt.Sprint(prev) != fmt.Sprint(v) {
		return fmt.Errorf("%s is given two values (%v and %v), which one set of hints cannot hold", name, prev, v)
	}
	if v == nil {
		v = []any{}
	}
	g.Hints[name] = v
	return nil
}

// findParam finds an input by its exact name, else by name folding case and underscores.
func findParam(params []rcParam, name string) *rcParam {
	for i := range params {
		if params[i].Name == name {
			return &params[i]
		}
	}
	for i := range params {
		if normName(params[i].Name) == normName(name) {
			return &params[i]
		}
	}
	return nil
}

// --- the spec --------------------------------------------------------------------------

// rcSchema maps the dataset's types to JSON Schema; unknown ones (Object, Location, JSON...)
// are strings, the original type kept in x-reverse-chain-type. The description goes on the
// parameter, or on the output's property.
func rcSchema(p rcParam) map[string]any {
	s := map[string]any{}
	t := strings.ToLower(strings.TrimSpace(p.Type))
	switch {
	case t == "string" || t == "str" || t == "text":
		s["type"] = "string"
	case t == "integer" || t == "int" || t == "long":
		s["type"] = "integer"
	case t == "float" || t == "number" || t == "double" || t == "decimal":
		s["type"] = "number"
	case t == "boolean" || t == "bool":
		s["type"] = "boolean"
	case t == "date" || t == "datetime" || t == "time" || t == "timestamp":
		s["type"] = "string"
	case strings.HasPrefix(t, "list") || strings.HasPrefix(t, "array"):
		item := "string"
		switch {
		case strings.Contains(t, "float") || strings.Contains(t, "number") || strings.Contains(t, "decimal"):
			item = "number"
		case strings.Contains(t, "integer"):
			item = "integer"
		}
		s["type"] = "array"
		s["items"] = map[string]any{"type": item}
	default:
		s["type"] = "string"
	}
	if p.Type != "" && !strings.EqualFold(p.Type, fmt.Sprint(s["type"])) {
		s["x-reverse-chain-type"] = p.Type
	}
	return s
}

// rcSpec is the OpenAPI 3.0 document of an item: each API is `GET /<name>`.
func rcSpec(title string, apis []rcAPI) map[string]any {
	paths := map[string]any{}
	for _, a := range apis {
		params := []any{}
		for _, p := range a.Inputs {
			param := map[string]any{"name": p.Name, "in": "query", "required": true, "schema": rcSchema(p)}
			if p.Description != "" {
				param["description"] = p.Description
			}
			params = append(params, param)
		}
		props := map[string]any{}
		for _, o := range a.Outputs {
			s := rcSchema(o)
			if o.Description != "" {
				s["description"] = o.Description
			}
			props[o.Name] = s
		}
		op := map[string]any{
			"operationId": a.Name,
			"parameters":  params,
			"responses": map[string]any{
				"200": map[string]any{
					"description": "OK",
					"content": map[string]any{"application/json": map[string]any{
						"schema": map[string]any{"type": "object", "properties": props},
					}},
				},
			},
		}
		if a.Description != "" {
			op["summary"] = a.Description
		}
		paths["/"+a.Name] = map[string]any{"get": op}
	}
	return map[string]any{
		"openapi": "3.0.3",
		"info":    map[string]any{"title": title, "version": "1"},
		"servers": []any{map[string]any{"url": "http://127.0.0.1:9/none"}},
		"paths":   paths,
	}
}

// loadReverseChain converts the dataset: one spec per item in a new temporary directory
// (removed by the cleanup), the parsable items as planning cases, the rest skipped.
func loadReverseChain(file string, data []byte) (*PlanSet, error) {
	items, err := parseReverseChain(data)
	if err != nil {
		return nil, fmt.Errorf("plans %s: %w", file, err)
	}
	dir, err := os.MkdirTemp("", "askapi-reverse-chain-")
	if err != nil {
		return nil, fmt.Errorf("plans %s: %w", file, err)
	}
	set := &PlanSet{File: file, Kind: KindReverseChain, cleanup: func() { os.RemoveAll(dir) }}
	for i, it := range items {
		id := fmt.Sprintf("item %d", i)
		if it.Index >= 0 {
			id += fmt.Sprintf(" (Index %d)", it.Index)
		}
		gold, err := itemGold(it)
		if err != nil {
			set.Skipped = append(set.Skipped, SkippedItem{ID: id, Label: it.Label, Reason: err.Error()})
			continue
		}
		spec, err := json.MarshalIndent(rcSpec(fmt.Sprintf("Reverse Chain item %d", i), it.APIs), "", " ")
		if err != nil {
			set.Close()
			return nil, fmt.Errorf("plans %s: %s: %w", file, id, err)
		}
		path := filepath.Join(dir, fmt.Sprintf("item-%03d.json", i))
		if err := os.WriteFile(path, spec, 0o644); err != nil {
			set.Close()
			return nil, fmt.Errorf("plans %s: %w", file, err)
		}
		pc := &PlanCase{
			ID: id, Spec: path, Operation: "GET /" + gold.Final, Hints: gold.Hints,
			Judge: JudgeSet, Label: it.Label, File: file,
			// The specs are throwaway: no catalog cache entries for them.
			Env: map[string]string{"ASKAPI_CACHE": "off"},
		}
		for _, op := range gold.Ops {
			pc.Gold = append(pc.Gold, "GET /"+op)
		}
		set.Cases = append(set.Cases, pc)
	}
	return set, nil
}

// itemGold parses an item's label and binds it to the item's APIs.
func itemGold(it *rcItem) (*rcGold, error) {
	e, err := parseLabel(it.Label)
	if err != nil {
		return nil, fmt.Errorf("label does not parse: %w", err)
	}
	return labelGold(e, it.APIs)
}

// judgeSet: the plan uses exactly the gold's operations (any order, repeats allowed) and
// ends with the gold's last one.
func judgeSet(got, gold []string) bool {
	if len(got) == 0 || len(gold) == 0 || got[len(got)-1] != gold[len(gold)-1] {
		return false
	}
	want := map[string]bool{}
	for _, g := range gold {
		want[g] = true
	}
	have := map[string]bool{}
	for _, g := range got {
		if !want[g] {
			return false
		}
		have[g] = true
	}
	return len(have) == len(want)
}
