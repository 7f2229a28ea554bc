package openapi

import (
	"context"
	"slices"
	"testing"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
	"github.com/askapi/askapi/tools/upstream"
)

// Path keys with a query string, in the shapes the corpus writes them (clicksend, icons8,
// medium, flickr, opensuse): they load, and the request goes to the route with the pairs
// in its query.
const pathQuerySpec = `
openapi: 3.0.3
info: {title: t, version: "1"}
servers: [{url: "https://api.example.com/v1"}]
paths:
  /uploads?convert={convert}:
    post:
      operationId: upload
      responses: {"200": {description: ok}}
  /history?date_from={date_from}&q={q}:
    get:
      operationId: history
      parameters:
        - {name: date_from, in: path, required: true, schema: {type: string}}
        - {name: q, in: path, required: true, schema: {type: string}}
      responses: {"200": {description: ok}}
  /search/articles?query={query}:
    get:
      operationId: searchArticles
      parameters:
        - {name: query, in: query, required: true, schema: {type: string}}
      responses: {"200": {description: ok}}
  /rest?method=photos.search:
    get:
      operationId: searchPhotos
      parameters:
        - {name: text, in: query, schema: {type: string}}
      responses: {"200": {description: ok}}
  /rest?method=photos.getInfo:
    get:
      operationId: photoInfo
      parameters:
        - {name: photo_id, in: query, required: true, schema: {type: string}}
        - {name: method, in: query, schema: {type: string, enum: [photos.getInfo]}}
      responses: {"200": {description: ok}}
  /templates/{template_id}?full=true&lang={language}:
    parameters:
      - {name: template_id, in: path, required: true, schema: {type: string}}
      - {name: language, in: path, required: true, schema: {type: string}}
    get:
      operationId: template
      responses: {"200": {description: ok}}
  /numbers/{country}?{search}=1:
    get:
      operationId: numbers
      parameters:
        - {name: country, in: path, required: true, schema: {type: string}}
        - {name: search, in: path, required: true, schema: {type: string}}
      responses: {"200": {description: ok}}
`

func TestPathKeyQueryStrings(t *testing.T) {
	cat := btBuild(t, pathQuerySpec)
	cases := []struct {
		key      string
		args     map[string]any
		url      string
		query    []string // the operation's query parameters
		required []string // of those, the required ones
	}{
		{"POST /uploads?convert={convert}", map[string]any{"convert": "csv"},
			"https://api.example.com/v1/uploads?convert=csv", []string{"convert"}, nil},
		{"GET /history?date_from={date_from}&q={q}", map[string]any{"q": "a b"},
			"https://api.example.com/v1/history?q=a+b", []string{"date_from", "q"}, nil},
		{"GET /search/articles?query={query}", map[string]any{"query": "go"},
			"https://api.example.com/v1/search/articles?query=go", []string{"query"}, []string{"query"}},
		{"GET /rest?method=photos.search", map[string]any{"text": "cats"},
			"https://api.example.com/v1/rest?method=photos.search&text=cats", []string{"text"}, nil},
		{"GET /rest?method=photos.getInfo", map[string]any{"photo_id": "42", "method": "photos.getInfo"},
			"https://api.example.com/v1/rest?method=photos.getInfo&photo_id=42", []string{"photo_id"}, []string{"photo_id"}},
		{"GET /templates/{template_id}?full=true&lang={language}", map[string]any{"template_id": "t1", "lang": "fr"},
			"https://api.example.com/v1/templates/t1?full=true&lang=fr", []string{"lang"}, nil},
		{"GET /numbers/{country}?{search}=1", map[string]any{"country": "US"},
			"https://api.example.com/v1/numbers/US", nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.key, func(t *testing.T) {
			op := btOp(t, cat, tc.key)
			var query, required []string
			for _, p := range op.Params {
				if p.In == "path" && !slices.Contains(templateVars(tools.RouteOf(op.Path)), p.Name) {
					t.Errorf("path parameter %q outside the route", p.Name)
				}
				if p.In == "query" {
					query = append(query, p.Name)
					if p.Required {
						required = append(required, p.Name)
					}
				}
			}
			if !slices.Equal(query, tc.query) || !slices.Equal(required, tc.required) {
				t.Errorf("query parameters %v (required %v), want %v (required %v)", query, required, tc.query, tc.required)
			}
			req, err := upstream.BuildRequest(context.Background(), cat, op, tc.args, cat.BaseURL(), secret.Credentials{})
			if err != nil {
				t.Fatal(err)
			}
			if got := req.URL.String(); got != tc.url {
				t.Errorf("URL %s, want %s", got, tc.url)
			}
		})
	}
}
