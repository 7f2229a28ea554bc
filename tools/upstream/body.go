package upstream

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/askapi/askapi/tools"
	"mime"
	"mime/multipart"
	"net/textproto"
	"net/url"
	"strings"
)

// encodeBody builds the request body; nil when no body argument was given and none is
// required.
func encodeBody(b *tools.Body, args map[string]any) ([]byte, string, error) {
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
	case media == "*/*" || media == "application/*":
		// Any type at all: an object is sent as JSON, the one form it has; text that is
		// JSON already says so, other text goes as text.
		if s, isText := value.(string); isText {
			if json.Valid([]byte(s)) {
				return []byte(s), "application/json", nil
			}
			return []byte(s), "text/plain; charset=utf-8", nil
		}
		data, err := json.Marshal(value)
		if err != nil {
			return nil, "", fmt.Errorf("encoding JSON: %w", err)
		}
		return data, "application/json", nil
	}
	// Other media types (XML, octet-stream...): only a ready-made string can be sent as is.
	if s, ok := value.(string); ok {
		return []byte(s), ct, nil
	}
	return nil, "", fmt.Errorf("content type %s: only a string value can be sent", ct)
}

func bodyArg(b *tools.Body) string {
	if b.Arg != "" {
		return b.Arg
	}
	return "body"
}

// bodyValue assembles the body from the arguments: the flattened properties given, or
// the single body argument.
func bodyValue(b *tools.Body, args map[string]any) (any, bool) {
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
func formBody(b *tools.Body, value any) ([]byte, error) {
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
func multipartBody(b *tools.Body, value any) ([]byte, string, error) {
	keys, obj, err := bodyFields(value)
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	// The boundary is the fields' own digest, not random: the same fields make the same
	// bytes, so a write confirmed in one round is the write sent in the next (a request
	// is confirmed by its digest).
	fields, err := json.Marshal(obj)
	if err != nil {
		return nil, "", fmt.Errorf("multipart: %w", err)
	}
	sum := sha256.Sum256(fields)
	if err := w.SetBoundary("askapi-" + hex.EncodeToString(sum[:20])); err != nil {
		return nil, "", fmt.Errorf("multipart: %w", err)
	}
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
