package openapi

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// btSchemas loads a spec whose components hold the schemas under test and converts
// each named schema for one side of the wire.
func btSchemas(t *testing.T, spec string, mode schemaMode) map[string]map[string]any {
	t.Helper()
	c := btCompiler(t, spec)
	out := map[string]map[string]any{}
	for _, m := range c.members(c.getKey(c.root(), "components")) {
		if m.key != "schemas" {
			continue
		}
		for _, sm := range c.members(m.val) {
			out[sm.key] = c.newConverter(mode).convertRaw(sm.val)
		}
	}
	return out
}

// btCompiler reads an inline spec through the precise path and returns the compiler of
// the JSON it hands over, as LoadCatalog does.
func btCompiler(t *testing.T, spec string) *compiler {
	t.Helper()
	path := btSpecFile(t, spec)
	l, err := newSpecLoader(context.Background(), path, LoadOptions{MaxBytes: defaultMaxBytes})
	if err != nil {
		t.Fatal(err)
	}
	lr, err := l.load([]byte(spec), &LoadInfo{})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	c := newCompiler(lr.json, nil)
	c.v31 = lr.doc.IsOpenAPI31OrLater()
	return c
}

// btJSON normalises a converted schema to plain JSON values, so expectations can be
// written as JSON text.
func btJSON(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

const btSchemaSpec30 = `openapi: 3.0.3
info: {title: schemas, version: "1"}
paths: {}
components:
  schemas:
    NullableString: {type: string, nullable: true}
    NullableObject:
      type: object
      nullable: true
      properties: {a: {type: string}}
    Base:
      type: object
      description: The base.
      required: [name, id]
      properties:
        id: {type: string, readOnly: true}
        name: {type: string}
    Extra:
      type: object
      required: [age]
      properties:
        age: {type: integer}
    Merged:
      description: A merged one.
      allOf:
        - $ref: "#/components/schemas/Extra"
        - $ref: "#/components/schemas/Base"
        - type: object
          required: [email]
          properties:
            email: {type: string, format: email}
    # The required list sits apart from the properties it names.
    RequiredApart:
      allOf:
        - $ref: "#/components/schemas/Named"
        - type: object
          required: [nick]
    Named:
      type: object
      properties:
        nick: {type: string}
        full: {type: string}
    OwnRequired:
      required: [full]
      allOf:
        - $ref: "#/components/schemas/Named"
    NotObjects:
      allOf:
        - {type: string}
        - {maxLength: 5}
    Choice:
      oneOf:
        - {type: string}
        - {type: integer}
    Secret:
      type: object
      required: [password, id]
      properties:
        id: {type: string, readOnly: true}
        password: {type: string, writeOnly: true}
        name: {type: string, example: Ada}
    Node:
      type: object
      description: A tree node. It has children.
      properties:
        name: {type: string}
        children:
          type: array
          items: {$ref: "#/components/schemas/Node"}
    Formats:
      type: object
      properties:
        i32: {type: integer, format: int32}
        bin: {type: string, format: binary}
        vendor: {type: string, format: my-format}
        when: {type: string, format: date-time}
        uid: {type: string, format: uuid}
        mail: {type: string, format: email}
    Patterns:
      type: object
      properties:
        lookahead: {type: string, pattern: "^(?!admin).*$"}
        backref: {type: string, pattern: "^(a)\\1$"}
        fine: {type: string, pattern: "^[a-z]+-[0-9]{2,}$"}
    Bounds:
      type: object
      properties:
        exclusive: {type: number, minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true}
        inclusive: {type: number, minimum: 0, exclusiveMinimum: false, maximum: 10}
        multiple: {type: integer, multipleOf: 5}
    Example:
      type: string
      example: hello
      default: hi
`

func TestSchemaConversion30(t *testing.T) {
	req := btSchemas(t, btSchemaSpec30, modeRequest)
	resp := btSchemas(t, btSchemaSpec30, modeResponse)
	cases := []struct {
		name   string
		mode   map[string]map[string]any
		schema string
		want   string
	}{
		{"nullable string", req, "NullableString", `{"type":["string","null"]}`},
		{"nullable object", req, "NullableObject", `{"type":["object","null"],"properties":{"a":{"type":"string"}}}`},
		{"allOf merged keeping required order, readOnly dropped", req, "Merged",
			`{"type":"object","description":"A merged one.","properties":{"age":{"type":"integer"},"name":{"type":"string"},"email":{"type":"string","format":"email"}},"required":["age","name","email"]}`},
		{"allOf merged in a response keeps readOnly", resp, "Merged",
			`{"type":"object","description":"A merged one.","properties":{"age":{"type":"integer"},"id":{"type":"string"},"name":{"type":"string"},"email":{"type":"string","format":"email"}},"required":["age","name","id","email"]}`},
		{"allOf part requiring another part's property", req, "RequiredApart",
			`{"type":"object","properties":{"nick":{"type":"string"},"full":{"type":"string"}},"required":["nick"]}`},
		{"allOf with its own required list", req, "OwnRequired",
			`{"type":"object","properties":{"nick":{"type":"string"},"full":{"type":"string"}},"required":["full"]}`},
		{"allOf of non-objects kept", req, "NotObjects", `{"allOf":[{"type":"string"},{"maxLength":5}]}`},
		{"oneOf kept", req, "Choice", `{"oneOf":[{"type":"string"},{"type":"integer"}]}`},
		{"request drops readOnly, keeps writeOnly and examples", req, "Secret",
			`{"type":"object","properties":{"password":{"type":"string"},"name":{"type":"string","examples":["Ada"]}},"required":["password"]}`},
		{"response drops writeOnly and examples", resp, "Secret",
			`{"type":"object","properties":{"id":{"type":"string"},"name":{"type":"string"}},"required":["id"]}`},
		{"unknown formats dropped", req, "Formats",
			`{"type":"object","properties":{"i32":{"type":"integer"},"bin":{"type":"string"},"vendor":{"type":"string"},"when":{"type":"string","format":"date-time"},"uid":{"type":"string","format":"uuid"},"mail":{"type":"string","format":"email"}}}`},
		{"invalid patterns dropped", req, "Patterns",
			`{"type":"object","properties":{"lookahead":{"type":"string"},"backref":{"type":"string"},"fine":{"type":"string","pattern":"^[a-z]+-[0-9]{2,}$"}}}`},
		{"boolean exclusive bounds become numeric", req, "Bounds",
			`{"type":"object","properties":{"exclusive":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":10},"inclusive":{"type":"number","minimum":0,"maximum":10},"multiple":{"type":"integer","multipleOf":5}}}`},
		{"examples kept in requests", req, "Example", `{"type":"string","examples":["hello"],"default":"hi"}`},
		{"examples dropped in responses", resp, "Example", `{"type":"string","default":"hi"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var want any
			if err := json.Unmarshal([]byte(tc.want), &want); err != nil {
				t.Fatalf("bad expectation: %v", err)
			}
			got := btJSON(t, tc.mode[tc.schema])
			if !reflect.DeepEqual(got, want) {
				g, _ := json.Marshal(got)
				t.Errorf("%s:\n got  %s\n want %s", tc.schema, g, tc.want)
			}
		})
	}
}

const btSchemaSpec31 = `openapi: 3.1.0
info: {title: schemas, version: "1"}
paths: {}
components:
  schemas:
    TypeArray: {type: [integer, "null"]}
    Exclusive: {type: number, exclusiveMinimum: 0, exclusiveMaximum: 100}
    BothBounds: {type: number, minimum: 1, exclusiveMinimum: 0, maximum: 50, exclusiveMaximum: 100}
    Examples: {type: string, examples: [a, b]}
    Tuple:
      type: array
      prefixItems:
        - {type: string}
        - {type: integer}
`

func TestSchemaConversion31(t *testing.T) {
	req := btSchemas(t, btSchemaSpec31, modeRequest)
	resp := btSchemas(t, btSchemaSpec31, modeResponse)
	cases := []struct {
		name   string
		mode   map[string]map[string]any
		schema string
		want   string
	}{
		{"type array kept", req, "TypeArray", `{"type":["integer","null"]}`},
		{"numeric exclusive bounds", req, "Exclusive", `{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":100}`},
		// In 3.1 minimum and exclusiveMinimum are independent keywords; neither may be lost.
		{"both bounds kept", req, "BothBounds", `{"type":"number","minimum":1,"exclusiveMinimum":0,"maximum":50,"exclusiveMaximum":100}`},
		{"examples in requests", req, "Examples", `{"type":"string","examples":["a","b"]}`},
		{"no examples in responses", resp, "Examples", `{"type":"string"}`},
		{"prefixItems become items", req, "Tuple", `{"type":"array","items":{"type":"string"}}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var want any
			if err := json.Unmarshal([]byte(tc.want), &want); err != nil {
				t.Fatalf("bad expectation: %v", err)
			}
			got := btJSON(t, tc.mode[tc.schema])
			if !reflect.DeepEqual(got, want) {
				g, _ := json.Marshal(got)
				t.Errorf("%s:\n got  %s\n want %s", tc.schema, g, tc.want)
			}
		})
	}
}

// A recursive $ref is cut with a description, keeping the type.
func TestSchemaRecursionCut(t *testing.T) {
	for _, mode := range []schemaMode{modeRequest, modeResponse} {
		node := btSchemas(t, btSchemaSpec30, mode)["Node"]
		children := btProps(node)["children"].(map[string]any)
		if children["type"] != "array" {
			t.Fatalf("children = %v", children)
		}
		item := children["items"].(map[string]any)
		desc, _ := item["description"].(string)
		if item["type"] != "object" || !strings.Contains(desc, "recursive") || !strings.HasPrefix(desc, "A tree node.") {
			t.Errorf("mode %d: recursive item = %v, want type object and a description saying it was cut", mode, item)
		}
		if _, ok := item["properties"]; ok {
			t.Errorf("mode %d: recursive item expanded: %v", mode, item)
		}
		if _, err := json.Marshal(node); err != nil {
			t.Errorf("cut schema does not marshal: %v", err)
		}
	}
}

// btChainSpec makes n schemas, each nesting the next through kind: "properties",
// "items" or "allOf".
func btChainSpec(kind string, n int) string {
	var b strings.Builder
	b.WriteString("openapi: 3.0.3\ninfo: {title: chain, version: \"1\"}\npaths: {}\ncomponents:\n  schemas:\n")
	for i := 0; i < n; i++ {
		next := fmt.Sprintf(`{$ref: "#/components/schemas/L%d"}`, i+1)
		switch kind {
		case "properties":
			fmt.Fprintf(&b, "    L%d: {type: object, properties: {next: %s}}\n", i, next)
		case "items":
			fmt.Fprintf(&b, "    L%d: {type: array, items: %s}\n", i, next)
		case "allOf":
			fmt.Fprintf(&b, "    L%d: {allOf: [%s, {type: object, properties: {f%d: {type: string}}}]}\n", i, next, i)
		}
	}
	fmt.Fprintf(&b, "    L%d: {type: object, properties: {leaf: {type: string}}}\n", n)
	return b.String()
}

// Depth counts properties and items; allOf describes the same value and does not count.
func TestSchemaDepthCut(t *testing.T) {
	t.Run("properties", func(t *testing.T) {
		s := btSchemas(t, btChainSpec("properties", 14), modeRequest)["L0"]
		levels := 0
		for {
			next, ok := btProps(s)["next"].(map[string]any)
			if !ok {
				break
			}
			levels++
			s = next
		}
		if levels != maxSchemaDepth+1 {
			t.Errorf("walked %d levels of properties, want %d", levels, maxSchemaDepth+1)
		}
		if d, _ := s["description"].(string); !strings.Contains(d, "nested too deep") || s["type"] != "object" {
			t.Errorf("deepest = %v, want a cut object", s)
		}
	})
	t.Run("items", func(t *testing.T) {
		s := btSchemas(t, btChainSpec("items", 14), modeRequest)["L0"]
		levels := 0
		for {
			next, ok := s["items"].(map[string]any)
			if !ok {
				break
			}
			levels++
			s = next
		}
		if levels != maxSchemaDepth+1 {
			t.Errorf("walked %d levels of items, want %d", levels, maxSchemaDepth+1)
		}
		if d, _ := s["description"].(string); !strings.Contains(d, "nested too deep") || s["type"] != "array" {
			t.Errorf("deepest = %v, want a cut array", s)
		}
	})
	t.Run("allOf", func(t *testing.T) {
		const n = 14 // deeper than maxSchemaDepth, all one value
		s := btSchemas(t, btChainSpec("allOf", n), modeRequest)["L0"]
		props := btProps(s)
		if s["type"] != "object" || props["leaf"] == nil {
			t.Fatalf("allOf chain not merged down to the leaf: %v", s)
		}
		for i := 0; i < n; i++ {
			if props[fmt.Sprintf("f%d", i)] == nil {
				t.Errorf("property f%d lost", i)
			}
		}
		if strings.Contains(fmt.Sprint(s), "nested too deep") {
			t.Errorf("allOf nesting was cut: %v", s)
		}
	})
}

func TestSchemaNilAndBoolean(t *testing.T) {
	c := newCompiler([]byte("{}"), nil).newConverter(modeRequest)
	if got := c.convert(nil); got == nil || len(got) != 0 {
		t.Errorf("convert(nil) = %v, want {}", got)
	}
}

func TestFirstSentence(t *testing.T) {
	cases := []struct{ in, want string }{
		{"One. Two.", "One."},
		{"  Line one\nline two", "Line one"},
		{"No stop", "No stop"},
		{"v1.2 is fine. Next", "v1.2 is fine."},
	}
	for _, tc := range cases {
		if got := firstSentence(tc.in); got != tc.want {
			t.Errorf("firstSentence(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestKeepPatternPlainEscapes(t *testing.T) {
	cases := map[string]string{
		`^[a-zA-Z0-9_\-\:]+$`: `^[a-zA-Z0-9_\-:]+$`, // DigitalOcean's tag names
		`^\d+$`:               `^\d+$`,
		`^a\.b$`:              `^a\.b$`,
		`^\@[a-z]+$`:          `^@[a-z]+$`,
		`(unclosed`:           ``,
	}
	for in, want := range cases {
		if got := keepPattern(in); got != want {
			t.Errorf("keepPattern(%q) = %q, want %q", in, got, want)
		}
	}
}
