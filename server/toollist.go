package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/tools"
)

// toolList is the "tools" array of the tools/list answer, encoded once when the tools
// are built. mcp-go would rebuild it for every request: a map per tool, then every raw
// schema compacted twice, 4 MB and over 100 ms on GitHub's spec in static mode.
type toolList struct {
	// json is the array exactly as mcp-go encodes it: the tools sorted by name, each as
	// json.Marshal(tool) would write it.
	json []byte
	n    int
	// sampled is the list for clients that can sample, when it differs (resolvelist.go).
	sampled *toolList
}

// encodeToolList encodes the tools mcp-go will list once entries are registered. The
// registered tools' input schemas are then slices of the list, so the schemas are held
// once, not twice.
func encodeToolList(entries []mcpserver.ServerTool) (*toolList, error) {
	if l, gated, err := encodeGatedList(entries); gated {
		return l, err
	}
	return encodeEntries(entries)
}

// encodeEntries encodes every entry, whatever the client (encodeToolList).
func encodeEntries(entries []mcpserver.ServerTool) (*toolList, error) {
	// mcp-go keeps the last tool registered under a name and lists them sorted by name.
	order := make([]int, 0, len(entries))
	seen := make(map[string]bool, len(entries))
	for i := len(entries) - 1; i >= 0; i-- {
		if name := entries[i].Tool.Name; !seen[name] {
			seen[name] = true
			order = append(order, i)
		}
	}
	sort.Slice(order, func(a, b int) bool { return entries[order[a]].Tool.Name < entries[order[b]].Tool.Name })

	exact := encodesLikeMCPGo(entries, order)
	parts := make([]toolParts, len(order))
	errs := make([]error, len(order))
	// The small parts are encoded in parallel; the list is then assembled in one buffer,
	// the schemas copied from where they are.
	tools.Parallel(len(order), func(i int) {
		t := entries[order[i]].Tool
		if exact {
			parts[i], errs[i] = partsOf(t)
		} else {
			parts[i], errs[i] = marshalTool(t)
		}
	})
	size := 2 + len(parts)
	for i, err := range errs {
		if err != nil {
			return nil, err
		}
		size += parts[i].size(entries[order[i]].Tool)
	}
	buf := make([]byte, 0, size)
	buf = append(buf, '[')
	inputs := make([]int, len(parts))
	for i := range parts {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf, inputs[i] = parts[i].appendTo(buf, entries[order[i]].Tool)
	}
	buf = append(buf, ']')
	for i, at := range inputs {
		if at < 0 {
			continue
		}
		t := &entries[order[i]].Tool
		end := at + len(t.RawInputSchema)
		t.RawInputSchema = buf[at:end:end]
	}
	return &toolList{json: buf, n: len(parts)}, nil
}

// toolParts are a tool's encoded parts but its schemas, copied from the tool as the
// list is assembled; whole is set instead when the tool takes mcp-go's encoding.
type toolParts struct {
	meta, annotations, description, name []byte
	whole                                []byte
}

// marshalTool is mcp-go's own encoding of a tool: what its encoder writes in a list.
func marshalTool(t mcp.Tool) (toolParts, error) {
	data, err := json.Marshal(t)
	if err != nil {
		return toolParts{}, fmt.Errorf("encode tool %s: %w", t.Name, err)
	}
	return toolParts{whole: data}, nil
}

// partsOf encodes a tool's parts for appendTo, which writes the tool as mcp-go's
// Tool.MarshalJSON does (a map, so keys sorted) but copies the raw schemas instead of
// compacting them again: askapi's raw schemas are json.Marshal output, already compact
// and HTML-escaped, so compacting them changes nothing. Tools using fields askapi never
// sets take mcp-go's encoding.
func partsOf(t mcp.Tool) (toolParts, error) {
	if t.Title != "" || t.DeferLoading || t.Icons != nil || t.Execution != nil ||
		len(t.RawInputSchema) == 0 || t.InputSchema.Type != "" ||
		(t.RawOutputSchema != nil && len(t.RawOutputSchema) == 0) || t.OutputSchema.Type != "" {
		return marshalTool(t)
	}
	var p toolParts
	var err error
	if p.annotations, err = json.Marshal(t.Annotations); err != nil {
		return toolParts{}, fmt.Errorf("encode annotations of %s: %w", t.Name, err)
	}
	if p.name, err = json.Marshal(t.Name); err != nil {
		return toolParts{}, fmt.Errorf("encode name of %s: %w", t.Name, err)
	}
	if t.Meta != nil {
		if p.meta, err = json.Marshal(t.Meta); err != nil {
			return toolParts{}, fmt.Errorf("encode _meta of %s: %w", t.Name, err)
		}
	}
	if t.Description != "" {
		if p.description, err = json.Marshal(t.Description); err != nil {
			return toolParts{}, fmt.Errorf("encode description of %s: %w", t.Name, err)
		}
	}
	return p, nil
}

const (
	keyMeta        = `"_meta":`
	keyAnnotations = `"annotations":`
	keyDescription = `,"description":`
	keyInput       = `,"inputSchema":`
	keyName        = `,"name":`
	keyOutput      = `,"outputSchema":`
)

// size is the length appendTo writes.
func (p toolParts) size(t mcp.Tool) int {
	if p.whole != nil {
		return len(p.whole)
	}
	n := 2 + len(keyAnnotations) + len(p.annotations) + len(keyInput) + len(t.RawInputSchema) + len(keyName) + len(p.name)
	if p.meta != nil {
		n += len(keyMeta) + len(p.meta) + 1
	}
	if p.description != nil {
		n += len(keyDescription) + len(p.description)
	}
	if t.RawOutputSchema != nil {
		n += len(keyOutput) + len(t.RawOutputSchema)
	}
	return n
}

// appendTo appends the tool's JSON to b; input is where its input schema starts in b,
// or -1 when the tool took mcp-go's encoding.
func (p toolParts) appendTo(b []byte, t mcp.Tool) (_ []byte, input int) {
	if p.whole != nil {
		return append(b, p.whole...), -1
	}
	b = append(b, '{')
	if p.meta != nil {
		b = append(b, keyMeta...)
		b = append(b, p.meta...)
		b = append(b, ',')
	}
	b = append(b, keyAnnotations...)
	b = append(b, p.annotations...)
	if p.description != nil {
		b = append(b, keyDescription...)
		b = append(b, p.description...)
	}
	b = append(b, keyInput...)
	input = len(b)
	b = append(b, t.RawInputSchema...)
	b = append(b, keyName...)
	b = append(b, p.name...)
	if t.RawOutputSchema != nil {
		b = append(b, keyOutput...)
		b = append(b, t.RawOutputSchema...)
	}
	return append(b, '}'), input
}

// encodesLikeMCPGo checks partsOf and appendTo against mcp-go's encoding on the first and last
// tools listed: should a newer mcp-go encode tools differently, the list is encoded its
// way (slower, still right) rather than served different from mcp-go's.
func encodesLikeMCPGo(entries []mcpserver.ServerTool, order []int) bool {
	for _, i := range []int{0, len(order) - 1} {
		if i < 0 || i >= len(order) {
			continue
		}
		t := entries[order[i]].Tool
		p, err1 := partsOf(t)
		fast, _ := p.appendTo(nil, t)
		want, err2 := json.Marshal(t)
		if err1 != nil || err2 != nil || !bytes.Equal(fast, want) {
			return false
		}
	}
	return true
}
