// Package reverse completes calls backwards from the goal (the Reverse Chain rule): for
// each required argument of the final operation, take it from what was given, else from
// a producer operation's output, else ask. It holds the dependency graph between
// operations, the planner and the resolver that runs safe producers.
package reverse

import (
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// Ident is what the spec says an argument names: the thing (Resource), and, when the
// argument's name says which of the thing's fields it carries (task_gid, issue_number,
// username), that field. A Key is a value people say themselves (a login, a slug, an
// email, a name): used as given unless it reads as a person's words.
type Ident struct {
	Resource string
	Field    string
	Key      bool
	// Named is the thing the name alone says, when the description says more
	// (parent_id, "Parent node ID": Resource parent_node, Named parent): producers of
	// both readings are considered, and the better fit wins.
	Named string
	// Bare marks a parameter named after the thing alone ({customer}) whose spec says
	// neither id nor name: the items of its list decide (bareIdent).
	Bare bool
}

// idWords end (or, as in idBoard, start) a parameter name that holds an identifier; the
// value says which field of the thing it is ("" for a plain id).
var idWords = map[string]string{
	"id": "", "ids": "", "gid": "gid", "uuid": "uuid", "guid": "guid", "identifier": "",
	"key": "key", "slug": "slug", "code": "code", "number": "number", "num": "number",
	"sid": "sid", "handle": "handle", "index": "index", "idx": "index", "arn": "arn",
	// an alias picks one thing out as a key does (a certificate's alias in a truststore)
	"alias": "alias",
	// a primary key (/chart/{pk})
	"pk": "",
	// a foreign key's id (CompanyIDFK, company_id_fk read as company_id_fk → company, fk)
	"fk": "", "idfk": "",
}

// keyFields are fields people say themselves; an argument holding one is used as given.
var keyFields = map[string]bool{"key": true, "slug": true, "code": true, "handle": true, "login": true, "username": true, "email": true, "name": true}

// personKeys name a person or account by what people call them.
var personKeys = map[string]string{"username": "username", "user_name": "username", "login": "login", "email": "email", "owner": "login", "handle": "handle", "screen_name": "username"}

// credentialWords mark a name that carries a secret (api_key, access_token), never an
// identifier of a thing.
var credentialWords = map[string]bool{"api": true, "apikey": true, "access": true, "secret": true, "token": true, "password": true, "auth": true, "private": true, "public": true, "client": true, "session": true, "license": true, "signing": true, "encryption": true}

// describesID reads "the ID of the restaurant", "gid of a user", "Unique identifier for
// the board", "The `id` of the account" in a parameter's description.
var describesID = regexp.MustCompile(`(?i)\b(?:id|ids|gid|uuid|identifier|key|slug)[` + "`" + `'"*]*\s+(?:of|for)\s+(?:the\s+|a\s+|an\s+|this\s+|that\s+)?([a-z][a-z]+(?:\s[a-z][a-z]+)?)`)

// Identify tells whether a path or query parameter names a thing, from everything the
// spec says: its name, its schema, its description and the path around it.
func Identify(op *tools.Operation, p *tools.Param) (Ident, bool) {
	if p.In != "path" && p.In != "query" && p.In != "body" {
		return Ident{}, false
	}
	if t := tools.SchemaType(p.Schema); t != "" && t != "string" && t != "integer" && t != "number" {
		return Ident{}, false
	}
	if _, isEnum := p.Schema["enum"]; isEnum {
		return Ident{}, false // the spec lists the values: nothing to look up
	}
	toks := strings.Split(lexicon.SnakeCase(p.Name), "_")
	if p.In == "path" && len(toks) == 1 {
		if res, ok := gluedID(toks[0], Noun(segmentBefore(op.Path, "{"+p.Name+"}"))); ok {
			return Ident{Resource: res}, true
		}
	}
	// projectIdOrKey, userIdOrName: an id or a key people say, of the thing first named.
	for i := 1; i+2 < len(toks); i++ {
		if hasIDWord(toks[i]) && toks[i+1] == "or" {
			field := toks[i+2]
			if field == "name" || idWords[field] != "" {
				return Ident{Resource: lexicon.Singular(strings.Join(toks[:i], "_")), Field: idWords[field], Key: true}, true
			}
		}
	}
	last := toks[len(toks)-1]
	if (!hasIDWord(last) && last != "name") || last == "key" {
		// api_key, access_token: a secret; access_preview_id, api_credential_id: the id of
		// a record, whatever it is about.
		for _, t := range toks {
			if credentialWords[t] {
				return Ident{}, false
			}
		}
	}
	// The thing the path names just before the parameter, for {id} and {repo}.
	seg := ""
	if p.In == "path" {
		seg = segmentBefore(op.Path, "{"+p.Name+"}")
	}
	segNoun := Noun(seg)
	// The description is read only where the name and the path leave the thing open:
	// a regular expression over long prose is the costliest step of the graph.
	// Each reading of the description runs at most once, and only if asked.
	var idText, formatText, nameText, roleText, uniqueText lazyText
	fromDesc := func() string { return idText.of(describedResource, p.Description) }
	fromFormat := func() string { return formatText.of(formatResource, p.Description) }
	fromName := func() string { return nameText.of(namedResource, p.Description) }
	switch {
	case len(toks) == 1 && personKeys[last] != "":
		// username, login, owner, email: a person or account, said by its key; right
		// after a segment (/teammates/{username}) the segment says which kind of account.
		res := "user"
		if last != "owner" && segNoun != "" && strings.Contains(strings.ToLower(op.Path), strings.ToLower("/"+seg+"/{"+p.Name+"}")) {
			res = segNoun
		}
		return Ident{Resource: res, Field: personKeys[last], Key: true}, true
	case len(toks) == 3 && toks[1] == "or" && (hasIDWord(toks[0]) || toks[0] == "name") && (hasIDWord(toks[2]) || toks[2] == "name") && segNoun != "":
		// {name_or_id}, {id_or_key}: either of the thing the path names, as a description
		// that says it takes either reads (bareNoun): a key used as given, a person's
		// words looked up for the id.
		return eitherIdent(segNoun), true
	case len(toks) > 1 && strings.Join(toks, "_") == "user_name":
		return Ident{Resource: "user", Field: "username", Key: true}, true
	case len(toks) > 1 && hasIDWord(last):
		// person_id, task_gid, issue_number, board_slug, silenceID.
		res := lexicon.Singular(strings.Join(toks[:len(toks)-1], "_"))
		field := numberedField(idWords[last], p)
		if res == "" {
			return Ident{}, false
		}
		named := res
		res = fullerNoun(res, segNoun)
		if res == "parent" && segNoun != "" && strings.Contains(op.Path, "/"+seg+"/{"+p.Name+"}") {
			// /ChecklistLibraries/{parentId}/ChecklistItems: the parent is the segment's thing.
			res = segNoun
		}
		if res == named {
			// parent_id, "Parent node ID": the description says what the role is.
			if q := describedQualifier(res, p.Description); q != "" {
				return Ident{Resource: q, Field: field, Key: keyFields[field], Named: named}, true
			}
		}
		return Ident{Resource: res, Field: field, Key: keyFields[field]}, true
	case len(toks) > 1 && toks[0] == "id":
		// idBoard, id_list: the prefix style.
		return Ident{Resource: lexicon.Singular(strings.Join(toks[1:], "_"))}, true
	case len(toks) == 1 && hasIDWord(last) && last == segNoun && describedTakesOf(p.Description, segNoun) == takesID:
		// /addresses/{address}/keys/{key}, "ID of key": the word names the thing, and the
		// description says the path takes its id, not a field called key.
		return Ident{Resource: segNoun}, true
	case len(toks) == 1 && hasIDWord(last):
		// {id}, {key}, {number}, {slug} under a resource segment: /repos/…/issues/{number}.
		res := segNoun
		if res == "" || len(seg) <= 2 {
			if d := fromDesc(); d != "" {
				res = d
			}
		}
		if res == "" && (p.In == "query" || (p.In == "body" && updatesListed(op))) {
			// GET /rules?id=, and PUT /entity {"id": …}: a write to a collection's own
			// path acts on the item its body's id names.
			res = lastStatic(op.Path)
		}
		if res == "" {
			return Ident{}, false
		}
		field := numberedField(idWords[last], p)
		return Ident{Resource: res, Field: field, Key: keyFields[field]}, true
	case p.In == "path" && segNoun != "" && (lexicon.Singular(lexicon.SnakeCase(p.Name)) == segNoun || lexicon.Abbreviates(lexicon.Singular(lexicon.SnakeCase(p.Name)), segNoun)):
		// /projects/{project}, /repos/{owner}/{repo}: the parameter is named after the
		// segment. What it takes is what its description says: an id ("Unique identifier
		// of the class"), or a key people say ("The name of the repository"); where it
		// says neither ({customer}), the items of its list decide (bareIdent).
		return bareNoun(segNoun, p.Description), true
	case p.In == "path" && last == "name" && len(toks) > 1:
		// {pet_name}, {repoName}: the thing's own name is its key.
		return Ident{Resource: fullerNoun(lexicon.Singular(strings.Join(toks[:len(toks)-1], "_")), segNoun), Field: "name", Key: true}, true
	case p.In == "path" && last == "name" && segNoun != "":
		return Ident{Resource: segNoun, Field: "name", Key: true}, true
	case len(toks) == 1 && last == "parent" && fromFormat() != "":
		// {+parent} "Format: projects/{project}/locations/{location}": a location, by
		// name; a body's parent so described too ("Format: accounts/{account}").
		return Ident{Resource: fromFormat(), Field: "name", Key: true}, true
	case p.In != "path" && strings.Contains(p.Description, "/") && fromFormat() != "" && strings.Contains("_"+strings.Join(toks, "_")+"_", "_"+fromFormat()+"_"):
		// configuration, dpcResourcePath: "in the format customers/[ID]/configurations/[ID]":
		// a field named after the thing whose resource-name format it gives holds its name.
		return Ident{Resource: fromFormat(), Field: "name", Key: true}, true
	case p.In == "path" && last == "name" && len(toks) == 1 && fromName() != "":
		// /v1/{+name}: "The name of the instance to retrieve."
		return Ident{Resource: fromName(), Field: "name", Key: true}, true
	case (p.In == "path" || UUIDFormat(p.Schema)) && fromDesc() != "":
		// A path parameter the description calls "the ID of the restaurant".
		return Ident{Resource: fromDesc()}, true
	case p.In != "path" && lexicon.Singular(last) != "name" && uniqueText.of(uniquelyNamed, p.Description) != "" && (len(toks) == 1 || lexicon.Singular(last) == uniqueText.v):
		// source_collection, source: "The unique name of a collection": the thing's key,
		// said by its name (a create's own name is its content: ownField, createsItself).
		return Ident{Resource: uniqueText.v, Field: "name", Key: true}, true
	case len(toks) == 1 && !hasIDWord(last) && roleText.of(func(d string) string { return describedQualifier(last, d) }, p.Description) != "":
		// target, "target condition id": a name that says only the role, and a
		// description that says which thing's id it holds.
		return Ident{Resource: roleText.v, Named: last}, true
	case len(toks) == 1 && p.Description != "" && fromDesc() == lexicon.Singular(last):
		// A query or body argument named after a thing whose description says it holds
		// that thing's id: customer, "The ID of the customer who will be billed".
		return Ident{Resource: lexicon.Singular(last)}, true
	case p.In != "path" && len(toks) > 1 && p.Description != "" && strings.HasPrefix(fromDesc()+"_", lexicon.Singular(last)+"_"):
		// The same with a role before the thing: managing_account, "The `id` of the
		// account responsible for managing the service".
		return Ident{Resource: lexicon.Singular(last)}, true
	case p.In == "path" && UUIDFormat(p.Schema) && segNoun != "":
		return Ident{Resource: segNoun}, true
	case p.In != "path" && !hasIDWord(last) && last != "name" && (len(toks) > 1 || (!plainArgs[last] && (nounFit(lexicon.Singular(last), lastStatic(op.Path)) == 0 || describedTakes(p.Description) == takesID))) && (describedTakes(p.Description) == takesID || describedTakes(p.Description) == takesEither) && namesItself(p):
		// RatePlan, "The SID or unique name of the RatePlan resource", Sim, "The `sid` or
		// `unique_name` of the SIM" (one word named for the thing the route writes, only
		// where the description says it takes an existing one's id: a Network "to be
		// added", not a comment's text): a field named after a thing, whose description
		// says it takes that thing's id (its plain id, whatever
		// the items call it: sid). A name alone ("the sponsor email template", its HTML)
		// says nothing of an id.
		return Ident{Resource: lexicon.Singular(strings.Join(toks, "_"))}, true
	}
	return Ident{}, false
}

// namesItself reports a description whose opening names the parameter itself, spelt
// any way (RatePlan in "the unique name of the RatePlan resource", rate plan).
func namesItself(p *tools.Param) bool {
	desc := p.Description
	if len(desc) > 300 {
		desc = desc[:300]
	}
	return strings.Contains(compact(desc), compact(p.Name))
}

// lazyText holds a reading of a text, made on first use: a regular expression over a
// long description is the costliest step of the graph.
type lazyText struct {
	done bool
	v    string
}

func (l *lazyText) of(read func(string) string, text string) string {
	if !l.done {
		l.done, l.v = true, read(text)
	}
	return l.v
}

// Resource returns the thing an identifier parameter names: person_id → "person",
// silenceID → "silence", {id} under /artists → "artist". ok is false for parameters that
// are not identifiers.
func Resource(op *tools.Operation, p *tools.Param) (string, bool) {
	id, ok := Identify(op, p)
	return id.Resource, ok
}

// gluedID reads an id written as one lower-case word after the segment it names:
// /orgunits/{orgid}, /globalusergroups/{groupid}, /projects/{projectid}. The word's head
// must begin or end the segment's noun, so "valid" or "android" read as nothing.
func gluedID(tok, segNoun string) (string, bool) {
	head, ok := strings.CutSuffix(tok, "id")
	if !ok || len(head) < 3 || hasIDWord(tok) || segNoun == "" {
		return "", false
	}
	if strings.HasPrefix(segNoun, head) || strings.HasSuffix(segNoun, head) {
		return segNoun, true
	}
	return "", false
}

func hasIDWord(w string) bool {
	_, ok := idWords[w]
	return ok
}

// describesName reads "The name of the instance", "Resource name of the backup".
var describesName = regexp.MustCompile(`(?i)\b(?:resource |full |unique |fully qualified )?name of the ([a-z]+(?: [a-z]+)?)`)

// formatPattern reads the last collection of a resource-name format: locations in
// "projects/{project}/locations/{location}", "projects/*/locations/*" or
// "projects/[PROJECT_ID]/locations/[LOCATION]".
var formatPattern = regexp.MustCompile(`([A-Za-z]+)/(?:\{[^}/]+\}|\*|\[[A-Z][A-Z0-9_]*\])`)

// formatResource is the thing a parent's described format ends with: the last
// collection of the first format ("accounts/{account}, properties/{property}": account).
func formatResource(desc string) string {
	if len(desc) > 400 {
		desc = desc[:400]
	}
	ms := formatPattern.FindAllStringSubmatchIndex(desc, -1)
	if len(ms) == 0 {
		return ""
	}
	last := ms[0]
	for _, m := range ms[1:] {
		if m[0] != last[1]+1 || desc[last[1]] != '/' {
			break // another format, not the next collection of this one
		}
		last = m
	}
	return Noun(desc[last[2]:last[3]])
}

// namedResource is the thing a name parameter's description says it names.
func namedResource(desc string) string {
	return describedThing(desc, describesName, 300, namePhraseEnds, nameSkips)
}

// describesUniqueName reads "The unique name of a collection": a name that identifies.
var describesUniqueName = regexp.MustCompile(`(?i)\bunique name of (?:the |a |an )?([a-z]+(?: [a-z]+)?)`)

// uniquelyNamed is the thing a description says the value is the unique name of.
func uniquelyNamed(desc string) string {
	if !strings.Contains(desc, "nique name") {
		return "" // the expression only where its words are: it runs for every argument
	}
	return describedThing(desc, describesUniqueName, 300, namePhraseEnds, nameSkips)
}

var (
	// namePhraseEnds end the noun phrase after "the name of": "the instance to retrieve".
	namePhraseEnds = map[string]bool{"to": true, "in": true, "for": true, "of": true, "resource": true, "whose": true, "being": true}
	// nameSkips name no thing of their own: "the name of the resource", "of the parent".
	nameSkips = map[string]bool{"resource": true, "parent": true}
)

// fullerNoun prefers the segment's noun when the argument's name clips it:
// /status_updates/{status_gid}, /storageAccounts/{accountName}.
func fullerNoun(res, segNoun string) string {
	if segNoun != "" && strings.HasSuffix(segNoun, "_"+res) {
		if listedBy(segNoun, res) {
			return res
		}
		return segNoun
	}
	if segNoun != "" && strings.HasPrefix(segNoun, res+"_") {
		return segNoun
	}
	return res
}

// listedBy reports a segment that lists other things by the parameter's thing
// (/jobsByPipeline/{PipelineId}: jobs by pipeline): the words before the preposition are
// what is listed, the words after it the parameter's; the segment names no fuller thing
// and places no list of it.
func listedBy(segNoun, res string) bool {
	if res == "" || !strings.HasSuffix(segNoun, "_"+res) {
		return false
	}
	before := strings.Split(strings.TrimSuffix(segNoun, "_"+res), "_")
	return len(before) > 1 && lexicon.StopWords[before[len(before)-1]]
}

// describedResource reads the thing a description says the value identifies.
func describedResource(desc string) string {
	return describedThing(desc, describesID, 400, idPhraseEnds, nil)
}

// idPhraseEnds end the noun phrase after "the ID of": "the user to update".
var idPhraseEnds = map[string]bool{"to": true, "that": true, "which": true, "who": true, "whose": true, "in": true, "you": true}

// describedThing reads the thing a description names in the first group of re, looking
// at its first limit bytes: a noun of one or two words, the second dropped when it ends
// the phrase (ends, or a stop noun), none when the first is a stop noun or in skip.
func describedThing(desc string, re *regexp.Regexp, limit int, ends, skip map[string]bool) string {
	if len(desc) > limit {
		desc = desc[:limit] // the thing is named early, and the rest is long prose
	}
	m := describedMatches.Get(describedKey{re, desc}, func(k describedKey) string {
		if loc := k.re.FindStringSubmatchIndex(k.desc); loc != nil && loc[2] >= 0 {
			if rest := k.desc[loc[3]:]; strings.HasPrefix(rest, "'s ") || strings.HasPrefix(rest, "’s ") {
				// "the identifier of the message's author": the thing is what follows,
				// not the thing named.
				return "\x00"
			}
			return k.desc[loc[2]:loc[3]]
		}
		return "\x00"
	})
	if m == "\x00" {
		return ""
	}
	ws := strings.Fields(strings.ToLower(m))
	if len(ws) == 2 && (ends[ws[1]] || stopNoun[ws[1]]) {
		ws = ws[:1]
	}
	if stopNoun[ws[0]] || skip[ws[0]] {
		return ""
	}
	return lexicon.Singular(strings.Join(ws, "_"))
}

// describedMatches caches describedThing's matches: a spec repeats its descriptions over
// hundreds of parameters ("The account owner of the repository…" on every {owner}), and
// the expressions cost GitHub's graph ~20 ms of CPU.
var describedMatches = tools.NewBoundedCache[describedKey, string](1 << 12)

type describedKey struct {
	re   *regexp.Regexp
	desc string
}

// numberedField is the field an id word names, but a "key" declared as a number is the
// thing's id (GoTo SCIM's {userKey}, an int64): no key people say is a number.
func numberedField(field string, p *tools.Param) string {
	if t := tools.SchemaType(p.Schema); field == "key" && (t == "integer" || t == "number") {
		return ""
	}
	return field
}

// stopNoun are words a description puts where a noun would be but that name no thing.
var stopNoun = map[string]bool{"the": true, "this": true, "that": true, "which": true, "to": true, "be": true, "is": true, "are": true, "retrieve": true, "use": true, "get": true, "fetch": true, "update": true, "delete": true, "object": true, "resource": true, "item": true, "entity": true, "record": true, "request": true, "given": true, "specified": true, "desired": true, "requested": true, "current": true}

// segmentBefore finds the static path segment before a template, skipping other templates
// (/repos/{owner}/{repo} → "repos" for {repo}).
func segmentBefore(path, template string) string {
	path = tools.WithoutFragment(path)
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i, s := range segs {
		if s == template || strings.Contains(s, template) {
			if s != template {
				// {id}.json: the template shares its segment with an extension.
				if j := strings.Index(s, template); j > 0 {
					return s[:j]
				}
			}
			for j := i - 1; j >= 0; j-- {
				if !strings.Contains(segs[j], "{") {
					return segs[j] // its case splits its words (accountHolders)
				}
			}
		}
	}
	return ""
}

// Noun is the singular resource noun of a path segment or field name: "categories.json"
// → "category", "user-groups" → "user_group", "v2" → "".
func Noun(seg string) string {
	if i := strings.IndexAny(seg, "#?"); i >= 0 {
		seg = seg[:i] // /channels#app-instance-arn: a fragment that tells operations apart
	}
	seg = stripExtension(seg)
	if seg == "" || versionSeg.MatchString(seg) || apiSegs[strings.ToLower(seg)] {
		return ""
	}
	return lexicon.Singular(lexicon.SnakeCase(seg))
}

// stripExtension is a segment without a file extension: categories.json, items.xml;
// product.brand.list stays three words.
func stripExtension(seg string) string {
	if i := strings.LastIndexByte(seg, '.'); i > 0 && fileExtensions[strings.ToLower(seg[i+1:])] {
		return seg[:i]
	}
	return seg
}

var fileExtensions = map[string]bool{"json": true, "xml": true, "yaml": true, "yml": true, "html": true, "htm": true, "txt": true, "csv": true, "rss": true, "atom": true}

var versionSeg = regexp.MustCompile(`^[vV]?[0-9][0-9.]*$`)

// apiSegs are path segments that belong to every route of an API, not to one resource.
var apiSegs = map[string]bool{"api": true, "rest": true, "public": true, "admin": true, "latest": true, "beta": true, "alpha": true}

var (
	uuidPattern    = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
	DigitsPattern  = regexp.MustCompile(`^[0-9]+$`)
	hexPattern     = regexp.MustCompile(`^[0-9a-fA-F]{8,}$`)
	tokenPattern   = regexp.MustCompile(`^[A-Za-z0-9_:.-]+$`)
	hasDigit       = regexp.MustCompile(`[0-9]`)
	hasUpperLetter = regexp.MustCompile(`[A-Z]`)
)

// LooksLikeID reports whether v reads as an identifier of the parameter's declared type
// and format rather than a name a person would say. A name goes through a producer; an
// id is used as given.
func LooksLikeID(v any, schema map[string]any) bool {
	switch x := v.(type) {
	case float64, int, int64, json.Number:
		return true
	case string:
		s := strings.TrimSpace(x)
		if s == "" {
			return false
		}
		typ := tools.SchemaType(schema)
		switch {
		case typ == "integer" || typ == "number":
			return DigitsPattern.MatchString(s)
		case UUIDFormat(schema):
			return uuidPattern.MatchString(s)
		}
		if parts := strings.Split(s, ","); len(parts) > 1 {
			// Several ids in one argument, as many APIs take them (printout_id=61…46,61…46):
			// ids when every part is one.
			for _, part := range parts {
				if !LooksLikeID(strings.TrimSpace(part), schema) {
					return false
				}
			}
			return true
		}
		if !withinLength(s, schema) {
			return false // "Ghana" where a two-letter code goes
		}
		if pre := examplePrefix(schemaExamples(schema)); pre != "" && !strings.HasPrefix(s, pre) {
			return false // "ops_bridge" where the spec's ids read CON-f972836a-…
		}
		if pattern, _ := schema["pattern"].(string); pattern != "" {
			// A pattern that takes a person's words too (".*\\S.*", ".+") says nothing of
			// an id's shape: the value is read as any other.
			if re := wholePattern(pattern); re != nil && !re.MatchString("Two Words") {
				return re.MatchString(s)
			}
		}
		if !strings.ContainsAny(s, " \t") && (strings.Count(s, ":") >= 2 || (strings.Contains(s, "/") && (hasDigit.MatchString(s) || slugPath(s)))) {
			// A resource's full name: arn:aws:…:data-integration/a6c5…, accounts/184730219,
			// prod/billing/postgres-password.
			return true
		}
		if strings.ContainsAny(s, " \t") || !tokenPattern.MatchString(s) || joinedWords(s) {
			return false
		}
		// Opaque ids mix digits with letters (base62, hashes, uuids); a single word
		// without digits is far more likely a name, and so is a short one with a digit
		// (U2, M83, 2Pac). A code built of parts no one says aloud is an id too.
		return uuidPattern.MatchString(s) || DigitsPattern.MatchString(s) || hexPattern.MatchString(s) || builtCode(s) ||
			(hasDigit.MatchString(s) && (len(s) >= 12 || (hasUpperLetter.MatchString(s) && len(s) >= 6))) || digitRich(s) || unspoken(s)
	}
	return false
}

// unspoken reports a token of six characters or more, letters and digits, with a digit
// among letters that hold no vowel (9xk2mq, an API Gateway link's id): no one says it as
// a word; a name with digits keeps a word in it (blink182, Area51).
func unspoken(s string) bool {
	if len(s) < 6 || !hasDigit.MatchString(s) {
		return false
	}
	letters := 0
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= '0' && r <= '9':
		case strings.ContainsRune("aeiouy", r):
			return false
		case r >= 'a' && r <= 'z':
			letters++
		default:
			return false
		}
	}
	return letters >= 2
}

// UUIDFormat reports a string schema whose format is a UUID, however the spec spells it
// (tools.UUIDFormat).
func UUIDFormat(schema map[string]any) bool {
	f, _ := schema["format"].(string)
	return tools.UUIDFormat(f)
}

// digitRich reports a token of six characters or more, letters and digits only, with
// three digits or more among its letters (p00v8fq2, a1b2c3): base-36 ids; a name keeps
// its digits few or together (M83, blink182).
func digitRich(s string) bool {
	if len(s) < 6 {
		return false
	}
	digits, runs := 0, 0
	prevDigit := false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
			if !prevDigit {
				runs++
			}
			prevDigit = true
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			prevDigit = false
		default:
			return false
		}
	}
	return digits >= 3 && runs >= 2 && digits < len(s)
}

// joinedWords reports a name written without spaces: two parts or more, between hyphens,
// underscores or dots, that are capitalised words (Legacy-EC2-Weekly, Finance_Monthly).
// An opaque id's parts are letters and digits mixed, or all one case.
func joinedWords(s string) bool {
	words := 0
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
		if len(part) >= 3 && capitalisedWord(part) {
			words++
		}
	}
	return words >= 2
}

// slugPath reports a path of lower-case slugs (prod/billing/postgres-password): a key
// written the way files and secrets are named, never a person's words.
func slugPath(s string) bool {
	parts := strings.Split(s, "/")
	if len(parts) < 2 {
		return false
	}
	for _, part := range parts {
		if !slugPattern.MatchString(part) {
			return false
		}
	}
	return true
}

// builtCode reports whether a token is put together the way codes are, not names:
// lower-case parts joined by two dots or more, by underscores (com.acme.orders,
// order_placed) or by two hyphens or more (payment-authorized-value), the same in
// capitals (EBAY_US, HOS-RFQZ-BLK), or three
// camel-case parts and more (LindqvistBageriPOS). Names keep one joint at most:
// Jean-Luc, GitHub, Node.js.
func builtCode(s string) bool {
	if strings.ToLower(s) == s {
		return strings.Count(s, ".") >= 2 || strings.Contains(s, "_") || strings.Count(s, "-") >= 2
	}
	if strings.ToUpper(s) == s && (strings.Contains(s, "_") || strings.Count(s, "-") >= 2) && strings.Trim(s, "_-") == s {
		// EBAY_US, LMS_ORDER_REPORT: a constant's name, in capitals joined by underscores;
		// HOS-RFQZ-BLK: a code in capitals, in three parts or more, as the lower-case
		// payment-authorized-value is.
		return true
	}
	parts := 0
	rs := []rune(s)
	for i, r := range rs {
		if unicode.IsUpper(r) && (i == 0 || !unicode.IsUpper(rs[i-1])) {
			parts++
		}
	}
	return parts >= 3 && !strings.ContainsAny(s, ".-_")
}

// slugPattern is the shape of a slug: lower case, digits and separators.
var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)

// LooksLikeKey reports whether v reads as a key a person says (a login, a slug, an email,
// a short name) rather than words to look up: no spaces; for a slug, its lower-case shape.
func LooksLikeKey(v any, field string) bool {
	s, ok := v.(string)
	if !ok {
		return true
	}
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, " \t") {
		return false
	}
	switch field {
	case "slug":
		return slugPattern.MatchString(s)
	case "key", "code":
		// A key or code is written in capitals or carries a digit (MOB, PROJ-12); a
		// capitalised word is a name (Mobile).
		return keyPattern.MatchString(s) || hasDigit.MatchString(s)
	}
	return true
}

// KeyBeforeWrite is LooksLikeKey before a write: a key whose field the argument's name
// does not say ({serial}, {team}) is also not one capitalised word of letters (Pixel,
// Marketing). Keys are written as the system stores them: in lower case (octocat), in
// capitals (MOB), or with digits or separators (R58M42FJ7QN, hello-world); a word a
// person capitalises is how they name the thing, and a write sent with it acts on
// nothing, or on the wrong thing, after the person confirmed it. A read may try it.
func KeyBeforeWrite(v any, field string) bool {
	if !LooksLikeKey(v, field) {
		return false
	}
	s, ok := v.(string)
	return !ok || field != "" || !capitalisedWord(strings.TrimSpace(s))
}

// capitalisedWord reports one word of letters, its first a capital and the rest small.
func capitalisedWord(s string) bool {
	for i, r := range s {
		if !unicode.IsLetter(r) || (i == 0) != unicode.IsUpper(r) {
			return false
		}
	}
	return len(s) > 1
}

// keyPattern is the shape of a key or code: capitals, digits and separators.
var keyPattern = regexp.MustCompile(`^[A-Z0-9][A-Z0-9._-]*$`)

// KindNoun is the noun a question names a resource by. A path segment too short or not a
// word (/t/{id}, /c/{id}, /pkg/{id}) is no name for a kind: the operation's tags, summary
// or description name it with a word the segment clips ("Topics", "Show category",
// "Packages"); with no such word the resource is kept (Display then names no kind).
func KindNoun(op *tools.Operation, resource string) string {
	if !clippedNoun(resource) {
		return resource
	}
	for _, text := range []string{strings.Join(op.Tags, " "), op.Summary, op.Description} {
		for _, w := range strings.FieldsFunc(lexicon.SnakeCase(text), func(r rune) bool { return r < 'a' || r > 'z' }) {
			if n := lexicon.Singular(w); len(n) > len(resource) && !clippedNoun(n) && clips(resource, n) {
				return n
			}
		}
	}
	return resource
}

// clippedNoun reports whether a resource is too short or has no vowel to be a word a
// person would use for a kind: "t", "c", "pkg"; a known clip (tv, repo) is spelled out.
func clippedNoun(resource string) bool {
	if _, ok := lexicon.SpelledOut[resource]; ok || resource == "" || strings.Contains(resource, "_") {
		return false
	}
	return len(resource) <= 2 || !strings.ContainsAny(resource, "aeiouy")
}

// clips reports whether short is a clipped form of word: the same first letter and its
// letters in order ("t" of topic, "pkg" of package).
func clips(short, word string) bool {
	if short == "" || word == "" || short[0] != word[0] {
		return false
	}
	i := 0
	for j := 0; j < len(word) && i < len(short); j++ {
		if word[j] == short[i] {
			i++
		}
	}
	return i == len(short)
}

// withinLength reports whether s meets the schema's length bounds, counted in characters
// as JSON Schema counts them.
func withinLength(s string, schema map[string]any) bool {
	n := float64(utf8.RuneCountInString(s))
	if max, ok := tools.SchemaNumber(schema["maxLength"]); ok && n > max {
		return false
	}
	if min, ok := tools.SchemaNumber(schema["minLength"]); ok && n < min {
		return false
	}
	return true
}

// updatesListed reports a write that changes or removes an item at its collection's own
// path (PUT /entity, PATCH /accounts), naming the item in its body rather than its path.
func updatesListed(op *tools.Operation) bool {
	switch op.Method {
	case "PUT", "PATCH", "DELETE":
		return !endsInTemplate(op) && lastStatic(op.Path) != ""
	}
	return false
}

// examplePrefix is the prefix every example of an identifier begins with, letters then a
// separator (CON- in CON-f972836a-550f-…, cus_ in cus_NffrFeUfNV2Hib), or "": the spec
// shows what its ids look like, and a value without that prefix is not one of them.
func examplePrefix(examples []any) string {
	pre := ""
	for i, x := range examples {
		ex, _ := x.(string)
		p := idPrefix(ex)
		if p == "" || (i > 0 && p != pre) {
			return ""
		}
		pre = p
	}
	return pre
}

// idPrefix is an id's leading letters, two to six, and the separator after them, when
// more follows that holds a digit: CON- of CON-f972836a, cus_ of cus_NffrFeUfNV2Hib (not
// sales- of sales-team, nor X- of X-1234, where one letter may be any).
func idPrefix(ex string) string {
	i := 0
	for i < len(ex) && (ex[i] >= 'a' && ex[i] <= 'z' || ex[i] >= 'A' && ex[i] <= 'Z') {
		i++
	}
	if i < 2 || i > 6 || i+1 >= len(ex) || (ex[i] != '-' && ex[i] != '_') || !strings.ContainsAny(ex[i+1:], "0123456789") {
		return ""
	}
	return ex[:i+1]
}

// schemaExamples are the example values a schema holds.
func schemaExamples(schema map[string]any) []any {
	var out []any
	switch xs := schema["examples"].(type) {
	case []any:
		out = append(out, xs...)
	case []string:
		for _, x := range xs {
			out = append(out, x)
		}
	}
	if x, ok := schema["example"]; ok {
		out = append(out, x)
	}
	return out
}

// LooksLikeParamID is LooksLikeID for a parameter, whose examples may sit beside its
// schema (OpenAPI's parameter-level example): a value without the prefix they all share
// is not one of its ids.
func LooksLikeParamID(v any, p *tools.Param) bool {
	if s, ok := v.(string); ok {
		examples := append(schemaExamples(p.Schema), p.Examples...)
		if pre := examplePrefix(examples); pre != "" && !strings.HasPrefix(strings.TrimSpace(s), pre) {
			return false
		}
		if uuidExamples(examples) {
			return uuidPattern.MatchString(strings.TrimSpace(s))
		}
		if slugExamples(examples) && slugShaped(strings.TrimSpace(s)) {
			return true // billing-app where the spec's ids read myapp-01, prod/aws/db-password
		}
		if named := lastWord(lexicon.SnakeCase(p.Name)); (named == "uuid" || named == "guid") && !strings.ContainsFunc(s, unicode.IsLetter) {
			return false // a phone number where a call's {uuid} goes: no kind of uuid is digits alone
		} else if named == "arn" {
			// An Amazon Resource Name is written arn:partition:service:…; a cluster's name
			// (data-platform-arc) where its ARN goes is a name to look up.
			return strings.HasPrefix(strings.TrimSpace(s), "arn:")
		}
	}
	return LooksLikeID(v, p.Schema)
}

// uuidExamples reports a parameter whose examples are all UUIDs: it takes UUIDs, though
// its schema declares no format.
func uuidExamples(examples []any) bool {
	if len(examples) == 0 {
		return false
	}
	for _, x := range examples {
		if s, ok := x.(string); !ok || !uuidPattern.MatchString(s) {
			return false
		}
	}
	return true
}

// slugExamples reports a parameter whose examples are all slugs, one of them of several
// parts (admin, prod%2Faws%2Fdb-password): its ids are keys written that way.
func slugExamples(examples []any) bool {
	parts := false
	for _, x := range examples {
		s, ok := x.(string)
		if !ok {
			return false
		}
		if u, err := url.PathUnescape(s); err == nil {
			s = u
		}
		if !slugPattern.MatchString(s) && !slugPath(s) {
			return false
		}
		parts = parts || strings.ContainsAny(s, "-_./")
	}
	return parts
}

// slugShaped reports a value written as a slug of two parts or more (billing-app,
// prod/billing/postgres-password); one word alone may still be a name.
func slugShaped(s string) bool {
	return strings.ContainsAny(s, "-_./") && (slugPattern.MatchString(s) || slugPath(s))
}

// wholePattern is a schema's pattern matched against the whole value: JSON Schema's
// patterns are unanchored, so d[a-z0-9]+ (an Amplify app id) matches inside "Tidewatr
// Docs"; an id has the shape throughout. nil when it does not compile.
func wholePattern(p string) *regexp.Regexp {
	return wholePatterns.Get(p, func(p string) *regexp.Regexp {
		re, err := regexp.Compile(`^(?:` + p + `)$`)
		if err != nil {
			return nil
		}
		return re
	})
}

// refusesARN reports a parameter whose pattern no ARN fits (^[a-zA-Z0-9._-]*$: no ':'),
// where a list's ARN field cannot fill it.
func refusesARN(schema map[string]any) bool {
	pattern, _ := schema["pattern"].(string)
	if pattern == "" {
		return false
	}
	re := wholePattern(pattern)
	return re != nil && !re.MatchString("arn:aws:service:us-east-1:123456789012:thing/name")
}

// wholePatterns caches wholePattern's answers; a spec's ids share a few patterns.
var wholePatterns = tools.NewBoundedCache[string, *regexp.Regexp](1 << 12)
