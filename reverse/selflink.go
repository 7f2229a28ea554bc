package reverse

import (
	"net/url"
	"slices"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/upstream"
)

// A list whose items carry no identifier but a link to themselves (PayRun's
// {"@href": "/Employer/ER007", "@title": "Kestrel Logistics"}, ThreatJammer's
// {"self": "https://…/v1/denylist/private/<uuid>", "name": …}) names each item by that
// link: a path parameter's value is the link's segment where the target's path puts the
// parameter. Which list: one under the path before the parameter (/v1/denylist/private/all
// for /v1/denylist/private/{denylist_id}), or the plural of its last segment (/Employers
// for /Employer/{EmployerId}). The link is matched against the target's path at run time;
// an item whose link does not fit is no candidate.

// selfLinkField is an item's link to itself: a string field called self or href (with any
// @ or _ before it), when the item carries no identifier field.
func selfLinkField(item map[string]any) string {
	props, _ := item["properties"].(map[string]any)
	link := ""
	for _, name := range upstream.SortedKeys(props) {
		sub, _ := props[name].(map[string]any)
		c := compact(strings.TrimLeft(name, "@_$"))
		if (c == "self" || c == "href") && tools.SchemaType(sub) == "string" {
			link = name
			continue
		}
		if w := lastWord(lexicon.SnakeCase(strings.TrimLeft(name, "@_"))); hasIDWord(w) || w == "uuid" || w == "key" || w == "slug" {
			return "" // an identifier of its own: read that (yields.go)
		}
	}
	return link
}

// selfLinkProducers are the lists near p's path whose items link to themselves.
func (ix *index) selfLinkProducers(op *tools.Operation, p *tools.Param, id Ident) []Producer {
	if p.In != "path" {
		return nil
	}
	i := strings.Index(op.Path, "/{"+p.Name+"}")
	if i <= 0 {
		return nil
	}
	prefix, template := op.Path[:i], op.Path[:i+len(p.Name)+3]
	last := prefix[strings.LastIndexByte(prefix, '/')+1:]
	var out []Producer
	for _, get := range ix.nearLists(prefix, last) {
		if get == op {
			continue
		}
		arrs := ItemArrays(get.Response)
		for _, arr := range arrs {
			field := selfLinkField(arr.Item)
			if field == "" || (len(arrs) > 1 && linkBlock(arr)) {
				// A response's own links ({"_links": [{"rel": "self", "href": …}]}, paging
				// links beside "items") are no list of things, unless they are all it
				// lists (PayRun's LinkCollection). Judged sample, 17 of 40 wrong before.
				continue
			}
			col := Collection{Items: arr.Ptr, IDField: field, IDType: "string", LinkPath: template, Fields: map[string]string{}, item: arr.Item}
			prod := Producer{Op: get, OpKey: get.Key(), Source: SourceHeuristic, Collection: col, NameArg: ix.nameInput(get), Score: 3}
			prod.Fixed, prod.Needs = FillInputs(get, prod.NameArg, id.Resource)
			if slices.Contains(prod.Needs, p.Arg) || slices.Contains(prod.Needs, p.Name) || ix.strangerNeeds(op, prod) {
				continue
			}
			out = append(out, prod)
			break
		}
	}
	return out[:min(len(out), 2)]
}

// nearLists are the GETs whose path is beside a parameter's: the path before it, one static
// segment below that, or the plural of its last segment (/Employers beside /Employer/{id}),
// in catalog order.
func (ix *index) nearLists(prefix, last string) []*tools.Operation {
	if strings.Contains(last, "{") {
		return nil
	}
	pre := templateKey(prefix)
	parent := pre[:strings.LastIndexByte(pre, '/')+1]
	low := strings.ToLower(last)
	var out []*tools.Operation
	for _, k := range []string{pre, parent + lexicon.Plural(low), parent + low + "s"} {
		out = append(out, ix.getsAt[k]...)
	}
	out = append(out, ix.getsUnder[pre]...)
	slices.SortFunc(out, func(a, b *tools.Operation) int { return ix.pos[a] - ix.pos[b] })
	return slices.Compact(out)
}

// IDFromLink reads a path parameter's value from an item's link to itself: the link's path
// (a full URL or a path) ends as template does, template's parameters matching any
// segment; the value is the segment of template's last one. ok is false when the link
// does not fit.
func IDFromLink(link, template string) (string, bool) {
	path := link
	if u, err := url.Parse(link); err == nil && u.Path != "" {
		path = u.Path
	}
	segs := strings.Split(strings.Trim(path, "/"), "/")
	want := strings.Split(strings.Trim(template, "/"), "/")
	if len(segs) < len(want) {
		return "", false
	}
	segs = segs[len(segs)-len(want):]
	value := ""
	for i, w := range want {
		switch {
		case i == len(want)-1 && strings.HasPrefix(w, "{"):
			value = segs[i]
		case strings.HasPrefix(w, "{"):
		case !strings.EqualFold(w, segs[i]):
			return "", false
		}
	}
	if v, err := url.PathUnescape(value); err == nil {
		value = v
	}
	return value, value != ""
}

// linkBlock reports an array of bare link objects: named links, or items that carry a rel
// beside their href.
func linkBlock(arr itemArray) bool {
	name := arr.Ptr[strings.LastIndexByte(arr.Ptr, '/')+1:]
	if compact(strings.TrimLeft(name, "@_$")) == "links" {
		return true
	}
	props, _ := arr.Item["properties"].(map[string]any)
	for k := range props {
		if compact(strings.TrimLeft(k, "@_$")) == "rel" {
			return true
		}
	}
	return false
}
