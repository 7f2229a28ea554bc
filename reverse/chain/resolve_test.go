package chain

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
)

// rtFetcher answers producer requests from canned JSON bodies by "METHOD /path" and
// records every request.
type rtFetcher struct {
	bodies map[string]string
	err    error
	calls  []rtCall
}

type rtCall struct {
	op   string
	args map[string]any
}

func (f *rtFetcher) Fetch(_ context.Context, op *tools.Operation, args map[string]any) (any, error) {
	f.calls = append(f.calls, rtCall{op: op.Key(), args: args})
	if f.err != nil {
		return nil, f.err
	}
	raw, ok := f.bodies[op.Key()]
	if !ok {
		return nil, errors.New("unexpected request " + op.Key())
	}
	var body any
	if err := json.Unmarshal([]byte(raw), &body); err != nil {
		return nil, err
	}
	return body, nil
}

const (
	rtJenniferBody = `{"page":1,"results":[
	  {"id":72129,"name":"Jennifer Lawrence","known_for_department":"Acting","known_for":[{"title":"The Hunger Games"},{"title":"Passengers"}]},
	  {"id":4491,"name":"Jennifer Aniston","known_for_department":"Acting","known_for":[{"name":"Friends"},{"title":"We're the Millers"}]},
	  {"id":1223786,"name":"Jennifer Connelly","known_for_department":"Acting","known_for":[{"title":"A Beautiful Mind"}]}
	],"total_results":3}`
	rtSofiaBody   = `{"page":1,"results":[{"id":1769,"name":"Sofia Coppola","known_for_department":"Directing","known_for":[{"title":"Lost in Translation"}]}]}`
	rtNobodyBody  = `{"page":1,"results":[],"total_results":0}`
	rtExactBody   = `{"results":[{"id":1,"name":"Heat"},{"id":2,"name":"Heat Wave"},{"id":3,"name":"The Heat"}]}`
	rtSilenceBody = `[
	  {"id":"3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a","status":{"state":"active"},"comment":"rack 4 disk swap","createdBy":"dana",
	   "endsAt":"2026-11-22T10:00:00Z","matchers":[{"name":"alertname","value":"DiskFull","isRegex":false,"isEqual":true}]},
	  {"id":"0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0","status":{"state":"active"},"comment":"load test","createdBy":"ops",
	   "matchers":[{"name":"alertname","value":"HighLatency","isRegex":false,"isEqual":true}]}
	]`
)

func TestResolveTMDB(t *testing.T) {
	cat, g := rtShared(t, "tmdb.json")
	credits := rtOp(t, cat, "GET /person/{person_id}/movie_credits")
	cases := []struct {
		name      string
		body      string
		input     any
		outcome   Outcome
		value     any
		labels    []string // label prefixes of the candidates, in order
		searched  string
		wantCalls int
	}{
		{"one match fills", rtSofiaBody, "Sofia Coppola", Filled, 1769.0, nil, "GET /search/person with query=Sofia Coppola", 1},
		{"several are ambiguous", rtJenniferBody, "Jennifer", Ambiguous, nil,
			[]string{"Jennifer Lawrence — Acting, The Hunger Games", "Jennifer Aniston — Acting, Friends", "Jennifer Connelly — Acting, A Beautiful Mind"}, "", 1},
		{"an exact name among several fills", rtJenniferBody, "jennifer  lawrence", Filled, 72129.0, nil, "", 1},
		{"none is not found", rtNobodyBody, "Sofai Copola", NotFound, nil, nil, "GET /search/person with query=Sofai Copola", 1},
		{"surrounding spaces trimmed", rtSofiaBody, "  Sofia Coppola ", Filled, 1769.0, nil, "", 1},
		{"an id is not resolved", rtSofiaBody, 72129.0, "", nil, nil, "", 0},
		{"an id as text is not resolved", rtSofiaBody, "72129", "", nil, nil, "", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := &rtFetcher{bodies: map[string]string{"GET /search/person": tc.body}}
			res := Resolve(context.Background(), g, credits, map[string]any{"person_id": tc.input}, f, nil)
			if len(f.calls) != tc.wantCalls {
				t.Fatalf("calls = %+v, want %d", f.calls, tc.wantCalls)
			}
			if tc.outcome == "" {
				if len(res) != 0 {
					t.Errorf("resolutions = %+v, want none", res)
				}
				return
			}
			if len(res) != 1 {
				t.Fatalf("resolutions = %+v", res)
			}
			r := res[0]
			if f.calls[0].op != "GET /search/person" || f.calls[0].args["query"] != strings.TrimSpace(tc.input.(string)) {
				t.Errorf("call = %+v", f.calls[0])
			}
			if r.Arg != "person_id" || r.Resource != "person" || r.Via != "GET /search/person" || r.Outcome != tc.outcome {
				t.Errorf("resolution = %+v, want %s via GET /search/person", r, tc.outcome)
			}
			if tc.value != nil && r.Value != tc.value {
				t.Errorf("value = %#v, want %#v", r.Value, tc.value)
			}
			if tc.outcome == Filled && r.Label == "" {
				t.Error("filled without a label")
			}
			if tc.outcome != Ambiguous && len(r.Candidates) != 0 {
				t.Errorf("candidates on %s: %+v", r.Outcome, r.Candidates)
			}
			if len(tc.labels) > 0 {
				if len(r.Candidates) != len(tc.labels) {
					t.Fatalf("candidates = %+v", r.Candidates)
				}
				for i, want := range tc.labels {
					if !strings.HasPrefix(r.Candidates[i].Label, want) {
						t.Errorf("candidate %d label = %q, want prefix %q", i, r.Candidates[i].Label, want)
					}
				}
				if r.Candidates[0].ID != 72129.0 {
					t.Errorf("first candidate id = %#v", r.Candidates[0].ID)
				}
			}
			if tc.searched != "" && r.Searched != tc.searched {
				t.Errorf("searched = %q, want %q", r.Searched, tc.searched)
			}
		})
	}
}

func TestResolveExactAmongSeveral(t *testing.T) {
	cat, g := rtShared(t, "tmdb.json")
	op := rtOp(t, cat, "GET /movie/{movie_id}")
	f := &rtFetcher{bodies: map[string]string{"GET /search/movie": rtExactBody}}
	res := Resolve(context.Background(), g, op, map[string]any{"movie_id": "heat"}, f, nil)
	if len(res) != 1 || res[0].Outcome != Filled || res[0].Value != 1.0 || res[0].Via != "GET /search/movie" {
		t.Errorf("resolutions = %+v, want Heat (1) filled", res)
	}
}

func TestResolveFetchError(t *testing.T) {
	cat, g := rtShared(t, "tmdb.json")
	op := rtOp(t, cat, "GET /person/{person_id}")
	boom := errors.New("upstream down")
	f := &rtFetcher{err: boom}
	res := Resolve(context.Background(), g, op, map[string]any{"person_id": "Sofia Coppola"}, f, nil)
	if len(res) != 1 || res[0].Outcome != Failed || !errors.Is(res[0].Err, boom) || res[0].Value != nil {
		t.Errorf("resolutions = %+v, want Failed carrying the error", res)
	}
	// A failed resolution is not reused: the next round asks the producer again.
	f2 := &rtFetcher{bodies: map[string]string{"GET /search/person": rtSofiaBody}}
	res = Resolve(context.Background(), g, op, map[string]any{"person_id": "Sofia Coppola"}, f2, map[string]Resolution{"person_id": res[0]})
	if len(f2.calls) != 1 || len(res) != 1 || res[0].Outcome != Filled || res[0].Reused {
		t.Errorf("after a failure: calls %d, resolutions %+v", len(f2.calls), res)
	}
}

// A list producer without a name input: askapi matches the items itself.
func TestResolveListProducer(t *testing.T) {
	cat, g := rtShared(t, "alertmanager-v2.yaml")
	op := rtOp(t, cat, "DELETE /silence/{silenceID}")
	cases := []struct {
		input   string
		outcome Outcome
		value   any
		label   string
	}{
		{"DiskFull", Filled, "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a", "rack 4 disk swap — alertname=DiskFull, active, by dana, until 2026-11-22"},
		{"disk swap", Filled, "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a", ""},
		{"alertname", Ambiguous, nil, ""},
		{"NoSuchAlert", NotFound, nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.input, func(t *testing.T) {
			f := &rtFetcher{bodies: map[string]string{"GET /silences": rtSilenceBody}}
			res := Resolve(context.Background(), g, op, map[string]any{"silenceID": tc.input}, f, nil)
			if len(f.calls) != 1 || f.calls[0].op != "GET /silences" || len(f.calls[0].args) != 0 {
				t.Fatalf("calls = %+v, want one GET /silences without arguments", f.calls)
			}
			if len(res) != 1 || res[0].Outcome != tc.outcome {
				t.Fatalf("resolutions = %+v, want %s", res, tc.outcome)
			}
			r := res[0]
			if tc.value != nil && r.Value != tc.value {
				t.Errorf("value = %v, want %v", r.Value, tc.value)
			}
			if tc.label != "" && !strings.HasPrefix(r.Label, tc.label) {
				t.Errorf("label = %q, want prefix %q", r.Label, tc.label)
			}
			if tc.outcome == Ambiguous && len(r.Candidates) != 2 {
				t.Errorf("candidates = %+v", r.Candidates)
			}
			if tc.outcome == NotFound && r.Searched != "the silences listed by GET /silences" {
				t.Errorf("searched = %q", r.Searched)
			}
		})
	}
	// A uuid is an id: nothing is fetched.
	f := &rtFetcher{}
	if res := Resolve(context.Background(), g, op, map[string]any{"silenceID": "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a"}, f, nil); len(res) != 0 || len(f.calls) != 0 {
		t.Errorf("uuid resolved: %+v, calls %+v", res, f.calls)
	}
}

func TestResolveSpotifyFixedArgs(t *testing.T) {
	cat, g := rtShared(t, "spotify.json")
	op := rtOp(t, cat, "GET /artists/{id}/top-tracks")
	f := &rtFetcher{bodies: map[string]string{"GET /search": `{"artists":{"items":[
	  {"id":"4Z8W4fKeB5YxbusRsdQVPb","name":"Radiohead","type":"artist"},
	  {"id":"0XYZradioheadtribute01","name":"Radiohead Tribute Band","type":"artist"}]}}`}}
	res := Resolve(context.Background(), g, op, map[string]any{"id": "Radiohead", "market": "ES"}, f, nil)
	if len(f.calls) != 1 {
		t.Fatalf("calls = %+v", f.calls)
	}
	if want := map[string]any{"q": "Radiohead", "type": []any{"artist"}}; !reflect.DeepEqual(f.calls[0].args, want) {
		t.Errorf("search args = %#v, want %#v", f.calls[0].args, want)
	}
	if len(res) != 1 || res[0].Outcome != Filled || res[0].Value != "4Z8W4fKeB5YxbusRsdQVPb" {
		t.Errorf("resolutions = %+v", res)
	}
	// A Spotify id is used as given.
	f2 := &rtFetcher{}
	if res := Resolve(context.Background(), g, op, map[string]any{"id": "4iHNK0tOyZPYnBU7nGAgpQ"}, f2, nil); len(res) != 0 || len(f2.calls) != 0 {
		t.Errorf("id resolved: %+v", res)
	}
}

func TestResolvePrior(t *testing.T) {
	cat, g := rtShared(t, "tmdb.json")
	op := rtOp(t, cat, "GET /person/{person_id}/movie_credits")
	prior := map[string]Resolution{"person_id": {
		Arg: "person_id", Resource: "person", Input: "Jennifer", Outcome: Ambiguous, Via: "GET /search/person",
		Candidates: []Candidate{{ID: 72129.0, Label: "Jennifer Lawrence"}, {ID: 4491.0, Label: "Jennifer Aniston"}},
	}}
	// Round trip the prior through JSON, as a continuation does.
	data, _ := json.Marshal(prior)
	var carried map[string]Resolution
	if err := json.Unmarshal(data, &carried); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		value  any
		reused bool
		calls  int
		n      int
	}{
		{"same name: reused, nothing fetched", "Jennifer", true, 0, 1},
		{"an offered id: accepted as is", 4491.0, false, 0, 0},
		{"an offered id as text", "4491", false, 0, 0},
		{"another name: looked up", "Sofia Coppola", false, 1, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := &rtFetcher{bodies: map[string]string{"GET /search/person": rtSofiaBody}}
			res := Resolve(context.Background(), g, op, map[string]any{"person_id": tc.value}, f, carried)
			if len(f.calls) != tc.calls || len(res) != tc.n {
				t.Fatalf("calls %d, resolutions %+v; want %d calls, %d resolutions", len(f.calls), res, tc.calls, tc.n)
			}
			if tc.n == 1 && res[0].Reused != tc.reused {
				t.Errorf("reused = %v, want %v", res[0].Reused, tc.reused)
			}
			if tc.reused && (res[0].Outcome != Ambiguous || len(res[0].Candidates) != 2) {
				t.Errorf("reused resolution = %+v", res[0])
			}
		})
	}
}

// Ids offered in an earlier round are accepted even when they do not look like ids.
func TestResolveOfferedIDs(t *testing.T) {
	cat, g := rtData(t, "links.yaml", nil)
	op := rtOp(t, cat, "getUser")
	prior := map[string]Resolution{"userId": {Arg: "userId", Input: "Ada", Outcome: Ambiguous,
		Candidates: []Candidate{{ID: "ada", Label: "Ada Lovelace"}, {ID: "adab", Label: "Ada Byron"}}}}
	f := &rtFetcher{bodies: map[string]string{"GET /lookup": `{"results":[{"id":"ada","name":"Ada Lovelace"}]}`}}
	if res := Resolve(context.Background(), g, op, map[string]any{"userId": "adab"}, f, prior); len(res) != 0 || len(f.calls) != 0 {
		t.Errorf("offered id looked up again: %+v, calls %+v", res, f.calls)
	}
	// Without the earlier round, "ada" reads as a name and is looked up.
	res := Resolve(context.Background(), g, op, map[string]any{"userId": "ada"}, f, nil)
	if len(f.calls) != 1 || f.calls[0].op != "GET /lookup" || f.calls[0].args["name"] != "ada" {
		t.Fatalf("calls = %+v", f.calls)
	}
	if len(res) != 1 || res[0].Outcome != Filled || res[0].Value != "ada" {
		t.Errorf("resolutions = %+v", res)
	}
}

// Absent, empty and non-text values are not resolved; arguments without an edge neither.
func TestResolveSkips(t *testing.T) {
	cat, g := rtShared(t, "tmdb.json")
	op := rtOp(t, cat, "GET /tv/{tv_id}/season/{season_number}")
	f := &rtFetcher{}
	for _, args := range []map[string]any{
		{},
		{"tv_id": ""},
		{"tv_id": nil},
		{"tv_id": true},
		{"tv_id": 1399.0, "season_number": "first"},
	} {
		if res := Resolve(context.Background(), g, op, args, f, nil); len(res) != 0 {
			t.Errorf("Resolve(%v) = %+v", args, res)
		}
	}
	if len(f.calls) != 0 {
		t.Errorf("calls = %+v", f.calls)
	}
}

func TestItems(t *testing.T) {
	var body any
	_ = json.Unmarshal([]byte(`{"a/b":{"list":[{"id":1},"x",{"id":2}]},"top":[{"id":3}]}`), &body)
	cases := []struct {
		ptr  string
		want int
	}{
		{"/a~1b/list", 2},
		{"/top", 1},
		{"/missing", 0},
		{"", 0},
		{"/top/0", 0},
	}
	for _, tc := range cases {
		if got := Items(body, reverse.Collection{Items: tc.ptr}); len(got) != tc.want {
			t.Errorf("Items(%q) = %v, want %d items", tc.ptr, got, tc.want)
		}
	}
}

// rtAnnotated builds a fresh (uncached) catalog and graph and annotates it, as the
// server does before serving.
func rtAnnotated(t *testing.T, name string) (*tools.Catalog, *reverse.Graph) {
	t.Helper()
	path := "../../testdata/shared/specs/" + name
	saved, had := rtCatalogs[path]
	delete(rtCatalogs, path)
	cat := rtCatalog(t, path)
	if had {
		rtCatalogs[path] = saved
	} else {
		delete(rtCatalogs, path)
	}
	g := reverse.Build(cat, nil)
	g.Annotate()
	return cat, g
}

// Annotate widens what the assistant may send (a name for an id), but whether a value
// looks like an id is still judged by the declared type and format: a silence name with
// digits is not a uuid.
func TestResolveAfterAnnotate(t *testing.T) {
	cat, g := rtAnnotated(t, "alertmanager-v2.yaml")
	op := rtOp(t, cat, "DELETE /silence/{silenceID}")
	props := op.InputSchema["properties"].(map[string]any)
	widened := props["silenceID"].(map[string]any)
	if _, has := widened["format"]; has {
		t.Errorf("published schema still demands a uuid: %v", widened)
	}
	f := &rtFetcher{bodies: map[string]string{"GET /silences": rtSilenceBody}}
	res := Resolve(context.Background(), g, op, map[string]any{"silenceID": "rack4-disk-swap-2026"}, f, nil)
	if len(f.calls) != 1 || len(res) != 1 || res[0].Outcome != NotFound {
		t.Errorf("calls %+v, resolutions %+v; want the name looked up (and not found)", f.calls, res)
	}
	f = &rtFetcher{}
	if res := Resolve(context.Background(), g, op, map[string]any{"silenceID": "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a"}, f, nil); len(res) != 0 || len(f.calls) != 0 {
		t.Errorf("a uuid was looked up: %+v", res)
	}
	p := PlanCall(g, op, map[string]any{"silenceID": "rack4-disk-swap-2026"})
	if len(p.Steps) != 2 || p.Steps[0].Path != "/silences" {
		t.Errorf("plan = %+v, want the name resolved through GET /silences", p)
	}

	tcat, tg := rtAnnotated(t, "tmdb.json")
	top := rtOp(t, tcat, "GET /person/{person_id}")
	f = &rtFetcher{bodies: map[string]string{"GET /search/person": rtSofiaBody}}
	if res := Resolve(context.Background(), tg, top, map[string]any{"person_id": "72129"}, f, nil); len(res) != 0 || len(f.calls) != 0 {
		t.Errorf("72129 looked up after Annotate: %+v", res)
	}
	if res := Resolve(context.Background(), tg, top, map[string]any{"person_id": "Sofia Coppola"}, f, nil); len(res) != 1 || res[0].Outcome != Filled {
		t.Errorf("Sofia Coppola after Annotate: %+v", res)
	}
}

// TestResolveNestedParentFirst: an account named within a budget named is looked up under
// the budget's id, found first; a budget the names leave open is asked first, and its
// accounts are not listed under the name.
func TestResolveNestedParentFirst(t *testing.T) {
	cat, g := rtData(t, "nested.yaml", nil)
	op := rtOp(t, cat, "GET /budgets/{budget_id}/accounts/{account_id}/transactions")
	accounts := `{"data":{"accounts":[{"id":"a1a1a1a1-0000-4000-8000-000000000001","name":"Checking"},{"id":"a2a2a2a2-0000-4000-8000-000000000002","name":"Savings"}]}}`
	one := &rtFetcher{bodies: map[string]string{
		"GET /budgets":                      `{"data":{"budgets":[{"id":"b1b1b1b1-0000-4000-8000-000000000001","name":"Family Budget"},{"id":"b2b2b2b2-0000-4000-8000-000000000002","name":"Side Business"}]}}`,
		"GET /budgets/{budget_id}/accounts": accounts,
	}}
	rs := Resolve(context.Background(), g, op, map[string]any{"budget_id": "Family Budget", "account_id": "Checking"}, one, nil)
	got := map[string]Resolution{}
	for _, r := range rs {
		got[r.Arg] = r
	}
	if got["budget_id"].Outcome != Filled || got["account_id"].Outcome != Filled || got["account_id"].Value != "a1a1a1a1-0000-4000-8000-000000000001" {
		t.Fatalf("resolutions: %+v", rs)
	}
	for _, c := range one.calls {
		if c.op == "GET /budgets/{budget_id}/accounts" && c.args["budget_id"] != "b1b1b1b1-0000-4000-8000-000000000001" {
			t.Errorf("accounts listed under %v, not the budget's id", c.args["budget_id"])
		}
	}
	two := &rtFetcher{bodies: map[string]string{
		"GET /budgets":                      `{"data":{"budgets":[{"id":"b1b1b1b1-0000-4000-8000-000000000001","name":"Family Budget"},{"id":"b3b3b3b3-0000-4000-8000-000000000003","name":"Family Budget 2025"}]}}`,
		"GET /budgets/{budget_id}/accounts": accounts,
	}}
	rs = Resolve(context.Background(), g, op, map[string]any{"budget_id": "Family", "account_id": "Checking"}, two, nil)
	if len(rs) != 1 || rs[0].Arg != "budget_id" || rs[0].Outcome != Ambiguous {
		t.Fatalf("an open budget: %+v", rs)
	}
	for _, c := range two.calls {
		if c.op == "GET /budgets/{budget_id}/accounts" {
			t.Errorf("accounts listed under an unsettled budget: %v", c.args)
		}
	}
}

// TestResolveRecordsScope: a lookup addressed by a value the call gave in its path
// ({budget_id}) records it, so the invariant knows the API accepted it.
func TestResolveRecordsScope(t *testing.T) {
	cat, g := rtData(t, "nested.yaml", nil)
	op := rtOp(t, cat, "GET /budgets/{budget_id}/accounts/{account_id}/transactions")
	f := &rtFetcher{bodies: map[string]string{
		"GET /budgets/{budget_id}/accounts": `{"data":{"accounts":[{"id":"a1a1a1a1-0000-4000-8000-000000000001","name":"Checking"}]}}`,
	}}
	const budget = "b1b1b1b1-0000-4000-8000-000000000001"
	rs := Resolve(context.Background(), g, op, map[string]any{"budget_id": budget, "account_id": "Checking"}, f, nil)
	if len(rs) != 1 || rs[0].Outcome != Filled || rs[0].Scope["budget_id"] != budget || len(rs[0].Scope) != 1 {
		t.Fatalf("resolutions: %+v", rs)
	}
}

// TestTextsReachNestedNames: an item's words include names held five levels down (a
// booking's reservations[].customers.contact), so a booking is found by its guest's name.
func TestTextsReachNestedNames(t *testing.T) {
	booking := map[string]any{"confirmation_id": "K7QW3ZPM", "reservations": []any{map[string]any{
		"customers": map[string]any{"contact": map[string]any{"first_name": "Anna", "last_name": "Schneider"}}}}}
	match, _ := splitMatches([]map[string]any{booking, {"confirmation_id": "R4TD8NXE"}}, "Anna Schneider")
	if len(match) != 1 || match[0]["confirmation_id"] != "K7QW3ZPM" {
		t.Errorf("matches %v, want the booking whose guest is Anna Schneider", match)
	}
}
