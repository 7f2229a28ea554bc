package clarify

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/askapi/askapi/tools"
)

// The arguments are validated against the very input schema the assistant was shown
// (a JSON Schema validator, santhosh-tekuri/jsonschema), so what is asked and what is
// published can never disagree.
var printer = message.NewPrinter(language.English)

// Validators holds the compiled input schemas of one catalog's operations, compiled on
// first use. Whoever holds the catalog holds its Validators (the pipeline), so they go
// with it; the zero value is ready.
type Validators struct {
	compiled sync.Map // *tools.Operation → *jsonschema.Schema or error
}

// validatorFor is op's compiled input schema; v nil compiles it afresh.
func (v *Validators) validatorFor(op *tools.Operation) (*jsonschema.Schema, error) {
	if v == nil {
		return compileInput(op)
	}
	if got, ok := v.compiled.Load(op); ok {
		if err, isErr := got.(error); isErr {
			return nil, err
		}
		return got.(*jsonschema.Schema), nil
	}
	sch, err := compileInput(op)
	if err != nil {
		v.compiled.Store(op, err)
		return nil, err
	}
	v.compiled.Store(op, sch)
	return sch, nil
}

func compileInput(op *tools.Operation) (*jsonschema.Schema, error) {
	// A JSON round trip turns Go slices of strings into the []any the compiler reads.
	raw, err := json.Marshal(op.InputSchema)
	if err != nil {
		return nil, fmt.Errorf("encode input schema of %s: %w", op.Name, err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
	if err != nil {
		return nil, fmt.Errorf("decode input schema of %s: %w", op.Name, err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	url := "askapi:///" + op.Name + ".json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, fmt.Errorf("input schema of %s: %w", op.Name, err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("compile input schema of %s: %w", op.Name, err)
	}
	return sch, nil
}

// problem is one schema violation, located at a top-level argument.
type problem struct {
	field   string
	message string // the validator's words, for the reason
	said    string // the same in a person's words, for the question
	enum    []any
	path    string // location inside the argument, for nested problems
	// missing are the required fields absent at path inside the argument.
	missing []string
}

// validate returns the schema violations of args, at most one per argument. Missing
// required arguments are left to the missing check, which words them better.
func validate(vs *Validators, op *tools.Operation, args map[string]any) ([]problem, error) {
	sch, err := vs.validatorFor(op)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return nil, fmt.Errorf("encode arguments: %w", err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
	if err != nil {
		return nil, fmt.Errorf("decode arguments: %w", err)
	}
	verr, ok := sch.Validate(inst).(*jsonschema.ValidationError)
	if !ok || verr == nil {
		return nil, nil
	}
	seen := map[string]bool{}
	var out []problem
	for _, leaf := range leaves(verr) {
		if o, isOneOf := leaf.ErrorKind.(*kind.OneOf); isOneOf && len(o.Subschemas) > 1 {
			// A value several alternatives of a oneOf accept: the spec's overlap (a mute
			// that fits both Mute and Unmute's shape), which servers accept, never the
			// person's mistake.
			continue
		}
		if len(leaf.InstanceLocation) == 0 {
			if _, isRequired := leaf.ErrorKind.(*kind.Required); isRequired {
				continue
			}
		}
		field := ""
		if len(leaf.InstanceLocation) > 0 {
			field = leaf.InstanceLocation[0]
		}
		if seen[field] {
			continue
		}
		seen[field] = true
		p := problem{field: field, message: leaf.ErrorKind.LocalizedString(printer)}
		p.said = sayProblem(leaf.ErrorKind, p.message)
		if len(leaf.InstanceLocation) > 1 {
			p.path = "/" + strings.Join(leaf.InstanceLocation[1:], "/")
		}
		if e, isEnum := leaf.ErrorKind.(*kind.Enum); isEnum {
			p.enum = e.Want
		}
		if e, isRequired := leaf.ErrorKind.(*kind.Required); isRequired {
			p.missing = e.Missing
		}
		out = append(out, p)
	}
	return out, nil
}

// leaves flattens a validation error tree to the errors that say what is wrong.
func leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

// typeWords say a JSON type as a person would: "it should be a whole number".
var typeWords = map[string]string{"integer": "a whole number", "number": "a number", "boolean": "yes or no",
	"string": "text", "array": "a list", "object": "a record with fields"}

// formatWords say a string format as a person would.
var formatWords = map[string]string{"date-time": "a date and time", "date": "a date", "time": "a time of day",
	"email": "an email address", "idn-email": "an email address", "uri": "a web address", "uri-reference": "a web address",
	"iri": "a web address", "url": "a web address", "hostname": "a host name", "idn-hostname": "a host name",
	"ipv4": "an IPv4 address", "ipv6": "an IPv6 address", "duration": "a duration", "period": "a duration"}

// sayProblem words a schema violation for the person asked ("it should be a whole
// number", "it should be at least 3 characters long"), never in the validator's terms
// ("got string, want integer"); a violation it has no words for keeps the validator's.
func sayProblem(k jsonschema.ErrorKind, raw string) string {
	switch e := k.(type) {
	case *kind.Type:
		var want []any
		for _, w := range e.Want {
			if t, ok := typeWords[w]; ok {
				want = append(want, t)
			}
		}
		if len(want) > 0 {
			return "it should be " + strings.Replace(andList(want), " and ", " or ", 1)
		}
	case *kind.MinLength:
		if e.Want == 1 {
			return "it should not be empty"
		}
		return fmt.Sprintf("it should be at least %d characters long", e.Want)
	case *kind.MaxLength:
		return fmt.Sprintf("it should be at most %d characters long", e.Want)
	case *kind.Minimum:
		return "it should be at least " + ratText(e.Want)
	case *kind.Maximum:
		return "it should be at most " + ratText(e.Want)
	case *kind.ExclusiveMinimum:
		return "it should be more than " + ratText(e.Want)
	case *kind.ExclusiveMaximum:
		return "it should be less than " + ratText(e.Want)
	case *kind.MultipleOf:
		return "it should be a multiple of " + ratText(e.Want)
	case *kind.MinItems:
		if e.Want == 1 {
			return "it should have at least one item"
		}
		return fmt.Sprintf("it should have at least %d items", e.Want)
	case *kind.MaxItems:
		if e.Want == 1 {
			return "it should have at most one item"
		}
		return fmt.Sprintf("it should have at most %d items", e.Want)
	case *kind.UniqueItems:
		return "it should not repeat an item"
	case *kind.Pattern:
		return "it is not in the form expected"
	case *kind.Format:
		if w, ok := formatWords[e.Want]; ok {
			return "it should be " + w
		}
		return "it is not in the form expected"
	case *kind.Enum:
		// Deep inside an argument no options are offered: the choices are said.
		return "it should be " + orList(e.Want)
	case *kind.Const:
		return fmt.Sprintf("it should be %v", e.Want)
	case *kind.Required:
		var parts []any
		for _, m := range e.Missing {
			parts = append(parts, Human(m))
		}
		return "it needs its " + andList(parts)
	case *kind.AdditionalProperties:
		var parts []any
		for _, m := range e.Properties {
			parts = append(parts, fmt.Sprintf("%q", m))
		}
		return "it has fields that are not known here: " + andList(parts)
	}
	return raw
}

// ratText writes a schema's bound as a person reads it: 10, 2.5.
func ratText(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'f', -1, 64)
}
