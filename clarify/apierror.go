package clarify

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/upstream"
)

// When the API refuses a call and its answer says which input was wrong, the person is
// asked about that input, in the API's own words, instead of the assistant reading an
// error and guessing a fix. The API's names for inputs are mapped to the tool's
// arguments by what the operation declares (parameters by wire name and location,
// flattened body properties, a nested body path), never by which API it is.

// APIRefusal is an upstream answer that refused the call.
type APIRefusal struct {
	Status      int
	ContentType string
	Body        any
}

// refusedStatuses are the answers that can blame an input: a bad request, a missing
// thing, a conflict, an unprocessable value. Others (401, 403, 429, 5xx) are about
// access, pace or the server, never something the person can correct in a value.
var refusedStatuses = map[int]bool{400: true, 404: true, 409: true, 422: true}

// maxQuoted keeps a quoted API message readable.
const maxQuoted = 300

// notFoundText reads an API message that says a thing does not exist.
var notFoundText = regexp.MustCompile(`(?i)\b(not (be )?found|cannot be found|n't (be )?found|not exist|does ?n[o']t exist|non[- ]?existent|no such|unknown|could not find|couldn't find|cannot find|can't find|no [a-z ]{0,30} (found|exists?))\b`)

// FromAPIError returns the questions an upstream refusal raises: one per argument the
// answer names (by a structured field, or in its message), or, for a 404 on an operation
// with one path identifier, a not_found question on it. No question means the answer
// names nothing the person could correct, and the result stays an error.
func FromAPIError(c Call, r APIRefusal) []Question {
	if !refusedStatuses[r.Status] {
		return nil
	}
	e := upstream.ReadAPIError(r.Body)
	var qs []Question
	seen := map[string]bool{}
	add := func(arg, msg, apiField string) {
		if arg == "" || seen[arg] || len(qs) >= MaxOptions {
			return
		}
		seen[arg] = true
		qs = append(qs, c.refusedQuestion(r.Status, arg, msg, apiField))
	}
	for _, fe := range e.Fields {
		msg := fe.Message
		if msg == "" {
			msg = e.Message
		} else if e.Message != "" && !strings.Contains(msg, e.Message) && len(fe.Message) < 40 {
			msg = e.Message + ": " + fe.Message // GitHub: "Validation Failed: missing field"
		}
		add(argForField(c.Op, fe), msg, fe.Field)
	}
	if len(qs) > 0 {
		return qs
	}
	msgs := []string{e.Message}
	for _, fe := range e.Fields {
		msgs = append(msgs, fe.Message)
	}
	if r.Status == 404 {
		// "Group 'payments-admns' not found in account 'northwind'": the value the words
		// "not found" follow is what was not found, though the message names another
		// argument too.
		if arg := valueNotFound(c, e.Message); arg != "" {
			add(arg, e.Message, "")
			return qs
		}
	}
	for _, msg := range msgs {
		for _, arg := range mentionedArgs(c.Op, c.Things, msg) {
			add(arg, msg, "")
		}
	}
	if len(qs) > 0 || r.Status != 404 {
		return qs
	}
	if arg := onlyPathIdentifier(c.Op); arg != "" && notFoundAnswer(r, e) {
		add(arg, e.Message, "")
	}
	return qs
}

// refusedQuestion asks about arg, quoting what the API said when a person can read it.
func (c Call) refusedQuestion(status int, arg, msg, apiField string) Question {
	f := c.field(arg)
	kind := Invalid
	if status == 404 && (c.Op.ParamByArg(arg) != nil && c.Op.ParamByArg(arg).In == "path" || notFoundText.MatchString(msg)) ||
		notFoundText.MatchString(msg) && c.Things[arg] != "" {
		kind = NotFound
	}
	quote := quotable(msg)
	thing := f.Thing
	if thing == "" {
		thing = f.Resource
	}
	// An identifier is named by the thing it names, never as an id.
	name := Human(arg)
	if n, _ := f.personName(); n != "" && opaqueName(name) {
		name = n // a name a person does not know (q, vid) is not said
	}
	if thing != "" {
		name = thing
	}
	given, ok := shown(c.Args[arg])
	var q string
	switch {
	case ok && placeholderText(c.Args[arg], examplesOf(c.Op, arg)):
		// Placeholder text is never quoted back.
		switch {
		case kind == NotFound && thing != "":
			q = fmt.Sprintf("The API found no such %s. Which %s do you mean? A name or title is enough.", thing, thing)
		case kind == NotFound:
			q = fmt.Sprintf("The API found nothing for the %s given. What should it be?", name)
		default:
			q = fmt.Sprintf("The API did not accept the %s given. %s", name, askBare(f))
		}
	case kind == NotFound && thing != "" && ok:
		q = fmt.Sprintf("The API found no %s %s. Which %s do you mean? A name or title is enough.", thing, given, thing)
	case kind == NotFound && ok:
		q = fmt.Sprintf("The API found nothing for the %s given (%s). What should it be?", name, given)
	case ok:
		q = fmt.Sprintf("The API did not accept the %s given (%s). %s", name, given, askBare(f))
	default:
		q = fmt.Sprintf("The API needs the %s. %s", name, askBare(f))
	}
	if quote != "" && !(kind == NotFound && onlyNotFound(quote)) {
		q = fmt.Sprintf("The API answered: %q. ", quote) + q
	}
	reason := fmt.Sprintf("%s answered %d", c.Op.Key(), status)
	if apiField != "" {
		reason += fmt.Sprintf(" naming %q", apiField)
	}
	if msg = clip(msg); msg != "" {
		reason += fmt.Sprintf(": %q", msg) // the API's words, quoted
	}
	return Question{Field: arg, Kind: kind, Question: q, Reason: reason}
}

// quotable is the API's message as a question may quote it: short, and without words
// that would have a person asked for an internal id (the reason keeps it whole).
func quotable(msg string) string {
	msg = clip(msg)
	if msg == "" || idWordsText.MatchString(msg) || fillerRun.MatchString(msg) {
		return ""
	}
	return msg
}

// shown renders a value given, for a question: text quoted, numbers as they are, a list
// or an object as short JSON; ok is false when nothing was given.
func shown(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", false
	case string:
		return fmt.Sprintf("%q", x), true
	case map[string]any, []any:
		data, err := json.Marshal(x)
		if err != nil {
			return ValueText(x), true
		}
		if s := string(data); len(s) > 120 {
			return strings.ToValidUTF8(s[:117], "") + "…", true
		}
		return string(data), true
	}
	return ValueText(v), true
}

// clip is an API's message as it is quoted: on one line, without invisible characters
// (tools.InertLine), cut to maxQuoted bytes.
func clip(s string) string {
	s = tools.InertLine(s)
	if len(s) > maxQuoted {
		cut := maxQuoted
		for cut > 0 && !utf8Start(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// envelopeWords lead an API's path to an input without naming one: where it was sent
// (body, query), or the envelope around it (JSON:API's data/attributes).
var envelopeWords = map[string]bool{"body": true, "query": true, "path": true, "header": true, "headers": true, "params": true,
	"parameters": true, "request": true, "payload": true, "json": true, "form": true, "data": true, "attributes": true, "input": true}

// argForField maps the API's name for an input to the tool argument that carries it, or
// "". Leading envelope words are skipped; the first other segment must name an argument
// (a nested one is reached through its top-level property), else, when the operation
// sends a whole body as one argument, that argument holds it.
func argForField(op *tools.Operation, fe upstream.FieldError) string {
	if arg := matchArg(op, strings.TrimSpace(fe.Field), fe.In); arg != "" {
		return arg // a wire name that holds brackets or dots: page[size]
	}
	segs := upstream.FieldPath(fe.Field)
	for i, seg := range segs {
		if arg := matchArg(op, seg, fe.In); arg != "" {
			return arg
		}
		if !envelopeWords[strings.ToLower(seg)] || i == len(segs)-1 {
			break
		}
	}
	if b := op.Body; b != nil && !b.Flattened && len(segs) > 0 && (fe.In == "" || fe.In == "body") {
		props, _ := b.Schema["properties"].(map[string]any)
		for _, seg := range segs {
			if _, ok := props[seg]; ok || fe.In == "body" {
				return b.Arg
			}
		}
	}
	return ""
}

// matchArg finds the argument named seg: a parameter by its wire or argument name (in the
// location given, when one was), or a flattened body property; exact names first, then
// ignoring case and separators (created_by for createdBy).
func matchArg(op *tools.Operation, seg, in string) string {
	for _, exact := range []bool{true, false} {
		same := func(a string) bool {
			if exact {
				return a == seg
			}
			return normalName(a) == normalName(seg)
		}
		for _, p := range op.Params {
			if (in == "" || in == p.In) && (same(p.Name) || same(p.Arg)) {
				return p.Arg
			}
		}
		if b := op.Body; b != nil && (in == "" || in == "body") {
			if b.Flattened {
				for _, name := range b.Props {
					if same(name) {
						return name
					}
				}
			} else if same(b.Arg) {
				return b.Arg
			}
		}
	}
	return ""
}

func normalName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '-' || r == '.' || r == ' ' {
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}

// mentionedArgs are the arguments a free-text message names: by their name in any case
// or separator style, in the singular ("matcher" for matchers), as words ("created by"),
// or by the thing an identifier names ("silence not found" for silenceID).
func mentionedArgs(op *tools.Operation, things map[string]string, msg string) []string {
	if strings.TrimSpace(msg) == "" {
		return nil
	}
	lower := strings.ToLower(msg)
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) {
		words[normalName(w)] = true
		words[lexicon.Singular(w)] = true
	}
	var out []string
	for _, arg := range argNames(op) {
		n := normalName(arg)
		h := Human(arg)
		switch {
		case len(n) < 2 || strings.HasPrefix(arg, "_"):
		case words[n], words[lexicon.Singular(strings.ToLower(arg))]:
			out = append(out, arg)
		case strings.Contains(h, " ") && wordsAt(lower, h):
			out = append(out, arg)
		case things[arg] != "" && notFoundText.MatchString(msg) && wordsAt(lower, things[arg]):
			out = append(out, arg)
		}
	}
	return out
}

// wordsAt reports whether phrase occurs in text as whole words.
func wordsAt(text, phrase string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], phrase)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(phrase)
		if (start == 0 || !isWordChar(text[start-1])) && (end == len(text) || !isWordChar(text[end])) {
			return true
		}
		i = start + 1
	}
}

func isWordChar(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// argNames are the operation's arguments in the order the spec lists them.
func argNames(op *tools.Operation) []string {
	var out []string
	for _, p := range op.Params {
		out = append(out, p.Arg)
	}
	if b := op.Body; b != nil {
		if b.Flattened {
			out = append(out, b.Props...)
		} else {
			out = append(out, b.Arg)
		}
	}
	return out
}

// onlyPathIdentifier is the operation's one path parameter, or "" when it has none or
// several (a 404 on /repos/{owner}/{repo} does not say which is wrong).
func onlyPathIdentifier(op *tools.Operation) string {
	arg := ""
	for _, p := range op.Params {
		if p.In != "path" {
			continue
		}
		if arg != "" {
			return ""
		}
		arg = p.Arg
	}
	return arg
}

// notFoundAnswer reports whether a 404 says the thing is missing: an empty body, or a
// message that says so. An HTML page (a wrong base URL's 404) says nothing about it.
func notFoundAnswer(r APIRefusal, e upstream.APIError) bool {
	if strings.Contains(strings.ToLower(r.ContentType), "html") {
		return false
	}
	if r.Body == nil {
		return true
	}
	return notFoundText.MatchString(e.Message)
}

// notFoundWords are what an API says when it only says that nothing was found.
var notFoundWords = map[string]bool{"not": true, "found": true, "no": true, "such": true, "resource": true, "record": true,
	"object": true, "entity": true, "item": true, "error": true, "does": true, "exist": true, "the": true, "a": true,
	"404": true, "could": true, "be": true, "requested": true}

// onlyNotFound reports whether an API's message says no more than that nothing was
// found ("not found", "404 Not Found"): the question says that already, in words that
// name the thing.
func onlyNotFound(quote string) bool {
	words := lexicon.Words(quote)
	for _, w := range words {
		if !notFoundWords[w] {
			return false
		}
	}
	return len(words) > 0
}

// valueNotFound is the argument whose value a not-found message quotes last before its
// "not found"; "" when it quotes none.
func valueNotFound(c Call, msg string) string {
	loc := notFoundText.FindStringIndex(msg)
	if loc == nil {
		return ""
	}
	before := strings.ToLower(msg[:loc[0]])
	best, at := "", -1
	for _, arg := range argNames(c.Op) {
		v, ok := c.Args[arg].(string)
		if !ok || len(strings.TrimSpace(v)) < 3 {
			continue
		}
		if i := strings.LastIndex(before, strings.ToLower(strings.TrimSpace(v))); i > at {
			best, at = arg, i
		}
	}
	return best
}
