package reverse

import (
	"slices"
	"sort"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/upstream"
	"github.com/go-openapi/jsonpointer"
)

// A path says where an item lives: /things/{thing_id} is one of the things GET /things
// lists, whatever either is called (/serverfarms/{name}/virtualNetworkConnections/{vnetName},
// /news/news/{newsid}). The list one segment up, under the same parents, is a producer of
// the parameter by the path's own structure: no noun has to match. Its items name the
// field the parameter takes: a field named like the parameter (newsid, cssDomainId,
// workflowName; compared without case or separators), else the field of the kind the
// parameter's name says (a name, a key), else the item's identifier.

// siblingList is the safe operation listing the items a path parameter addresses: a GET
// on the path up to the parameter, ending in a static segment (for /repos/{owner}/{repo}
// there is none: owner and repo are one key in two parts). After another parameter, the
// GET there lists them only when the parameter is named as one thing's id (HubSpot's
// /{appId}/{cardId}, where GET /{appId} answers the app's cards), what that GET answers
// is a list of its own, not one record, and its path names no other thing.
func (ix *index) siblingList(op *tools.Operation, p *tools.Param) *tools.Operation {
	if p.In != "path" {
		return nil
	}
	i := strings.Index(op.Path, "/{"+p.Name+"}")
	if i < 0 {
		return nil
	}
	// At the root (/{id}), the list is GET / (Presalytics' stories, under a base path
	// that names them).
	prefix := op.Path[:i]
	sib := ix.getAt[templateKey(prefix)]
	if prefix == "" && (sib == nil || tools.SchemaType(sib.Response) != "array") {
		return nil // a root that answers with something else (Keycloak's server info) lists no realms
	}
	if sib != nil && strings.HasSuffix(prefix, "}") {
		own, listed := ownNoun(p), lastStatic(sib.Path)
		if own == "" {
			own = pathCollectionNoun(op.Path, p.Name)
		}
		if own == "" || !ix.answersList(sib) || (listed != "" && nounFit(own, listed) == 0) {
			return nil // GET /flags/{projectKey} lists flags, not {environmentKey}'s environments
		}
	}
	return sib
}

// taggedNoun is the noun of an operation's only tag ("Story"), or "".
func taggedNoun(op *tools.Operation) string {
	if len(op.Tags) != 1 || strings.Contains(strings.TrimSpace(op.Tags[0]), " ") {
		return ""
	}
	return Noun(op.Tags[0])
}

// pathCollectionNoun is a bare parameter's noun when the path sits under the collection
// it names: {api} in /apis/{owner}/{api}, where a route's "api" prefix would name none.
func pathCollectionNoun(path, name string) string {
	n := lexicon.Singular(lexicon.SnakeCase(name))
	if n == "" || strings.Contains(n, "_") {
		return ""
	}
	for _, seg := range strings.Split(strings.Trim(path, "/"), "/") {
		if !strings.Contains(seg, "{") && seg != name && nounFit(n, Noun(seg)) > 0 {
			return n
		}
	}
	return ""
}

// answersList reports an operation whose answer is a list: its shallowest array of
// objects is the body itself or sits in an envelope that carries no identity of its own.
func (ix *index) answersList(op *tools.Operation) bool {
	cols := ix.collections[op]
	return len(cols) > 0 && strings.Count(cols[0].Items, "/") <= 1 && ownList(op, cols[0])
}

// templateKey is a path with its parameter names blanked: /orgs/{}/teams for both
// /orgs/{org}/teams and /orgs/{organization}/teams. A fragment that only tells two
// operations at one route apart (AWS's /channels/{channelArn}/memberships#x-amz-chime-bearer)
// is no part of the route.
func templateKey(path string) string {
	path = tools.WithoutFragment(path)
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		if path[i] == '{' {
			j := strings.IndexByte(path[i:], '}')
			if j > 0 {
				b.WriteString("{}")
				i += j
				continue
			}
		}
		b.WriteByte(path[i])
	}
	return strings.ToLower(strings.TrimSuffix(b.String(), "/"))
}

// itemArray is an array of objects in a response, where its items are, and their schema.
type itemArray struct {
	Ptr  string
	Item map[string]any
}

// ItemArrays lists the arrays of objects a response holds, shallowest first: the body
// itself, or under envelopes and named properties, a few levels deep.
func ItemArrays(schema map[string]any) []itemArray {
	var out []itemArray
	var walk func(s map[string]any, ptr string, depth int)
	walk = func(s map[string]any, ptr string, depth int) {
		if s == nil || depth > maxYieldDepth {
			return
		}
		if tools.SchemaType(s) == "array" || (s["type"] == nil && s["items"] != nil) {
			if it, _ := s["items"].(map[string]any); it != nil && it["properties"] != nil {
				out = append(out, itemArray{Ptr: ptr, Item: it})
			}
			return
		}
		props, _ := s["properties"].(map[string]any)
		for _, n := range upstream.SortedKeys(props) {
			sub, _ := props[n].(map[string]any)
			walk(sub, ptr+"/"+jsonpointer.Escape(n), depth+1)
		}
	}
	walk(schema, "", 0)
	sort.SliceStable(out, func(i, j int) bool { return strings.Count(out[i].Ptr, "/") < strings.Count(out[j].Ptr, "/") })
	return out
}

// compact is a name without case or separators: DataSetId and dataset_id are one.
func compact(name string) string {
	return strings.ReplaceAll(lexicon.SnakeCase(name), "_", "")
}

// isCompact reports whether compact(name) == want without building it: the graph asks
// it of every field of every listed item.
func isCompact(name, want string) bool {
	j := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 0x80:
			return compact(name) == want // beyond ASCII, the full reading
		case c == '_' || c == '-' || c == ' ' || c == '.' || c == '[' || c == ']' || c == '$' || c == '/':
			continue
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		if j >= len(want) || want[j] != c {
			return false
		}
		j++
	}
	return j == len(want)
}

// ScalarFields are an item's scalar properties, and those of the one object that holds
// its identity ("dataset/dataset_id" for a dataset, "Member/Arn" for a member, the
// metadata or attributes of a resource), by their compact names. Another nested object's
// fields are another thing's (a commit's author/name, an instance's serverCaCert/instance).
func ScalarFields(item map[string]any, resource string) map[string]string {
	out := map[string]string{}
	props, _ := item["properties"].(map[string]any)
	for _, n := range upstream.SortedKeys(props) {
		sub, _ := props[n].(map[string]any)
		switch tools.SchemaType(sub) {
		case "", "string", "integer", "number":
			if sub["properties"] == nil {
				out[compact(n)] = n
			}
		}
	}
	for _, n := range upstream.SortedKeys(props) {
		if !identityHolder(n, resource) {
			continue
		}
		sub, _ := props[n].(map[string]any)
		inner, _ := sub["properties"].(map[string]any)
		for _, m := range upstream.SortedKeys(inner) {
			leaf, _ := inner[m].(map[string]any)
			switch tools.SchemaType(leaf) {
			case "", "string", "integer", "number":
				if _, taken := out[compact(m)]; !taken && leaf["properties"] == nil {
					out[compact(m)] = n + "/" + m
				}
			}
		}
	}
	return out
}

// nestedNamed is the field named as the parameter (compared without case or separators)
// in one of an item's nested objects other than the one that holds its identity
// (properties/diskId); "" when none is.
func nestedNamed(item map[string]any, resource, name string) string {
	want := compact(name)
	props, _ := item["properties"].(map[string]any)
	for _, n := range upstream.SortedKeys(props) {
		sub, _ := props[n].(map[string]any)
		inner, _ := sub["properties"].(map[string]any)
		if inner == nil || identityHolder(n, resource) {
			continue
		}
		for _, m := range upstream.SortedKeys(inner) {
			leaf, _ := inner[m].(map[string]any)
			switch tools.SchemaType(leaf) {
			case "", "string", "integer", "number":
				if leaf["properties"] == nil && compact(m) == want {
					return n + "/" + m
				}
			}
		}
	}
	return ""
}

// SiblingField is the item field a parameter takes, or "": one named like it; else, for a
// parameter that takes a key (its name says which), that key; else the item's id.
func SiblingField(p *tools.Param, id Ident, fields map[string]string, item map[string]any) string {
	f := siblingField(p, id, fields)
	toks := strings.Split(lexicon.SnakeCase(p.Name), "_")
	if len(toks) < 2 || !hasIDWord(toks[len(toks)-1]) || (f != "" && (f != fields["name"] || saysName(p.Description))) {
		return f
	}
	if nested := nestedNamed(item, id.Resource, p.Name); nested != "" {
		// {DiskId}: where the item offers only its name (an Azure disk's, a location-
		// prefixed path), the thing's id named so one object down (properties/diskId) is
		// that id; a bare {id} is not read so (an owner's id), nor one the item has, nor
		// a category ({entryType}).
		return nested
	}
	return f
}

// siblingField is SiblingField's reading of the item's own and identity fields.
func siblingField(p *tools.Param, id Ident, fields map[string]string) string {
	if f, ok := fields[compact(p.Name)]; ok && idWords[compact(p.Name)] != "" {
		// {slug}, "Groundhog name in kebab-case": a parameter called by an identifier
		// word the items carry is that field, whatever its description calls it.
		return f
	}
	if f, ok := fields["name"]; ok && !strings.Contains(lexicon.SnakeCase(p.Name), "_") && saysName(p.Description) && describedTakes(p.Description) != takesEither {
		// {location}, "Name of the backup location": the name, even beside a field
		// called location (a region). Where it takes either ("identifier expressed as
		// UUID or name"), the id: a name may be shared, spaced or renamed; an id is not.
		return f
	}
	if f, ok := fields[compact(p.Name)]; ok {
		return f
	}
	if f, ok := fields[compact(lexicon.Singular(lexicon.SnakeCase(p.Name)))]; ok {
		// {orderIdentifiers}, "one or several order identifiers": each is an item's
		// orderIdentifier.
		return f
	}
	if f, ok := fields[compact(id.Resource)+compact(p.Name)]; ok && id.Resource != "" {
		// {barcode} under /strains/: the strain's barcode, strain_barcode in its items.
		return f
	}
	if f := gluedIDField(p.Name, fields); f != "" {
		// {story_collaborator_userid}, "the userid (NOT the Id of the collaborator
		// object)": the items' user_id, not their id.
		return f
	}

	var want []string
	switch {
	case id.Field != "":
		want = append([]string{id.Field}, sameField[id.Field]...)
	case id.Key:
		want = sameField["keylike"]
	}
	if !id.Key || id.Field == "number" || id.Field == "index" {
		want = append(want, "id", compact(id.Resource)+"id", "uuid", "guid", "gid", "key")
		// The thing's own id by the id word the parameter is called by: authorization_uuid
		// for {authorizationId}, "The UUID of the authorization"; a job's jobUuid is not the
		// job ID its path takes.
		said := strings.ToLower(p.Name + " " + p.Description)
		for _, w := range []string{"uuid", "guid", "gid"} {
			if strings.Contains(said, w) {
				want = append(want, compact(id.Resource)+w)
			}
		}
	}
	for _, w := range want {
		if f, ok := fields[compact(w)]; ok {
			return f
		}
	}
	return qualifiedIDField(p.Name, fields)
}

// qualifiedIDField is the items' field named by a parameter's last words, where its first
// ones qualify the thing by its kind ({calendarResourceId}: the calendars' resourceId);
// "" when none is.
func qualifiedIDField(param string, fields map[string]string) string {
	toks := strings.Split(lexicon.SnakeCase(param), "_")
	if len(toks) < 3 || !hasIDWord(toks[len(toks)-1]) {
		return ""
	}
	for i := 1; i <= len(toks)-2; i++ {
		if f, ok := fields[compact(strings.Join(toks[i:], "_"))]; ok {
			return f
		}
	}
	return ""
}

// gluedIDField is the items' field a parameter's last word names when it glues a noun
// to id (userid in story_collaborator_userid: the items' user_id); "" otherwise.
func gluedIDField(param string, fields map[string]string) string {
	toks := strings.Split(lexicon.SnakeCase(param), "_")
	last := toks[len(toks)-1]
	if len(toks) < 2 || len(last) <= 2 || !strings.HasSuffix(last, "id") {
		return ""
	}
	return fields[last]
}

// parentQualifiedID is an item's id named by the thing qualified with a parent the path
// names: accountHoldingId in the holdings of /Accounts/{accountId}/Holdings/{id}, beside
// the parent's accountId and other ids; the items carry neither id nor holdingId.
func parentQualifiedID(path, resource string, fields map[string]string) string {
	if resource == "" {
		return ""
	}
	for _, seg := range strings.Split(strings.Trim(path, "/"), "/") {
		if strings.Contains(seg, "{") {
			continue
		}
		if n := compact(Noun(seg)); n != "" && n != compact(resource) {
			if f, ok := fields[n+compact(resource)+"id"]; ok {
				return f
			}
		}
	}
	return ""
}

// soleOwnID is the one field the path's own list's items carry named as an identifier
// (vRNI's tiers: entity_id beside name), when it names none of the things the path
// names (a project_id under /projects/{id} is the parent's) and no thing the API lists
// (an order's customerTaxId, a journal batch's currencyId): the items' own id.
func (ix *index) soleOwnID(path string, c Collection) string {
	f := c.soleIDField()
	if f == "" {
		return ""
	}
	noun := FieldNoun(f)
	if ix.listsAnyOf(noun) {
		return ""
	}
	for _, seg := range strings.Split(strings.Trim(path, "/"), "/") {
		if !strings.Contains(seg, "{") && nounFit(noun, Noun(seg)) > 0 {
			return ""
		}
	}
	return f
}

// siblingProducers is the list one segment up from a path parameter, read as its
// producer, and what the parameter reads as against it (a bare noun settled).
func (ix *index) siblingProducers(target *tools.Operation, p *tools.Param, id Ident, isID bool) ([]Producer, Ident) {
	sib := ix.siblingList(target, p)
	if sib == nil || sib == target || sib.Response == nil || ix.namesOtherThing(target, p) {
		return nil, id
	}
	if !isID {
		// A parameter the spec does not call an id, right after the segment listing its
		// things (/series/{serie}), names one of them: the thing's bare noun.
		noun := Noun(segmentBefore(target.Path, "{"+p.Name+"}"))
		if noun == "" && strings.HasPrefix(target.Path, "/{"+p.Name+"}") {
			noun = taggedNoun(target) // at the root: what the root lists, named by the one tag
		}
		id = bareNoun(noun, p.Description)
		if id.Resource == "" {
			return nil, id
		}
		isID = true
	}
	if id.Resource == "" && strings.HasPrefix(target.Path, "/{"+p.Name+"}") {
		if id.Resource = taggedNoun(target); id.Resource == "" {
			return nil, id
		}
	}
	for _, arr := range ownArrays(ItemArrays(sib.Response), id.Resource) {
		fields := ScalarFields(arr.Item, id.Resource)
		settled := ix.settleBare(p, id, arr.Item)
		field := SiblingField(p, settled, fields, arr.Item)
		if field == "" && !settled.Key && settled.Field == "" {
			field = ix.soleOwnID(target.Path, Collection{Items: arr.Ptr, item: arr.Item})
		}
		if field == "" && !settled.Key && settled.Field == "" {
			field = parentQualifiedID(target.Path, settled.Resource, fields)
		}
		if field == "" && !settled.Key && settled.Field == "" && namedUnderOwner(target, p, arr.Item) {
			field, settled.Key = fields["name"], true // "API identifier": its name under its owner
		}
		if field == "" {
			continue
		}
		col := Collection{Items: arr.Ptr, IDField: field, Fields: map[string]string{}, item: arr.Item}
		if outer, inner, nested := strings.Cut(field, "/"); nested {
			props, _ := arr.Item["properties"].(map[string]any)
			sub, _ := props[outer].(map[string]any)
			subProps, _ := sub["properties"].(map[string]any)
			leaf, _ := subProps[inner].(map[string]any)
			col.IDType = tools.SchemaType(leaf)
		} else {
			props, _ := arr.Item["properties"].(map[string]any)
			leaf, _ := props[field].(map[string]any)
			col.IDType = tools.SchemaType(leaf)
		}
		prod := Producer{Op: sib, OpKey: sib.Key(), Source: SourceHeuristic, Collection: col, NameArg: nameFilter(sib, col, ix.nameInput(sib)), Score: 10}
		prod.Fixed, prod.Needs = FillInputs(sib, prod.NameArg, id.Resource)
		if slices.Contains(prod.Needs, p.Arg) || slices.Contains(prod.Needs, p.Name) || ix.strangerNeeds(target, prod) {
			return nil, id
		}
		return []Producer{prod}, settled
	}
	// A list of plain strings (EKS's {"clusters": ["prod", "staging"]}): each string is
	// a key of the things the path addresses.
	if ptr, ok := stringArray(sib.Response); ok && (isID || tools.SchemaType(p.Schema) != "integer") {
		col := Collection{Items: ptr, IDField: StringField, IDType: "string", Strings: true}
		prod := Producer{Op: sib, OpKey: sib.Key(), Source: SourceHeuristic, Collection: col, NameArg: nameFilter(sib, col, ix.nameInput(sib)), Score: 9}
		prod.Fixed, prod.Needs = FillInputs(sib, prod.NameArg, id.Resource)
		if !ix.strangerNeeds(target, prod) {
			id.Bare = false // a string is its own key
			return []Producer{prod}, id
		}
	}
	return nil, id
}

// stringArray is where a response lists plain strings, when that is all it lists: the
// body itself, or its one array property beside paging scalars.
func stringArray(schema map[string]any) (string, bool) {
	isStrings := func(s map[string]any) bool {
		if tools.SchemaType(s) != "array" {
			return false
		}
		it, _ := s["items"].(map[string]any)
		return tools.SchemaType(it) == "string" && it["enum"] == nil
	}
	if isStrings(schema) {
		return "", true
	}
	props, _ := schema["properties"].(map[string]any)
	ptr := ""
	for _, n := range upstream.SortedKeys(props) {
		sub, _ := props[n].(map[string]any)
		switch {
		case isStrings(sub):
			if ptr != "" {
				return "", false // two lists: which one names the things is not said
			}
			ptr = "/" + jsonpointer.Escape(n)
		case tools.SchemaType(sub) == "array" || tools.SchemaType(sub) == "object":
			return "", false
		}
	}
	return ptr, ptr != ""
}

// settleBare reads a Bare parameter against the items its sibling list holds: what the
// spec says of the same parameter elsewhere, else an id of the parameter's own type
// makes it that id, else it stays a key (takes.go, bareIdent).
func (ix *index) settleBare(p *tools.Param, id Ident, item map[string]any) Ident {
	if !id.Bare {
		return id
	}
	if t := tools.SchemaType(p.Schema); t == "integer" || t == "number" {
		return Ident{Resource: id.Resource} // a number is no key people say
	}
	switch ix.pathTakes[p.Name] {
	case takesID:
		return Ident{Resource: id.Resource}
	case takesKey, takesEither:
		id.Bare = false
		return id
	}
	props, _ := item["properties"].(map[string]any)
	for _, k := range []string{"id", "uuid", "guid"} {
		for name, sub := range props {
			if compact(name) != k {
				continue
			}
			leaf, _ := sub.(map[string]any)
			want, have := tools.SchemaType(p.Schema), tools.SchemaType(leaf)
			if want == "" || have == "" || want == have {
				return Ident{Resource: id.Resource}
			}
		}
	}
	id.Bare = false
	return id
}

// namedUnderOwner reports items that an owner and a name identify: they carry no field
// named as an identifier, but a name and the field of the path's parameter before p
// (openapi.space's APIs, {owner, name, url, …}, at /apis/{owner}/{api}). What the spec
// calls the thing's identifier is then its name under that owner.
func namedUnderOwner(target *tools.Operation, p *tools.Param, item map[string]any) bool {
	props, _ := item["properties"].(map[string]any)
	if props == nil || (Collection{item: item}).idNamedFields() != nil {
		return false
	}
	if _, ok := props["name"]; !ok {
		return false
	}
	for _, name := range upstream.SortedKeys(props) {
		switch compact(name) {
		case "key", "slug", "uuid", "guid":
			return false
		}
	}
	before := ""
	for _, prm := range target.Params {
		if prm.In != "path" || prm == p {
			continue
		}
		if strings.Index(target.Path, "{"+prm.Name+"}") < strings.Index(target.Path, "{"+p.Name+"}") {
			before = prm.Name
		}
	}
	_, carried := props[before]
	return before != "" && carried
}

// identityHolder reports whether an item's nested object n holds the item's identity:
// it is named after the thing itself, or is a resource's metadata or attributes.
func identityHolder(n, resource string) bool {
	noun := Noun(n)
	return noun == "metadata" || noun == "attribute" || (resource != "" && (noun == resource || noun == lastWord(resource)))
}

// saysName reports a description whose first sentence says the value is a name.
func saysName(desc string) bool {
	for _, w := range firstSentenceWords(desc, 200) {
		if w == "name" {
			return true
		}
	}
	return false
}

// namesOtherThing reports a path parameter whose own name names a thing the API lists,
// other than the one the segment before it names, where the list one segment up names
// its items by a key and so gives no id: /model/{entityId} takes an entity (the models of
// an entity), so neither the models' list nor the words before it say what it is. A list
// of items with ids there (Graph's /drives/{drive-id}/bundles/{driveItem-id}) holds them.
func (ix *index) namesOtherThing(target *tools.Operation, p *tools.Param) bool {
	own := ownNoun(p)
	if own == "" || p.In != "path" {
		return false
	}
	trail := trailBefore(target.Path, p)
	if len(trail) == 0 {
		return false
	}
	for _, seg := range trail {
		if n := Noun(seg); n != "" && sameThingWords(own, n) {
			return false
		}
	}
	return ix.siblingKeyed(target, p) && ix.listsThing(own)
}

// sameThingWords reports two nouns that say the same thing at least in part: a word in
// common (a database_cluster is a database's; shares/downloads/{share_id}), or one
// glued at the end of the other (permissionscheme/{schemeId}).
func sameThingWords(a, b string) bool {
	if a == b {
		return true
	}
	for rest := a; rest != ""; {
		var w string
		w, rest, _ = strings.Cut(rest, "_")
		for other := b; other != ""; {
			var v string
			v, other, _ = strings.Cut(other, "_")
			if w == v || lexicon.Stem(w) == lexicon.Stem(v) { // a shared drive item is a share's
				return true
			}
		}
	}
	ca, cb := strings.ReplaceAll(a, "_", ""), strings.ReplaceAll(b, "_", "")
	return strings.HasSuffix(cb, ca) || strings.HasSuffix(ca, cb)
}

// siblingKeyed reports a list one segment up from p whose items carry no id of any kind,
// only keys or names.
func (ix *index) siblingKeyed(target *tools.Operation, p *tools.Param) bool {
	sib := ix.siblingList(target, p)
	if sib == nil || sib.Response == nil {
		return false
	}
	arrs := ItemArrays(sib.Response)
	if len(arrs) == 0 {
		return false
	}
	fields := ScalarFields(arrs[0].Item, "") // the shallowest list is the one it answers
	for _, k := range plainIDKinds {
		if _, ok := fields[k]; ok {
			return false
		}
	}
	return true
}

// ownArrays is a list's arrays that hold its own items: under an envelope
// (_embedded, data) or named for the thing. Where it has such an array, one named for
// something else (the warning messages an email template list answers beside its
// templates) holds other things, whose ids are not the thing's; otherwise all of them.
func ownArrays(arrs []itemArray, resource string) []itemArray {
	var own []itemArray
	for _, a := range arrs {
		seg := a.Ptr[strings.LastIndexByte(a.Ptr, '/')+1:]
		if seg == "" || envelopes[strings.ToLower(seg)] || nounFit(resource, containerNoun(seg)) > 0 {
			own = append(own, a)
		}
	}
	if len(own) == 0 {
		return arrs
	}
	return own
}

// endsInTemplate reports an operation on one item: its route ends in a template.
func endsInTemplate(op *tools.Operation) bool {
	return strings.HasSuffix(tools.WithoutFragment(op.Path), "}")
}
