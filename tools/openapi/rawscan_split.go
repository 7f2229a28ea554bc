package openapi

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"
)

// Where scanDocument cuts a large document in two. The second goroutine first runs a
// quick pass, which only follows strings and brackets (two to three times faster than
// the scan), through the root, components and the maps under them (paths, webhooks,
// schemas, examples, ...), down to the first of their members that starts past about 4/7
// of the document: past half, as the pass is the second goroutine's work too. That
// member is the hand-over point: the second goroutine scans from there to the end,
// while the first scans from the start and stops there. So the cut falls near the
// middle whatever the order and sizes of the root's members. The pass takes the
// document as valid JSON and stops safely when it is not; the scans check it all again.
// A duplicate key needs no care: each of its members is walked, by whichever goroutine
// has its bytes, as the one-goroutine scan walks it (the last one wins in the compiler,
// so none may be skipped).

// frame is one container the hand-over point lies in: start is its '{', and key and at
// name the member holding the next frame or, in the last frame, the hand-over point.
type frame struct {
	start int
	key   string
	at    int
}

// planner finds the hand-over point of one document.
type planner struct {
	d []byte
	g *grammar
	// target is where the split should fall; gate is the earliest it may fall, the
	// position from which the first goroutine waits for the plan (see rawScan.meet).
	target, gate int
	frames       []frame
}

// handOver returns the frames from the root (at root) down to the hand-over point, nil
// when there is none: no unit past the gate, or JSON the pass cannot follow.
func handOver(d []byte, g *grammar, root int) []frame {
	p := &planner{d: d, g: g, target: len(d) / 7 * 4, gate: splitGate(len(d))}
	if _, found := p.find(root, skRoot); found {
		return p.frames
	}
	return nil
}

// splitGate is the earliest position of a hand-over point in a document of n bytes. The
// first goroutine gets there well after the pass, faster and going 4/7 of the way, has
// found the point: it seldom waits.
func splitGate(n int) int { return n / 2 }

// find walks the members of the container at i, of kind k, looking for the hand-over
// point. It returns true when it found it, else the container's end (-1: broken JSON).
func (p *planner) find(i int, k specKind) (end int, found bool) {
	d, start := p.d, i
	i = wsSkip(d, i+1)
	if i < len(d) && d[i] == '}' {
		return i + 1, false
	}
	for {
		if i >= len(d) || d[i] != '"' {
			return -1, false
		}
		e := stringEnd(d, i)
		if e < 0 {
			return -1, false
		}
		raw := d[i+1 : e-1]
		key := strView(raw, bytes.IndexByte(raw, '\\') >= 0)
		i = wsSkip(d, e)
		if i >= len(d) || d[i] != ':' {
			return -1, false
		}
		at := wsSkip(d, i+1)
		rk := kindAt(d, at)
		mk, unit := p.g.memberKind(k, key, rk)
		p.frames = append(p.frames, frame{start, key, at})
		if unit && at >= p.target {
			return 0, true
		}
		if unit && rk == rkObject && p.g.opens(mk) {
			if end, found = p.find(at, mk); found {
				return 0, true
			}
		} else {
			end = skipFast(d, at)
			// A unit across the target is the hand-over point when it lies mostly after it.
			if unit && at >= p.gate && end > p.target && p.target-at < end-p.target {
				return 0, true
			}
		}
		p.frames = p.frames[:len(p.frames)-1]
		if end < 0 {
			return -1, false
		}
		i = wsSkip(d, end)
		if i >= len(d) {
			return -1, false
		}
		switch d[i] {
		case '}':
			return i + 1, false
		case ',':
			i = wsSkip(d, i+1)
		default:
			return -1, false
		}
	}
}

// memberKind is the kind the scan checks a member of a k container with, as node and
// objectKind pick it; false when the member is not a unit: its parent is not one the
// pass goes into (a parameter, say, whose members carry state), or it is a $ref.
func (g *grammar) memberKind(k specKind, key string, rk rawKind) (specKind, bool) {
	if elem, ok := g.mapOf[k]; ok {
		if rk == rkNull || g.extMaps[k] && strings.HasPrefix(key, "x-") {
			return skAny, true
		}
		return elem, true
	}
	if k != skRoot && k != skComponents || key == "$ref" {
		return 0, false
	}
	if rk == rkNull {
		return skAny, true
	}
	fk, known := g.fields[k][key]
	if !known {
		if strings.HasPrefix(key, "x-") {
			return skAny, true
		}
		return skGeneric, true
	}
	return fk, true
}

// opens tells whether the pass goes into a member of kind k: components and the maps
// (a schema's properties are not among them: they are below the units).
func (g *grammar) opens(k specKind) bool {
	if k == skComponents {
		return true
	}
	_, ok := g.mapOf[k]
	return ok && k != skProperties
}

// skipFast returns the end of the value at d[i], -1 when the document ends first. It
// follows only strings and brackets, a word at a time, trusting the rest to the scans.
func skipFast(d []byte, i int) int {
	switch kindAt(d, i) {
	case rkString:
		return stringEnd(d, i)
	case rkObject, rkArray:
	case rkBad:
		return -1
	default:
		return scalarEnd(d, i)
	}
	depth := 0
	for {
		i = nextStructural(d, i)
		if i >= len(d) {
			return -1
		}
		switch d[i] {
		case '"':
			if i = stringEnd(d, i); i < 0 {
				return -1
			}
			continue
		case '{', '[':
			depth++
		default:
			if depth--; depth == 0 {
				return i + 1
			}
		}
		i++
	}
}

// nextStructural returns the position of the first quote or bracket from i on, len(d)
// when there is none. Outside strings, a pretty-printed spec is mostly indentation.
func nextStructural(d []byte, i int) int {
	for ; i+8 <= len(d); i += 8 {
		w := binary.LittleEndian.Uint64(d[i:])
		t := w | 0x20*lowBits // '[' and ']' become '{' and '}'
		m := zeroBytes(w^'"'*lowBits) | zeroBytes(t^'{'*lowBits) | zeroBytes(t^'}'*lowBits)
		if m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(d); i++ {
		switch d[i] {
		case '"', '{', '}', '[', ']':
			return i
		}
	}
	return i
}
