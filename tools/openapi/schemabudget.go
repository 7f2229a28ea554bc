package openapi

import (
	"slices"

	"github.com/askapi/askapi/tools"
)

// A published input schema has a ceiling. Converting request schemas in full, $refs
// expanded to maxSchemaDepth levels, grows with the width of the spec's object graph to
// that power: one DocuSign input schema was 20 MB and its tools/list 600 MB; Microsoft
// Graph took 9 GB and 200 s to compile. So:
//
//   - a tool's input schema is held to about maxInputBytes of JSON: each parameter's
//     schema to maxParamBytes, the body's to what the parameters leave (at least
//     maxParamBytes); each of them to maxSchemaNodes schema objects;
//   - a schema that fits its ceiling expanded to maxSchemaDepth levels is published as it
//     always was. One that does not keeps the deepest level d at which it fits, counting
//     a oneOf, anyOf or not as a level too (their alternatives multiply like properties);
//     below d a schema with structure is cut to its type, the names it requires and the
//     first sentence of its description, which says "(schema too large: structure not
//     expanded)"; a leaf is kept. The top level's properties are always listed: they are
//     the tool's arguments;
//   - d comes from a size estimate computed once per (schema, levels left), so choosing it
//     costs time linear in the spec, not in the expansion; as the estimate errs on the
//     large side, deeper levels are then tried while the conversion itself fits. Every
//     conversion counts what it emits and cuts anything past its allowance, so a try costs
//     at most a ceiling's worth (the estimate takes a $ref cycle's cut from where it first
//     met it, and can be short);
//   - a schema converted so depends on nothing above it, so it is converted once per
//     ceiling and shared, read-only, by every parameter and body using it: Graph's 3,849
//     bodies are 666 schemas.
//
// $defs with local $refs would publish each shared object once, but not every host that
// hands a tool's schema to a model resolves them; a cut schema is read everywhere.
const (
	maxSchemaNodes = 400
	maxInputBytes  = 32 << 10
	maxParamBytes  = 8 << 10
	// inputOverhead is what the input object and its reserved arguments take.
	inputOverhead = 1 << 10
	// ceilingStep rounds a body's share down, so bodies shared by many operations are
	// converted for a few ceilings only.
	ceilingStep = 1 << 10
)

// tooLarge is the note of a schema cut for size.
const tooLarge = "schema too large"

// schemaSize is a schema's size once converted: schema objects and about how many
// bytes of JSON.
type schemaSize struct{ nodes, bytes int }

func (a schemaSize) plus(b schemaSize) schemaSize {
	return schemaSize{a.nodes + b.nodes, a.bytes + b.bytes}
}

func (a schemaSize) over(ceiling int) bool { return a.nodes > maxSchemaNodes || a.bytes > ceiling }

// capped saturates a size just over the largest ceilings: past them, how far is of no
// interest.
func (a schemaSize) capped() schemaSize {
	return schemaSize{min(a.nodes, maxSchemaNodes+1), min(a.bytes, maxInputBytes+1)}
}

// budgets is the compiler's state for bounded schemas.
type budgets struct {
	done  map[boundKey]map[string]any
	sizes map[sizeKey]schemaSize
	trees map[sizeKey]int // skeleton sizes as trees (see skeletonbudget.go)
	needs map[*rawSchema][]string
	stack []*rawSchema // the schemas being sized, to cut recursion as the converter does
	// ceiling is the byte ceiling of the schema about to be converted (0: a whole
	// input's).
	ceiling int
}

type boundKey struct {
	s       *rawSchema
	mode    schemaMode
	ceiling int
}

// sizeKey names a schema by its address in the document (rawSchema.at): sizes are kept
// when the parsed schemas are let go (trimCaches), since an estimate depends on where
// the schema was first met (a recursion cut), and estimating it again elsewhere could
// give another.
type sizeKey struct {
	at     *byte
	left   int
	strict bool
}

// schemaBudget is what a conversion may still emit. strict is set when the schema did
// not fit whole: its depth was lowered, and alternatives count as a level.
type schemaBudget struct {
	left   schemaSize
	strict bool
	// spent is set once something was cut for want of budget.
	spent bool
}

func (c *compiler) budgetState() *budgets {
	if c.budgets == nil {
		c.budgets = &budgets{done: map[boundKey]map[string]any{}, sizes: map[sizeKey]schemaSize{}, trees: map[sizeKey]int{},
			needs: map[*rawSchema][]string{}}
	}
	return c.budgets
}

// withCeiling runs f with the byte ceiling of the schema it converts set to ceiling.
func (c *compiler) withCeiling(ceiling int, f func()) {
	b := c.budgetState()
	outer := b.ceiling
	b.ceiling = ceiling
	defer func() { b.ceiling = outer }()
	f()
}

// bodyCeiling is the share of a tool's input schema its body may take, given the
// parameters' schemas.
func bodyCeiling(params []*tools.Param) int {
	left := maxInputBytes - inputOverhead
	for _, p := range params {
		left -= jsonSize(p.Schema) + len(p.Name) + 4
	}
	left -= left % ceilingStep
	return max(left, maxParamBytes)
}

// boundedSchema converts a top-level request schema (a parameter's or a body's) within
// its ceiling, once per schema, mode and ceiling. The map is shared: read-only.
func (c *compiler) boundedSchema(s *rawSchema, mode schemaMode) map[string]any {
	b := c.budgetState()
	ceiling := b.ceiling
	if ceiling == 0 {
		ceiling = maxInputBytes - inputOverhead
	}
	key := boundKey{s, mode, ceiling}
	if out, ok := b.done[key]; ok {
		return out
	}
	out, fits := c.convertWithin(s, mode, ceiling, maxSchemaDepth, false, 2*ceiling)
	if !fits {
		// The deepest level the estimate fits, then deeper while the conversion itself
		// fits: the estimate errs on the large side (nexmo's messages fit one level
		// deeper than it says, and that level holds all their fields).
		depth := maxSchemaDepth
		for depth > 0 && c.sizeOf(s, depth, true).over(ceiling) {
			depth--
		}
		out, _ = c.convertWithin(s, mode, ceiling, depth, true, ceiling)
		for depth++; depth <= maxSchemaDepth; depth++ {
			deeper, fits := c.convertWithin(s, mode, ceiling, depth, true, 2*ceiling)
			if !fits {
				break
			}
			out = deeper
		}
	}
	out = c.pool.schema(out)
	b.done[key] = out
	return out
}

// convertWithin converts s with the depth and mode given, its budget allowance bytes (the
// budget counts what parts say, some of which a merge drops); fits tells that nothing
// was cut for want of budget and the result is within the ceiling. Each try costs at
// most the allowance's worth of conversion.
func (c *compiler) convertWithin(s *rawSchema, mode schemaMode, ceiling, depth int, strict bool, allowance int) (out map[string]any, fits bool) {
	if !strict && c.sizeOf(s, depth, false).over(2*ceiling) {
		return nil, false // far over: not worth a try
	}
	rc := &rawConverter{c: c, mode: mode, maxDepth: depth, budget: &schemaBudget{
		left:   schemaSize{maxSchemaNodes, allowance},
		strict: strict,
	}}
	out = rc.convert1(s)
	return out, !rc.budget.spent && jsonSize(out) <= ceiling
}

// sizeOf estimates the size of schema s converted with left more levels of nesting
// expanded (below zero: cut), saturated just over the ceilings; strict counts
// alternatives as a level.
func (c *compiler) sizeOf(s *rawSchema, left int, strict bool) schemaSize {
	switch {
	case s == nil || s.always != nil:
		return schemaSize{1, 4}
	case s.leaf() && (left >= 0 || strict):
		return schemaSize{1, s.ownBytes()}
	case left < 0:
		return stubSize(s)
	}
	b := c.budgets
	if slices.Contains(b.stack, s) {
		return stubSize(s) // cut as recursive
	}
	key := sizeKey{s.at, left, strict}
	if size, ok := b.sizes[key]; ok && s.at != nil {
		return size
	}
	b.stack = append(b.stack, s)
	total := schemaSize{1, s.ownBytes()}
	add := func(sub *rawSchema, left int) {
		if !total.over(maxInputBytes) {
			total = total.plus(c.sizeOf(sub, left, strict))
		}
	}
	alt := left
	if strict {
		alt = left - 1
	}
	if !isNull(s.items) {
		add(c.schema(s.items), left-1)
	} else if len(s.prefixItems) > 0 {
		add(c.schema(s.prefixItems[0]), left-1)
	}
	for _, m := range s.props {
		total.bytes += len(m.key) + 4
		add(c.schema(m.val), left-1)
	}
	if !isNull(s.apSchema) {
		add(c.schema(s.apSchema), left-1)
	}
	for _, list := range [][][]byte{s.oneOf, s.anyOf} {
		for _, r := range list {
			add(c.schema(r), alt)
		}
	}
	// allOf parts merge into one object, at the same level.
	for _, r := range s.allOf {
		add(c.schema(r), left)
	}
	if s.conjunct != nil {
		add(s.conjunct, left)
	}
	if !isNull(s.not) {
		add(c.schema(s.not), alt)
	}
	b.stack = b.stack[:len(b.stack)-1]
	total = total.capped()
	if s.at != nil { // always set by compiler.schema; a schema without one is not known again
		b.sizes[key] = total
	}
	return total
}

// stubSize is the size of a cut schema: its type, the first sentence of its description
// and the note.
func stubSize(s *rawSchema) schemaSize {
	return schemaSize{1, 60 + min(len(s.description), 200)}
}

// ownBytes is about the JSON size of a schema's own keywords, its subschemas left out.
func (s *rawSchema) ownBytes() int {
	n := 2
	for _, t := range s.types {
		n += 12 + len(t)
	}
	for _, v := range [][]byte{s.title, s.description, s.enum, s.constV, s.def, s.example, s.examples} {
		if !isNull(v) {
			n += 14 + len(v)
		}
	}
	n += len(s.format) + len(s.pattern)
	for _, f := range []*float64{s.min, s.max, s.multipleOf, s.exMinV, s.exMaxV} {
		if f != nil {
			n += 24
		}
	}
	for _, u := range []*uint64{s.maxLength, s.maxItems} {
		if u != nil {
			n += 16
		}
	}
	for _, r := range s.required {
		n += len(r) + 3
	}
	if s.nprops > 0 {
		n += 16
	}
	return n
}

// spend takes schema s from the conversion's budget; false when the budget is spent (s
// is then cut).
func (rc *rawConverter) spend(s *rawSchema) bool {
	if rc.skeleton {
		return rc.takeTree(1)
	}
	b := rc.budget
	if b == nil {
		return true
	}
	if b.left.nodes <= 0 || b.left.bytes <= 0 {
		b.spent = true
		return false
	}
	b.left.nodes--
	b.left.bytes -= s.ownBytes()
	return true
}

// spendCut takes a cut schema's size from the budget; false when the budget is spent
// (the cut then keeps its type and note only).
func (rc *rawConverter) spendCut(s *rawSchema) bool {
	b := rc.budget
	if b == nil || rc.skeleton {
		return true
	}
	if b.left.bytes <= 0 {
		b.spent = true
		return false
	}
	b.left.bytes -= stubSize(s).bytes
	return true
}

// keepLeaf tells a schema below the depth that is kept whole: a leaf (no structure to
// expand) when the depth was lowered for size, and the budget still has room for it.
func (rc *rawConverter) keepLeaf(s *rawSchema) bool {
	return rc.budget != nil && rc.budget.strict && s.leaf()
}

// keepRequired gives a schema cut for size the names a value of it must carry (its own
// required, its allOf parts', those every alternative requires): the structure is not
// shown, but what must be sent still is.
func (rc *rawConverter) keepRequired(s *rawSchema, out map[string]any) {
	b := rc.c.budgetState()
	req, ok := b.needs[s]
	if !ok {
		req = rc.c.bodyNeeds(s)
		b.needs[s] = req
	}
	if len(req) == 0 {
		return
	}
	out["required"] = req
	if rc.budget != nil {
		for _, n := range req {
			rc.budget.left.bytes -= len(n) + 3
		}
	}
}

// depthNote says why a schema below the conversion's depth is cut.
func (rc *rawConverter) depthNote() string {
	if rc.budget != nil && rc.budget.strict {
		return tooLarge
	}
	return "nested too deep"
}

// alternative converts one alternative of a oneOf, anyOf or not: a level of its own when
// the schema is cut for size.
func (rc *rawConverter) alternative(raw []byte) map[string]any {
	if rc.budget != nil && rc.budget.strict {
		return rc.nested(raw)
	}
	return rc.convertRaw(raw)
}

// jsonSize is about the JSON size of a converted schema.
func jsonSize(v any) int {
	switch x := v.(type) {
	case map[string]any:
		n := 2
		for k, e := range x {
			n += len(k) + 4 + jsonSize(e)
		}
		return n
	case []any:
		n := 2
		for _, e := range x {
			n += 1 + jsonSize(e)
		}
		return n
	case []string:
		n := 2
		for _, e := range x {
			n += len(e) + 3
		}
		return n
	case string:
		return len(x) + 2
	}
	return 8
}
