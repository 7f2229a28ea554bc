package openapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
	"github.com/askapi/askapi/tools/upstream"
)

// fuzzArgsSpec has an operation for each way an argument reaches a request: path
// templates in every style (several in one segment, escaped literal text around them),
// query styles, header, cookie, and bodies (JSON flattened or whole, form, multipart,
// text, XML), with names that collide and header parameters OpenAPI says to ignore.
const fuzzArgsSpec = `{
 "openapi": "3.0.3", "info": {"title": "args", "version": "1"},
 "paths": {
  "/items/{id}": {
   "get": {"operationId": "getItem", "parameters": [
     {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
     {"name": "q", "in": "query", "schema": {"type": "string"}},
     {"name": "tags", "in": "query", "explode": false, "schema": {"type": "array", "items": {"type": "string"}}},
     {"name": "filter", "in": "query", "style": "deepObject", "explode": true, "schema": {"type": "object"}},
     {"name": "opts", "in": "query", "schema": {"type": "object"}},
     {"name": "sp", "in": "query", "style": "spaceDelimited", "explode": false, "schema": {"type": "array", "items": {}}},
     {"name": "pp", "in": "query", "style": "pipeDelimited", "explode": false, "schema": {"type": "array", "items": {}}},
     {"name": "page[size]", "in": "query", "schema": {"type": "integer"}},
     {"name": "X-Request-Id", "in": "header", "schema": {"type": "string"}},
     {"name": "X-Flags", "in": "header", "explode": true, "schema": {"type": "object"}},
     {"name": "Authorization", "in": "header", "schema": {"type": "string"}},
     {"name": "Accept", "in": "header", "schema": {"type": "string"}},
     {"name": "sess", "in": "cookie", "schema": {"type": "string"}},
     {"name": "prefs", "in": "cookie", "explode": false, "schema": {"type": "array", "items": {"type": "string"}}}],
    "responses": {"200": {"description": "ok"}}}},
  "/files/{dir}/{name}.{ext}": {
   "get": {"operationId": "getFile", "parameters": [
     {"name": "dir", "in": "path", "required": true, "schema": {"type": "string"}},
     {"name": "name", "in": "path", "required": true, "schema": {"type": "string"}},
     {"name": "ext", "in": "path", "required": true, "schema": {"type": "string"}}],
    "responses": {"200": {"description": "ok"}}}},
  "/styled/{label}/{matrix}/{mx}/{arr}": {
   "get": {"operationId": "styled", "parameters": [
     {"name": "label", "in": "path", "required": true, "style": "label", "explode": true, "schema": {}},
     {"name": "matrix", "in": "path", "required": true, "style": "matrix", "schema": {}},
     {"name": "mx", "in": "path", "required": true, "style": "matrix", "explode": true, "schema": {}},
     {"name": "arr", "in": "path", "required": true, "explode": true, "schema": {}}],
    "responses": {"200": {"description": "ok"}}}},
  "/a%2Fb/caf\u00e9 x/{x}": {
   "delete": {"operationId": "escapedLiteral", "parameters": [
     {"name": "x", "in": "path", "required": true, "schema": {"type": "integer"}}],
    "responses": {"204": {"description": "gone"}}}},
  "/things/{id}": {
   "put": {"operationId": "putThing", "parameters": [
     {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
     {"name": "name", "in": "query", "schema": {"type": "string"}}],
    "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["name"],
      "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "nested": {"type": "object"}, "list": {"type": "array"},
       "_user_request_copy": {"type": "string"}}}}}},
    "responses": {"200": {"description": "ok"}}},
   "post": {"operationId": "postThingRaw", "parameters": [
     {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
    "requestBody": {"content": {"application/merge-patch+json": {"schema": {"type": "array", "items": {}}}}},
    "responses": {"200": {"description": "ok"}}}},
  "/form": {
   "post": {"operationId": "postForm",
    "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object",
      "properties": {"a": {"type": "string"}, "b": {"type": "array"}, "meta": {"type": "object"}}},
     "encoding": {"meta": {"contentType": "application/json"}}}}},
    "responses": {"200": {"description": "ok"}}}},
  "/upload": {
   "post": {"operationId": "upload",
    "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object",
      "properties": {"note": {"type": "string"}, "parts": {"type": "array"}, "doc": {"type": "object"}, "quoted\"name": {"type": "string"}}}}}},
    "responses": {"200": {"description": "ok"}}}},
  "/text": {
   "post": {"operationId": "postText",
    "requestBody": {"content": {"text/plain": {"schema": {}}}},
    "responses": {"200": {"description": "ok"}}},
   "patch": {"operationId": "patchXML",
    "requestBody": {"content": {"application/xml": {"schema": {"type": "string"}}}},
    "responses": {"200": {"description": "ok"}}}}
 }
}`

const (
	fuzzBase        = "https://api.example.com/base/"
	fuzzUserMarker  = "QQ-user-request-QQ"
	fuzzContMarker  = "QQ-continuation-QQ"
	fuzzBaseEscaped = "/base"
)

var (
	fuzzArgsOnce sync.Once
	fuzzArgsCat  *tools.Catalog
	fuzzArgsErr  error
)

func fuzzArgsCatalog(t testing.TB) *tools.Catalog {
	fuzzArgsOnce.Do(func() {
		fuzzArgsCat, _, fuzzArgsErr = compileSpec(fuzzLoader(t), []byte(fuzzArgsSpec))
	})
	if fuzzArgsErr != nil {
		t.Fatal(fuzzArgsErr)
	}
	return fuzzArgsCat
}

// templateRE matches an escaped request path made from op's template: the base path,
// the template's literal text as askapi escapes it, and one or more characters that are
// not a separator for each {name}. With capture, each template is a group.
func templateRE(op *tools.Operation) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^" + regexp.QuoteMeta(fuzzBaseEscaped))
	rest := op.Path
	for {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			b.WriteString(regexp.QuoteMeta(upstream.EscapeLiteralPath(rest)))
			break
		}
		end := strings.IndexByte(rest[open:], '}')
		b.WriteString(regexp.QuoteMeta(upstream.EscapeLiteralPath(rest[:open])))
		b.WriteString(`([^/?#]+)`)
		rest = rest[open+end+1:]
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// FuzzBuildRequest builds a request from arbitrary argument JSON for each operation of
// fuzzArgsSpec. Invariants:
//   - BuildRequest never panics;
//   - a request it builds stays on the base URL's scheme and host, and its path is the
//     operation's template: the base path, the template's own text, and each template
//     filled with one segment's worth of escaped text (no '/', '?' or '#'), no "." or
//     ".." segment; a simple-style string value comes back exactly when the server
//     unescapes its segment; the URL survives being written and parsed again;
//   - its query parses, and holds no space, control or non-ASCII byte;
//   - it carries only the operation's own header parameters besides what askapi sets
//     (never Authorization from an argument), with no control character in any value;
//   - a JSON body is valid JSON, a form body parses, a multipart body reads back;
//   - _user_request and _continuation reach neither URL, header nor body.
func FuzzBuildRequest(f *testing.F) {
	cat := fuzzArgsCatalog(f)
	for i, seed := range []struct{ op, args string }{
		{"getItem", `{"id": "42", "q": "x y", "tags": ["a", "b"], "filter": {"color": {"r": 1}}, "opts": {"k": "v", "l": 2}, "sp": [1, "a b"], "pp": ["|", 2], "page_size": 10, "X-Request-Id": "abc", "X-Flags": {"a": 1}, "Authorization": "Bearer x", "Accept": "text/html", "sess": "s;t", "prefs": ["a", "b"]}`},
		{"getFile", `{"dir": "..", "name": "a.b", "ext": "json"}`},
		{"getFile", `{"dir": "d", "name": "a/b", "ext": "%2e%2e"}`},
		{"styled", `{"label": ["a", "b"], "matrix": {"x": 1}, "mx": [1, 2], "arr": {"k": "v"}}`},
		{"escapedLiteral", `{"x": 3}`},
		{"putThing", `{"id__path": "a/b", "id": "body id", "name__query": 1, "name": "n", "nested": {"a": [1]}, "list": [], "_user_request_copy": "QQ"}`},
		{"postThingRaw", `{"id": "p", "body": [{"op": "add"}]}`},
		{"postForm", `{"a": "1&b=2", "b": [1, 2], "meta": {"k": true}}`},
		{"upload", `{"note": "hi", "parts": ["x", {"y": 1}], "doc": {"z": null}, "quoted\"name": "q"}`},
		{"postText", `{"body": "plain text"}`},
		{"patchXML", `{"body": "<a/>"}`},
	} {
		idx := slices.IndexFunc(cat.Operations(), func(o *tools.Operation) bool { return o.OperationID == seed.op })
		if idx < 0 {
			f.Fatalf("no operation %s", seed.op)
		}
		f.Add(uint8(idx), []byte(seed.args), i%2 == 0)
	}
	f.Fuzz(func(t *testing.T, opIndex uint8, data []byte, useNumber bool) {
		cat := fuzzArgsCatalog(t)
		op := cat.Operations()[int(opIndex)%len(cat.Operations())]
		dec := json.NewDecoder(bytes.NewReader(data))
		if useNumber {
			dec.UseNumber()
		}
		var args map[string]any
		if dec.Decode(&args) != nil || args == nil {
			return
		}
		markers := !bytes.Contains(data, []byte("QQ"))
		if markers {
			args[tools.ArgUserRequest] = fuzzUserMarker
			args[tools.ArgContinuation] = fuzzContMarker
		}
		req, err := upstream.BuildRequest(context.Background(), cat, op, args, fuzzBase, secret.Credentials{})
		if err != nil {
			return
		}
		u := req.URL
		if u.Scheme != "https" || u.Host != "api.example.com" || u.User != nil || (req.Host != "" && req.Host != u.Host) {
			t.Fatalf("%s: request to %q, off the base URL", op.Key(), u)
		}
		again, err := url.Parse(u.String())
		if err != nil || again.Host != u.Host || again.EscapedPath() != u.EscapedPath() || again.RawQuery != u.RawQuery || again.Fragment != "" {
			t.Fatalf("%s: URL %q does not survive the wire (%v)", op.Key(), u, err)
		}
		escaped := u.EscapedPath()
		m := templateRE(op).FindStringSubmatch(escaped)
		if m == nil {
			t.Fatalf("%s: path %q is not the template's", op.Key(), escaped)
		}
		for _, seg := range strings.Split(escaped, "/") {
			if un, err := url.PathUnescape(seg); err == nil && (un == "." || un == "..") {
				t.Fatalf("%s: path %q has a dot segment", op.Key(), escaped)
			}
		}
		// One template alone in its segment, style simple, given a string: it is the value.
		if op.Path == "/items/{id}" || op.Path == "/things/{id}" {
			if s, ok := args[upstream.PathParam(op, "id").Arg].(string); ok {
				if un, err := url.PathUnescape(m[1]); err != nil || un != s {
					t.Fatalf("%s: id %q reached the server as %q", op.Key(), s, un)
				}
			}
		}
		for i := 0; i < len(u.RawQuery); i++ {
			if c := u.RawQuery[i]; c <= ' ' || c >= 0x7f || c == '#' {
				t.Fatalf("%s: query %q has byte %#x", op.Key(), u.RawQuery, c)
			}
		}
		if _, err := url.ParseQuery(u.RawQuery); err != nil {
			t.Fatalf("%s: query %q does not parse: %v", op.Key(), u.RawQuery, err)
		}
		allowed := map[string]bool{"User-Agent": true, "Accept": true, "Content-Type": true, "Cookie": true}
		for _, p := range op.Params {
			if p.In == "header" && !upstream.HeadersNotParams[http.CanonicalHeaderKey(p.Name)] {
				allowed[http.CanonicalHeaderKey(p.Name)] = true
			}
		}
		for k, vs := range req.Header {
			if !allowed[k] {
				t.Fatalf("%s: header %s sent: %q", op.Key(), k, vs)
			}
			for _, v := range vs {
				if secret.CheckHeaderValue(v) != nil || strings.ContainsAny(v, "\r\n") {
					t.Fatalf("%s: header %s = %q", op.Key(), k, v)
				}
			}
		}
		if req.Header.Get("Accept") != "application/json, */*;q=0.5" {
			t.Fatalf("%s: Accept %q came from an argument", op.Key(), req.Header.Get("Accept"))
		}
		var body []byte
		if req.Body != nil {
			body, _ = io.ReadAll(req.Body)
		}
		if len(body) > 0 {
			ct := req.Header.Get("Content-Type")
			media, params, err := mime.ParseMediaType(ct)
			if err != nil {
				t.Fatalf("%s: Content-Type %q: %v", op.Key(), ct, err)
			}
			switch {
			case media == "application/json" || strings.HasSuffix(media, "+json"):
				if !json.Valid(body) {
					t.Fatalf("%s: JSON body %q is not JSON", op.Key(), body)
				}
			case media == "application/x-www-form-urlencoded":
				if _, err := url.ParseQuery(string(body)); err != nil {
					t.Fatalf("%s: form body %q does not parse: %v", op.Key(), body, err)
				}
			case media == "multipart/form-data":
				r := multipart.NewReader(bytes.NewReader(body), params["boundary"])
				for {
					part, err := r.NextPart()
					if err == io.EOF {
						break
					}
					if err != nil {
						t.Fatalf("%s: multipart body does not read back: %v\n%s", op.Key(), err, body)
					}
					io.Copy(io.Discard, part)
				}
			}
		}
		if markers {
			wire := u.String() + "\n" + string(body)
			for k, vs := range req.Header {
				wire += "\n" + k + ": " + strings.Join(vs, ",")
			}
			for _, m := range []string{fuzzUserMarker, fuzzContMarker} {
				if strings.Contains(wire, m) || strings.Contains(wire, url.QueryEscape(m)) {
					t.Fatalf("%s: a reserved argument was sent:\n%s", op.Key(), wire)
				}
			}
		}
	})
}
