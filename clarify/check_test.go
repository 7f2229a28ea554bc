package clarify

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/openapi"
)

// ctCatalog loads and builds a shared spec; annotate widens resolvable arguments as the
// server does (so a name is a valid value for person_id).
func ctCatalog(t *testing.T, name string, annotate bool) (*tools.Catalog, *reverse.Graph) {
	t.Helper()
	path := filepath.Join("..", "testdata", "shared", "specs", name)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared spec not available: %v", err)
	}
	cat, err := openapi.LoadCatalog(context.Background(), path, openapi.LoadOptions{NoCache: true})
	if err != nil {
		t.Fatalf("LoadCatalog %s: %v", name, err)
	}
	g := reverse.Build(cat, nil)
	if annotate {
		g.Annotate()
	}
	return cat, g
}

func ctOp(t *testing.T, cat *tools.Catalog, key string) *tools.Operation {
	t.Helper()
	op := cat.Lookup(key)
	if op == nil {
		t.Fatalf("no operation %q", key)
	}
	return op
}

// ctShape reduces questions to "field:kind" for comparison.
func ctShape(qs []Question) []string {
	var out []string
	for _, q := range qs {
		out = append(out, q.Field+":"+string(q.Kind))
	}
	return out
}

func ctMatchers() []any {
	return []any{map[string]any{"name": "alertname", "value": "DiskFull", "isRegex": false}}
}

func TestCheckAlertmanagerPostSilence(t *testing.T) {
	cat, _ := ctCatalog(t, "alertmanager-v2.yaml", false)
	op := ctOp(t, cat, "POST /silences")
	full := func(over map[string]any) map[string]any {
		args := map[string]any{
			"matchers":  ctMatchers(),
			"startsAt":  "2026-11-20T10:00:00Z",
			"endsAt":    "2026-11-22T10:00:00Z",
			"createdBy": "dana",
			"comment":   "disk swap in rack 4",
		}
		for k, v := range over {
			if v == nil {
				delete(args, k)
			} else {
				args[k] = v
			}
		}
		return args
	}
	cases := []struct {
		name string
		args map[string]any
		want []string
	}{
		{"complete and realistic", full(nil), nil},
		{"all missing in one round, in spec order", map[string]any{},
			[]string{"matchers:missing", "startsAt:missing", "endsAt:missing", "createdBy:missing", "comment:missing"}},
		{"createdBy and comment missing", full(map[string]any{"createdBy": nil, "comment": nil}),
			[]string{"createdBy:missing", "comment:missing"}},
		{"empty strings are missing", full(map[string]any{"createdBy": "", "comment": ""}),
			[]string{"createdBy:missing", "comment:missing"}},
		{"invented author", full(map[string]any{"createdBy": "John Doe"}), []string{"createdBy:unconfirmed"}},
		{"placeholder comment", full(map[string]any{"comment": "test"}), []string{"comment:unconfirmed"}},
		{"bad date", full(map[string]any{"endsAt": "next tuesday"}), []string{"endsAt:invalid"}},
		{"wrong type inside an array", full(map[string]any{"matchers": []any{map[string]any{"name": "a", "value": "b", "isRegex": "no"}}}),
			[]string{"matchers:invalid"}},
		{"empty matchers", full(map[string]any{"matchers": []any{}}), []string{"matchers:invalid"}},
		{"mixed: every problem in one round, in field order", full(map[string]any{"comment": nil, "endsAt": 5, "createdBy": "xxx"}),
			[]string{"endsAt:invalid", "createdBy:unconfirmed", "comment:missing"}},
		{"confirmed values are not questioned", full(map[string]any{"createdBy": "test"}), nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			call := Call{Op: op, Args: tc.args}
			if tc.name == "confirmed values are not questioned" {
				call.Confirmed = map[string]bool{"createdBy": true}
			}
			qs, err := Check(call)
			if err != nil {
				t.Fatal(err)
			}
			if got := ctShape(qs); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("questions = %q, want %q", got, tc.want)
			}
			for _, q := range qs {
				if q.Question == "" || q.Reason == "" {
					t.Errorf("question without wording or reason: %+v", q)
				}
			}
		})
	}
}

func TestCheckMissingWording(t *testing.T) {
	cat, _ := ctCatalog(t, "alertmanager-v2.yaml", false)
	op := ctOp(t, cat, "POST /silences")
	qs, err := Check(Call{Op: op, Args: map[string]any{"matchers": ctMatchers(), "startsAt": "2026-11-20T10:00:00Z", "endsAt": "2026-11-22T10:00:00Z"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 2 {
		t.Fatalf("questions = %+v", qs)
	}
	if !strings.Contains(qs[0].Question, "Who") || !strings.Contains(qs[0].Question, "created by") {
		t.Errorf("createdBy question = %q", qs[0].Question)
	}
	if !strings.Contains(qs[1].Question, "comment") {
		t.Errorf("comment question = %q", qs[1].Question)
	}
	for _, q := range qs {
		if !strings.Contains(q.Reason, "POST /silences") {
			t.Errorf("reason %q does not name the operation", q.Reason)
		}
	}
}

func TestCheckEnumsAndTypes(t *testing.T) {
	cat, _ := ctCatalog(t, "tmdb.json", false)
	trending := ctOp(t, cat, "GET /trending/{media_type}/{time_window}")
	season := ctOp(t, cat, "GET /tv/{tv_id}/season/{season_number}")
	cases := []struct {
		name    string
		op      *tools.Operation
		args    map[string]any
		want    []string
		options map[string][]any
	}{
		{"valid enums", trending, map[string]any{"media_type": "movie", "time_window": "week"}, nil, nil},
		{"invalid enum offers the allowed values", trending, map[string]any{"media_type": "film", "time_window": "week"},
			[]string{"media_type:invalid"}, map[string][]any{"media_type": {"all", "movie", "tv", "person"}}},
		{"missing enum offers the allowed values", trending, map[string]any{"media_type": "tv"},
			[]string{"time_window:missing"}, map[string][]any{"time_window": {"day", "week"}}},
		{"both wrong", trending, map[string]any{"media_type": "films", "time_window": "month"},
			[]string{"media_type:invalid", "time_window:invalid"}, map[string][]any{"time_window": {"day", "week"}}},
		{"string for an integer", season, map[string]any{"tv_id": 1399, "season_number": "first"}, []string{"season_number:invalid"}, nil},
		{"fraction for an integer", season, map[string]any{"tv_id": 1399, "season_number": 1.5}, []string{"season_number:invalid"}, nil},
		{"numbers fine", season, map[string]any{"tv_id": 1399, "season_number": 2}, nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			qs, err := Check(Call{Op: tc.op, Args: tc.args})
			if err != nil {
				t.Fatal(err)
			}
			if got := ctShape(qs); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("questions = %q, want %q", got, tc.want)
			}
			for _, q := range qs {
				want, ok := tc.options[q.Field]
				if !ok {
					continue
				}
				var got []any
				for _, o := range q.Options {
					got = append(got, o.Value)
					if o.Label == "" {
						t.Errorf("option without a label: %+v", o)
					}
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s options = %v, want %v", q.Field, got, want)
				}
			}
		})
	}
}

func TestCheckPlaceholders(t *testing.T) {
	tmdb, _ := ctCatalog(t, "tmdb.json", true)
	spotify, _ := ctCatalog(t, "spotify.json", true)
	credits := ctOp(t, tmdb, "GET /person/{person_id}/movie_credits")
	artist := ctOp(t, spotify, "GET /artists/{id}")
	top := ctOp(t, spotify, "GET /artists/{id}/top-tracks")
	cases := []struct {
		name string
		op   *tools.Operation
		args map[string]any
		want []string
	}{
		{"a real id", credits, map[string]any{"person_id": 72129}, nil},
		{"a real name", credits, map[string]any{"person_id": "Sofia Coppola"}, nil},
		{"1234", credits, map[string]any{"person_id": 1234}, []string{"person_id:unconfirmed"}},
		{"<id>", credits, map[string]any{"person_id": "<id>"}, []string{"person_id:unconfirmed"}},
		{"John Doe", credits, map[string]any{"person_id": "John Doe"}, []string{"person_id:unconfirmed"}},
		{"the spec's example", artist, map[string]any{"id": "0TnOYISbd1XYRBk9myaseg"}, []string{"id:unconfirmed"}},
		{"another artist id", artist, map[string]any{"id": "4iHNK0tOyZPYnBU7nGAgpQ"}, nil},
		{"optional arguments are not questioned", top, map[string]any{"id": "4iHNK0tOyZPYnBU7nGAgpQ", "market": "GB"}, nil},
		{"an optional spec example is not questioned", top, map[string]any{"id": "4iHNK0tOyZPYnBU7nGAgpQ", "market": "ES"}, nil},
		{"an optional placeholder word is not questioned", top, map[string]any{"id": "4iHNK0tOyZPYnBU7nGAgpQ", "market": "none"}, nil},
		{"an optional template slot is", top, map[string]any{"id": "4iHNK0tOyZPYnBU7nGAgpQ", "market": "<market>"}, []string{"market:unconfirmed"}},
		{"an optional example.com address is", top, map[string]any{"id": "4iHNK0tOyZPYnBU7nGAgpQ", "market": "https://example.com/market"}, []string{"market:unconfirmed"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// person_id is looked up by name (/search/person), as the pipeline says.
			qs, err := Check(Call{Op: tc.op, Args: tc.args, Resources: map[string]string{"person_id": "person"}})
			if err != nil {
				t.Fatal(err)
			}
			if got := ctShape(qs); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("questions = %q, want %q", got, tc.want)
			}
			for _, q := range qs {
				if q.Kind == Unconfirmed && !strings.Contains(q.Question, "invented") {
					t.Errorf("unconfirmed question does not say why: %q", q.Question)
				}
			}
		})
	}
}

var ctRawID = regexp.MustCompile(`(?i)\bid\b|_id\b|ID\b`)

// Where a producer can find the thing by name, no question asks for its id: for every
// resolvable argument of every shared spec, the missing question asks "Which <thing>".
func TestCheckAsksForThingsNotIDs(t *testing.T) {
	for _, spec := range []string{"tmdb.json", "spotify.json", "alertmanager-v2.yaml"} {
		t.Run(spec, func(t *testing.T) {
			cat, g := ctCatalog(t, spec, true)
			asked := 0
			for _, op := range cat.Operations() {
				res := g.Resources(op)
				if len(res) == 0 {
					continue
				}
				qs, err := Check(Call{Op: op, Args: map[string]any{}, Resources: res})
				if err != nil {
					t.Fatalf("%s: %v", op.Key(), err)
				}
				for _, q := range qs {
					thing, ok := res[q.Field]
					if !ok {
						continue
					}
					asked++
					bare := q.Question
					if i := strings.Index(bare, " (needed to"); i >= 0 {
						bare = bare[:i]
					}
					if !strings.HasPrefix(bare, "Which "+thing+" do you mean?") {
						t.Errorf("%s %s: %q does not ask which %s", op.Key(), q.Field, q.Question, thing)
					}
					if ctRawID.MatchString(bare) {
						t.Errorf("%s %s: %q asks for an id", op.Key(), q.Field, bare)
					}
				}
			}
			if asked == 0 {
				t.Error("no resolvable argument was asked about")
			}
		})
	}
	// The wording for TMDB's tv_id and movie_id.
	cat, g := ctCatalog(t, "tmdb.json", true)
	for key, want := range map[string]string{
		"GET /tv/{tv_id}":       "Which TV show do you mean?",
		"GET /movie/{movie_id}": "Which movie do you mean?",
	} {
		op := ctOp(t, cat, key)
		qs, _ := Check(Call{Op: op, Args: map[string]any{}, Resources: g.Resources(op)})
		if len(qs) != 1 || !strings.HasPrefix(qs[0].Question, want) {
			t.Errorf("%s: %+v, want %q", key, qs, want)
		}
	}
}

// Without an annotated schema, a name for an integer id is invalid, but the question
// still asks for the thing.
func TestCheckInvalidAsksForTheThing(t *testing.T) {
	cat, _ := ctCatalog(t, "tmdb.json", false)
	op := ctOp(t, cat, "GET /movie/{movie_id}")
	qs, err := Check(Call{Op: op, Args: map[string]any{"movie_id": "that movie"}, Resources: map[string]string{"movie_id": "movie"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 1 || qs[0].Kind != Invalid || !strings.HasPrefix(qs[0].Question, "Which movie do you mean?") {
		t.Errorf("questions = %+v", qs)
	}
}

func TestCheckNowDoesNotMatterWithoutPolicy(t *testing.T) {
	cat, _ := ctCatalog(t, "alertmanager-v2.yaml", false)
	op := ctOp(t, cat, "GET /silence/{silenceID}")
	qs, err := Check(Call{Op: op, Args: map[string]any{"silenceID": "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a"},
		UserRequest: "show me the silence", Now: time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)})
	if err != nil || len(qs) != 0 {
		t.Errorf("questions = %+v, %v", qs, err)
	}
	qs, _ = Check(Call{Op: op, Args: map[string]any{"silenceID": "00000000-0000-0000-0000-000000000000"}})
	if got := ctShape(qs); !reflect.DeepEqual(got, []string{"silenceID:unconfirmed"}) {
		t.Errorf("nil uuid: %q", got)
	}
}

func TestFieldOrderAndSort(t *testing.T) {
	cat, _ := ctCatalog(t, "spotify.json", false)
	op := ctOp(t, cat, "POST /playlists/{playlist_id}/tracks")
	order := FieldOrder(op)
	if !(order["playlist_id"] < order["position__query"] && order["position__query"] < order["uris__query"] && order["uris__query"] < order["position"]) {
		t.Errorf("order = %v", order)
	}
	qs := []Question{{Field: "uris"}, {Field: "zzz_unknown"}, {Field: "playlist_id"}, {Field: "uris__query"}}
	Sort(op, qs)
	var got []string
	for _, q := range qs {
		got = append(got, q.Field)
	}
	if want := []string{"playlist_id", "uris__query", "uris", "zzz_unknown"}; !reflect.DeepEqual(got, want) {
		t.Errorf("sorted = %q, want %q", got, want)
	}
}

// TestCheckNestedEnumOffersNoOptions: a value outside an enum deep inside an argument
// (targets[0].type) is asked about without offering the enum as values of the argument.
func TestCheckNestedEnumOffersNoOptions(t *testing.T) {
	target := map[string]any{"type": "object", "properties": map[string]any{
		"type": map[string]any{"type": "string", "enum": []any{"User", "EscalationPolicy"}},
		"slug": map[string]any{"type": "string"},
	}}
	op := &tools.Operation{Method: "POST", Path: "/incidents", InputSchema: map[string]any{"type": "object", "properties": map[string]any{
		"targets": map[string]any{"type": "array", "items": target},
		"kinds":   map[string]any{"type": "array", "items": map[string]any{"type": "string", "enum": []any{"a", "b"}}},
	}}}
	qs, err := Check(Call{Op: op, Args: map[string]any{
		"targets": []any{map[string]any{"type": "Person", "slug": "akim"}},
		"kinds":   []any{"c"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Question{}
	for _, q := range qs {
		got[q.Field] = q
	}
	if q := got["targets"]; q.Kind != Invalid || len(q.Options) != 0 || !strings.Contains(q.Question, "0/type") ||
		!strings.HasSuffix(q.Question, `("Person" at 0/type cannot be used: it should be User or EscalationPolicy.)`) {
		t.Errorf("targets: %+v", q)
	}
	if q := got["kinds"]; q.Kind != Invalid || len(q.Options) != 2 {
		t.Errorf("kinds (an item's enum is still offered): %+v", q)
	}
}

// A value the schema refuses is said in a person's words ("it should be a whole
// number"), never in the validator's ("got string, want integer"); an integer enum whose
// description says what each value means offers the meanings.
func TestCheckInvalidWording(t *testing.T) {
	props := map[string]any{
		"count":  map[string]any{"type": "integer"},
		"ratio":  map[string]any{"type": "number"},
		"public": map[string]any{"type": "boolean"},
		"label":  map[string]any{"type": "string", "minLength": 3, "maxLength": 8},
		"level":  map[string]any{"type": "integer", "minimum": 1, "maximum": 10},
		"when":   map[string]any{"type": "string", "format": "date"},
		"mail":   map[string]any{"type": "string", "format": "email"},
		"code":   map[string]any{"type": "string", "pattern": "^[A-Z]{3}$"},
		"tags":   map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "minItems": 2},
		"classification": map[string]any{"type": "integer", "format": "int32", "enum": []any{1, 2, 3, 4},
			"description": "Classification ID:\n\n* `1` - public\n\n* `2` - internal\n\n* `3` - confidential\n\n* `4` - strictly confidential\n\n\n\nProvided classification is taken from room."},
		"priority": map[string]any{"type": "integer", "enum": []any{0, 1, 2}, "description": "0 = low, 1 = normal, 2 = high"},
		"kind":     map[string]any{"type": "integer", "enum": []any{5, 6}},
		"edition":  map[string]any{"type": "integer", "const": float64(10000000)},
	}
	op := ctWordOp("", props)
	cases := []struct {
		arg     string
		value   any
		want    string // the question ends so
		options []string
	}{
		{"count", "first", `("first" cannot be used: it should be a whole number.)`, nil},
		{"count", 1.5, `(1.5 cannot be used: it should be a whole number.)`, nil},
		{"ratio", "half", `("half" cannot be used: it should be a number.)`, nil},
		{"public", "maybe", `("maybe" cannot be used: it should be yes or no.)`, nil},
		{"label", "pw", `("pw" cannot be used: it should be at least 3 characters long.)`, nil},
		{"label", "much too long", `("much too long" cannot be used: it should be at most 8 characters long.)`, nil},
		{"level", 0, `(0 cannot be used: it should be at least 1.)`, nil},
		{"level", 11, `(11 cannot be used: it should be at most 10.)`, nil},
		{"when", "next week", `("next week" cannot be used: it should be a date.)`, nil},
		{"mail", "dana at example", `("dana at example" cannot be used: it should be an email address.)`, nil},
		{"code", "abcd", `("abcd" cannot be used: it is not in the form expected.)`, nil},
		{"tags", []any{"a"}, `cannot be used: it should have at least 2 items.)`, nil},
		{"classification", "confidential",
			`Which classification should be used: 1 (public), 2 (internal), 3 (confidential) or 4 (strictly confidential)? ("confidential" is not one of them.)`,
			[]string{"1 (public)", "2 (internal)", "3 (confidential)", "4 (strictly confidential)"}},
		{"priority", 7, `Which priority should be used: 0 (low), 1 (normal) or 2 (high)? (7 is not one of them.)`, []string{"0 (low)", "1 (normal)", "2 (high)"}},
		{"kind", "big", `Which kind should be used: 5 or 6? ("big" is not one of them.)`, []string{"5", "6"}},
		{"edition", 5, `(5 cannot be used: it should be 10000000.)`, nil}, // never 1e+07
	}
	jargon := regexp.MustCompile(`\bgot\b|\bwant\b|minLength|maxLength|minimum|maximum|pattern|\bformat\b|minItems`)
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s=%v", tc.arg, tc.value), func(t *testing.T) {
			qs, err := Check(Call{Op: op, Args: map[string]any{tc.arg: tc.value}})
			if err != nil {
				t.Fatal(err)
			}
			if len(qs) != 1 || qs[0].Kind != Invalid {
				t.Fatalf("questions = %+v", qs)
			}
			q := qs[0]
			if !strings.HasSuffix(q.Question, tc.want) {
				t.Errorf("question = %q\n want it to end %q", q.Question, tc.want)
			}
			if jargon.MatchString(q.Question) {
				t.Errorf("question %q speaks the validator's jargon", q.Question)
			}
			var labels []string
			for _, o := range q.Options {
				labels = append(labels, o.Label)
			}
			if !reflect.DeepEqual(labels, tc.options) {
				t.Errorf("option labels = %q, want %q", labels, tc.options)
			}
		})
	}
}

// Questions about an invented or refused value never quote placeholder text back.
func TestCheckQuotesNoPlaceholder(t *testing.T) {
	uuid := map[string]any{"type": "string", "format": "uuid", "description": "The identifier of the Product."}
	op := &tools.Operation{Method: "GET", Path: "/v1/products/{productId}/segments", Summary: "List Segments",
		Params: []*tools.Param{{Name: "productId", Arg: "productId", In: "path", Required: true, Schema: uuid}},
		InputSchema: map[string]any{"type": "object", "required": []string{"productId"}, "properties": map[string]any{
			"productId": uuid, "count": map[string]any{"type": "integer"}}}}
	cases := []struct {
		name string
		args map[string]any
		want string
	}{
		{"nil uuid", map[string]any{"productId": "00000000-0000-0000-0000-000000000000"}, "(The value given looks invented, not something you said.)"},
		{"filler for a number", map[string]any{"productId": "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a", "count": "XXXX"}, "(The value given cannot be used: it should be a whole number.)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			qs, err := Check(Call{Op: op, Args: tc.args, UserRequest: "list the segments of the Mobile App product"})
			if err != nil {
				t.Fatal(err)
			}
			if len(qs) != 1 {
				t.Fatalf("questions = %+v", qs)
			}
			if !strings.HasSuffix(qs[0].Question, tc.want) || strings.Contains(qs[0].Question, "0000") || strings.Contains(qs[0].Question, "XXXX") {
				t.Errorf("question = %q\n want it to end %q", qs[0].Question, tc.want)
			}
		})
	}
}

// A description that lets an email in documents a real address, not the documentation's
// own: user@example.com for "the Circuit user ID or the unique email address" is invented
// (blind batch mh), a real address is used as given.
func TestCheckFabricatedBeatsDocumented(t *testing.T) {
	desc := "The participant, specified by the Circuit user ID or the unique email address"
	op := &tools.Operation{Method: "POST", Path: "/conversations/direct", Name: "createDirect",
		Body: &tools.Body{ContentType: "application/json", Flattened: true, Props: []string{"participant"}, RequiredProps: []string{"participant"},
			Schema: map[string]any{"type": "object", "required": []any{"participant"}, "properties": map[string]any{"participant": map[string]any{"type": "string", "description": desc}}}}}
	op.InputSchema = map[string]any{"type": "object", "required": []string{"participant"}, "properties": map[string]any{"participant": map[string]any{"type": "string", "description": desc}}}
	for v, want := range map[string][]string{
		"user@example.com":      {"participant:unconfirmed"},
		"lena@hamburg-depot.de": nil,
	} {
		qs, err := Check(Call{Op: op, Args: map[string]any{"participant": v}, UserRequest: "Start a chat with Lena Hoffmann"})
		if err != nil {
			t.Fatal(err)
		}
		if got := ctShape(qs); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: questions = %q, want %q", v, got, want)
		}
	}
}
