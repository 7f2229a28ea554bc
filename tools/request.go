package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"strings"
)

// userAgent identifies askapi upstream; APIs that log clients can tell where calls came from.
const userAgent = "askapi"

// BuildRequest turns tool arguments into an HTTP request. Reserved arguments (names starting
// "_user_request"/"_continuation", see ArgUserRequest/ArgContinuation) are never sent.
// Unknown arguments are ignored (the caller validates first). baseURL has already been
// chosen by the caller (--base-url, else op.ServerURL, else cat.BaseURL); the request never
// leaves it, whatever the arguments hold.
func BuildRequest(ctx context.Context, cat *Catalog, op *Operation, args map[string]any, baseURL string, cred Credentials) (*http.Request, error) {
	if op == nil {
		return nil, errors.New("build request: no operation")
	}
	u, err := requestURL(baseURL, op, args)
	if err != nil {
		return nil, fmt.Errorf("build request for %s: %w", op.Key(), err)
	}
	var query []queryPair
	header := http.Header{}
	var cookies []string
	for _, p := range op.Params {
		v, ok := args[p.Arg]
		if !ok || v == nil || isReservedArg(p.Arg) {
			continue
		}
		if err := addParam(p, v, &query, header, &cookies); err != nil {
			return nil, fmt.Errorf("build request for %s: %s parameter %q: %w", op.Key(), p.In, p.Name, err)
		}
	}
	if len(query) > 0 {
		if u.RawQuery != "" {
			u.RawQuery += "&"
		}
		u.RawQuery += encodePairs(query)
	}
	body, contentType, err := encodeBody(op.Body, args)
	if err != nil {
		return nil, fmt.Errorf("build request for %s: request body: %w", op.Key(), err)
	}
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, op.Method, u.String(), r)
	if err != nil {
		return nil, fmt.Errorf("build request for %s: %w", op.Key(), err)
	}
	// NewRequest re-parses the string; keep our URL so escaped '/' (%2F) survives exactly.
	req.URL = u
	req.Header = header
	req.Header.Set("User-Agent", userAgent)
	req.Header.Set("Accept", "application/json, */*;q=0.5")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if len(cookies) > 0 {
		req.Header.Set("Cookie", strings.Join(cookies, "; "))
	}
	if err := applyAuth(req, cat, op, cred); err != nil {
		return nil, fmt.Errorf("build request for %s: %w", op.Key(), err)
	}
	return req, nil
}

// isReservedArg reports askapi's own arguments, which are never sent upstream.
func isReservedArg(name string) bool {
	return strings.HasPrefix(name, ArgUserRequest) || strings.HasPrefix(name, ArgContinuation)
}

// headersNotParams are header parameters OpenAPI says to ignore; Authorization in
// particular must come from configuration, never from an argument.
var headersNotParams = map[string]bool{"Accept": true, "Content-Type": true, "Authorization": true}

func addParam(p *Param, v any, query *[]queryPair, header http.Header, cookies *[]string) error {
	switch p.In {
	case "path":
		return nil // substituted by requestURL
	case "query":
		style := styleFor(p)
		pairs, err := queryPairs(p.Name, style, explodeFor(p, style), v)
		if err != nil {
			return err
		}
		*query = append(*query, pairs...)
	case "header":
		if headersNotParams[http.CanonicalHeaderKey(p.Name)] || isEmptyValue(v) {
			return nil
		}
		s, err := headerValue(p, v)
		if err != nil {
			return err
		}
		header.Set(p.Name, s)
	case "cookie":
		pairs, err := cookiePairs(p, v)
		if err != nil {
			return err
		}
		*cookies = append(*cookies, pairs...)
	default:
		return fmt.Errorf("unknown location %q", p.In)
	}
	return nil
}

// requestURL joins the base URL with the operation's path, its templates filled with
// escaped values.
func requestURL(baseURL string, op *Operation, args map[string]any) (*url.URL, error) {
	base, err := url.Parse(baseURL)
	if err != nil {
		return nil, fmt.Errorf("base URL: %w", err)
	}
	if (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("base URL %q is not an absolute http(s) URL", base.Redacted())
	}
	path, err := expandPath(op, args)
	if err != nil {
		return nil, err
	}
	if path != "" && !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	escaped := strings.TrimRight(base.EscapedPath(), "/") + path
	if escaped == "" {
		escaped = "/"
	}
	if err := refuseDotSegments(escaped); err != nil {
		return nil, err
	}
	u := *base
	u.Fragment, u.RawFragment = "", ""
	u.RawPath = escaped
	if u.Path, err = url.PathUnescape(escaped); err != nil {
		return nil, fmt.Errorf("path %q: %w", escaped, err)
	}
	return &u, nil
}

// expandPath substitutes {name} templates with serialised, escaped path parameters and
// escapes the literal text around them.
func expandPath(op *Operation, args map[string]any) (string, error) {
	var b strings.Builder
	rest := op.Path
	for {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			b.WriteString(escapeLiteralPath(rest))
			return b.String(), nil
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return "", fmt.Errorf("path %q: unclosed template", op.Path)
		}
		b.WriteString(escapeLiteralPath(rest[:open]))
		name := rest[open+1 : open+end]
		rest = rest[open+end+1:]
		p := pathParam(op, name)
		if p == nil {
			return "", fmt.Errorf("path %q: no parameter for {%s}", op.Path, name)
		}
		v, ok := args[p.Arg]
		if !ok || v == nil || isEmptyValue(v) {
			return "", fmt.Errorf("path parameter %q is missing or empty", p.Name)
		}
		s, err := pathValue(p, v)
		if err != nil {
			return "", fmt.Errorf("path parameter %q: %w", p.Name, err)
		}
		if s == "" {
			return "", fmt.Errorf("path parameter %q is empty", p.Name)
		}
		b.WriteString(s)
	}
}

func pathParam(op *Operation, name string) *Param {
	for _, p := range op.Params {
		if p.In == "path" && p.Name == name {
			return p
		}
	}
	return nil
}

// escapeLiteralPath escapes the spec's own path text segment by segment, keeping '/'.
func escapeLiteralPath(s string) string {
	segs := strings.Split(s, "/")
	for i, seg := range segs {
		if un, err := url.PathUnescape(seg); err == nil {
			seg = un // already escaped in the spec: do not double-escape
		}
		segs[i] = url.PathEscape(seg)
	}
	return strings.Join(segs, "/")
}

// refuseDotSegments rejects "." and ".." segments (also as %2e): servers and proxies
// resolve them, so a value such as ".." would reach another endpoint.
func refuseDotSegments(escaped string) error {
	for _, seg := range strings.Split(escaped, "/") {
		un, err := url.PathUnescape(seg)
		if err != nil {
			un = seg
		}
		if un == "." || un == ".." {
			return fmt.Errorf("path %q: a value may not be a %q segment", escaped, un)
		}
	}
	return nil
}

// encodeBody builds the request body; nil when no body argument was given and none is
// required.
func encodeBody(b *Body, args map[string]any) ([]byte, string, error) {
	if b == nil {
		return nil, "", nil
	}
	value, present := bodyValue(b, args)
	if !present {
		if !b.Required {
			return nil, "", nil
		}
		if !b.Flattened {
			return nil, "", fmt.Errorf("required argument %q is missing", bodyArg(b))
		}
	}
	ct := b.ContentType
	if ct == "" {
		ct = "application/json"
	}
	media, _, err := mime.ParseMediaType(ct)
	if err != nil {
		media = strings.ToLower(strings.TrimSpace(strings.Split(ct, ";")[0]))
	}
	switch {
	case media == "application/json" || strings.HasSuffix(media, "+json"):
		data, err := json.Marshal(value)
		if err != nil {
			return nil, "", fmt.Errorf("encoding JSON: %w", err)
		}
		return data, ct, nil
	case media == "application/x-www-form-urlencoded":
		data, err := formBody(b, value)
		return data, ct, err
	case media == "multipart/form-data":
		return multipartBody(b, value)
	case media == "text/plain":
		s, err := wireScalar(value)
		return []byte(s), ct, err
	}
	// Other media types (XML, octet-stream...): only a ready-made string can be sent as is.
	if s, ok := value.(string); ok {
		return []byte(s), ct, nil
	}
	return nil, "", fmt.Errorf("content type %s: only a string value can be sent", ct)
}

func bodyArg(b *Body) string {
	if b.Arg != "" {
		return b.Arg
	}
	return "body"
}

// bodyValue assembles the body from the arguments: the flattened properties given, or
// the single body argument.
func bodyValue(b *Body, args map[string]any) (any, bool) {
	if !b.Flattened {
		v, ok := args[bodyArg(b)]
		return v, ok && v != nil
	}
	obj := map[string]any{}
	for _, name := range b.Props {
		if isReservedArg(name) {
			continue
		}
		if v, ok := args[name]; ok && v != nil {
			obj[name] = v
		}
	}
	return obj, len(obj) > 0
}

// bodyFields lists an object body's fields, sorted so the encoding is stable.
func bodyFields(value any) ([]string, map[string]any, error) {
	_, keys, obj, _, isObj := valueShape(value)
	if !isObj {
		return nil, nil, fmt.Errorf("a form body must be an object, got %T", value)
	}
	return keys, obj, nil
}

// formBody encodes application/x-www-form-urlencoded: style form, explode true, unless the
// encoding declares a property as JSON.
func formBody(b *Body, value any) ([]byte, error) {
	keys, obj, err := bodyFields(value)
	if err != nil {
		return nil, err
	}
	var pairs []queryPair
	for _, k := range keys {
		v := obj[k]
		if isJSONMedia(b.Encodings[k]) {
			data, err := json.Marshal(v)
			if err != nil {
				return nil, fmt.Errorf("field %q: %w", k, err)
			}
			pairs = append(pairs, queryPair{url.QueryEscape(k), url.QueryEscape(string(data))})
			continue
		}
		ps, err := queryPairs(k, "form", true, v)
		if err != nil {
			return nil, fmt.Errorf("field %q: %w", k, err)
		}
		pairs = append(pairs, ps...)
	}
	return []byte(encodePairs(pairs)), nil
}

// multipartBody encodes multipart/form-data with text parts only (file uploads are out of
// scope): scalars as text, arrays as repeated parts, objects as JSON parts.
func multipartBody(b *Body, value any) ([]byte, string, error) {
	keys, obj, err := bodyFields(value)
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, k := range keys {
		if err := writePart(w, k, obj[k], b.Encodings[k]); err != nil {
			return nil, "", fmt.Errorf("field %q: %w", k, err)
		}
	}
	if err := w.Close(); err != nil {
		return nil, "", fmt.Errorf("multipart: %w", err)
	}
	return buf.Bytes(), w.FormDataContentType(), nil
}

func writePart(w *multipart.Writer, name string, v any, encoding string) error {
	list, _, _, isList, isObj := valueShape(v)
	if isList && !isJSONMedia(encoding) {
		for _, item := range list {
			if err := writePart(w, name, item, encoding); err != nil {
				return err
			}
		}
		return nil
	}
	ct := encoding
	var data []byte
	if isObj || isList || isJSONMedia(encoding) {
		var err error
		if data, err = json.Marshal(v); err != nil {
			return err
		}
		if ct == "" {
			ct = "application/json"
		}
	} else {
		s, err := wireScalar(v)
		if err != nil {
			return err
		}
		data = []byte(s)
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="`+partNameEscaper.Replace(name)+`"`)
	if ct != "" {
		h.Set("Content-Type", ct)
	}
	part, err := w.CreatePart(h)
	if err != nil {
		return err
	}
	_, err = part.Write(data)
	return err
}

// partNameEscaper escapes a part name as mime/multipart does for its own fields.
var partNameEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"")

func isJSONMedia(ct string) bool {
	media, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	return media == "application/json" || strings.HasSuffix(media, "+json")
}
