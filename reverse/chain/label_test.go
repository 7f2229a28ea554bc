package chain

import (
	"encoding/json"
	"github.com/askapi/askapi/reverse"
	"strings"
	"testing"
)

func rtItem(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestLabel(t *testing.T) {
	cases := []struct {
		name string
		item string
		want string
	}{
		{"person", `{"id":72129,"name":"Jennifer Lawrence","known_for_department":"Acting","known_for":[{"title":"The Hunger Games"},{"title":"Passengers"},{"title":"Joy"}]}`,
			"Jennifer Lawrence — Acting, The Hunger Games, Passengers, id 72129"},
		{"movie with a year", `{"id":680,"title":"Pulp Fiction","release_date":"1994-09-10"}`, "Pulp Fiction (1994) — id 680"},
		{"tv show", `{"id":1668,"name":"Friends","first_air_date":"1994-09-22"}`, "Friends (1994) — id 1668"},
		{"silence", `{"id":"3c1d","comment":"rack 4 disk swap","createdBy":"dana","endsAt":"2026-11-22T10:00:00Z","status":{"state":"active"},
			"matchers":[{"name":"severity","value":"crit.*","isRegex":true},{"name":"alertname","value":"DiskFull","isRegex":false,"isEqual":true}]}`,
			"rack 4 disk swap — alertname=DiskFull severity=~crit.*, active, by dana, until 2026-11-22, id 3c1d"},
		{"negative matcher", `{"id":"x1","comment":"c","matchers":[{"name":"env","value":"dev","isRegex":false,"isEqual":false}]}`, "c — env!=dev, id x1"},
		{"album", `{"id":"a1","name":"OK Computer","type":"album","release_date":"1997-05-21","artists":[{"name":"Radiohead"}]}`,
			"OK Computer (1997) — by Radiohead, album, id a1"},
		{"no name", `{"id":42,"status":"open"}`, "42 — open"},
		{"only an id", `{"id":42}`, "42"},
		{"long name clipped", `{"id":1,"name":"` + "An Extremely Long Title That Goes On And On Without Any End In Sight" + `"}`,
			"An Extremely Long Title That Goes On And On Without Any End… — id 1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			item := rtItem(t, tc.item)
			if got := reverse.Label(item, item["id"]); got != tc.want {
				t.Errorf("Label = %q\n want   %q", got, tc.want)
			}
		})
	}
}

func TestPrimary(t *testing.T) {
	cases := map[string]string{
		`{"name":"A","title":"B"}`:           "A",
		`{"title":"B","original_title":"C"}`: "B",
		`{"name":"  ","login":"octocat"}`:    "octocat",
		`{"id":1}`:                           "",
		`{"name":5,"comment":"text"}`:        "text",
	}
	for in, want := range cases {
		if got := reverse.Primary(rtItem(t, in)); got != want {
			t.Errorf("Primary(%s) = %q, want %q", in, got, want)
		}
	}
}

// Candidates whose labels read alike are told apart by a field that differs between
// them (a description, a parent's name, a date) before the id.
func TestCandidatesTellApart(t *testing.T) {
	cases := []struct {
		name  string
		items string
		want  []string
	}{
		{"description", `[{"productId":"p1","name":"Mobile App","description":"iOS and Android shopping app","order":1,"organization":{"organizationId":"o1","name":"Nordlicht Commerce GmbH"}},
			{"productId":"p2","name":"Mobile App","description":"Ferry booking app (Fjordline)","order":0,"organization":{"organizationId":"o2","name":"Fjordline Labs AS"}},
			{"productId":"p3","name":"Search Platform","description":"Ranking"}]`,
			[]string{"Mobile App — iOS and Android shopping app, id p1", "Mobile App — Ferry booking app (Fjordline), id p2", "Search Platform — id p3"}},
		{"parent name when descriptions match", `[{"productId":"p1","name":"Mobile App","description":"App","organization":{"organizationId":"o1","name":"Nordlicht Commerce GmbH"}},
			{"productId":"p2","name":"Mobile App","description":"App","organization":{"organizationId":"o2","name":"Fjordline Labs AS"}}]`,
			[]string{"Mobile App — Nordlicht Commerce GmbH, id p1", "Mobile App — Fjordline Labs AS, id p2"}},
		{"date", `[{"productId":"p1","name":"Weekly sync","created_at":"2024-03-01T10:00:00Z"},{"productId":"p2","name":"Weekly sync","created_at":"2025-01-15T09:00:00Z"}]`,
			[]string{"Weekly sync — created 2024-03-01, id p1", "Weekly sync — created 2025-01-15, id p2"}},
		{"nothing tells them apart", `[{"productId":"p1","name":"Twin","order":1},{"productId":"p2","name":"Twin","order":1}]`,
			[]string{"Twin — id p1", "Twin — id p2"}},
		{"distinct names keep their labels", `[{"productId":"p1","name":"A","description":"x"},{"productId":"p2","name":"B","description":"y"}]`,
			[]string{"A — id p1", "B — id p2"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var list []map[string]any
			if err := json.Unmarshal([]byte(tc.items), &list); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range candidates(list, "productId") {
				got = append(got, c.Label)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("labels:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestExactMatchesAllNames(t *testing.T) {
	employee := map[string]any{"id": "e1", "username": "alex.morgan", "firstName": "Alex", "lastName": "Morgan"}
	contractor := map[string]any{"id": "c1", "username": "amorgan", "firstName": "Alex", "lastName": "Morgan"}
	other := map[string]any{"id": "o1", "username": "alexm", "firstName": "Alexandra", "lastName": "Morgan"}
	hook := map[string]any{"id": "w1", "to": "bc1q4d8h", "url": "https://pay.example.net/ipn/btc"}
	hookTwin := map[string]any{"id": "w3", "to": "bc1q9z2k", "url": "https://pay.example.net/ipn/btc"}
	hookRefunds := map[string]any{"id": "w2", "to": "bc1q7m3x", "url": "https://pay.example.net/ipn/btc-refunds"}
	cases := []struct {
		name  string
		items []map[string]any
		want  int
	}{
		{"Alex Morgan", []map[string]any{employee, contractor}, 2},    // both are called so
		{"Alex Morgan", []map[string]any{contractor, employee}, 2},    // whatever the order
		{"Alex Morgan", []map[string]any{employee, other}, 1},         // the other is another person
		{"amorgan", []map[string]any{employee, contractor}, 1},        // a username is one person's
		{"Alexandra", []map[string]any{employee, contractor}, 0},      // nobody's label
		{"Alex Morgan", []map[string]any{contractor, {"id": "x"}}, 0}, // no label spells it
		// No label at all: the one item that carries the value whole, not one it begins.
		{"https://pay.example.net/ipn/btc", []map[string]any{hookRefunds, hook}, 1},
		{"https://pay.example.net/ipn", []map[string]any{hookRefunds, hook}, 0},
		{"https://pay.example.net/ipn/btc", []map[string]any{hook, hookTwin}, 0}, // two carry it
	}
	for _, tc := range cases {
		if got := exactMatches(tc.items, "id", tc.name); len(got) != tc.want {
			t.Errorf("exactMatches(%q) = %v, want %d", tc.name, got, tc.want)
		}
	}
}

// Items that carry the same id are one candidate: six APIs of one owner, each naming it,
// settle the owner (openapi.space, blind round twenty).
func TestCandidatesOneByID(t *testing.T) {
	items := []map[string]any{
		{"owner": "kaupunkidata", "name": "bike-stations"},
		{"owner": "kaupunkidata", "name": "ferry-timetables"},
		{"owner": "helsinki", "name": "parking"},
	}
	got := candidates(items, "owner")
	if len(got) != 2 || got[0].ID != "kaupunkidata" || got[1].ID != "helsinki" {
		t.Errorf("candidates = %+v, want kaupunkidata then helsinki, once each", got)
	}
}

// Items named by their link to themselves are read with the id the link gives, and one
// whose link does not fit the path is no candidate.
func TestItemsFromLinks(t *testing.T) {
	body := map[string]any{"Links": []any{
		map[string]any{"@href": "/Employer/ER007", "@title": "Kestrel Logistics"},
		map[string]any{"@href": "/Employer/ER004", "@title": "Harrow Bakeries"},
		map[string]any{"@href": "/Report/EMPSUM", "@title": "Summary"},
	}}
	items := Items(body, reverse.Collection{Items: "/Links", IDField: "@href", LinkPath: "/Employer/{EmployerId}"})
	if len(items) != 2 || items[0]["@href"] != "ER007" || items[1]["@href"] != "ER004" || items[0]["@title"] != "Kestrel Logistics" {
		t.Errorf("items = %v, want ER007 and ER004 with their titles", items)
	}
	if first := body["Links"].([]any)[0].(map[string]any)["@href"]; first != "/Employer/ER007" {
		t.Errorf("the answer itself changed: %v", first)
	}
}

// Addressed records (Azure's) are read with their address's segment where the path puts
// the parameter, their name kept as the label; a record whose address does not fit is
// read by its name, as before addresses were read.
func TestItemsFromAddresses(t *testing.T) {
	body := map[string]any{"value": []any{
		map[string]any{"id": "/subscriptions/7c2e/providers/Microsoft.AlertsManagement/alerts/c41e7a93", "name": "Disk space low on sql-prod-02"},
		map[string]any{"id": "c41e7a94", "name": "web-01"},
		map[string]any{"id": "/subscriptions/7c2e/resourceGroups/rg/providers/Microsoft.Web/sites/shop/slots/staging", "name": "shop/staging"},
	}}
	slots := Items(body, reverse.Collection{Items: "/value", IDField: "id", AddressPath: "/slots/{slot}"})
	if slots[2]["id"] != "staging" {
		t.Errorf("a slot's address gives %v, want staging (its name is shop/staging)", slots[2]["id"])
	}
	body["value"] = body["value"].([]any)[:2]
	items := Items(body, reverse.Collection{Items: "/value", IDField: "id", AddressPath: "/alerts/{alertId}"})
	if len(items) != 2 || items[0]["id"] != "c41e7a93" || items[0]["name"] != "Disk space low on sql-prod-02" || items[1]["id"] != "web-01" {
		t.Errorf("items = %v, want c41e7a93 labelled by its name, then web-01 by its name", items)
	}
	if got := candidates(items, "id"); len(got) != 2 || got[0].ID != "c41e7a93" || !strings.HasPrefix(got[0].Label, "Disk space low on sql-prod-02") {
		t.Errorf("candidates = %+v", got)
	}
}

// A lookup that finds the words given in the field an id is read from gives no id: on an
// edge that takes an id, words with spaces found so fail the lookup; a key people say,
// or one word, is not judged so.
func TestWordsBack(t *testing.T) {
	for _, tc := range []struct {
		key         bool
		value, name string
		want        bool
	}{
		{false, "Disk space low on sql-prod-02", "disk space low on sql-prod-02", true},
		{false, "c41e7a93", "Disk space low on sql-prod-02", false},
		{true, "Payments Team", "Payments Team", false},
		{false, "web-01", "web-01", false},
		{false, "csv_transformer", "CSV Transformer", false},
	} {
		if got := wordsBack(reverse.Edge{Key: tc.key}, tc.value, tc.name); got != tc.want {
			t.Errorf("wordsBack(key %v, %q, %q) = %v, want %v", tc.key, tc.value, tc.name, got, tc.want)
		}
	}
}
