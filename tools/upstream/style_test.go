package upstream

import (
	"encoding/json"
	"github.com/askapi/askapi/tools"
	"strings"
	"testing"
)

func boolPtr(b bool) *bool { return &b }

// The values of the OpenAPI 3 style examples.
var (
	styleScalar = "blue"
	styleList   = []any{"blue", "black", "brown"}
	styleObject = map[string]any{"R": 100.0, "G": 200.0, "B": 150.0} // keys go out sorted: B, G, R
)

func TestStylePath(t *testing.T) {
	cases := []struct {
		style   string
		explode bool
		value   any
		want    string
	}{
		{"", false, styleScalar, "blue"},
		{"simple", false, styleList, "blue,black,brown"},
		{"simple", true, styleList, "blue,black,brown"},
		{"simple", false, styleObject, "B,150,G,200,R,100"},
		{"simple", true, styleObject, "B=150,G=200,R=100"},
		{"label", false, styleScalar, ".blue"},
		{"label", false, styleList, ".blue,black,brown"},
		{"label", true, styleList, ".blue.black.brown"},
		{"label", false, styleObject, ".B,150,G,200,R,100"},
		{"label", true, styleObject, ".B=150.G=200.R=100"},
		{"matrix", false, styleScalar, ";color=blue"},
		{"matrix", false, styleList, ";color=blue,black,brown"},
		{"matrix", true, styleList, ";color=blue;color=black;color=brown"},
		{"matrix", false, styleObject, ";color=B,150,G,200,R,100"},
		{"matrix", true, styleObject, ";B=150;G=200;R=100"},
		// Separators inside values are data: escaped, never structure.
		{"simple", false, "a/b,c;d?e#f", "a%2Fb%2Cc%3Bd%3Fe%23f"},
		{"simple", false, []string{"x y", "z"}, "x%20y,z"},
	}
	for _, c := range cases {
		p := &tools.Param{Name: "color", In: "path", Style: c.style, Explode: boolPtr(c.explode)}
		got, err := pathValue(p, c.value)
		if err != nil || got != c.want {
			t.Errorf("%s explode=%v %v: got %q, %v; want %q", c.style, c.explode, c.value, got, err, c.want)
		}
	}
}

func TestStyleQuery(t *testing.T) {
	cases := []struct {
		style   string
		explode *bool
		value   any
		want    string
	}{
		{"", nil, styleScalar, "color=blue"},
		{"form", nil, styleList, "color=blue&color=black&color=brown"},
		{"form", boolPtr(false), styleList, "color=blue,black,brown"},
		{"form", nil, styleObject, "B=150&G=200&R=100"},
		{"form", boolPtr(false), styleObject, "color=B,150,G,200,R,100"},
		{"spaceDelimited", boolPtr(false), styleList, "color=blue%20black%20brown"},
		{"pipeDelimited", boolPtr(false), styleList, "color=blue|black|brown"},
		{"pipeDelimited", boolPtr(false), styleScalar, "color=blue"},
		{"deepObject", boolPtr(true), styleObject, "color[B]=150&color[G]=200&color[R]=100"},
		{"deepObject", boolPtr(true), map[string]any{"a": map[string]any{"b": "c d"}, "l": []any{1.0, 2.0}}, "color[a][b]=c+d&color[l]=1&color[l]=2"},
		// Values are escaped so '&', '=' and ',' stay inside the value.
		{"form", boolPtr(false), []any{"a,b", "c&d=e"}, "color=a%2Cb,c%26d%3De"},
		{"form", nil, []any{}, ""},
		{"form", nil, map[string]any{}, ""},
		{"form", nil, true, "color=true"},
	}
	for _, c := range cases {
		p := &tools.Param{Name: "color", In: "query", Style: c.style, Explode: c.explode}
		style := styleFor(p)
		pairs, err := queryPairs(p.Name, style, explodeFor(p, style), c.value)
		if got := encodePairs(pairs); err != nil || got != c.want {
			t.Errorf("%s explode=%v %v: got %q, %v; want %q", c.style, c.explode, c.value, got, err, c.want)
		}
	}
}

func TestStyleHeaderAndCookie(t *testing.T) {
	headers := []struct {
		explode bool
		value   any
		want    string
	}{
		{false, styleScalar, "blue"},
		{false, styleList, "blue,black,brown"},
		{false, styleObject, "B,150,G,200,R,100"},
		{true, styleObject, "B=150,G=200,R=100"},
		{false, 42.0, "42"},
	}
	for _, c := range headers {
		got, err := headerValue(&tools.Param{Name: "X-Color", In: "header", Explode: boolPtr(c.explode)}, c.value)
		if err != nil || got != c.want {
			t.Errorf("header %v: got %q, %v; want %q", c.value, got, err, c.want)
		}
	}
	if _, err := headerValue(&tools.Param{Name: "X", In: "header"}, "a\r\nInjected: yes"); err == nil {
		t.Error("header value with CRLF accepted")
	}

	cookies := []struct {
		explode *bool
		value   any
		want    string
	}{
		{nil, styleScalar, "color=blue"},
		{boolPtr(false), styleList, "color=blue,black,brown"},
		{nil, styleList, "color=blue; color=black; color=brown"},
		{nil, "a; b", "color=a%3B+b"},
	}
	for _, c := range cookies {
		got, err := cookiePairs(&tools.Param{Name: "color", In: "cookie", Explode: c.explode}, c.value)
		if err != nil || strings.Join(got, "; ") != c.want {
			t.Errorf("cookie %v: got %q, %v; want %q", c.value, got, err, c.want)
		}
	}
}

func TestStyleScalars(t *testing.T) {
	cases := []struct {
		in   any
		want string
	}{
		{72129.0, "72129"},
		{float64(1e21), "1000000000000000000000"},
		{0.5, "0.5"},
		{-3.25, "-3.25"},
		{json.Number("72129"), "72129"},
		{json.Number("7.2129e4"), "72129"},
		{json.Number("12345678901234567890"), "12345678901234567890"},
		{int64(7), "7"},
		{float32(2.5), "2.5"},
		{true, "true"},
		{false, "false"},
		{"x", "x"},
		{nil, ""},
	}
	for _, c := range cases {
		if got, err := wireScalar(c.in); err != nil || got != c.want {
			t.Errorf("wireScalar(%#v) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

func TestStyleUndefined(t *testing.T) {
	if _, err := pathValue(&tools.Param{Name: "p", In: "path", Style: "form"}, "x"); err == nil {
		t.Error("form style accepted in path")
	}
	if _, err := queryPairs("q", "matrix", false, []any{"a"}); err == nil {
		t.Error("matrix style accepted in query")
	}
}
