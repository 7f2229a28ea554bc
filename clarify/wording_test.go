package clarify

import (
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

func TestHuman(t *testing.T) {
	cases := map[string]string{
		"createdBy":           "created by",
		"movie_id":            "movie id",
		"silenceID":           "silence id",
		"startsAt":            "starts at",
		"uris__query":         "uris",
		"X-Request-ID":        "x request id",
		"primary_release.gte": "primary release gte",
		"HTTPStatus":          "http status",
		"query":               "query",
	}
	for in, want := range cases {
		if got := Human(in); got != want {
			t.Errorf("Human(%q) = %q, want %q", in, got, want)
		}
	}
}

func ctWordOp(summary string, props map[string]any) *tools.Operation {
	return &tools.Operation{Method: "POST", Path: "/x", Summary: summary,
		InputSchema: map[string]any{"type": "object", "properties": props}}
}

func TestAsk(t *testing.T) {
	props := map[string]any{
		"createdBy":         map[string]any{"type": "string"},
		"owner":             map[string]any{"type": "string"},
		"endsAt":            map[string]any{"type": "string", "format": "date-time"},
		"birthday":          map[string]any{"type": "string", "format": "date"},
		"public":            map[string]any{"type": "boolean"},
		"volume":            map[string]any{"type": "integer", "description": "Volume in percent.\nMore text."},
		"ratio":             map[string]any{"type": []any{"number", "null"}},
		"comment":           map[string]any{"type": "string"},
		"tags":              map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
		"state":             map[string]any{"type": "string", "enum": []any{"track", "context", "off"}},
		"types":             map[string]any{"type": "array", "items": map[string]any{"enum": []any{"album", "artist"}}},
		"title":             map[string]any{"type": "string", "description": "The title. Shown on top."},
		"movie_id":          map[string]any{"type": "integer"},
		"author":            map[string]any{"type": "string"},
		"reporter":          map[string]any{"type": "string", "description": "The user who created the issue."},
		"project_gid":       map[string]any{"type": "string", "description": "Globally unique identifier for the project.", "example": "12345"},
		"post_id_num":       map[string]any{"type": "integer", "description": "XXXXXXXXX"},
		"workspace":         map[string]any{"type": "string", "description": "The workspace to filter on (e.g. 1331)."},
		"ticket":            map[string]any{"type": "string", "description": "<ticket-id>"},
		"team":              map[string]any{"type": "string", "description": "Short name of the team, for example `my-team`. Lower case."},
		"founded":           map[string]any{"type": "string", "description": "The organisation's establishment date, for example, `1928-03-03` (in ISO 8601 format)."},
		"commentBody":       map[string]any{"type": "string"},
		"details":           map[string]any{"type": "string"},
		"status":            map[string]any{"type": "string"},
		"alias":             map[string]any{"type": "string"},
		"raw":               map[string]any{"type": "string"},
		"relativeStartTime": map[string]any{"type": "integer", "description": "Seconds relative to the start of the episode."},
		"account": map[string]any{"type": "object", "required": []any{"name", "type", "balance"}, "properties": map[string]any{
			"name": map[string]any{"type": "string"}, "type": map[string]any{"type": "string"}, "balance": map[string]any{"type": "integer"}}},
		"startDate": map[string]any{"type": "string", "format": "date", "description": "The first day."},
		"date_from": map[string]any{"type": "string", "description": "Date formatted as Y-m-d."},
		"date_to":   map[string]any{"type": "string", "description": "Date formatted as Y-m-d."},
		"timeUntil": map[string]any{"type": "string", "format": "date-time"},
	}
	things := map[string]string{"project_gid": "project", "post_id_num": "post"}
	cases := []struct {
		arg, resource string
		want          string
	}{
		{"createdBy", "", `Who should be recorded as "created by"?`},
		{"owner", "", `Who is the owner?`},
		{"author", "", `Who should be recorded as "author"?`},
		{"reporter", "", `Who should be recorded as "reporter"? — The user who created the issue.`},
		{"project_gid", "", `Which project do you mean?`},
		{"post_id_num", "", `Which post do you mean?`},
		{"workspace", "", `What is the workspace? — The workspace to filter on.`},
		{"ticket", "", `What is the ticket?`},
		{"team", "", `What is the team? — Short name of the team`},
		// "for example," with its comma: the example goes, and what follows it.
		{"founded", "", `What is the founded? — The organisation's establishment date`},
		{"commentBody", "", `What comment body should be included?`},
		{"endsAt", "", `When should "ends at" be? A date and time is needed.`},
		{"birthday", "", `When should "birthday" be? A date is needed.`},
		{"date_from", "", `From which date? — Date formatted as Y-m-d.`},
		{"date_to", "", `Up to which date? — Date formatted as Y-m-d.`},
		{"timeUntil", "", `Up to what time?`},
		{"public", "", `Should "public" be yes or no?`},
		{"volume", "", `What number should "volume" be? — Volume in percent.`},
		{"ratio", "", `What number should "ratio" be?`},
		{"comment", "", `What comment should be included?`},
		{"tags", "", `Which tags should be included? Several can be given.`},
		{"state", "", `Which state should be used: track, context or off?`},
		{"types", "", `Which types should be used: album or artist?`},
		{"title", "", `What is the title?`}, // its description's first sentence only repeats the name
		{"details", "", `What are the details?`},
		{"status", "", `What is the status?`},
		{"alias", "", `What is the alias?`},
		{"raw", "", `What should "raw" be?`},
		{"account", "", `What should the account be? It needs its name, type and balance.`},
		{"relativeStartTime", "", `What number should "relative start time" be? — Seconds relative to the start of the episode.`},
		{"startDate", "", `When should "start date" be? A date is needed — The first day.`},
		{"movie_id", "movie", `Which movie do you mean? A name or title is enough.`},
		{"movie_id", "TV show", `Which TV show do you mean? A name or title is enough.`},
	}
	op := ctWordOp("", props)
	for _, tc := range cases {
		f := FieldOf(op, tc.arg)
		f.Resource = tc.resource
		f.Thing = things[tc.arg]
		if got := Ask(op, f); got != tc.want {
			t.Errorf("Ask(%s, resource %q) = %q\n want %q", tc.arg, tc.resource, got, tc.want)
		}
	}
	// The operation's purpose is added when it is short.
	withPurpose := ctWordOp("Create a silence.", props)
	if got := Ask(withPurpose, FieldOf(withPurpose, "comment")); got != "What comment should be included? (needed to create a silence)" {
		t.Errorf("with purpose: %q", got)
	}
	long := ctWordOp(strings.Repeat("word ", 30), props)
	if got := Ask(long, FieldOf(long, "comment")); strings.Contains(got, "needed to") {
		t.Errorf("long summary used as purpose: %q", got)
	}
	fromDesc := &tools.Operation{Description: "Deletes a silence. It cannot be undone.", InputSchema: op.InputSchema}
	if got := Ask(fromDesc, FieldOf(fromDesc, "comment")); !strings.Contains(got, "(needed to") || !strings.Contains(got, "silence)") {
		t.Errorf("purpose from the description: %q", got)
	}
	// A description that starts with a noun phrase gives no clause: "needed to rack
	// elevation" is not English.
	if got := Purpose(&tools.Operation{Summary: "Creates a new spot insertion"}); got != "create a new spot insertion" {
		t.Errorf("Purpose of a third-person summary = %q", got)
	}
	// A gerund summary gives the bare verb, or no clause when it is no known verb's.
	for summary, want := range map[string]string{
		"Adding currency exchange rates": "add currency exchange rates",
		"Creating a project":             "create a project",
		"Getting the list of users":      "get the list of users",
		"Onboarding an application":      "",
		"Pricing of the plan":            "",
		// The path as a summary: no clause, never its template.
		"products/{sku}/group-prices/{customerGroupId}/tiers/{qty}/price/{price}": "",
	} {
		if got := Purpose(&tools.Operation{Summary: summary}); got != want {
			t.Errorf("Purpose(%q) = %q, want %q", summary, got, want)
		}
	}
	if got := Purpose(&tools.Operation{Summary: "Settings of the account"}); got != "settings of the account" {
		t.Errorf("Purpose of a noun summary = %q", got)
	}
	for desc, want := range map[string]string{
		"Rack elevation representing the list of rack units.": "",
		"Get the rack's units.":                               "get the rack's units",
		"Returns the rack's units.":                           "return the rack's units",
		// A description in HTML, as AWS writes them: the markup is never quoted.
		"<p>Creates a monitor. A monitor is built from resources.</p>": "create a monitor",
	} {
		if got := Purpose(&tools.Operation{Description: desc}); got != want {
			t.Errorf("Purpose(description %q) = %q, want %q", desc, got, want)
		}
	}
}

func TestOrListAndEnumOptions(t *testing.T) {
	if got := orList([]any{"a"}); got != "a" {
		t.Errorf("one = %q", got)
	}
	if got := orList([]any{"a", "b", "c"}); got != "a, b or c" {
		t.Errorf("three = %q", got)
	}
	many := make([]any, 30)
	for i := range many {
		many[i] = i
	}
	if got := orList(many); !strings.HasSuffix(got, "or …") || strings.Contains(got, "29") {
		t.Errorf("many = %q", got)
	}
	opts := enumOptions(map[string]any{"enum": []any{"x", nil, 2.0}})
	if len(opts) != 2 || opts[0].Value != "x" || opts[1].Label != "2" {
		t.Errorf("options = %+v", opts)
	}
}

// A common noun a summary capitalises (Title Case) reads lower-case in a question; an
// acronym, a name with capitals inside and a proper name the description capitalises
// mid-sentence keep theirs.
func TestPurposeCase(t *testing.T) {
	cases := []struct {
		summary, description, want string
	}{
		{"Create Flag", "", "create flag"},
		{"List Segments", "This endpoint returns the list of the Segments that belongs to the given Product.", "list segments"},
		{"Get Details", "", "get details"},
		{"Follow Artists or Users", "Add the current user as a follower of one or more artists or other Spotify users.", "follow artists or users"},
		{"List Snapshots for a Droplet", "To retrieve the snapshots that have been created from a Droplet, send a GET request.", "list snapshots for a droplet"},
		{"Get Task by Task ID", "", "get task by task ID"},
		{"Create an SSH key", "", "create an SSH key"},
		{"Get a user's GitHub repos", "", "get a user's GitHub repos"},
		{"List iOS builds", "", "list iOS builds"},
		{"Post a message to Slack", "Posts a message to a channel in Slack, as the bot user.", "post a message to Slack"},
		{"Create a Contact", "Creates a new contact.", "create a contact"},
		{"Get v2 Report", "", "get v2 report"},
		{"Used to retrieve details about the logged in user's hours", "", "retrieve details about the logged in user's hours"},
		{"This endpoint allows you to create a tag", "", "create a tag"},
		{"Endpoint to list invoices", "", "list invoices"},
		{"", "Use this endpoint to delete a webhook.", "delete a webhook"},
		{"Support Ticket Open", "", "open support ticket"},
		{"New Tag Create", "", "create new tag"},
		{"Personal Access Token Create", "", "create personal access token"},
		{"Managed MySQL Database View", "", "view managed MySQL database"},
		{"Volume Resize", "", "resize volume"},
		{"Linodes Assign IPv4s", "", "linodes assign IPv4s"},
		{"Search", "", "search"},
		{"Users list", "", "list users"},
		{"Check the status of the list", "", "check the status of the list"},
	}
	for _, tc := range cases {
		if got := Purpose(&tools.Operation{Summary: tc.summary, Description: tc.description}); got != tc.want {
			t.Errorf("Purpose(%q) = %q, want %q", tc.summary, got, tc.want)
		}
	}
}

// A name a person does not know (vid, cnt, q) is never quoted in a question: the field is
// named by its title, its description or the thing the operation is about.
func TestAskOpaqueNames(t *testing.T) {
	cases := []struct {
		name   string
		path   string
		arg    string
		schema map[string]any
		want   string
	}{
		{"clipped id, title an id, named by the path's thing", "/ipam/vlans/", "vid",
			map[string]any{"type": "integer", "title": "ID", "minimum": 1, "maximum": 4094}, "What is the vlan number?"},
		{"title in words", "/things", "tg", map[string]any{"type": "string", "title": "Tag label"}, "What is the tag label?"},
		{"short description", "/search", "cnt", map[string]any{"type": "integer", "description": "Number of results to return."}, "What is the number of results to return?"},
		{"one letter with a description", "/search", "q", map[string]any{"type": "string", "description": "The search query."}, "What is the search query?"},
		{"long description keeps the thing", "/ipam/vlans/", "vid",
			map[string]any{"type": "integer", "description": "Numeric VLAN tag as carried in 802.1Q frames on trunks between every switch of the site."},
			"What is the vlan number? — Numeric VLAN tag as carried in 802.1Q frames on trunks between every switch of the site."},
		{"yes or no", "/ipam/vlans/", "vflg", map[string]any{"type": "boolean"}, "Should the vlan setting be yes or no?"},
		{"a word is quoted as before", "/x", "volume", map[string]any{"type": "integer"}, `What number should "volume" be?`},
		{"words are kept", "/x", "relativeStartTime", map[string]any{"type": "integer"}, `What number should "relative start time" be?`},
		{"an acronym is a word", "/x", "ssh_key", map[string]any{"type": "string"}, `What is the ssh key?`},
		{"bid is a word", "/auctions", "bid", map[string]any{"type": "integer"}, `What number should "bid" be?`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			op := &tools.Operation{Method: "POST", Path: tc.path,
				InputSchema: map[string]any{"type": "object", "properties": map[string]any{tc.arg: tc.schema}}}
			if got := Ask(op, FieldOf(op, tc.arg)); got != tc.want {
				t.Errorf("Ask(%s) = %q\n want %q", tc.arg, got, tc.want)
			}
		})
	}
}

// A description that only repeats the field's name is not quoted after the question.
func TestAskDescriptionRepeatingName(t *testing.T) {
	cases := []struct {
		arg, desc, want string
	}{
		{"search_query", "The search query", "What is the search query?"},
		{"tags", "Tags.", "What are the tags?"},
		{"search_query", "The search query, in Lucene syntax", "What is the search query? — The search query, in Lucene syntax"},
	}
	for _, tc := range cases {
		f := Field{Arg: tc.arg, Schema: map[string]any{"type": "string", "description": tc.desc}}
		if got := askBare(f); got != tc.want {
			t.Errorf("askBare(%s, %q) = %q, want %q", tc.arg, tc.desc, got, tc.want)
		}
	}
}

// TestValueText: numbers read as written, whatever JSON decoding made of them.
func TestValueText(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{float64(99999999), "99999999"},
		{float64(1822041), "1822041"},
		{float64(2.5), "2.5"},
		{float64(-3), "-3"},
		{int64(12), "12"},
		{"abc", "abc"},
		{true, "true"},
		{map[string]any{"description": "May emails"}, `{"description":"May emails"}`},
		{[]any{"a", float64(2)}, `["a",2]`},
	} {
		if got := ValueText(c.v); got != c.want {
			t.Errorf("ValueText(%#v) = %q, want %q", c.v, got, c.want)
		}
	}
	// In a question: the API found nothing for a large id.
	if got, _ := shown(float64(99999999)); got != "99999999" {
		t.Errorf("shown(99999999.0) = %q", got)
	}
}

func TestIDPhrase(t *testing.T) {
	for id, want := range map[string]string{
		"dcim_sites_create":   "Create dcim sites",
		"createTeamMember":    "Create team member",
		"ipam_prefixes_list":  "List ipam prefixes",
		"volumeResize":        "Resize volume",
		"getUser":             "Get user",
		"teamMembers":         "",
		"x":                   "",
		"":                    "",
		"dcim_sites_bulk_foo": "",
	} {
		if got := IDPhrase(&tools.Operation{OperationID: id}); got != want {
			t.Errorf("IDPhrase(%q) = %q, want %q", id, got, want)
		}
	}
}

func TestStripMarkup(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Specify the schedule using the <strong>schedule_id</strong> path parameter.", "Specify the schedule using the schedule_id path parameter."},
		{"Deletes a **silence**\n  by id", "Deletes a silence by id"},
		{"Plain", "Plain"},
	} {
		if got := StripMarkup(c.in); got != c.want {
			t.Errorf("StripMarkup(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFirstSentence(t *testing.T) {
	got := FirstSentence("This method updates a <b>custom policy</b>. For example, a policy named X.")
	if got != "This method updates a custom policy" {
		t.Errorf("FirstSentence = %q", got)
	}
}
