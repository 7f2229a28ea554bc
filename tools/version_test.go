package tools

import "testing"

func TestVersionParam(t *testing.T) {
	str := map[string]any{"type": "string"}
	cases := []struct {
		name string
		p    Param
		want bool
	}{
		{"Azure's api-version", Param{Name: "api-version", In: "query", Required: true, Schema: str, Description: "Client API Version."}, true},
		{"its examples are the version", Param{Name: "api-version", In: "query", Required: true, Schema: str, Examples: []any{"2018-08-01.7.0"}}, true},
		{"described, in a header", Param{Name: "X-Version", In: "header", Required: true, Schema: str, Description: "The API version to use."}, true},
		{"an example of another version", Param{Name: "api-version", In: "query", Required: true, Schema: str, Examples: []any{"2017-01-01"}}, false},
		{"optional", Param{Name: "api-version", In: "query", Schema: str}, false},
		{"a version set's id", Param{Name: "versionSetId", In: "path", Required: true, Schema: str, Description: "API Version Set identifier."}, false},
		{"a document's version", Param{Name: "version", In: "path", Required: true, Schema: str, Description: "The document version."}, false},
		{"an enum", Param{Name: "api-version", In: "query", Required: true, Schema: map[string]any{"type": "string", "enum": []any{"2018-08-01.7.0"}}}, false},
	}
	for _, tc := range cases {
		if got := VersionParam(&tc.p, "2018-08-01.7.0"); got != tc.want {
			t.Errorf("%s: VersionParam = %v, want %v", tc.name, got, tc.want)
		}
	}
	// Named as the API's version, though an example names another one: a value equal to
	// the spec's version there is the API's (VersionNamed); it is not filled unasked.
	other := Param{Name: "api-version", In: "query", Required: true, Schema: str, Examples: []any{"2017-01-01", "2018-08-01.7.0"}}
	if !VersionNamed(&other) || VersionParam(&other, "2018-08-01.7.0") {
		t.Errorf("api-version with another example: VersionNamed %v, VersionParam %v; want true, false", VersionNamed(&other), VersionParam(&other, "2018-08-01.7.0"))
	}
	if VersionNamed(&Param{Name: "version", In: "path", Required: true, Schema: str, Description: "The document version."}) {
		t.Error("a document's version is named as the API's")
	}
}
