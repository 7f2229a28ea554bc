package find

import (
	"strings"
	"unicode"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// Each operation is read once as an action and the thing it acts on (issue 28), from
// its structure alone, so any spec fills the model in:
//   - the action is what its method does (GET gets, and lists a collection; POST
//     creates; PUT and PATCH update; DELETE deletes), an action segment ("/cancel",
//     ":archive") and the verb its operationId and summary lead with;
//   - the thing is the collection or item its path ends on: the literal segments after
//     its last parameter and the parameters after them (/user/starred/{owner}/{repo}:
//     star, owner, repository); the literal segments before are its parents.
//
// A request is served when one operation has both its action and its thing: "archive
// project" is not served by POST /projects/{id}/tasks/{task_id}/archive, which archives
// a task of a project.

// reading is an operation's action and thing, as stems.
type reading struct {
	actions []string
	thing   []string
	parents []string
}

// methodAction is the action each method does, as the stem its words are read as.
var methodAction = map[string]string{"GET": lexicon.Stem("get"), "POST": lexicon.Stem("create"), "PUT": lexicon.Stem("update"), "PATCH": lexicon.Stem("update"), "DELETE": lexicon.Stem("delete")}

// listAction is what a GET of a collection does besides getting it.
var listAction = lexicon.Stem("list")

// segment is one step of a path: a literal's words or a parameter's name's, as stems.
type segment struct {
	literal string // the segment as written, for a literal
	words   []string
	param   bool
	action  bool // written after ":" ("{name}:archive", "tasks:batchGet")
}

// pathSegments reads a path's steps, leaving out version steps (v1, 2023-01-01) and
// steps with no word ("api" is a stopword).
func pathSegments(path string, words map[string]bool) []segment {
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	var out []segment
	for _, raw := range strings.Split(path, "/") {
		main, verb, _ := strings.Cut(raw, ":")
		if strings.HasPrefix(verb, "{") || strings.Contains(main, "{") && !strings.HasPrefix(main, "{") {
			// "{a}:{b}" or "x{a}": a parameter written into a literal.
			main, verb = raw, ""
		}
		switch {
		case main == "":
		case strings.HasPrefix(main, "{"):
			out = append(out, segment{words: stemsOf(strings.Trim(main, "{}")), param: true})
		case !isVersion(main):
			if w := stemsOf(compoundText(main, words)); len(w) > 0 {
				out = append(out, segment{literal: main, words: w})
			}
		}
		if verb != "" {
			if w := stemsOf(verb); len(w) > 0 {
				out = append(out, segment{literal: verb, words: w, action: true})
			}
		}
	}
	return out
}

// isVersion reports whether a path step names a version: v1, v2.1, 2023-01-01, 1.0.
func isVersion(s string) bool {
	t := strings.TrimPrefix(strings.ToLower(s), "v")
	return t != "" && !strings.ContainsFunc(t, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' && r != '-' && r != '_' })
}

func stemsOf(text string) []string {
	var out []string
	lexicon.EachTerm(text, func(t string) { out = append(out, t) })
	return out
}

// pathShape is what a spec's paths say of each other: which paths have a GET, and which
// steps have more below them, keyed by the path with its parameters blanked; and which
// steps name a collection somewhere (a parameter follows them: /playlists/{id}).
type pathShape struct {
	get, parent, collection map[string]bool
}

// shapeOf reads every path of a catalog.
func shapeOf(ops []*tools.Operation) pathShape {
	s := pathShape{get: map[string]bool{}, parent: map[string]bool{}, collection: map[string]bool{}}
	for _, op := range ops {
		steps := strings.Split(op.Path, "/")
		for i := 0; i+1 < len(steps); i++ {
			if strings.HasPrefix(steps[i+1], "{") && !strings.Contains(steps[i], "{") {
				s.collection[strings.ToLower(steps[i])] = true
			}
		}
		key := blankParams(op.Path)
		if op.Method == "GET" {
			s.get[key] = true
		}
		for i := 1; i < len(key); i++ {
			if key[i] == '/' {
				s.parent[key[:i]] = true
			}
		}
	}
	return s
}

// blankParams is a path with each parameter written {}.
func blankParams(path string) string {
	var b strings.Builder
	depth := 0
	for _, r := range path {
		switch {
		case r == '{':
			if depth == 0 {
				b.WriteString("{}")
			}
			depth++
		case r == '}':
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return strings.TrimSuffix(b.String(), "/")
}

// readOperation reads an operation's action and thing.
func readOperation(op *tools.Operation, shape pathShape, words map[string]bool) reading {
	segs := pathSegments(op.Path, words)
	var r reading
	verbs := leadVerbs(op)
	if a := methodAction[op.Method]; a != "" {
		r.actions = append(r.actions, a)
	}
	r.actions = append(r.actions, verbs...)
	// The last literal step is an action when written after ":", or when what the
	// operation says it does leads with its word, or when it is a leaf that a POST
	// reaches after a parameter and is no collection (nothing to GET there, no parameter
	// after it anywhere): POST /invoices/{id}/cancel. DELETE /webhooks/{id}/settings
	// deletes settings.
	last, acted := -1, false
	for i := len(segs) - 1; i >= 0; i-- {
		if !segs[i].param {
			last = i
			break
		}
	}
	if last >= 0 && last == len(segs)-1 {
		s := segs[last]
		key := blankParams(op.Path)
		leaf := op.Method == "POST" && last > 0 && segs[last-1].param && !shape.get[key] && !shape.parent[key] &&
			!shape.collection[strings.ToLower(s.literal)]
		// A read's last step is what it reads, whatever its name leads with
		// (GET_movie-movie_id-credits).
		said := op.Method != "GET" && len(s.words) > 0 && containsString(verbs, s.words[0])
		if s.action || leaf || said && last > 0 {
			acted = true
			r.actions = append(r.actions, s.words...)
			segs = segs[:last]
			if methodAction[op.Method] == "get" || op.Method == "" {
				r.actions = append(r.actions, listAction)
			}
		}
	}
	// The thing: the literal steps after the last parameter that comes before them, and
	// the parameters after them. What an action segment acts on is an item: when the
	// steps before it name none (/campaigns/{id}/actions/schedule), the item before them.
	start := thingStart(segs, len(segs))
	if acted && start > 0 && !segs[len(segs)-1].param {
		start = thingStart(segs, start)
	}
	for i, s := range segs {
		if i >= start {
			r.thing = append(r.thing, s.words...)
		} else if !s.param {
			r.parents = append(r.parents, s.words...)
		}
	}
	// A GET on a path that ends on a literal lists it.
	if op.Method == "GET" && len(segs) > 0 && !segs[len(segs)-1].param {
		r.actions = append(r.actions, listAction)
	}
	r.actions = uniq(r.actions)
	r.thing = uniq(r.thing)
	return r
}

// thingStart is where the thing of segs[:end] starts: the run of literal steps (and the
// parameters after them) that ends it, or the whole when it is all parameters.
func thingStart(segs []segment, end int) int {
	start := end
	for start > 0 && segs[start-1].param {
		start--
	}
	for start > 0 && !segs[start-1].param {
		start--
	}
	if start == end {
		return 0
	}
	return start
}

// leadVerbs are the verbs an operation says it does: the first word of its summary and
// of its operationId's last part ("issues/add-labels": add; "Tags_PatchTagName": patch,
// read as the method it names).
func leadVerbs(op *tools.Operation) []string {
	var out []string
	if w := firstTerm(summaryOf(op)); w != "" {
		out = append(out, w)
	}
	id := op.OperationID
	if i := strings.LastIndexAny(id, "/_."); i >= 0 && i < len(id)-1 {
		id = id[i+1:]
	}
	if w := firstTerm(id); w != "" {
		// "put", "post" and "patch" lead an operationId as the method they name.
		if a, ok := methodAction[strings.ToUpper(w)]; ok {
			w = a
		}
		out = append(out, w)
	}
	return out
}

func firstTerm(text string) string {
	first := ""
	lexicon.EachTerm(text, func(t string) {
		if first == "" {
			first = t
		}
	})
	return first
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
