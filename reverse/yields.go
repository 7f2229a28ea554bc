package reverse

import (
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/upstream"
	"github.com/go-openapi/jsonpointer"
)

// Collection is an array of objects with identifiers inside a response: where a producer's
// candidates are.
type Collection struct {
	// Items is the JSON pointer of the array ("/results", "/artists/items", "" for a
	// top-level array).
	Items string `json:"items"`
	// IDField is the identifier property of each item that the edge reads.
	IDField string `json:"id_field"`
	// Container is the property holding the array or its wrapper ("artists" in
	// /artists/items), which names what the items are.
	Container string `json:"container,omitempty"`
	IDType    string `json:"id_type,omitempty"`
	// Strings marks a list of plain strings (["billing", "public"]): each string is the
	// item, its key and its label; Items reads it as an object {stringField: s}.
	Strings bool `json:"strings,omitempty"`
	// Discover marks a list whose answer the spec does not describe: Items and IDField are
	// read from each answer (discover.go).
	Discover bool `json:"discover,omitempty"`
	// LinkPath marks items named by their link to themselves (selflink.go): IDField is
	// the link, and the id is its segment where this path (up to the parameter) puts it.
	LinkPath string `json:"link_path,omitempty"`
	// AddressPath marks addressed records (segmentName): IDField holds the record's whole
	// address, and the id is its segment where this path puts the parameter; the
	// record's name where the address does not fit.
	AddressPath string `json:"address_path,omitempty"`
	// Fields are the item's identifier and label properties, by kind, for choosing the
	// field an argument needs (gid, number, login…).
	Fields map[string]string `json:"-"`
	// thing is what the container calls the items (system for "systems").
	thing string
	// byWords maps the items' scalar fields by their words (video_id → videoId), for an
	// id named after the thing when no container names it.
	byWords map[string]string
	// item is the items' schema, for the type of the field read (fieldType).
	item map[string]any
}

// OwnFields are the item fields that name the item itself: a label or an identifier,
// bare (Id, Name, title) or named for its own thing (MonitorName in a list of monitors,
// profileName in a list of profiles), never one named for another thing it mentions (a
// packaging configuration's packagingGroupId) nor prose (a description).
func (c Collection) OwnFields() []string {
	props, _ := c.item["properties"].(map[string]any)
	var out []string
	for _, k := range slices.Sorted(maps.Keys(props)) {
		if t := tools.SchemaType(asSchema(props[k])); t != "" && t != "string" && t != "integer" {
			continue
		}
		words := strings.Split(lexicon.SnakeCase(k), "_")
		last := words[len(words)-1]
		naming := hasIDWord(last) || primaryCompact[last] || last == "name"
		switch {
		case len(words) == 1 && (primaryCompact[compact(k)] || hasIDWord(last)) && !describingFields[last]:
			out = append(out, k)
		case len(words) > 1 && naming && c.thing != "" && lexicon.Singular(strings.Join(words[:len(words)-1], "_")) == c.thing:
			out = append(out, k)
		}
	}
	return out
}

func asSchema(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// fieldType is the type of an item field ("metadata/name" reads one level down).
func (c Collection) fieldType(field string) string {
	props, _ := c.item["properties"].(map[string]any)
	if outer, inner, nested := strings.Cut(field, "/"); nested {
		sub, _ := props[outer].(map[string]any)
		props, _ = sub["properties"].(map[string]any)
		field = inner
	}
	p, _ := props[field].(map[string]any)
	return tools.SchemaType(p)
}

// maxYieldDepth bounds how deep collections are looked for; lists sit near the top.
const maxYieldDepth = 3

// envelopes wrap a list without naming what it holds.
var envelopes = map[string]bool{"items": true, "item": true, "summaries": true, "summary_list": true, "data": true, "results": true, "values": true, "value": true, "_items": true, "records_list": true, "entries": true,
	"records": true, "list": true, "content": true, "objects": true, "nodes": true, "hits": true, "rows": true,
	"elements": true, "collection": true, "resources": true, "embedded": true, "_embedded": true, "result": true,
	"response": true, "payload": true, "page": true, "edges": true, "node": true, "docs": true}

// plainIDKinds are the fields an item's own id is read from when no other is asked for.
var plainIDKinds = []string{"id", "gid", "uuid", "guid", "sid"}

// idFieldKinds are the properties an item is identified by, best first; "<thing>_id"
// styles are added per container.
var idFieldKinds = []string{"id", "gid", "uuid", "guid", "key", "slug", "number", "sid", "arn", "code", "login", "username", "handle", "email", "name", "_id", "ID", "Id", "uid", "identifier", "index"}

// Collections lists the arrays of identified objects a response schema yields,
// shallowest first.
func Collections(schema map[string]any) []Collection {
	var out []Collection
	var walk func(s map[string]any, ptr, container string, depth int)
	walk = func(s map[string]any, ptr, container string, depth int) {
		if s == nil || depth > maxYieldDepth {
			return
		}
		if tools.SchemaType(s) == "array" || (s["type"] == nil && s["items"] != nil) {
			items, _ := s["items"].(map[string]any)
			if c, ok := listItemOf(items, container); ok {
				c.Items = ptr
				out = append(out, c)
			}
			return
		}
		props, _ := s["properties"].(map[string]any)
		for _, n := range upstream.SortedKeys(props) {
			sub, _ := props[n].(map[string]any)
			c := container
			// Wrappers such as {"artists": {"items": [...]}} name the items by the wrapper.
			if !envelopes[strings.ToLower(n)] {
				c = n
			}
			walk(sub, ptr+"/"+jsonpointer.Escape(n), c, depth+1)
		}
	}
	walk(schema, "", "", 0)
	sort.SliceStable(out, func(i, j int) bool {
		return strings.Count(out[i].Items, "/") < strings.Count(out[j].Items, "/")
	})
	return out
}

// listItemOf reads a list's item schema as collectionOf does, the identity it may keep in
// a nested object only in one that holds it (named after the thing, its metadata or
// attributes): an invoice's account/number is another thing's.
func listItemOf(item map[string]any, container string) (Collection, bool) {
	return readItem(item, container, true)
}

// collectionOf reads an item schema: its identifier fields and whether it has a label.
func collectionOf(item map[string]any, container string) (Collection, bool) {
	return readItem(item, container, false)
}

func readItem(item map[string]any, container string, strictNesting bool) (Collection, bool) {
	props, _ := item["properties"].(map[string]any)
	if props == nil {
		return Collection{}, false
	}
	c := Collection{Container: container, Fields: map[string]string{}, byWords: map[string]string{}, item: item}
	if container != "" {
		c.thing = containerNoun(container)
	}
	scalar := func(name string) bool {
		p, ok := props[name].(map[string]any)
		if !ok {
			return false
		}
		t := tools.SchemaType(p)
		return t == "" || t == "string" || t == "integer" || t == "number"
	}
	// Field kinds are read whatever the case or the separators (Key, TeamName, _id): an
	// exact spelling first, then one that differs only so.
	byCompact := map[string]string{}
	for _, name := range upstream.SortedKeys(props) {
		if k := compact(name); byCompact[k] == "" {
			byCompact[k] = name
		}
	}
	for _, f := range idFieldKinds {
		name := f
		if !scalar(name) {
			name = byCompact[compact(f)]
		}
		if name != "" && scalar(name) {
			kind := strings.ToLower(strings.TrimPrefix(f, "_"))
			if kind == "uid" || kind == "identifier" {
				kind = "id"
			}
			if _, seen := c.Fields[kind]; !seen {
				c.Fields[kind] = name
			}
		}
	}
	// A JSON:API resource object keeps its fields under "attributes", beside its type and
	// id (Orbit's members: {"id", "type", "attributes": {"name", "slug"}}): the keys found
	// there (a slug, a login) are the item's too.
	if attrs, ok := props["attributes"].(map[string]any); ok && props["type"] != nil {
		if inner, ok := collectionOf(attrs, ""); ok {
			for k, f := range inner.Fields {
				if _, seen := c.Fields[k]; !seen && !strings.Contains(f, "/") {
					c.Fields[k] = "attributes/" + f
				}
			}
		}
	}
	if c.thing != "" {
		for name := range props {
			w := lexicon.SnakeCase(name)
			if !scalar(name) || !strings.HasPrefix(w, c.thing+"_") {
				continue
			}
			kind := strings.TrimPrefix(w, c.thing+"_")
			if kind == "id" {
				if _, seen := c.Fields["id"]; !seen {
					c.Fields["id"] = name
				}
			} else if _, isKind := idWords[kind]; isKind {
				c.Fields[c.thing+"_"+kind] = name // system_key: the thing's own key
			}
		}
	}
	if len(c.Fields) == 0 {
		// An id named after the thing ({"data": [{"videoId": …}]}) is found per
		// argument (Collection.thingID); the identity may also sit in one nested object: {"metadata": {"name", "uid"}},
		// {"attributes": {"id", "name"}}.
		for _, n := range upstream.SortedKeys(props) {
			if strictNesting && !identityHolder(n, c.thing) {
				continue // another thing's record (an invoice's account): not the item's identity
			}
			sub, _ := props[n].(map[string]any)
			inner, ok := collectionOf(sub, "")
			if !ok || len(inner.Fields) == 0 || strings.Contains(inner.IDField, "/") {
				continue
			}
			for k, f := range inner.Fields {
				c.Fields[k] = n + "/" + f
			}
			break
		}
	}
	if c.field("") == "" {
		// No plain id: an id named after the thing (videoId) may stand in for it.
		for name := range props {
			if scalar(name) {
				c.byWords[lexicon.SnakeCase(name)] = name
			}
		}
	}
	if len(c.Fields) == 0 && !hasThingID(c.byWords) {
		return Collection{}, false
	}
	c.IDField = c.field("")
	if c.IDField == "" {
		for _, k := range []string{"key", "slug", "number", "code", "login", "username", "handle", "email", "name", "index"} {
			if f, ok := c.Fields[k]; ok {
				c.IDField = f
				break
			}
		}
	}
	if p, ok := props[c.IDField].(map[string]any); ok {
		c.IDType = tools.SchemaType(p)
	} else if outer, inner, ok := strings.Cut(c.IDField, "/"); ok {
		sub, _ := props[outer].(map[string]any)
		subProps, _ := sub["properties"].(map[string]any)
		if p, ok := subProps[inner].(map[string]any); ok {
			c.IDType = tools.SchemaType(p)
		}
	}
	return c, true
}

// field picks the item property an argument needs: the one its name says (gid, number,
// login), else the item's id.
func (c Collection) field(want string) string {
	if want != "" {
		if f, ok := c.Fields[want]; ok {
			return f
		}
		if f, ok := c.Fields[c.thing+"_"+want]; ok {
			return f // system_key for a systemKey
		}
		// A login and a username are the same thing said two ways.
		for _, alt := range sameField[want] {
			if f, ok := c.Fields[alt]; ok {
				return f
			}
		}
		return ""
	}
	for _, k := range plainIDKinds {
		if f, ok := c.Fields[k]; ok {
			return f
		}
	}
	// Items with no id of any kind, nor a field named as some thing's id, are named by
	// the identifier they do carry: a country by its code, a plan by its key. A label
	// (name, email) or a count within a parent (number) is not one; beside a strain's
	// rgdId, its key is not what an id asks for.
	if len(c.idNamedFields()) > 0 {
		return ""
	}
	for _, k := range []string{"arn", "key", "code", "slug", "identifier", "uid"} {
		if f, ok := c.Fields[k]; ok {
			return f
		}
	}
	return ""
}

// idNamedFields are the item's scalar fields named as an identifier (rgdId, owner_id),
// in name order.
func (c Collection) idNamedFields() []string {
	props, _ := c.item["properties"].(map[string]any)
	var out []string
	for _, name := range upstream.SortedKeys(props) {
		m, _ := props[name].(map[string]any)
		switch tools.SchemaType(m) {
		case "", "string", "integer":
		default:
			continue
		}
		toks := strings.Split(lexicon.SnakeCase(name), "_")
		if last := toks[len(toks)-1]; last == "id" || last == "uuid" || last == "guid" {
			out = append(out, name)
		}
	}
	return out
}

// soleIDField is the one scalar field of an item named as an identifier, when it carries
// just one (an account's resourceId), or "": with two (ownerId beside groupId) the name
// alone does not say which is the item's own.
func (c Collection) soleIDField() string {
	if f := c.idNamedFields(); len(f) == 1 {
		return f[0]
	}
	return ""
}

// sameField are the fields that carry the same value under another name. A key or slug
// the name asks for is not a display name; a key the path implies ({repo}, {org}) is
// whichever of them the items have (keyLike).
var sameField = map[string][]string{
	"login": {"username", "handle"}, "username": {"login", "handle"}, "handle": {"username", "login"},
	"guid": {"uuid", "id"}, "uuid": {"guid", "id"}, "gid": {"id"}, "sid": {"id"}, "index": {"number"},
	"keylike":       {"key", "slug", "name", "login"},
	"personkeylike": {"login", "username", "handle", "key", "slug", "name"},
}

// hasThingID reports whether items carry a field named like an id of some thing.
func hasThingID(byWords map[string]string) bool {
	for w := range byWords {
		for _, tail := range thingIDTails {
			if strings.HasSuffix(w, "_"+tail) {
				return true
			}
		}
	}
	return false
}

// thingIDTails end a field that identifies a thing named before them: videoId,
// trainingKey, accountUuid, ResourceArn.
var thingIDTails = []string{"id", "key", "uuid", "gid", "guid", "slug", "arn"}

// ThingID returns the collection reading "<resource>_id" (videoId for a video), or the
// field the argument wants ("<resource>_key": trainingKey), or false.
func (c Collection) ThingID(resource, want string) (Collection, bool) {
	tail := want
	if tail == "" {
		tail = "id"
	}
	if f, ok := c.byWords[resource+"_"+tail]; ok {
		c.IDField, c.IDType = f, c.fieldType(f)
		return c, true
	}
	// Written with other joints (DataSetId for a dataset, datasetID for a data_set): the
	// same letters are the same name.
	joined := compact(resource + "_" + tail)
	keys := make([]string, 0, len(c.byWords))
	for k := range c.byWords {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if compact(k) == joined {
			c.IDField = c.byWords[k]
			c.IDType = c.fieldType(c.IDField)
			return c, true
		}
	}
	return c, false
}

// ownIDName is the compact name (apiid) of an argument that is the thing's own id by its
// name (the thing, then an id word: apiId for an api), or "". A field named for a role (a
// node's parent_id, an account's managing_account) points elsewhere.
func ownIDName(arg, resource string) string {
	words := strings.Split(lexicon.SnakeCase(arg), "_")
	if len(words) < 2 || !hasIDWord(words[len(words)-1]) || lexicon.Singular(strings.Join(words[:len(words)-1], "_")) != resource {
		return ""
	}
	return compact(arg)
}

// ownNamed returns the collection reading the field named want (ownIDName), compared
// without case or separators, when it reads a plain id now: items that carry both a
// record id and one named for the thing (Tyk's API definitions: id and the api_id every
// route takes) give the argument the one it names; so does the object that holds the
// item's identity, one level down (BigQuery's datasetReference.datasetId beside a fully
// qualified id).
func (c Collection) ownNamed(want string) (Collection, bool) {
	if want == "" || !isCompact(c.IDField, "id") {
		return c, false
	}
	props, _ := c.item["properties"].(map[string]any)
	if name, t := namedScalar(props, want); name != "" {
		c.IDField, c.IDType = name, t
		return c, true
	}
	best, bestType := "", ""
	for outer, v := range props {
		if thing := strings.TrimSuffix(want, "id"); !identityHolder(outer, thing) && !strings.HasPrefix(compact(outer), thing) {
			// datasetReference.datasetId is the dataset's own; pickupStoreInfo.dockId is
			// the dock of the item's store, not the item's.
			continue
		}
		sub, _ := v.(map[string]any)
		inner, _ := sub["properties"].(map[string]any)
		if name, t := namedScalar(inner, want); name != "" && (best == "" || outer+"/"+name < best) {
			best, bestType = outer+"/"+name, t
		}
	}
	if best == "" {
		return c, false
	}
	c.IDField, c.IDType = best, bestType
	return c, true
}

// namedScalar is the least-named string or integer property whose compact name is want.
func namedScalar(props map[string]any, want string) (string, string) {
	best, bestType := "", ""
	for name, v := range props {
		if len(name) < len(want) || len(name) > 2*len(want) || (best != "" && name > best) {
			continue // compact only drops separators and case: the cheap test first
		}
		p, _ := v.(map[string]any)
		if t := tools.SchemaType(p); (t == "string" || t == "integer") && isCompact(name, want) {
			best, bestType = name, t
		}
	}
	return best, bestType
}

// segmentName returns the collection reading its items' id (or name) as the segment of
// their address where the target's path puts the parameter (template: "/alerts/{alertId}"),
// when the items are addressed records: id and name set by the server (readOnly), beside
// a type, as Azure's resources are. Such an id is the record's whole address
// (/subscriptions/…/apis/echo-api); a path parameter, one segment, takes the address's
// segment, which is most often the record's name, but not always: an alert's name is its
// title, and its segment a GUID.
func (c Collection) segmentName(template string) (Collection, bool) {
	if c.IDField != "id" && c.IDField != "name" {
		return c, false
	}
	props, _ := c.item["properties"].(map[string]any)
	for _, f := range []string{"id", "name", "type"} {
		p, _ := props[f].(map[string]any)
		if tools.SchemaType(p) != "string" || (f != "type" && p["readOnly"] != true) {
			return c, false
		}
	}
	c.IDField, c.AddressPath, c.IDType = "id", template, "string"
	return c, true
}

// withField returns the collection reading the field an argument needs, or false.
func (c Collection) withField(want string) (Collection, bool) {
	f := c.field(want)
	if f == "" {
		return c, false
	}
	c.IDField, c.IDType = f, c.fieldType(f)
	return c, true
}

// StringField is the field a string item is read under (Collection.Strings).
const StringField = "value"
