package upstream

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestReadAPIError(t *testing.T) {
	cases := []struct {
		name, body string
		message    string
		fields     []FieldError
	}{
		{"rfc 9457 invalid-params", `{"type":"https://example.net/validation-error","title":"Your request is not valid.","invalid-params":[{"name":"age","reason":"must be a positive integer"}]}`,
			"Your request is not valid.", []FieldError{{Field: "age", Message: "must be a positive integer"}}},
		{"rfc 9457 errors with pointers", `{"title":"Validation","errors":[{"detail":"must be a positive integer","pointer":"#/age"}]}`,
			"Validation", []FieldError{{Field: "#/age", Message: "must be a positive integer"}}},
		{"field and message", `{"errors":[{"field":"email","message":"is taken"}]}`,
			"", []FieldError{{Field: "email", Message: "is taken"}}},
		{"fastapi loc", `{"detail":[{"loc":["body","matchers",0,"name"],"msg":"field required","type":"value_error.missing"}]}`,
			"", []FieldError{{Field: "matchers[0].name", In: "body", Message: "field required"}}},
		{"stripe", `{"error":{"type":"invalid_request_error","message":"Invalid integer: abc","param":"amount"}}`,
			"Invalid integer: abc", []FieldError{{Field: "amount", Message: "Invalid integer: abc"}}},
		{"github code only", `{"message":"Validation Failed","errors":[{"resource":"Issue","field":"title","code":"missing_field"}]}`,
			"Validation Failed", []FieldError{{Field: "title", Message: "missing field"}}},
		{"json api source", `{"errors":[{"status":"422","source":{"pointer":"/data/attributes/title"},"detail":"can't be blank"}]}`,
			"", []FieldError{{Field: "/data/attributes/title", Message: "can't be blank"}}},
		{"json api parameter", `{"errors":[{"source":{"parameter":"sort"},"title":"Invalid sort"}]}`,
			"", []FieldError{{Field: "sort", In: "query", Message: "Invalid sort"}}},
		{"rails map", `{"message":"The given data was invalid.","errors":{"email":["is required"],"name":["is too long"]}}`,
			"The given data was invalid.", []FieldError{{Field: "email", Message: "is required"}, {Field: "name", Message: "is too long"}}},
		{"django map", `{"name":["This field is required."]}`,
			"", []FieldError{{Field: "name", Message: "This field is required."}}},
		{"param with in", `{"errors":[{"param":"limit","in":"query","message":"too large"}]}`,
			"", []FieldError{{Field: "limit", In: "query", Message: "too large"}}},
		{"plain string", `"silence invalid: at least one matcher must not match the empty string"`,
			"silence invalid: at least one matcher must not match the empty string", nil},
		{"message only", `{"code":601,"message":"silenceID in path must be of type uuid"}`,
			"silenceID in path must be of type uuid", nil},
		{"hetzner details.fields", `{"error":{"code":"invalid_input","message":"invalid input in field 'name'","details":{"fields":[{"name":"name","messages":["is too long"]}]}}}`,
			"invalid input in field 'name'", []FieldError{{Field: "name", Message: "is too long"}}},
		{"tmdb status_message", `{"success":false,"status_code":34,"status_message":"The resource you requested could not be found."}`,
			"The resource you requested could not be found.", nil},
		{"list of strings", `{"errors":["name is required"]}`, "name is required", nil},
		{"data object is no field map", `{"id": 3, "name": "x"}`, "", nil},
		{"empty", ``, "", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var body any
			if c.body != "" {
				if err := json.Unmarshal([]byte(c.body), &body); err != nil {
					t.Fatal(err)
				}
			}
			got := ReadAPIError(body)
			if got.Message != c.message || !reflect.DeepEqual(got.Fields, c.fields) {
				t.Errorf("got %+v, want message %q fields %+v", got, c.message, c.fields)
			}
		})
	}
}

func TestFieldPath(t *testing.T) {
	cases := map[string][]string{
		"body.matchers[0].name":   {"body", "matchers", "name"},
		"#/data/attributes/title": {"data", "attributes", "title"},
		"$.user.email":            {"user", "email"},
		"/items/0/a~1b":           {"items", "a/b"},
		"created_by":              {"created_by"},
	}
	for in, want := range cases {
		if got := FieldPath(in); !reflect.DeepEqual(got, want) {
			t.Errorf("FieldPath(%q) = %v, want %v", in, got, want)
		}
	}
}
