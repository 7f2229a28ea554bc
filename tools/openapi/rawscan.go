package openapi

import (
	"encoding/binary"
	"math"
	"math/bits"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// rawScan is a single pass over the raw bytes of a JSON OpenAPI 3.x document that tells
// whether the byte compiler may read it as it is: valid JSON, nothing the normaliser
// would change or reject (it follows the same grammar, in detect-only mode), every $ref
// internal. Any doubt makes it dirty, and the document takes the precise path (the
// normaliser's generic tree), which names every warning and error.
type rawScan struct {
	d     []byte
	g     *grammar
	dirty bool
	// refs are the distinct internal $refs seen, checked once the walk is over.
	refs map[string]struct{}
	// lens records each long container as its offset<<32 | length, for the compiler's
	// table (see spansOf).
	lens []uint64
	// On a document split in two (see rawscan_split.go), the first goroutine calls meet at
	// each member of an object or map from gate on, and stops at the hand-over point
	// (halted); the second enters the frames leading to it (resume, one at a time:
	// resumeFrom is 1 + the next one's start, 0 when none is left) and scans on from there.
	split      *split
	gate       int
	halted     bool
	resume     []frame
	resumeFrom int
}

// split is what the second goroutine tells the first: the frames down to the hand-over
// point (none: no split), once ready is closed.
type split struct {
	frames []frame
	ready  chan struct{}
}

// newRawScan starts a scan expecting to record about n containers.
func newRawScan(d []byte, n int) *rawScan {
	return &rawScan{d: d, g: grammarV3, refs: map[string]struct{}{}, lens: make([]uint64, 0, n), gate: math.MaxInt}
}

func (s *rawScan) fail() { s.dirty = true }

func (s *rawScan) ws(i int) int {
	for i < len(s.d) {
		switch s.d[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
		// Runs of spaces (a pretty-printed document's indentation) go a word at a time.
		for i+8 <= len(s.d) {
			if x := binary.LittleEndian.Uint64(s.d[i:]) ^ ' '*lowBits; x != 0 {
				i += bits.TrailingZeros64(x) / 8
				break
			}
			i += 8
		}
	}
	return i
}

// Word-at-a-time search (SWAR): zeroBytes marks the zero bytes of a word in their high
// bits, belowBytes those under n (at most 0x80). Only the lowest mark is exact (a borrow
// may mark bytes above it), and only it is used.
const (
	lowBits  = 0x0101010101010101
	highBits = 0x8080808080808080
)

func zeroBytes(w uint64) uint64 { return (w - lowBits) &^ w & highBits }

func belowBytes(w uint64, n byte) uint64 { return (w - uint64(n)*lowBits) &^ w & highBits }

// str reads the string starting at s.d[i] == '"', returning its end and content (raw,
// with hasEsc when escapes need decoding).
func (s *rawScan) str(i int) (end int, raw []byte, hasEsc bool) {
	j := i + 1
	for j < len(s.d) {
		// Plain bytes go a word at a time, up to a quote, backslash or control byte.
		for j+8 <= len(s.d) {
			w := binary.LittleEndian.Uint64(s.d[j:])
			if m := zeroBytes(w^'"'*lowBits) | zeroBytes(w^'\\'*lowBits) | belowBytes(w, 0x20); m != 0 {
				j += bits.TrailingZeros64(m) / 8
				break
			}
			j += 8
		}
		if j >= len(s.d) {
			break
		}
		c := s.d[j]
		switch {
		case c == '"':
			return j + 1, s.d[i+1 : j], hasEsc
		case c == '\\':
			hasEsc = true
			if j+1 >= len(s.d) {
				s.fail()
				return len(s.d), nil, false
			}
			switch s.d[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				if j+6 > len(s.d) {
					s.fail()
					return len(s.d), nil, false
				}
				for _, h := range s.d[j+2 : j+6] {
					if !isHex(h) {
						s.fail()
					}
				}
				j += 6
			default:
				s.fail()
				return len(s.d), nil, false
			}
		case c < 0x20:
			s.fail()
			return len(s.d), nil, false
		default:
			j++
		}
	}
	s.fail()
	return len(s.d), nil, false
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// strView is strValue for a string only looked at, never kept: without escapes, it
// aliases the document (no copy).
func strView(raw []byte, hasEsc bool) string {
	if hasEsc || len(raw) == 0 {
		return strValue(raw, hasEsc)
	}
	return unsafe.String(unsafe.SliceData(raw), len(raw))
}

// strValue decodes a string token's content.
func strValue(raw []byte, hasEsc bool) string {
	if !hasEsc {
		return string(raw)
	}
	q := make([]byte, 0, len(raw)+2)
	q = append(append(append(q, '"'), raw...), '"')
	return rawStr(q)
}

func (s *rawScan) number(i int) int {
	j := i
	if j < len(s.d) && s.d[j] == '-' {
		j++
	}
	if j >= len(s.d) {
		s.fail()
		return j
	}
	switch {
	case s.d[j] == '0':
		j++
	case s.d[j] >= '1' && s.d[j] <= '9':
		for j < len(s.d) && s.d[j] >= '0' && s.d[j] <= '9' {
			j++
		}
	default:
		s.fail()
		return len(s.d)
	}
	if j < len(s.d) && s.d[j] == '.' {
		j++
		k := j
		for j < len(s.d) && s.d[j] >= '0' && s.d[j] <= '9' {
			j++
		}
		if j == k {
			s.fail()
		}
	}
	if j < len(s.d) && (s.d[j] == 'e' || s.d[j] == 'E') {
		j++
		if j < len(s.d) && (s.d[j] == '+' || s.d[j] == '-') {
			j++
		}
		k := j
		for j < len(s.d) && s.d[j] >= '0' && s.d[j] <= '9' {
			j++
		}
		if j == k {
			s.fail()
		}
	}
	return j
}

func (s *rawScan) literal(i int, lit string) int {
	if !strings.HasPrefix(string(s.d[i:min(len(s.d), i+len(lit))]), lit) {
		s.fail()
		return len(s.d)
	}
	return i + len(lit)
}

// rawKind is the JSON type of a value, by its first byte.
type rawKind uint8

const (
	rkBad rawKind = iota
	rkObject
	rkArray
	rkString
	rkNumber
	rkBool
	rkNull
)

func kindAt(d []byte, i int) rawKind {
	if i >= len(d) {
		return rkBad
	}
	switch c := d[i]; {
	case c == '{':
		return rkObject
	case c == '[':
		return rkArray
	case c == '"':
		return rkString
	case c == 't' || c == 'f':
		return rkBool
	case c == 'n':
		return rkNull
	case c == '-' || c >= '0' && c <= '9':
		return rkNumber
	}
	return rkBad
}

// object iterates an object's members, calling f with the key and the value's position;
// f returns the end of the value. It returns the end of the object.
func (s *rawScan) object(start int, f func(key string, at int) int) int {
	return s.record(start, s.objectBody(start, f))
}

// record keeps a container's length for the compiler when skipping it by hand would
// cost more than the lookup.
func (s *rawScan) record(start, end int) int {
	if !s.dirty && end-start > 64 {
		s.lens = append(s.lens, uint64(start)<<32|uint64(end-start))
	}
	return end
}

func (s *rawScan) objectBody(i int, f func(key string, at int) int) int {
	if i+1 == s.resumeFrom {
		return s.resumeObject(f)
	}
	i = s.ws(i + 1)
	if i < len(s.d) && s.d[i] == '}' {
		return i + 1
	}
	return s.members(i, f)
}

// resumeObject walks an object from the member of the next frame on, skipping the
// members before it, which the first goroutine checked.
func (s *rawScan) resumeObject(f func(key string, at int) int) int {
	fr := s.resume[0]
	s.resume, s.resumeFrom = s.resume[1:], 0
	if len(s.resume) > 0 {
		s.resumeFrom = s.resume[0].start + 1
	}
	i := s.ws(f(fr.key, fr.at))
	if i >= len(s.d) {
		s.fail()
		return i
	}
	switch s.d[i] {
	case '}':
		return i + 1
	case ',':
		return s.members(s.ws(i+1), f)
	}
	s.fail()
	return len(s.d)
}

// members reads an object's members from the key at i on, and returns its end.
func (s *rawScan) members(i int, f func(key string, at int) int) int {
	for !s.dirty {
		if i >= len(s.d) || s.d[i] != '"' {
			s.fail()
			return len(s.d)
		}
		end, raw, esc := s.str(i)
		key := strView(raw, esc)
		i = s.ws(end)
		if i >= len(s.d) || s.d[i] != ':' {
			s.fail()
			return len(s.d)
		}
		i = s.ws(i + 1)
		i = s.ws(f(key, i))
		if i >= len(s.d) {
			s.fail()
			return i
		}
		if s.d[i] == '}' {
			return i + 1
		}
		if s.d[i] != ',' {
			s.fail()
			return len(s.d)
		}
		i = s.ws(i + 1)
	}
	return len(s.d)
}

func (s *rawScan) array(start int, f func(idx, at int) int) int {
	return s.record(start, s.arrayBody(start, f))
}

func (s *rawScan) arrayBody(i int, f func(idx, at int) int) int {
	i = s.ws(i + 1)
	if i < len(s.d) && s.d[i] == ']' {
		return i + 1
	}
	for n := 0; !s.dirty; n++ {
		i = s.ws(f(n, i))
		if i >= len(s.d) {
			s.fail()
			return i
		}
		if s.d[i] == ']' {
			return i + 1
		}
		if s.d[i] != ',' {
			s.fail()
			return len(s.d)
		}
		i = s.ws(i + 1)
	}
	return len(s.d)
}

// skip validates and skips any value.
func (s *rawScan) skip(i int) int {
	switch kindAt(s.d, i) {
	case rkObject:
		return s.object(i, func(_ string, at int) int { return s.skip(at) })
	case rkArray:
		return s.array(i, func(_, at int) int { return s.skip(at) })
	case rkString:
		end, _, _ := s.str(i)
		return end
	case rkNumber:
		return s.number(i)
	case rkBool:
		if s.d[i] == 't' {
			return s.literal(i, "true")
		}
		return s.literal(i, "false")
	case rkNull:
		return s.literal(i, "null")
	}
	s.fail()
	return len(s.d)
}

// scanDocument runs the check over the whole document. On a large document and more
// than one core, a second goroutine scans about the second half (see rawscan_split.go).
func scanDocument(d []byte) (clean bool, refs map[string]struct{}, lens *spans) {
	if len(d) > math.MaxInt32 || !validUTF8(d) {
		return false, nil, nil
	}
	root := wsSkip(d, 0)
	if kindAt(d, root) != rkObject {
		return false, nil, nil
	}
	// About one container in 170 bytes is long enough to be recorded (GitHub: 76k in 13 MB).
	if len(d) < parallelScanBytes || runtime.GOMAXPROCS(0) < 2 {
		s := newRawScan(d, len(d)/170)
		if i := s.node(root, skRoot, false); s.ws(i) != len(d) || s.dirty {
			return false, nil, nil
		}
		return true, s.refs, spansOf(d, s.lens)
	}
	// Each goroutine records about half of them, and builds its own table.
	s, side := newRawScan(d, len(d)/280), newRawScan(d, len(d)/340)
	sp := &split{ready: make(chan struct{})}
	s.split, s.gate = sp, splitGate(len(d))
	var sideEnd int
	var sideLens *spans
	var wg sync.WaitGroup
	wg.Go(func() {
		sp.frames = handOver(d, s.g, root)
		close(sp.ready)
		if sp.frames != nil {
			side.resume, side.resumeFrom = sp.frames, sp.frames[0].start+1
			sideEnd = side.node(root, skRoot, false)
			if !side.dirty {
				sideLens = spansOf(d, side.lens)
			}
		}
	})
	i := s.node(root, skRoot, false)
	if !s.dirty || s.halted {
		lens = spansOf(d, s.lens)
	}
	wg.Wait()
	if sp.frames != nil {
		// The first goroutine must have stopped at the hand-over point, clean up to it, and
		// the second gone through every frame down to it.
		s.dirty = !s.halted || side.dirty || len(side.resume) > 0
		i = sideEnd
	}
	if s.ws(i) != len(d) || s.dirty {
		return false, nil, nil
	}
	if sp.frames != nil {
		for ref := range side.refs {
			s.refs[ref] = struct{}{}
		}
		// The frames begin before the point, where the first goroutine's table answers.
		for _, f := range sp.frames {
			if n, ok := sideLens.lenAt(&d[f.start]); ok {
				lens.put(uint32(f.start), n)
			}
		}
		lens.attach(sideLens, sp.frames[len(sp.frames)-1].at, len(d))
	}
	return true, s.refs, lens
}

// parallelScanBytes is the size from which scanDocument uses a second goroutine.
var parallelScanBytes = 1 << 20

// validUTF8 checks the document's encoding, halves in parallel when it is large.
func validUTF8(d []byte) bool {
	if len(d) < parallelScanBytes {
		return utf8.Valid(d)
	}
	mid := len(d) / 2
	for mid < len(d) && !utf8.RuneStart(d[mid]) {
		mid++
	}
	var second bool
	var wg sync.WaitGroup
	wg.Go(func() { second = utf8.Valid(d[mid:]) })
	first := utf8.Valid(d[:mid])
	wg.Wait()
	return first && second
}

// node walks a structural value of kind k; inProps is set for a properties entry.
func (s *rawScan) node(i int, k specKind, inProps bool) int {
	if k == skGeneric {
		return s.generic(i)
	}
	rk := kindAt(s.d, i)
	if elem, ok := s.g.mapOf[k]; ok {
		if rk != rkObject {
			s.fail()
			return s.skip(i)
		}
		ext := s.g.extMaps[k]
		return s.object(i, func(key string, at int) int {
			if at >= s.gate {
				if end, met := s.meet(at, k, key); met {
					return end
				}
			}
			if kindAt(s.d, at) == rkNull || ext && strings.HasPrefix(key, "x-") {
				return s.skip(at)
			}
			if key == "$ref" && k == skCallback {
				// A Callback Object may be a Reference Object, as the normaliser reads it:
				// its "$ref" is a reference (a string), no expression of a path item.
				return s.ref(at)
			}
			return s.node(at, elem, false)
		})
	}
	if elem, ok := s.g.listOf[k]; ok {
		if rk != rkArray {
			s.fail()
			return s.skip(i)
		}
		return s.array(i, func(_, at int) int {
			if kindAt(s.d, at) == rkNull {
				return s.skip(at)
			}
			return s.node(at, elem, false)
		})
	}
	if rk != rkObject {
		if rk == rkBool && k == skSchema {
			return s.skip(i)
		}
		s.fail()
		return s.skip(i)
	}
	return s.objectKind(i, k)
}

// foldsToField reports a key that is one of fields written in another case.
func foldsToField(fields map[string]specKind, key string) bool {
	for f := range fields {
		if len(f) == len(key) && strings.EqualFold(f, key) {
			return true
		}
	}
	return false
}

// objectKind walks an object of kind k (the normaliser's object and schema).
func (s *rawScan) objectKind(i int, k specKind) int {
	fields := s.g.fields[k]
	var in, required string
	var requiredTrue, isRef bool
	end := s.object(i, func(key string, at int) int {
		if at >= s.gate {
			if end, met := s.meet(at, k, key); met {
				return end
			}
		}
		rk := kindAt(s.d, at)
		if key == "$ref" {
			isRef = true
			return s.ref(at)
		}
		if rk == rkNull {
			return s.skip(at)
		}
		fk, known := fields[key]
		if !known {
			if strings.HasPrefix(key, "x-") {
				return s.skip(at)
			}
			if foldsToField(fields, key) {
				// kin-openapi reads fields regardless of case (encoding/json): "pAths" is
				// its paths, which the compilers never read. The precise path decides.
				s.fail()
				return s.skip(at)
			}
			fk = skGeneric
		}
		if k == skParameter {
			switch key {
			case "in":
				if rk == rkString {
					e, raw, esc := s.str(at)
					in = strView(raw, esc)
					return e
				}
			case "required":
				requiredTrue = rk == rkBool && s.d[at] == 't'
				required = "set"
			}
		}
		return s.field(at, fk)
	})
	_ = required
	if isRef && k != skSchema {
		// The normaliser ignores a Reference Object's siblings; any sibling it would have
		// fixed is left as it is, which is fine, but keep it simple: a ref with siblings
		// outside schemas is read as the ref alone by both.
		return end
	}
	if k == skParameter && in == "path" && !requiredTrue {
		s.fail()
	}
	return end
}

// meet is called at each member (key, at) of a parent container of kind k from the gate
// on. The first time, it waits for the hand-over point. At the point, it stops the walk
// (as a failure would, but halted) and tells the caller to return at once; before it,
// the walk goes on. Passing the point, or meeting it in a parent the pass does not go
// into, only happens on a broken document.
func (s *rawScan) meet(at int, k specKind, key string) (end int, met bool) {
	<-s.split.ready
	frames := s.split.frames
	if frames == nil {
		s.gate = math.MaxInt
		return 0, false
	}
	p := frames[len(frames)-1]
	if s.gate = p.at; at < p.at {
		return 0, false
	}
	if _, unit := s.g.memberKind(k, key, kindAt(s.d, at)); unit && at == p.at && key == p.key {
		s.halted = true
	}
	s.fail()
	return len(s.d), true
}

func (s *rawScan) field(at int, k specKind) int {
	rk := kindAt(s.d, at)
	switch k {
	case skAny:
		return s.skip(at)
	case skSchemaRequired:
		if rk == rkArray {
			return s.array(at, func(_, a int) int {
				if kindAt(s.d, a) != rkString {
					s.fail()
				}
				return s.skip(a)
			})
		}
		s.fail()
	case skBool:
		if rk != rkBool {
			s.fail()
		}
	case skNumber, skUint:
		if rk != rkNumber {
			s.fail()
			break
		}
		end := s.number(at)
		text := string(s.d[at:end])
		f, err := strconv.ParseFloat(text, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			s.fail()
		}
		if k == skUint && (f < 0 || f != math.Trunc(f) || f > math.MaxInt64 || strconv.FormatInt(int64(f), 10) != text) {
			s.fail()
		}
		return end
	case skExclusive:
		if rk != rkBool && rk != rkNumber {
			s.fail()
		}
	case skString:
		if rk != rkString {
			s.fail()
		}
	case skStrings:
		if rk != rkArray {
			s.fail()
			break
		}
		return s.array(at, func(_, a int) int {
			if kindAt(s.d, a) != rkString {
				s.fail()
			}
			return s.skip(a)
		})
	case skEnum, skSchemaExamples:
		if rk != rkArray {
			s.fail()
		}
	case skType:
		switch rk {
		case rkString:
			e, raw, esc := s.str(at)
			if !s.g.types[strView(raw, esc)] {
				s.fail()
			}
			return e
		case rkArray:
			seen := map[string]bool{}
			return s.array(at, func(_, a int) int {
				if kindAt(s.d, a) != rkString {
					s.fail()
					return s.skip(a)
				}
				e, raw, esc := s.str(a)
				t := strView(raw, esc)
				if !s.g.types[t] || seen[t] {
					s.fail()
				}
				seen[t] = true
				return e
			})
		}
		s.fail()
	case skSchemaOrBool:
		switch rk {
		case rkBool:
		case rkString:
			s.fail()
		default:
			return s.node(at, skSchema, false)
		}
	case skProperties:
		if rk != rkObject {
			s.fail()
			break
		}
		return s.object(at, func(_ string, a int) int {
			if kindAt(s.d, a) == rkNull {
				return s.skip(a)
			}
			return s.node(a, skSchema, true)
		})
	default:
		return s.node(at, k, false)
	}
	return s.skip(at)
}

// generic walks structure askapi does not model, checking only $refs.
func (s *rawScan) generic(i int) int {
	switch kindAt(s.d, i) {
	case rkObject:
		return s.object(i, func(key string, at int) int {
			switch {
			case key == "$ref":
				return s.ref(at)
			case strings.HasPrefix(key, "x-"), key == "example", key == "examples", key == "default",
				key == "enum", key == "const", key == "value":
				return s.skip(at)
			}
			return s.generic(at)
		})
	case rkArray:
		return s.array(i, func(_, at int) int { return s.generic(at) })
	}
	return s.skip(i)
}

func (s *rawScan) ref(at int) int {
	if kindAt(s.d, at) != rkString {
		s.fail()
		return s.skip(at)
	}
	end, raw, esc := s.str(at)
	if _, seen := s.refs[strView(raw, esc)]; seen {
		return end
	}
	ref := strValue(raw, esc)
	if !strings.HasPrefix(ref, "#") {
		s.fail() // external: the precise path applies the policy
		return end
	}
	s.refs[ref] = struct{}{}
	return end
}
