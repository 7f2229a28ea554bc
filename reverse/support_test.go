package reverse

import (
	"regexp"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

func supportCatalog() *tools.Catalog {
	op := func(method, path, summary, desc string) *tools.Operation {
		return &tools.Operation{Method: method, Path: path, Name: method + path, Summary: summary, Description: desc}
	}
	tasks := op("GET", "/tasks", "Get multiple tasks", "Returns the compact task records, in production or staging.")
	tasks.Params = []*tools.Param{{Name: "opt_pretty", In: "query", Description: "Pretty print the output."}}
	hooks := op("POST", "/webhooks", "Establish a webhook", "Requests in flight are retried.")
	hooks.Response = map[string]any{"properties": map[string]any{"created_at": map[string]any{"type": "string"}}}
	instances := op("GET", "/calendars/{calendarId}/events/{eventId}/instances", "", "Returns instances of the specified recurring event.")
	unfollow := op("DELETE", "/me/followings/{user_id}", "Unfollows a user", "")
	unfollow.Summary = "Removes a followed user"
	actions := op("POST", "/droplets/{droplet_id}/actions", "Initiate a droplet action", "")
	actions.Body = &tools.Body{Schema: map[string]any{"oneOf": []any{
		map[string]any{"properties": map[string]any{"type": map[string]any{"enum": []any{"rename", "reboot"}}}},
	}}}
	activities := op("POST", "/activities", "Create activity", "")
	activities.Body = &tools.Body{Props: []string{"type", "contact_id"}, Schema: map[string]any{"properties": map[string]any{
		"type": map[string]any{"enum": []any{"call", "meeting"}}, "contact_id": map[string]any{"type": "string"}}}}
	questions := op("GET", "/questions", "List questions", "")
	questions.Response = map[string]any{"properties": map[string]any{"accepted": map[string]any{"type": "boolean"}}}
	pins := op("GET", "/messages/archived", "List archived messages", "")
	pins.Response = map[string]any{"properties": map[string]any{"removed": map[string]any{"type": "boolean"}}}
	ops := []*tools.Operation{tasks, hooks, instances, unfollow, actions, activities, questions, pins}
	// Operations known by their method, path, summary and description alone.
	for _, o := range [][4]string{
		{"GET", "/food/ingredients/substitutes", "Get ingredient substitutes", ""},
		{"POST", "/coupons/{coupon_id}/apply", "Apply a coupon", ""},
		{"POST", "/commands/send", "Send a command to a device", ""},
		{"GET", "/reports/stops", "Fetch the stops report", "Where the engine was off."},
		{"PUT", "/appointments/{id}/reschedule", "Reschedule an appointment", ""},
		{"POST", "/account/ipblacklist", "Create an ip to exclude from event tracking", ""},
		{"GET", "/availability/{serviceId}", "Get open time slots", ""},
		{"GET", "/crm/opportunities", "List opportunities", ""},
		{"POST", "/certificates", "Create a certificate", "Issues a certificate for a domain."},
		{"POST", "/texts", "Send texts", ""},
		{"POST", "/api/allergies", "Create an allergy", ""},
		{"POST", "/Employees/{EmployeeID}", "Updates an employee's detail", ""},
		{"POST", "/comments/{id}/replies", "Reply to a comment", ""},
		{"POST", "/webhooks/{id}/disable", "Disable a webhook", ""},
	} {
		ops = append(ops, op(o[0], o[1], o[2], o[3]))
	}
	return &tools.Catalog{Operations: ops}
}

// quotedInReason finds a list of quoted words in a reason ("a", "b": the closest …).
var quotedInReason = regexp.MustCompile(`"[^"]+"(?:, "[^"]+")*`)

func TestSearchSupport(t *testing.T) {
	ix := NewIndex(supportCatalog())
	cases := []struct {
		query       string
		unsupported bool
		reason      string // words the reason must name, as the person wrote them
	}{
		{"book a flight to Berlin", true, `"book"`},
		{"print the task list", true, `"print"`},             // "print" is only in a parameter's boilerplate
		{"translate tasks into French", true, `"translate"`}, // French is a name, translating nothing the API does
		{"list my tasks", false, ""},
		{"establish a webhook", false, ""},
		{"occurrences of a recurring event", false, ""},              // one unknown word; the rest names one operation
		{"unfollow a user", false, ""},                               // undoing a word the API uses
		{"unarchive everything", true, `"unarchive"`},                // no operation undoes an archive; the word is named once
		{"rename a droplet", false, ""},                              // a value of the body's action type
		{"create a task", true, `"create"`},                          // created_at says when, not what is done
		{"reboot a droplet in Frankfurt", false, ""},                 // what is done is in the API; where is a value
		{"reboot in Frankfurt", true, ""},                            // one word before the preposition, only a body value
		{"tasks of 2019", false, ""},                                 // a number is a value
		{"list Maria's tasks", false, ""},                            // a capitalised word after the first is a name
		{"list SMS tasks", true, `"sms"`},                            // an acronym is a content word
		{"establish a webhook around Berlin", false, ""},             // "around" is a preposition too
		{"erase a followed user", false, ""},                         // a DELETE erases
		{"substitutes for buttermilk", false, ""},                    // one word, but what an operation is called
		{"apply for a business loan", true, `"business", "loan"`},    // "a …" names a kind of thing, not a value
		{"establish a webhook for production", false, ""},            // a bare word after the preposition is a value
		{"send an engine stop command", false, ""},                   // what sort of command, in words the API uses elsewhere
		{"send a report", true, `"report"`},                          // the report's operation sends nothing
		{"move an appointment", false, ""},                           // moving is how people say rescheduling: a PUT
		{"log a call with a contact", false, ""},                     // logging is how people say creating one: a POST
		{"list the next tasks", false, ""},                           // "next" says when, like "latest"
		{"exclude our office IP from tracking", false, ""},           // "office" says what sort of IP; the rest names one operation
		{"exclude our office webhook", true, `"exclude"`},            // no operation is called by both "exclude" and "webhook"
		{"find open time slots for a massage", false, ""},            // one operation answers what is asked; the service is a value
		{"reschedule time slots for a massage", true, `"massage"`},   // no operation answers the head whole: the kind decides
		{"list the deals", false, ""},                                // read as "opportunity", what the API's paths say
		{"open a ticket", true, `"ticket"`},                          // "issue" is only in a description's verb
		{"which tasks haven't we got yet", false, ""},                // what is left of contractions, auxiliaries
		{"where did the webhook go", false, ""},                      // a light verb, in the past
		{"reboot droplet RT-7", false, ""},                           // a code is a value, whatever its letters spell
		{"text Maria at 555-0142 that her task is ready", false, ""}, // one word that names an operation; the rest is the message
		{"text a coupon", true, `"coupon"`},                          // a kind of thing after "a" is still asked
		{"add a penicillin allergy to the chart", false, ""},         // what sort of allergy is a value: an operation is called by "allergy"
		{"record a penicillin allergy", false, ""},                   // recording is how people say creating: a POST
		{"delete a penicillin webhook", true, `"penicillin"`},        // no operation called by "webhook" deletes
		{"list sarah@acme.io tasks", false, ""},                      // an email address is a value
		{"list bakkerij-janssens.be tasks", false, ""},               // a host name is a value
		{"accept a question", true, `"accept"`},                      // a field of what is returned does not do what is asked
		{"questions accepted", false, ""},                            // but it says which ones are asked for
		{"list tasks.", false, ""},                                   // a full stop is not a host name
		{"list VIP Customers tasks", false, ""},                      // an acronym beside a name is part of it
		{"list VIP tasks", true, `"vip"`},                            // alone, an acronym is a content word
		{"add a penicillin sulfa allergy", false, ""},                // two modifiers of one thing
		{"list the coral bleaching tasks", false, ""},                // "the …" picks out existing tasks: its words say which
		{"list Maya's coral tasks", false, ""},                       // so does a possessive
		{"coral tasks", true, `"coral"`},
		{"list 'coral' tasks", false, ""},                                      // a quoted word is a value
		{"list coral tasks", true, `"coral"`},                                  // with no determiner, nothing says it picks out a task
		{"list load_to_warehouse tasks", false, ""},                            // an identifier in snake case is a value
		{"change an employee's details", false, ""},                            // a POST that says it updates changes, as a PUT does
		{"change a coupon", true, `"change"`},                                  // a POST that says it applies changes nothing
		{"grab the tasks", false, ""},                                          // a light verb, like get
		{"roughly how many tasks are in staging", false, ""},                   // how much, roughly, decides nothing
		{"what kinds of tasks are there", false, ""},                           // nor does what sort
		{"fire off the texts", false, ""},                                      // "fire off" is how people say send
		{"fire the tasks", true, `"fire"`},                                     // "fire" alone is not
		{"list the tasks as a PDF", false, ""},                                 // a file format the API never names is a value
		{"how many tasks are left", false, ""},                                 // what remains decides nothing
		{"establish a webhook so Maria's team can watch the tasks", false, ""}, // what it is for, whoever does it
		{"list euro tasks", false, ""},                                         // a currency is a value
		{"answer a comment", false, ""},                                        // answering is how people say replying
		{"list O'Farrell tasks", false, ""},                                    // an Irish surname is a name
		{"turn the staging webhook off", false, ""},                            // a phrasal verb split by its object
		{"turn the staging webhook", true, `"turn"`},                           // with no particle, no phrasal verb
		{"record that Maria finished her penicillin course", false, ""},        // what is recorded of someone is the content
		{"pull the tasks", false, ""},                                          // a light verb, like get
		{"list xXgrieferXx tasks", false, ""},                                  // a handle in mixed case is a name
		{"turn the webhook into a comment reply", false, ""},                   // making one thing out of another creates it
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			r := ix.Search(tc.query, 5)
			if r.Unsupported != tc.unsupported {
				t.Fatalf("unsupported = %v (%s), want %v", r.Unsupported, r.Reason, tc.unsupported)
			}
			if !strings.Contains(r.Reason, tc.reason) {
				t.Errorf("reason %q does not name %s", r.Reason, tc.reason)
			}
			// A person reads the reason: each list it quotes names a word once.
			for _, list := range quotedInReason.FindAllString(r.Reason, -1) {
				seen := map[string]bool{}
				for _, q := range strings.Split(list, ", ") {
					if seen[q] {
						t.Errorf("reason %q names %s twice", r.Reason, q)
					}
					seen[q] = true
				}
			}
		})
	}
}

func TestAbbreviationsSpelledOut(t *testing.T) {
	for short, long := range map[string]string{"spec": "specification", "qty": "quantity", "txn": "transaction", "repos": "repository",
		"sold": "sell", "went": "go", "drove": "driving", "bought": "buys"} {
		if stem(short) != stem(long) {
			t.Errorf("stem(%q) = %q, want stem(%q) = %q", short, stem(short), long, stem(long))
		}
	}
}

// An operation that answers the whole request ranks before those that score on part of it.
func TestSearchWholeAnswerFirst(t *testing.T) {
	cat := supportCatalog()
	contact := &tools.Operation{Method: "GET", Path: "/contacts/{contact_id}", Name: "getContact", Summary: "Get a contact",
		Params: []*tools.Param{{Name: "contact_id", In: "path"}}}
	contacts := &tools.Operation{Method: "GET", Path: "/contacts", Name: "listContacts", Summary: "List contacts"}
	cat.Operations = append(cat.Operations, contact, contacts)
	r := NewIndex(cat).Search("log a call with a contact", 5)
	if r.Unsupported || len(r.Matches) == 0 {
		t.Fatalf("unsupported: %s", r.Reason)
	}
	if got := r.Matches[0].Op.Path; got != "/activities" {
		t.Errorf("first match %s, want /activities (the only one that logs a call)", got)
	}
}

// A word the API never uses is read as a word of its group that an operation is called
// by, and the result says so.
func TestSynonymReading(t *testing.T) {
	ix := NewIndex(supportCatalog())
	r := ix.Search("list the deals", 5)
	if r.Unsupported || len(r.Matches) == 0 || r.Matches[0].Op.Path != "/crm/opportunities" {
		t.Fatalf("result = %+v, want GET /crm/opportunities first", r)
	}
	if len(r.ReadAs) != 1 || r.ReadAs[0] != `"deals" as "opportunity"` {
		t.Errorf("read as = %q", r.ReadAs)
	}
	// A word the API uses is never read as another.
	if r := ix.Search("list my tasks", 5); len(r.ReadAs) != 0 {
		t.Errorf("read as = %q, want nothing", r.ReadAs)
	}
	for word, others := range synonyms() {
		for _, o := range others {
			if o.term == word {
				t.Errorf("%q is its own synonym", word)
			}
		}
	}
}

// How a request is phrased is read before its words: a reason clause is left out, a
// phrasal verb is read as the API's one word, and "how many" ranks a count first.
func TestPhrasing(t *testing.T) {
	cat := supportCatalog()
	op := func(method, path, summary string) *tools.Operation {
		return &tools.Operation{Method: method, Path: path, Name: method + path, Summary: summary}
	}
	cat.Operations = append(cat.Operations,
		op("POST", "/timeentries/approve", "Approve time entries"),
		op("GET", "/timeentries", "List time entries"),
		op("GET", "/timeentries/count", "Count time entries"),
		op("POST", "/session/login", "Start a session"),
		op("PUT", "/listings/{slug}/state/end", "End a listing"),
		op("GET", "/tasks/{id}/views", "List a task's views"))
	ix := NewIndex(cat)
	cases := []struct {
		query, first, readAs string
	}{
		{"sign off on Anders' hours from last week", "POST /timeentries/approve", `"sign off" as "approve"`},
		{"log in as Maria", "POST /session/login", `"log in" as "login"`},
		{"how many time entries do we have", "GET /timeentries/count", ""},
		{"take down my listing, I sold it locally", "PUT /listings/{slug}/state/end", `"take down" as "end"`},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			r := ix.Search(tc.query, 5)
			if r.Unsupported || len(r.Matches) == 0 {
				t.Fatalf("unsupported: %s", r.Reason)
			}
			if got := r.Matches[0].Op.Key(); got != tc.first {
				t.Errorf("first = %s, want %s", got, tc.first)
			}
			if tc.readAs != "" && !strings.Contains(strings.Join(r.ReadAs, "; "), tc.readAs) {
				t.Errorf("read as = %q, want %s", r.ReadAs, tc.readAs)
			}
		})
	}
	if got := askedPart("stop texting 818-555-0123, he opted out"); got != "stop texting 818-555-0123" {
		t.Errorf("askedPart = %q", got)
	}
	// A verb of a synonym group that a method does is answered by that method's
	// operations: "stop" as cancel, which a DELETE does.
	follows := NewIndex(&tools.Catalog{Operations: []*tools.Operation{
		op("DELETE", "/me/followings/{user_id}", "Removes a followed user"), op("GET", "/users", "List users")}})
	if r := follows.Search("stop following", 5); r.Unsupported || r.Matches[0].Op.Method != "DELETE" {
		t.Errorf("stop following: %+v, want DELETE /me/followings/{user_id}", r)
	}
	// A review is no view made again, where "rename" is a name made again.
	if r := ix.Search("review a task", 5); !r.Unsupported {
		t.Errorf("review a task: ok with %s, want unsupported: the API has views, not reviews", r.Matches[0].Op.Key())
	}
	for query, want := range map[string]string{
		"add a note to the pump alert that a technician is on his way":                  "add a note to the pump alert",
		"post to my class that tomorrow's lab is cancelled":                             "post to my class",
		"text Ana saying the van is late":                                               "text Ana",
		"list tasks that need review":                                                   "list tasks that need review", // a relative clause says which
		"we moved to 200 W Washington St Suite 5, Phoenix AZ 85003, change the address": "change the address",
		"what was the spread on the Iron Bowl? settling a bet with my brother-in-law":   "what was the spread on the Iron Bowl",
		"what are people saying about the recipe":                                       "what are people saying about the recipe",
		"anything from Uber Eats? something else":                                       "anything from Uber Eats, something else", // "thing" is no verb in -ing
		"leave a comment on the task":                                                   "add a comment on the task",
		"leave the team":                                                                "leave the team",
		"I sold it":                                                                     "I sold it", // nothing would be left
		"I want to cancel my order":                                                     "cancel my order",
		"our editor needs to download the original file":                                "download the original file",
		"give me hourly averages so I can graph it":                                     "give me hourly averages",
		"download the keynote recording to recut it":                                    "download the keynote recording",
		"pause billing_sync while we migrate the database tonight":                      "pause billing_sync",
		"add the song to my playlist":                                                   "add the song to my playlist",
		"withdraw $2,000, I sold my car":                                                "withdraw $2,000", // a thousands separator is no clause break
	} {
		if got := askedPart(query); got != want {
			t.Errorf("askedPart(%q) = %q, want %q", query, got, want)
		}
	}
	if got := askedPart("Lars drove 84 km, put it on the project"); got != "Lars drove 84 km, put it on the project" {
		t.Errorf("askedPart = %q, want it whole: the clause after the comma is the request", got)
	}
}
