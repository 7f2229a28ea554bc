package clarify

import (
	"encoding/json"
	"fmt"
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
// published can never disagree. Compiled schemas are cached per operation.
var (
	compiled sync.Map // *tools.Operation → *jsonschema.Schema or error
	printer  = message.NewPrinter(language.English)
)

func validatorFor(op *tools.Operation) (*jsonschema.Schema, error) {
	if v, ok := compiled.Load(op); ok {
		if err, isErr := v.(error); isErr {
			return nil, err
		}
		return v.(*jsonschema.Schema), nil
	}
	sch, err := compileInput(op)
	if err != nil {
		compiled.Store(op, err)
		return nil, err
	}
	compiled.Store(op, sch)
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
	message string
	enum    []any
	path    string // location inside the argument, for nested problems
}

// validate returns the schema violations of args, at most one per argument. Missing
// required arguments are left to the missing check, which words them better.
func validate(op *tools.Operation, args map[string]any) ([]problem, error) {
	sch, err := validatorFor(op)
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
		if len(leaf.InstanceLocation) > 1 {
			p.path = "/" + strings.Join(leaf.InstanceLocation[1:], "/")
		}
		if e, isEnum := leaf.ErrorKind.(*kind.Enum); isEnum {
			p.enum = e.Want
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
