package upstream

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
)

// userAgent identifies askapi upstream; APIs that log clients can tell where calls came from.
const userAgent = "askapi"

// BuildRequest turns tool arguments into an HTTP request. Reserved arguments (names starting
// "_user_request"/"_continuation", see ArgUserRequest/ArgContinuation) are never sent.
// Unknown arguments are ignored (the caller validates first). baseURL has already been
// chosen by the caller (--base-url, else op.ServerURL, else cat.BaseURL); the request never
// leaves it, whatever the arguments hold.
func BuildRequest(ctx context.Context, cat *tools.Catalog, op *tools.Operation, args map[string]any, baseURL string, cred secret.Credentials) (*http.Request, error) {
	if op == nil {
		return nil, errors.New("build request: no operation")
	}
	u, err := requestURL(baseURL, op, args, secret.PathParams(cat, op))
	if err != nil {
		return nil, fmt.Errorf("build request for %s: %w", op.Key(), err)
	}
	query := fixedQuery(op.Path)
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
	if req.Header.Get("User-Agent") == "" {
		// A User-Agent the spec declares as a parameter (MineSkin's, naming the caller's
		// application) is sent as the call gave it.
		req.Header.Set("User-Agent", userAgent)
	}
	req.Header.Set("Accept", "application/json, */*;q=0.5")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if len(cookies) > 0 {
		req.Header.Set("Cookie", strings.Join(cookies, "; "))
	}
	if err := Authorize(req, cat, op, cred); err != nil {
		return nil, err
	}
	return req, nil
}

// Authorize puts cred on a request BuildRequest built without credentials: a confirmed
// write is sent as the request its confirmation was bound to, built once.
func Authorize(req *http.Request, cat *tools.Catalog, op *tools.Operation, cred secret.Credentials) error {
	if err := secret.ApplyAuth(req, cat, op, cred); err != nil {
		return fmt.Errorf("build request for %s: %w", op.Key(), err)
	}
	return nil
}

// isReservedArg reports askapi's own arguments, which are never sent upstream.
func isReservedArg(name string) bool {
	return strings.HasPrefix(name, tools.ArgUserRequest) || strings.HasPrefix(name, tools.ArgContinuation)
}

// HeadersNotParams are header parameters OpenAPI says to ignore; Authorization in
// particular must come from configuration, never from an argument.
var HeadersNotParams = map[string]bool{"Accept": true, "Content-Type": true, "Authorization": true}

func addParam(p *tools.Param, v any, query *[]queryPair, header http.Header, cookies *[]string) error {
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
		if HeadersNotParams[http.CanonicalHeaderKey(p.Name)] || isEmptyValue(v) {
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
func requestURL(baseURL string, op *tools.Operation, args map[string]any, secretParams map[string]bool) (*url.URL, error) {
	base, err := url.Parse(baseURL)
	if err != nil {
		return nil, fmt.Errorf("base URL: %w", err)
	}
	if (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("base URL %q is not an absolute http(s) URL", base.Redacted())
	}
	path, err := expandPath(op, args, secretParams)
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
// escapes the literal text around them. A template named in secretParams is a credential
// and stays, escaped, for ApplyAuth.
func expandPath(op *tools.Operation, args map[string]any, secretParams map[string]bool) (string, error) {
	var b strings.Builder
	rest := tools.RouteOf(op.Path)
	for {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			b.WriteString(EscapeLiteralPath(rest))
			return b.String(), nil
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return "", fmt.Errorf("path %q: unclosed template", op.Path)
		}
		b.WriteString(EscapeLiteralPath(rest[:open]))
		name := rest[open+1 : open+end]
		rest = rest[open+end+1:]
		p := PathParam(op, name)
		if p == nil && secretParams[name] {
			// A credential (secret.ConfigParams): its template stays for ApplyAuth.
			b.WriteString(url.PathEscape("{" + name + "}"))
			continue
		}
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

func PathParam(op *tools.Operation, name string) *tools.Param {
	for _, p := range op.Params {
		if p.In == "path" && p.Name == name {
			return p
		}
	}
	return nil
}

// EscapeLiteralPath escapes the spec's own path text segment by segment, keeping '/'.
func EscapeLiteralPath(s string) string {
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
