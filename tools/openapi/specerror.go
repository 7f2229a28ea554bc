package openapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/go-openapi/jsonpointer"
	yaml "github.com/oasdiff/yaml3"
)

// SpecError reports a broken spec: which document, where in it (a JSON pointer, and the
// line and column when known) and what is wrong. It reads like
//
//	spec bad.json: /paths/~1pets~1{id}/get/parameters/0: path parameter "petId" is not in the path "/pets/{id}"
type SpecError struct {
	Source  string
	Pointer string
	// Line and Column are 1-based; 0 when unknown.
	Line, Column int
	// Msg is complete on its own; Err is the underlying error, if any, for errors.As.
	Msg string
	Err error
}

func (e *SpecError) Error() string {
	var b strings.Builder
	b.WriteString("spec ")
	b.WriteString(e.Source)
	if e.Line > 0 {
		b.WriteString(":")
		b.WriteString(strconv.Itoa(e.Line))
		if e.Column > 0 {
			b.WriteString(":")
			b.WriteString(strconv.Itoa(e.Column))
		}
	}
	b.WriteString(": ")
	if e.Pointer != "" {
		b.WriteString(e.Pointer)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

func (e *SpecError) Unwrap() error { return e.Err }

// splitPointer splits a JSON pointer into unescaped tokens; "" is the whole document.
func splitPointer(ptr string) []string {
	if ptr == "" {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, p := range parts {
		parts[i] = jsonpointer.Unescape(p)
	}
	return parts
}

// offsetLineCol turns a byte offset into a 1-based line and column (column counted in bytes).
func offsetLineCol(data []byte, offset int64) (line, col int) {
	if offset < 0 {
		return 0, 0
	}
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	before := data[:offset]
	line = bytes.Count(before, []byte{'\n'}) + 1
	col = int(offset) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// specErrorf builds a SpecError with a formatted message.
func specErrorf(source, pointer, format string, args ...any) *SpecError {
	return &SpecError{Source: source, Pointer: pointer, Msg: fmt.Sprintf(format, args...)}
}

// jsonFrame is one open container while scanning JSON tokens.
type jsonFrame struct {
	obj     bool
	key     string
	haveKey bool // an object whose key was read and whose value is being parsed
	idx     int  // an array's current element
}

// jsonTracker follows the JSON pointer of the element being parsed, token by token. It is
// used only after a failure (or to place an error), since the token API is slow.
type jsonTracker struct{ frames []jsonFrame }

func (t *jsonTracker) pointer() string {
	var b strings.Builder
	for _, f := range t.frames {
		switch {
		case !f.obj:
			b.WriteByte('/')
			b.WriteString(strconv.Itoa(f.idx))
		case f.haveKey:
			b.WriteByte('/')
			b.WriteString(jsonpointer.Escape(f.key))
		}
	}
	return b.String()
}

// expectsKey reports whether the next string is an object key.
func (t *jsonTracker) expectsKey() bool {
	n := len(t.frames)
	return n > 0 && t.frames[n-1].obj && !t.frames[n-1].haveKey
}

// valueDone moves past a completed value.
func (t *jsonTracker) valueDone() {
	if n := len(t.frames); n > 0 {
		f := &t.frames[n-1]
		if f.obj {
			f.haveKey = false
		} else {
			f.idx++
		}
	}
}

func (t *jsonTracker) step(tok json.Token) {
	switch v := tok.(type) {
	case json.Delim:
		switch v {
		case '{':
			t.frames = append(t.frames, jsonFrame{obj: true})
		case '[':
			t.frames = append(t.frames, jsonFrame{})
		default:
			t.frames = t.frames[:len(t.frames)-1]
			t.valueDone()
		}
	case string:
		if t.expectsKey() {
			f := &t.frames[len(t.frames)-1]
			f.key, f.haveKey = v, true
			return
		}
		t.valueDone()
	default:
		t.valueDone()
	}
}

// jsonSyntaxError finds the pointer of the deepest element being parsed when JSON parsing
// breaks, and the error; err is nil when data is one valid JSON value.
func jsonSyntaxError(data []byte) (ptr string, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var t jsonTracker
	started := false
	for {
		tok, err := dec.Token()
		if err != nil {
			if errors.Is(err, io.EOF) {
				if started && len(t.frames) == 0 {
					return "", nil
				}
				err = io.ErrUnexpectedEOF
			}
			return t.pointer(), err
		}
		if started && len(t.frames) == 0 {
			return "", errors.New("unexpected data after the top-level value")
		}
		started = true
		t.step(tok)
	}
}

// jsonPosition finds the line and column where the value at ptr starts; 0, 0 if not found.
func jsonPosition(data []byte, ptr string) (line, col int) {
	if ptr == "" {
		return 0, 0
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var t jsonTracker
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return 0, 0
		}
		if !t.expectsKey() && len(t.frames) > 0 {
			if _, closing := tok.(json.Delim); !closing || tok == json.Delim('{') || tok == json.Delim('[') {
				if t.pointer() == ptr {
					// Skip the separators between the previous token and this value.
					for before < int64(len(data)) && strings.IndexByte(" \t\r\n,:", data[before]) >= 0 {
						before++
					}
					return offsetLineCol(data, before)
				}
			}
		}
		t.step(tok)
	}
}

var yamlLineRE = regexp.MustCompile(`line (\d+)`)

// yamlKeyRE matches the key part of a YAML block mapping line ("  - name:"), so an error
// line can be cut down to its key and the document prefix still parses.
var yamlKeyRE = regexp.MustCompile(`^(\s*(?:-\s+)*(?:"(?:[^"\\]|\\.)*"|'[^']*'|[^\s#'"{\[][^#]*?)\s*:)(?:\s|$)`)

// yamlErrorLine extracts the line number from a YAML error; 0 if none.
func yamlErrorLine(err error) int {
	m := yamlLineRE.FindStringSubmatch(err.Error())
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// yamlErrorPointer guesses the pointer, line and column of the element being parsed when
// YAML parsing broke at line: it parses the document up to that line (keeping only the key
// of the line itself) and takes the last element of what parsed. The YAML parser reports
// the line of the construct it was in, sometimes one off, so a few cut points are tried.
func yamlErrorPointer(data []byte, line int) (ptr string, eline, ecol int) {
	if line <= 0 {
		return "", 0, 0
	}
	lines := bytes.Split(data, []byte{'\n'})
	for _, c := range []struct {
		k       int
		withKey bool
	}{{line + 1, true}, {line, true}, {line, false}, {line - 1, true}} {
		if c.k < 1 || c.k > len(lines) {
			continue
		}
		prefix := bytes.Join(lines[:c.k-1], []byte{'\n'})
		if c.withKey {
			m := yamlKeyRE.FindSubmatch(lines[c.k-1])
			if m == nil {
				continue
			}
			prefix = append(append(prefix, '\n'), m[1]...)
		}
		var node yaml.Node
		if err := yaml.Unmarshal(prefix, &node); err != nil {
			continue
		}
		return yamlLastPointer(&node)
	}
	return "", 0, 0
}

// yamlLastPointer is the pointer, line and column of the last, deepest element of a YAML
// node (of its key, for a mapping entry).
func yamlLastPointer(n *yaml.Node) (ptr string, line, col int) {
	var b strings.Builder
	for n != nil {
		switch n.Kind {
		case yaml.DocumentNode:
			if len(n.Content) == 0 {
				return b.String(), line, col
			}
			n = n.Content[0]
		case yaml.MappingNode:
			if len(n.Content) < 2 {
				return b.String(), line, col
			}
			k := n.Content[len(n.Content)-2]
			b.WriteByte('/')
			b.WriteString(jsonpointer.Escape(k.Value))
			line, col = k.Line, k.Column
			n = n.Content[len(n.Content)-1]
		case yaml.SequenceNode:
			if len(n.Content) == 0 {
				return b.String(), line, col
			}
			b.WriteByte('/')
			b.WriteString(strconv.Itoa(len(n.Content) - 1))
			n = n.Content[len(n.Content)-1]
			line, col = n.Line, n.Column
		default:
			return b.String(), line, col
		}
	}
	return b.String(), line, col
}

// yamlPosition finds the line and column of the element at ptr (of its key, for a mapping
// entry); 0, 0 if not found.
func yamlPosition(data []byte, ptr string) (line, col int) {
	if ptr == "" {
		return 0, 0
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return 0, 0
	}
	n := &root
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	for _, tok := range splitPointer(ptr) {
		if n.Kind == yaml.AliasNode && n.Alias != nil {
			n = n.Alias
		}
		switch n.Kind {
		case yaml.MappingNode:
			found := false
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == tok {
					line, col = n.Content[i].Line, n.Content[i].Column
					n, found = n.Content[i+1], true
					break
				}
			}
			if !found {
				return line, col
			}
		case yaml.SequenceNode:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n.Content) {
				return line, col
			}
			n = n.Content[i]
			line, col = n.Line, n.Column
		default:
			return line, col
		}
	}
	return line, col
}
