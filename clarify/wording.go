package clarify

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// Field is what a question is about, with what wording needs to ask it as a person
// would be asked.
type Field struct {
	Arg    string
	Schema map[string]any
	// Resource is the thing an identifier names ("movie" for movie_id) when a producer can
	// resolve it from a name, so the question asks for the thing and not its id.
	Resource string
	// Thing is what an identifier names when nothing can look it up by name: still asked
	// for as the thing ("Which project do you mean?"), never as an id.
	Thing string
	// Examples are the spec's example values for the field, never quoted to a person.
	Examples []any
	// Owner is the thing the operation is about, by its path ("vlan" for /ipam/vlans/):
	// what a field whose name says nothing to a person is said to belong to.
	Owner string
}

// FieldOf returns the field for an argument of op.
func FieldOf(op *tools.Operation, arg string) Field {
	f := Field{Arg: arg}
	if props, ok := op.InputSchema["properties"].(map[string]any); ok {
		f.Schema, _ = props[arg].(map[string]any)
	}
	if f.Schema == nil && strings.Contains(arg, ".") {
		f.Schema = nestedSchema(op, arg) // a field inside an object argument (nested.go)
	}
	if p := op.ParamByArg(arg); p != nil {
		f.Examples = p.Examples
	}
	f.Owner = owner(op)
	return f
}

// SpokenName is how a person is told which field is meant: its name in words
// ("relative start time"), or, when that says nothing to a person (vid, q), what the spec
// says of it ("vlan number").
func SpokenName(op *tools.Operation, arg string) string {
	h := Human(arg)
	if opaqueName(h) {
		if n, _ := FieldOf(op, arg).personName(); n != "" {
			return n
		}
	}
	return h
}

// owner is the thing an operation's path is about: its last segment that is a word.
func owner(op *tools.Operation) string {
	segs := strings.Split(strings.Trim(op.Path, "/"), "/")
	for i := len(segs) - 1; i >= 0; i-- {
		if strings.HasPrefix(segs[i], "{") {
			continue
		}
		if n := reverse.Noun(segs[i]); n != "" && !strings.Contains(n, "_") {
			return lexicon.Display(reverse.KindNoun(op, n))
		}
	}
	return ""
}

// knownShort are short names and acronyms people say as they are.
var knownShort = map[string]bool{"dns": true, "ssh": true, "sms": true, "pdf": true, "cvv": true, "crm": true, "cms": true,
	"css": true, "xml": true, "png": true, "jpg": true, "gps": true, "ftp": true, "rss": true, "vpn": true, "vpc": true,
	"http": true, "https": true, "smtp": true, "html": true, "sql": true, "tls": true, "ssl": true, "mfa": true, "sku": true,
	"bid": true, "did": true, "hid": true, "kid": true, "lid": true, "mid": true, "rid": true, "tv": true}

// clippedID is a name made of a letter and "id" (vid, pid, cid): whose id, only the API knows.
var clippedID = regexp.MustCompile(`^[bcdfghjklmnpqrstvwxz]id$`)

// opaqueName reports whether a field's name, in words, says nothing to a person: a
// letter, a clipped id (vid), or a word without a vowel (cnt, qty, vflg).
func opaqueName(h string) bool {
	for _, w := range strings.Fields(h) {
		switch {
		case knownShort[w]:
		case len(w) == 1, clippedID.MatchString(w), !strings.ContainsAny(w, "aeiouy"):
			return true
		}
	}
	return false
}

// personName names a field whose own name says nothing to a person: by its title, by a
// short description ("Number of results to return"), or as the number, date or value
// of the thing the operation is about ("vlan number"). fromDesc says the description was
// used. "" when nothing says.
func (f Field) personName() (name string, fromDesc bool) {
	if t, _ := f.Schema["title"].(string); t != "" && !idWordsText.MatchString(t) && !opaqueName(Human(t)) {
		return commonCase(strings.TrimSpace(t), ""), false
	}
	if d := strings.TrimRight(plainDescription(f), "."); d != "" && !strings.ContainsAny(d, ",;:()") {
		for _, article := range []string{"The ", "the ", "A ", "An "} {
			d = strings.TrimPrefix(d, article)
		}
		if n := len(strings.Fields(d)); n >= 1 && n <= 6 {
			return commonCase(d, ""), true
		}
	}
	if f.Owner == "" {
		return "", false
	}
	switch {
	case isWhen(f):
		return f.Owner + " date", false
	case tools.SchemaType(f.Schema) == "integer" || tools.SchemaType(f.Schema) == "number":
		return f.Owner + " number", false
	case tools.SchemaType(f.Schema) == "boolean":
		return f.Owner + " setting", false
	}
	return f.Owner + " value", false
}

// Human turns an argument name into words: createdBy → "created by", movie_id → "movie id".
func Human(arg string) string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	runes := []rune(arg)
	for i, r := range runes {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ':
			flush()
		case unicode.IsUpper(r) && i > 0 && (unicode.IsLower(runes[i-1]) || (i+1 < len(runes) && unicode.IsLower(runes[i+1]))):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	if len(words) > 1 && words[len(words)-1] == "query" && strings.Contains(arg, "__") {
		words = words[:len(words)-1]
	}
	return strings.Join(words, " ")
}

// Purpose phrases what the operation does, for "needed to ..." clauses; empty when
// the spec says nothing short enough.
func Purpose(op *tools.Operation) string {
	// Read as a person reads it: AWS's descriptions open with <p>.
	summary, opening := StripMarkup(op.Summary), FirstSentence(op.Description)
	if HoldsTemplate(summary) || (summary == "" && HoldsTemplate(opening)) {
		return "" // the path, not prose: "products/{sku}/group-prices/…"
	}
	s := verbFirst(withoutPreamble(summary))
	if s != "" {
		// "Creates a new piece": the clause wants "create a new piece".
		first, _, _ := strings.Cut(s, " ")
		if bare, _, _ := strings.Cut(bareVerb(first), " "); bare != first && imperatives[strings.ToLower(bare)] {
			s = bareVerb(s)
		}
	}
	if s == "" {
		// Descriptions often start in the third person ("Deletes a silence"); the clause
		// wants the bare verb ("needed to delete a silence"). One that starts otherwise is
		// mostly a noun phrase ("Rack elevation representing the list of rack units"),
		// which "needed to" cannot take: no clause then.
		line := withoutPreamble(opening)
		s = bareVerb(line)
		first, _, _ := strings.Cut(s, " ")
		if s == line && !imperatives[strings.ToLower(first)] {
			return ""
		}
	}
	s = strings.TrimRight(strings.TrimSpace(s), ".")
	if first, rest, _ := strings.Cut(s, " "); strings.HasSuffix(strings.ToLower(first), "ing") {
		// "Adding currency exchange rates": "needed to" takes the bare verb, and a
		// gerund that is no known verb's gives no clause.
		bare, ok := gerundBare(first)
		if !ok {
			return ""
		}
		s = strings.TrimSpace(bare + " " + rest)
	}
	if s == "" || len(s) > 80 {
		return ""
	}
	return commonCase(s, op.Description)
}

// HoldsTemplate reports whether text holds a path template ({sku}): a summary that
// is the path, which a question never quotes.
func HoldsTemplate(s string) bool {
	i := strings.IndexByte(s, '{')
	return i >= 0 && strings.IndexByte(s[i:], '}') > 1
}

// gerundBare is the bare verb of a gerund (adding → add, creating → create, getting →
// get) when it is one of the imperatives.
func gerundBare(w string) (string, bool) {
	stem := strings.TrimSuffix(strings.ToLower(w), "ing")
	cands := []string{stem, stem + "e"}
	if n := len(stem); n > 2 && stem[n-1] == stem[n-2] {
		cands = append(cands, stem[:n-1])
	}
	for _, c := range cands {
		if imperatives[c] {
			return c, true
		}
	}
	return "", false
}

// preamble is what a summary may say before what the operation does ("Used to retrieve
// the hours", "This endpoint allows you to create a tag"): the clause starts after it.
var preamble = regexp.MustCompile(`(?i)^(?:this (?:endpoint|operation|method|api|call|request|resource) (?:is )?(?:used to|allows you to|allows to|lets you|will|can be used to)|(?:is |can be )?used to|use this (?:endpoint |operation |method )?to|allows (?:you )?to|lets you|enables you to|(?:an? )?(?:endpoint|api|method|operation|call) (?:used )?to)\s+`)

func withoutPreamble(s string) string {
	return preamble.ReplaceAllString(strings.TrimSpace(s), "")
}

// functionWords stay lower case in a Title Case summary ("List Snapshots for a Droplet").
var functionWords = map[string]bool{"a": true, "an": true, "the": true, "for": true, "of": true, "by": true, "to": true,
	"in": true, "on": true, "or": true, "and": true, "with": true, "from": true, "at": true, "as": true, "into": true, "per": true, "via": true}

// capitalised is a word written with one capital, first: "Flag", "Segments", "User's".
var capitalised = regexp.MustCompile(`^(?:[A-Z][a-z]+|A)(?:'s)?$`)

// commonCase lower-cases the common nouns a summary capitalises, for a clause inside a
// sentence ("Create Flag" → "create flag"). An acronym (SSH, ID) and a name with
// capitals inside (GitHub, iOS) keep theirs; so does a proper name, when the summary is
// written in sentence case and the description capitalises the word mid-sentence and
// never writes it in lower case ("Post a message to Slack"). A Title Case summary
// capitalises everything, which says nothing of any one word.
func commonCase(s, desc string) string {
	words := strings.Fields(s)
	trim := func(w string) string { return strings.Trim(w, ".,;:!?()[]\"'`") }
	title := false
	for _, w := range words[1:] {
		core := trim(w)
		if core == "" || functionWords[strings.ToLower(core)] || strings.ContainsAny(core, "0123456789") {
			continue
		}
		if !unicode.IsUpper([]rune(core)[0]) {
			title = false
			break
		}
		title = true
	}
	for i, w := range words {
		core := trim(w)
		if !capitalised.MatchString(core) {
			continue
		}
		if i > 0 && !title && properName(core, desc) {
			continue
		}
		words[i] = strings.Replace(w, core, strings.ToLower(core[:1])+core[1:], 1)
	}
	return strings.Join(words, " ")
}

// properName reports whether a description writes a word as a name: capitalised after a
// lower-case word, and never in lower case.
func properName(word, desc string) bool {
	base := strings.TrimSuffix(word, "'s")
	if regexp.MustCompile(`\b` + regexp.QuoteMeta(strings.ToLower(base[:1])+base[1:]) + `\b`).MatchString(desc) {
		return false
	}
	return regexp.MustCompile(`[a-z,;]\s+` + regexp.QuoteMeta(base) + `\b`).MatchString(desc)
}

// imperatives are verbs a description may start with in the imperative ("Get the user").
var imperatives = map[string]bool{
	"get": true, "list": true, "create": true, "update": true, "delete": true, "remove": true, "add": true,
	"set": true, "find": true, "search": true, "send": true, "retrieve": true, "fetch": true, "return": true,
	"show": true, "read": true, "upload": true, "download": true, "cancel": true, "start": true, "stop": true,
	"replace": true, "modify": true, "change": true, "edit": true, "move": true, "copy": true, "post": true,
}

// IDPhrase reads an operationId as words, verb first, for an operation that says nothing
// else of itself: "dcim_sites_create" is "Create dcim sites"; "" when the id has no verb
// at either end (the words alone would read as a name, not as what is done).
func IDPhrase(op *tools.Operation) string {
	words := tools.NameWords(op.OperationID)
	if len(words) < 2 {
		return ""
	}
	for i, w := range words {
		words[i] = strings.ToLower(w)
	}
	s := verbFirst(strings.Join(words, " "))
	first, _, _ := strings.Cut(s, " ")
	if !isVerb(first) {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// trailingVerbs end a summary written thing first ("Support Ticket Open", "Volume
// Resize", Linode's way): the clause puts the verb first ("open support ticket").
var trailingVerbs = map[string]bool{"view": true, "open": true, "close": true, "resize": true, "reset": true,
	"reboot": true, "boot": true, "shutdown": true, "restore": true, "rebuild": true, "clone": true, "rename": true,
	"enable": true, "disable": true, "import": true, "export": true, "revoke": true, "attach": true, "detach": true,
	"upgrade": true, "migrate": true, "assign": true, "unassign": true, "cancel": true}

// isVerb reports a word that says what is done, at the head or the end of a summary.
func isVerb(w string) bool { return imperatives[w] || trailingVerbs[w] }

// verbFirst moves the verb of a summary written thing first to the front: "New Tag
// Create" → "Create New Tag". A summary that starts with a verb, or does not end with one,
// is left as it is.
func verbFirst(s string) string {
	words := strings.Fields(strings.TrimRight(s, ". "))
	if len(words) < 2 || len(words) > 6 {
		return s
	}
	last := strings.ToLower(words[len(words)-1])
	if !isVerb(last) {
		return s
	}
	first := strings.ToLower(words[0])
	if isVerb(first) || imperatives[strings.TrimSuffix(first, "s")] || functionWords[first] {
		return s
	}
	for _, w := range words[:len(words)-1] {
		if functionWords[strings.ToLower(w)] {
			return s // a phrase ("Access to list"), not a title
		}
	}
	return strings.Join(append([]string{words[len(words)-1]}, words[:len(words)-1]...), " ")
}

func bareVerb(s string) string {
	verb, rest, _ := strings.Cut(s, " ")
	low := strings.ToLower(verb)
	switch {
	case len(low) < 4 || strings.HasSuffix(low, "ss") || !strings.HasSuffix(low, "s"):
		return s
	case strings.HasSuffix(low, "ies"):
		verb = verb[:len(verb)-3] + "y"
	case strings.HasSuffix(low, "ches"), strings.HasSuffix(low, "shes"), strings.HasSuffix(low, "sses"), strings.HasSuffix(low, "xes"):
		verb = verb[:len(verb)-2]
	default:
		verb = verb[:len(verb)-1]
	}
	if rest == "" {
		return verb
	}
	return verb + " " + rest
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i]
	}
	return s
}

// Ask phrases the question for a value the person must supply.
func Ask(op *tools.Operation, f Field) string {
	q := askBare(f)
	if p := Purpose(op); p != "" {
		q += " (needed to " + p + ")"
	}
	return q
}

func askBare(f Field) string {
	h := Human(f.Arg)
	if f.Resource != "" {
		return fmt.Sprintf("Which %s do you mean? A name or title is enough.", f.Resource)
	}
	desc := ""
	if d := plainDescription(f); d != "" {
		desc = " — " + d
	}
	if f.Thing == "" && opaqueName(h) {
		// A name a person does not know is never quoted: the field is named by what the
		// spec says of it.
		if n, fromDesc := f.personName(); n != "" {
			if fromDesc {
				desc = ""
			}
			switch {
			case len(enumValues(f.Schema)) > 0:
				h = n // asked below with its choices
			case tools.SchemaType(f.Schema) == "boolean":
				return fmt.Sprintf("Should the %s be yes or no?%s", n, desc)
			default:
				return fmt.Sprintf("What is the %s?%s", n, desc)
			}
		}
	}
	bound := rangeBound(h)
	switch {
	case len(enumValues(f.Schema)) > 0:
		var labelled []any
		meanings := enumMeanings(f.Schema)
		for _, v := range enumValues(f.Schema) {
			labelled = append(labelled, enumLabel(meanings, v))
		}
		return fmt.Sprintf("Which %s should be used: %s?", h, orList(labelled))
	case f.Thing != "":
		return fmt.Sprintf("Which %s do you mean?%s", f.Thing, desc)
	case isAuthor(f):
		return fmt.Sprintf("Who should be recorded as %q?%s", h, desc)
	case isPerson(f.Arg):
		return fmt.Sprintf("Who is the %s?%s", h, desc)
	case bound != "":
		return bound + desc
	case isWhen(f):
		return fmt.Sprintf("When should %q be? %s is needed%s.", h, whenKind(f), strings.TrimRight(desc, "."))
	case tools.SchemaType(f.Schema) == "boolean":
		return fmt.Sprintf("Should %q be yes or no?%s", h, desc)
	case tools.SchemaType(f.Schema) == "integer" || tools.SchemaType(f.Schema) == "number":
		return fmt.Sprintf("What number should %q be?%s", h, desc)
	case hasWord(h, "comment", "reason", "message", "note", "body", "text", "content", "description"):
		return fmt.Sprintf("What %s should be included?%s", h, desc)
	case tools.SchemaType(f.Schema) == "array":
		return fmt.Sprintf("Which %s should be included? Several can be given.%s", h, desc)
	case tools.SchemaType(f.Schema) == "object" && len(requiredNames(f.Schema)) > 0:
		// A whole record: say what it is made of, in the spec's words for its fields.
		var parts []any
		for _, r := range requiredNames(f.Schema) {
			parts = append(parts, Human(r))
		}
		return fmt.Sprintf("What should the %s be? It needs its %s.%s", h, andList(parts), desc)
	}
	if plural(h) {
		return fmt.Sprintf("What are the %s?%s", h, desc)
	}
	if adjectiveNames[h] {
		// "What is the raw?": a name that is no noun is quoted as a name.
		return fmt.Sprintf("What should %q be?%s", h, desc)
	}
	return fmt.Sprintf("What is the %s?%s", h, desc)
}

// adjectiveNames are field names that are adjectives, not things: Discourse's "raw"
// (a post's text), "full", "plain"…
var adjectiveNames = map[string]bool{"raw": true, "full": true, "plain": true, "public": true, "private": true,
	"active": true, "enabled": true, "disabled": true, "visible": true, "hidden": true, "primary": true,
	"default": true, "custom": true, "new": true, "old": true, "draft": true, "archived": true, "pinned": true,
	"featured": true, "external": true, "internal": true, "global": true, "local": true, "original": true,
	"current": true, "final": true, "rich": true, "formatted": true, "encoded": true, "compressed": true}

// plural reports whether a field's human name ends in a plural noun ("details"), for
// "What are the details?".
func plural(h string) bool {
	words := strings.Fields(h)
	if len(words) == 0 {
		return false
	}
	last := strings.ToLower(words[len(words)-1])
	return lexicon.Singular(last) != last && !singularInAs[last]
}

// singularInAs are singular nouns the -s rule would read as plurals.
var singularInAs = map[string]bool{"alias": true, "canvas": true, "bias": true, "atlas": true, "gas": true, "data": true}

// hasWord reports whether the words of h include one of ws.
func hasWord(h string, ws ...string) bool {
	for _, w := range strings.Fields(h) {
		if slices.Contains(ws, w) {
			return true
		}
	}
	return false
}

// isAuthor is a field the spec says records who did something: named so (author,
// creator, createdBy) or described so ("the author of", "created by").
func isAuthor(f Field) bool {
	l := strings.ToLower(f.Arg)
	if strings.HasSuffix(f.Arg, "By") || strings.HasSuffix(l, "_by") || strings.Contains(l, "author") || strings.Contains(l, "creator") {
		return true
	}
	d, _ := f.Schema["description"].(string)
	return authorWords.MatchString(d)
}

var authorWords = regexp.MustCompile(`(?i)\b(author|authored|created by|creator of|recorded as|who (created|wrote|made))\b`)

// isPerson is a field whose value is a person, said by who they are.
func isPerson(arg string) bool {
	return hasWord(Human(arg), "owner", "assignee", "reviewer", "approver", "recipient")
}

// rangeBound asks for one end of a range named date first ("date from", "time to"),
// which "What is the date from?" reads badly; "" for any other name.
func rangeBound(h string) string {
	words := strings.Fields(h)
	if len(words) != 2 || (words[0] != "date" && words[0] != "time" && words[0] != "day") {
		return ""
	}
	which := "which " + words[0]
	if words[0] == "time" {
		which = "what time"
	}
	switch words[1] {
	case "from", "since", "after", "start":
		return "From " + which + "?"
	case "to", "until", "till", "before", "end":
		return "Up to " + which + "?"
	}
	return ""
}

// whenKind says what a date field takes, by its format.
func whenKind(f Field) string {
	switch fm, _ := f.Schema["format"].(string); fm {
	case "date":
		return "A date"
	case "time":
		return "A time of day"
	}
	return "A date and time"
}

func isWhen(f Field) bool {
	if fm, _ := f.Schema["format"].(string); fm == "date-time" || fm == "date" || fm == "time" {
		return true
	}
	if t := tools.SchemaType(f.Schema); t == "integer" || t == "number" || t == "boolean" {
		return false // "relative start time" in seconds is a number, not a date
	}
	l := strings.ToLower(f.Arg)
	return strings.HasSuffix(f.Arg, "At") || strings.HasSuffix(l, "_at") || strings.HasSuffix(l, "date") || strings.HasSuffix(l, "time")
}

func enumValues(s map[string]any) []any {
	if e, ok := s["enum"].([]any); ok {
		return e
	}
	if items, ok := s["items"].(map[string]any); ok {
		if e, ok := items["enum"].([]any); ok {
			return e
		}
	}
	return nil
}

func orList(vals []any) string {
	parts := make([]string, 0, len(vals))
	for _, v := range vals {
		parts = append(parts, ValueText(v))
	}
	if len(parts) > MaxOptions+4 {
		parts = append(parts[:MaxOptions+4], "…")
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// enumOptions offers an enum's values as options.
func enumOptions(s map[string]any) []Option {
	var out []Option
	meanings := enumMeanings(s)
	for _, v := range enumValues(s) {
		if v == nil {
			continue
		}
		out = append(out, Option{Value: v, Label: enumLabel(meanings, v)})
	}
	return out
}

// enumLabel is an enum value as a person can choose it: a number with what it means,
// when the spec says ("3 (confidential)", meanings from enumMeanings, read once for all
// the values); the value itself otherwise.
func enumLabel(meanings map[string]string, v any) string {
	if m := meanings[ValueText(v)]; m != "" {
		return fmt.Sprintf("%s (%s)", ValueText(v), m)
	}
	return ValueText(v)
}

// enumNameLists are extensions that name an enum's values, in its order.
var enumNameLists = []string{"x-enum-descriptions", "x-enumDescriptions", "x-enum-varnames", "x-enumNames", "x-enum-names"}

// enumMeanings reads what the values of a numeric enum mean, from a list the spec gives
// beside it (x-enum-varnames) or its description ("* `1` - public", "0 = low, 1 =
// normal"). Only when every value is explained: a half-read list would mislead.
func enumMeanings(s map[string]any) map[string]string {
	vals := enumValues(s)
	if len(vals) == 0 {
		return nil
	}
	for _, v := range vals {
		switch v.(type) {
		case float64, int, int64, json.Number:
		default:
			return nil // a word is its own meaning
		}
	}
	schemas := []map[string]any{s}
	if items, ok := s["items"].(map[string]any); ok {
		schemas = append(schemas, items)
	}
	for _, sch := range schemas {
		for _, key := range enumNameLists {
			if names, ok := sch[key].([]any); ok && len(names) == len(vals) {
				out := map[string]string{}
				for i, n := range names {
					if t, ok := n.(string); ok && strings.TrimSpace(t) != "" {
						out[ValueText(vals[i])] = strings.TrimSpace(t)
					}
				}
				if len(out) == len(vals) {
					return out
				}
			}
		}
	}
	for _, sch := range schemas {
		desc, _ := sch["description"].(string)
		if desc == "" {
			continue
		}
		out := map[string]string{}
		for _, v := range vals {
			re := regexp.MustCompile("(?:^|[\\s,;(*•])`?" + regexp.QuoteMeta(ValueText(v)) + "`?\\s*(?:=|:|-|–|—)\\s*([A-Za-z][^,;\\n)*]*)")
			m := re.FindStringSubmatch(desc)
			if m == nil {
				break
			}
			meaning := strings.TrimRight(strings.TrimSpace(m[1]), ".")
			if meaning == "" || len(meaning) > 40 {
				break
			}
			out[ValueText(v)] = meaning
		}
		if len(out) == len(vals) {
			return out
		}
	}
	return nil
}

// requiredNames lists an object schema's required property names.
func requiredNames(s map[string]any) []string {
	var out []string
	switch r := s["required"].(type) {
	case []any:
		for _, v := range r {
			if n, ok := v.(string); ok {
				out = append(out, n)
			}
		}
	case []string:
		out = append(out, r...)
	}
	return out
}

// andList joins values as "a, b and c".
func andList(vs []any) string {
	parts := make([]string, 0, len(vs))
	for _, v := range vs {
		parts = append(parts, ValueText(v))
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
