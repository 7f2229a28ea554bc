package reverse

import (
	"testing"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

func TestResource(t *testing.T) {
	str := map[string]any{"type": "string"}
	integer := map[string]any{"type": "integer"}
	cases := []struct {
		name   string
		path   string
		param  tools.Param
		want   string
		wantOK bool
	}{
		{"snake id", "/person/{person_id}/movie_credits", tools.Param{Name: "person_id", In: "path", Schema: integer}, "person", true},
		{"camel ID", "/silence/{silenceID}", tools.Param{Name: "silenceID", In: "path", Schema: str}, "silence", true},
		{"camel Id", "/users/{userId}", tools.Param{Name: "userId", In: "path", Schema: str}, "user", true},
		{"bare id under artists", "/artists/{id}", tools.Param{Name: "id", In: "path", Schema: str}, "artist", true},
		{"bare id under artists, deeper", "/artists/{id}/top-tracks", tools.Param{Name: "id", In: "path", Schema: str}, "artist", true},
		{"bare ID under people", "/people/{ID}", tools.Param{Name: "ID", In: "path", Schema: str}, "person", true},
		{"bare id under categories", "/categories/{id}", tools.Param{Name: "id", In: "path", Schema: str}, "category", true},
		{"movie", "/movie/{movie_id}", tools.Param{Name: "movie_id", In: "path", Schema: integer}, "movie", true},
		{"tv", "/tv/{tv_id}", tools.Param{Name: "tv_id", In: "path", Schema: integer}, "tv", true},
		{"two words", "/x/{credit_card_id}", tools.Param{Name: "credit_card_id", In: "path", Schema: str}, "credit_card", true},
		{"camel two words", "/x/{playlistItemId}", tools.Param{Name: "playlistItemId", In: "path", Schema: str}, "playlist_item", true},
		{"query id", "/me/player/queue", tools.Param{Name: "device_id", In: "query", Schema: str}, "device", true},
		{"untyped", "/x/{thing_id}", tools.Param{Name: "thing_id", In: "path"}, "thing", true},
		// Not identifiers.
		{"query text", "/search/person", tools.Param{Name: "query", In: "query", Schema: str}, "", false},
		{"page", "/search/person", tools.Param{Name: "page", In: "query", Schema: integer}, "", false},
		{"season number names a season", "/tv/{tv_id}/season/{season_number}", tools.Param{Name: "season_number", In: "path", Schema: integer}, "season", true},
		{"task gid", "/tasks/{task_gid}", tools.Param{Name: "task_gid", In: "path", Schema: str}, "task", true},
		{"prefix style", "/boards/{idBoard}/lists", tools.Param{Name: "idBoard", In: "path", Schema: str}, "board", true},
		{"issue number", "/repos/{owner}/{repo}/issues/{issue_number}", tools.Param{Name: "issue_number", In: "path", Schema: integer}, "issue", true},
		{"repo named after its segment", "/repos/{owner}/{repo}/issues", tools.Param{Name: "repo", In: "path", Schema: str}, "repo", true},
		{"owner is an account", "/repos/{owner}/{repo}", tools.Param{Name: "owner", In: "path", Schema: str}, "user", true},
		{"username", "/users/{username}", tools.Param{Name: "username", In: "path", Schema: str}, "user", true},
		{"abbreviated segment", "/c/{id}", tools.Param{Name: "id", In: "path", Schema: integer}, "c", true},
		{"extension after the segment", "/groups/{id}/members.json", tools.Param{Name: "id", In: "path", Schema: integer}, "group", true},
		{"index under a segment", "/pages/{index}", tools.Param{Name: "index", In: "path", Schema: integer}, "page", true},
		{"described", "/v1/{rid}", tools.Param{Name: "rid", In: "path", Schema: str, Description: "The ID of the restaurant."}, "restaurant", true},
		{"described in code markup", "/v1/{rid}", tools.Param{Name: "rid", In: "path", Schema: str, Description: "The `id` of the restaurant."}, "restaurant", true},
		{"body role before the described thing", "/contacts", tools.Param{Name: "managing_account", In: "body", Schema: str, Description: "The `id` of the account responsible for managing the service."}, "account", true},
		{"body role, another thing described", "/contacts", tools.Param{Name: "managing_account", In: "body", Schema: str, Description: "The id of the user who manages it."}, "", false},
		{"name or id of the segment's thing", "/containers/{name_or_id}/restart", tools.Param{Name: "name_or_id", In: "path", Schema: str}, "container", true},
		{"slug", "/boards/{board_slug}", tools.Param{Name: "board_slug", In: "path", Schema: str}, "board", true},
		{"uuid format under a segment", "/devices/{device}", tools.Param{Name: "device", In: "path", Schema: map[string]any{"type": "string", "format": "uuid"}}, "device", true},
		{"api key is a credential", "/x", tools.Param{Name: "api_key", In: "query", Schema: str}, "", false},
		{"enum is not looked up", "/x/{kind_id}", tools.Param{Name: "kind_id", In: "path", Schema: map[string]any{"type": "string", "enum": []any{"a", "b"}}}, "", false},
		{"header", "/x", tools.Param{Name: "X-Request-ID", In: "header", Schema: str}, "", false},
		{"array of ids", "/x", tools.Param{Name: "with_id", In: "query", Schema: map[string]any{"type": "array"}}, "", false},
		{"boolean", "/x", tools.Param{Name: "valid_id", In: "query", Schema: map[string]any{"type": "boolean"}}, "", false},
		{"bare id at the root", "/{id}", tools.Param{Name: "id", In: "path", Schema: str}, "", false},
		// Words that merely end in "id" are not identifiers.
		{"paid", "/orders", tools.Param{Name: "paid", In: "query", Schema: str}, "", false},
		{"android", "/apps", tools.Param{Name: "android", In: "query", Schema: str}, "", false},
		{"grid", "/x/{grid}", tools.Param{Name: "grid", In: "path", Schema: str}, "", false},
		// An id glued to the head of the segment's noun, in lower case.
		{"glued org id", "/orgunits/{orgid}/projects", tools.Param{Name: "orgid", In: "path", Schema: map[string]any{"type": "number"}}, "orgunit", true},
		{"glued group id", "/globalusergroups/{groupid}/members", tools.Param{Name: "groupid", In: "path", Schema: integer}, "globalusergroup", true},
		{"glued project id", "/orgunits/{orgid}/projects/{projectid}", tools.Param{Name: "projectid", In: "path", Schema: integer}, "project", true},
		{"valid under a segment is no glued id", "/tokens/{valid}", tools.Param{Name: "valid", In: "path", Schema: str}, "", false},
		{"primary key", "/chart/{pk}/data", tools.Param{Name: "pk", In: "path", Schema: integer}, "chart", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			op := &tools.Operation{Method: "GET", Path: tc.path}
			p := tc.param
			got, ok := Resource(op, &p)
			if got != tc.want || ok != tc.wantOK {
				t.Errorf("Resource(%s in %s) = %q, %v; want %q, %v", p.Name, tc.path, got, ok, tc.want, tc.wantOK)
			}
		})
	}
}

func TestDisplayAndSingular(t *testing.T) {
	display := map[string]string{"tv": "TV show", "person": "person", "credit_card": "credit card", "movie": "movie"}
	for in, want := range display {
		if got := lexicon.Display(in); got != want {
			t.Errorf("Display(%q) = %q, want %q", in, got, want)
		}
	}
	singular := map[string]string{
		"people": "person", "movies": "movie", "categories": "category", "silences": "silence",
		"addresses": "address", "boxes": "box", "matches": "match", "status": "status",
		"series": "series", "tv": "tv", "bus": "bus", "Artists": "artist", "news": "news",
		"statuses": "status", "check_statuses": "check_status", "aliases": "alias", "kubernetes": "kubernetes", "houses": "house",
	}
	for in, want := range singular {
		if got := lexicon.Singular(in); got != want {
			t.Errorf("Singular(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLooksLikeID(t *testing.T) {
	integer := map[string]any{"type": "integer"}
	uuid := map[string]any{"type": "string", "format": "uuid"}
	str := map[string]any{"type": "string"}
	widened := map[string]any{"type": []string{"integer", "string"}}
	patterned := map[string]any{"type": "string", "pattern": "^[a-z]{3}-[0-9]{3}$"}
	// JSON Schema patterns are not anchored: only the length bounds refuse a country's
	// name where its two-letter code goes (bounds as either loader types them).
	twoLetters := map[string]any{"type": "string", "pattern": "[a-zA-Z][a-zA-Z]", "maxLength": uint64(2), "minLength": 2.0}
	cases := []struct {
		name   string
		v      any
		schema map[string]any
		want   bool
	}{
		{"json number", 72129.0, integer, true},
		{"a constant's name", "EBAY_US", str, true},
		{"capitalised words joined by hyphens", "Legacy-EC2-Weekly", str, false},
		{"capitalised words joined by an underscore", "Finance_Monthly_9", str, false},
		{"one word beside codes", "Q3-Budget-2024", str, true},
		{"a code in capitals", "INV-2024-0001", str, true},
		{"a code in capitals without digits", "HOS-RFQZ-BLK", str, true},
		{"two capital words", "NEW-YORK", str, false},
		{"an ARN", "arn:aws:app-integrations:us-east-1:491783302245:data-integration/a6c5e8f0", str, true},
		{"a resource name", "accounts/184730219", str, true},
		{"words with a slash", "Sales/Marketing", str, false},
		{"a path of lower-case slugs", "prod/billing/postgres-password", str, true},
		{"a name under a pattern that takes any text", "SalesforceLeads", map[string]any{"type": "string", "pattern": ".*\\S.*"}, false},
		{"an id under a pattern that takes any text", "2f7d1c84-9e35-4b6a-a0c2-6d8e4b3f9175", map[string]any{"type": "string", "pattern": ".*\\S.*"}, true},
		{"words in capitals", "EBAY US", str, false},
		{"one capital word", "MARKETING", str, false},
		{"letters no one says, with digits", "9xk2mq", str, true},
		{"a name with digits keeps a word", "blink182", str, false},
		{"a short one", "x9k2", str, false},
		{"two-letter code", "GH", twoLetters, true},
		// An id has its pattern's shape throughout, though the pattern is unanchored.
		{"amplify app id", "d4b8f2g6k9m3xe", map[string]any{"type": "string", "pattern": "d[a-z0-9]+"}, true},
		{"an app's name matching inside", "Tidewatr Docs", map[string]any{"type": "string", "pattern": "d[a-z0-9]+"}, false},
		{"a country's name for its code", "Ghana", twoLetters, false},
		{"go int", 72129, integer, true},
		{"digits for an integer", "72129", integer, true},
		{"digits, widened schema", "72129", widened, true},
		{"name for an integer", "Sofia Coppola", integer, false},
		{"name, widened schema", "Jennifer", widened, false},
		{"decimal text for an integer", "72129.5", integer, false},
		{"uuid", "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a", uuid, true},
		{"name for a uuid", "DiskFull", uuid, false},
		// Every spelling of a UUID format: a file name of three parts is no uuid4.
		{"ids separated by commas", "6198247350004146,6198247370004146", str, true},
		{"a name with a comma", "Smith, John", str, false},
		{"an id and a name", "6198247350004146, Transit Slip", str, false},
		{"file name for a uuid4", "spring-sale-banner.jpg", map[string]any{"type": "string", "format": "uuid4"}, false},
		{"file name for a GUID", "spring-sale-banner.jpg", map[string]any{"type": "string", "format": "guid"}, false},
		{"a uuid4", "28681111-fb62-4d8b-b6e7-e6c49a363805", map[string]any{"type": "string", "format": "uuid4"}, true},
		{"digits for a uuid", "1234", uuid, false},
		{"spotify base62", "4iHNK0tOyZPYnBU7nGAgpQ", str, true},
		{"reverse-dns group", "com.nordlicht.shipping", str, true},
		{"snake-case code", "order_placed", str, true},
		{"slug of three parts", "payment-authorized-value", str, true},
		{"camel-case code of three parts", "LindqvistBageriPOS", str, true},
		{"base-36 id, digits among letters", "p00v8fq2", str, true},
		{"a name with its digits together", "blink182", str, false},
		{"a short name with digits", "M83", str, false},
		{"a name with one hyphen", "jean-luc", str, false},
		{"a brand in camel case", "GitHub", str, false},
		{"a name with one dot", "node.js", str, false},
		{"spotify playlist", "3cEYpjA9oz9GiPac4AsH4n", str, true},
		{"hex", "deadbeefcafe", str, true},
		{"digits as a string id", "12345", str, true},
		{"person's name", "Sofia Coppola", str, false},
		{"first name", "Jennifer", str, false},
		{"one word", "Radiohead", str, false},
		{"empty", "", str, false},
		{"spaces only", "   ", str, false},
		{"pattern match", "abc-123", patterned, true},
		{"pattern mismatch", "Jennifer", patterned, false},
		{"boolean", true, str, false},
		{"object", map[string]any{"id": 1}, str, false},
		// Short names with a digit are band names, not opaque ids.
		{"band U2", "U2", str, false},
		{"band M83", "M83", str, false},
		{"band 2Pac", "2Pac", str, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := LooksLikeID(tc.v, tc.schema); got != tc.want {
				t.Errorf("LooksLikeID(%#v, %v) = %v, want %v", tc.v, tc.schema, got, tc.want)
			}
		})
	}
}

// A path segment too short or not a word is no name for a kind: the operation's tags,
// summary or description say what it is, else no kind is named.
func TestKindNoun(t *testing.T) {
	cases := []struct {
		name     string
		op       tools.Operation
		resource string
		want     string
	}{
		{"one letter, tag", tools.Operation{Path: "/t/{id}", Tags: []string{"Topics"}, Summary: "Get a single topic"}, "t", "topic"},
		{"one letter, summary", tools.Operation{Path: "/c/{id}/show", Summary: "Show category"}, "c", "category"},
		{"one letter, description", tools.Operation{Path: "/p/{id}", Description: "Returns one post by its id."}, "p", "post"},
		{"clipped, no vowel", tools.Operation{Path: "/pkg/{id}", Tags: []string{"Packages"}}, "pkg", "package"},
		{"one letter, nothing says", tools.Operation{Path: "/t/{id}", Summary: "Get one"}, "t", "t"},
		{"a word stays", tools.Operation{Path: "/movies/{id}", Tags: []string{"Films"}}, "movie", "movie"},
		{"spelled out stays", tools.Operation{Path: "/tv/{id}", Tags: []string{"Television"}}, "tv", "tv"},
		{"two letters, no noun", tools.Operation{Path: "/vm/{id}", Summary: "Get one"}, "vm", "vm"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := KindNoun(&tc.op, tc.resource); got != tc.want {
				t.Errorf("KindNoun(%s, %q) = %q, want %q", tc.op.Path, tc.resource, got, tc.want)
			}
		})
	}
}

func TestThingsShortSegment(t *testing.T) {
	op := &tools.Operation{Method: "GET", Path: "/t/{id}.json", Tags: []string{"Topics"}, Summary: "Get a single topic",
		Params: []*tools.Param{{Name: "id", Arg: "id", In: "path", Schema: map[string]any{"type": "string"}}}}
	if got := Things(op)["id"]; got != "topic" {
		t.Errorf("Things(/t/{id})[id] = %q, want topic", got)
	}
	bare := &tools.Operation{Method: "GET", Path: "/t/{id}.json", Summary: "Get one",
		Params: []*tools.Param{{Name: "id", Arg: "id", In: "path", Schema: map[string]any{"type": "string"}}}}
	if got := Things(bare)["id"]; got != "" {
		t.Errorf("Things(/t/{id}, nothing said)[id] = %q, want no kind", got)
	}
}

func TestDisplayOneLetter(t *testing.T) {
	for in, want := range map[string]string{"t": "", "c": "", "vm": "VM", "tv": "TV show", "topic": "topic"} {
		if got := lexicon.Display(in); got != want {
			t.Errorf("Display(%q) = %q, want %q", in, got, want)
		}
	}
}

// A parameter that is an identifier word and also the thing's own name ({key} under
// /keys) takes the field its description says: "ID of key" is the key's id, not a field
// called key (Mailscript, blind batch lb); undescribed, it stays a key.
func TestIdentifyThingNamedLikeAnIdentifier(t *testing.T) {
	str := map[string]any{"type": "string"}
	for _, tc := range []struct {
		name, path, param, desc string
		want                    Ident
	}{
		{"described as its id", "/addresses/{address}/keys/{key}", "key", "ID of key", Ident{Resource: "key"}},
		{"undescribed", "/addresses/{address}/keys/{key}", "key", "", Ident{Resource: "key", Field: "key", Key: true}},
		{"described as its code", "/codes/{code}", "code", "The code of the discount", Ident{Resource: "code", Field: "code", Key: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			op := &tools.Operation{Method: "GET", Path: tc.path}
			got, ok := Identify(op, &tools.Param{Name: tc.param, In: "path", Schema: str, Description: tc.desc})
			if !ok || got != tc.want {
				t.Errorf("Identify(%s in %s, %q) = %+v, %v; want %+v", tc.param, tc.path, tc.desc, got, ok, tc.want)
			}
		})
	}
}

// TestTemplateKeyDropsFragment: a fragment that tells two operations at one route apart
// is no part of the route a list and its item share.
func TestTemplateKeyDropsFragment(t *testing.T) {
	for in, want := range map[string]string{
		"/channels/{channelArn}/memberships#x-amz-chime-bearer": "/channels/{}/memberships",
		"/tags/{resourceArn}#tagKeys":                           "/tags/{}",
		"/orgs/{org}/teams/":                                    "/orgs/{}/teams",
	} {
		if got := templateKey(in); got != want {
			t.Errorf("templateKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestNounsOfFragmentedPaths: the route a path key names is read without its fragment,
// and a container's words before its list word name the items in the singular.
func TestNounsOfFragmentedPaths(t *testing.T) {
	if got := lastStatic("/workflowstepgroups#workflowId"); got != "workflowstepgroup" {
		t.Errorf("lastStatic = %q, want workflowstepgroup", got)
	}
	for in, want := range map[string]string{"workflowStepGroupsSummary": "workflow_step_group", "ServiceSummaryList": "service", "applications": "application"} {
		if got := containerNoun(in); got != want {
			t.Errorf("containerNoun(%s) = %q, want %q", in, got, want)
		}
	}
	if got := segmentBefore("/workflowstepgroup/{id}#workflowId", "{id}"); got != "workflowstepgroup" {
		t.Errorf("segmentBefore = %q", got)
	}
}
