package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/askapi/askapi/e2e"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/openapi"
)

// show writes an expression back as a label, canonically: keyword args `k=v`, strings in
// single quotes, so parse results compare as text.
func show(e *rcExpr) string {
	switch e.Kind {
	case rcLiteral:
		if s, ok := e.Value.(string); ok {
			return "'" + s + "'"
		}
		b, _ := json.Marshal(e.Value)
		return string(b)
	case rcRef:
		return "$" + e.Name
	case rcList:
		var parts []string
		for _, it := range e.Items {
			parts = append(parts, show(it))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	var parts []string
	for _, a := range e.Args {
		s := show(a.Value)
		if a.Key != "" {
			s = a.Key + "=" + s
		}
		parts = append(parts, s)
	}
	out := e.Name + "(" + strings.Join(parts, ",") + ")"
	for _, f := range e.Fields {
		out += "." + f
	}
	return out
}

func TestParseLabel(t *testing.T) {
	for _, tc := range []struct {
		name, label, want, err string
	}{
		{name: "keyword", label: `SelectOutfit(weather=CheckWeather(location='Paris'), occasion='wedding ceremony')`,
			want: `SelectOutfit(weather=CheckWeather(location='Paris'),occasion='wedding ceremony')`},
		{name: "positional nested", label: `RecommendDish(GetMenu(FindRestaurant('Greek', 'San Francisco')), 'vegetarian')`,
			want: `RecommendDish(GetMenu(FindRestaurant('Greek','San Francisco')),'vegetarian')`},
		{name: "three levels", label: `BookHotel(hotel_name=RecommendHotel(city=GetCity(user_ID=GetUserID(userName='Olivia')), star_level=5), date='Sunday')`,
			want: `BookHotel(hotel_name=RecommendHotel(city=GetCity(user_ID=GetUserID(userName='Olivia')),star_level=5),date='Sunday')`},
		{name: "double quotes", label: `FoodOrder(restaurant_ID=RestaurantName2ID(restaurant_name="McDonald's"))`,
			want: `FoodOrder(restaurant_ID=RestaurantName2ID(restaurant_name='McDonald's'))`},
		{name: "escaped quote", label: `SongTitleToID(song_title='Sweet Child O\' Mine')`,
			want: `SongTitleToID(song_title='Sweet Child O' Mine')`},
		{name: "spaces around =", label: `ReviewGenerator(bookdetails = BookInfo(title = 'Catcher in the Rye'), authorData = AuthorBio(author = 'J.D. Salinger'))`,
			want: `ReviewGenerator(bookdetails=BookInfo(title='Catcher in the Rye'),authorData=AuthorBio(author='J.D. Salinger'))`},
		{name: "numbers", label: `F(a=1, b=-2, c=3.5, d=1e3, e='7')`, want: `F(a=1,b=-2,c=3.5,d=1000,e='7')`},
		{name: "list and bool", label: `SearchRecipe(ingredients=['tofu', 'broccoli'], vegan=True)`,
			want: `SearchRecipe(ingredients=['tofu','broccoli'],vegan=true)`},
		{name: "no arguments, trailing comma", label: `A(B(), c='x',)`, want: `A(B(),c='x')`},
		{name: "bare name", label: `GetUserBudget(user_ID)`, want: `GetUserBudget($user_ID)`},
		{name: "field accessor", label: `A(x=B(c='Berlin').airline)`, want: `A(x=B(c='Berlin').airline)`},
		{name: "unescaped quote", label: `PlaySong(song_ID=SongTitleToID(song_title='Sweet Child O' Mine'))`,
			err: `expected , or ) after an argument of SongTitleToID`},
		{name: "unterminated", label: `A(x='abc)`, err: "unterminated string"},
		{name: "unclosed call", label: `A(x='a'`, err: "unexpected end"},
		{name: "trailing text", label: `A(x='a')) B()`, err: "after the expression"},
		{name: "number into a name", label: `A(x=5th)`, err: "bad number"},
		{name: "empty", label: ``, err: "unexpected end"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := parseLabel(tc.label)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("parseLabel(%s): err %v, want %q", tc.label, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := show(e); got != tc.want {
				t.Errorf("parseLabel(%s)\n got %s\nwant %s", tc.label, got, tc.want)
			}
		})
	}
	// Numbers keep their kind: integers as int64, others float64.
	e, err := parseLabel(`F(a=5, b=2.5)`)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e.Args[0].Value.Value.(int64); !ok {
		t.Errorf("5 is %T", e.Args[0].Value.Value)
	}
	if _, ok := e.Args[1].Value.Value.(float64); !ok {
		t.Errorf("2.5 is %T", e.Args[1].Value.Value)
	}
}

// rcTestItems: the APIs of a few dataset items, as the dataset writes them (one with
// Name/description capitalised the other way).
const rcTestItems = `[
 {"APIs": [
   {"name": "CheckWeather", "Description": "This API checks the weather.",
    "input_params": {"location": {"description": "the city", "type": "String"}},
    "output_params": {"weather": {"description": "the weather", "type": "String"}},
    "format": "CheckWeather(location) -> weather"},
   {"Name": "SelectOutfit", "description": "This API selects an outfit.",
    "input_params": {"occasion": {"description": "the occasion", "type": "String"},
                     "weather": {"description": "the weather", "type": "String"}},
    "output_params": {"outfit": {"description": "the outfit", "type": "Object"}},
    "format": "SelectOutfit(weather, occasion) -> outfit"}
  ],
  "Query": "What should I wear to a wedding ceremony in Paris?",
  "Label": "SelectOutfit(weather=CheckWeather(location='Paris'), occasion='wedding ceremony')",
  "Index": 44},
 {"APIs": [
   {"name": "FindRestaurant", "Description": "Finds a restaurant.",
    "input_params": {"cuisine": {"description": "the cuisine", "type": "String"},
                     "city": {"description": "the city", "type": "String"}},
    "output_params": {"restaurant_ID": {"description": "the restaurant's id", "type": "Integer"},
                      "rating": {"description": "its rating", "type": "Float"}},
    "format": "FindRestaurant(cuisine, city) -> restaurant_ID"},
   {"name": "GetMenu", "Description": "Gets the menu.",
    "input_params": {"restaurant_ID": {"description": "the restaurant's id", "type": "Integer"}},
    "output_params": {"menu": {"description": "the dishes", "type": "List"}},
    "format": "GetMenu(restaurant_ID) -> menu"},
   {"name": "RecommendDish", "Description": "Recommends a dish.",
    "input_params": {"menu": {"description": "the dishes", "type": "List"},
                     "diet": {"description": "the diet", "type": "String"},
                     "when": {"description": "the day", "type": "Date"},
                     "people": {"description": "how many", "type": "Integer"},
                     "spicy": {"description": "spicy or not", "type": "Boolean"},
                     "budget": {"description": "the budget", "type": "List of Float"}},
    "output_params": {"dish": {"description": "the dish", "type": "String"}},
    "format": "RecommendDish(menu, diet, when, people, spicy, budget) -> dish"}
  ],
  "Query": "Recommend a vegetarian dish at a Greek restaurant in San Francisco.",
  "Label": "RecommendDish(GetMenu(FindRestaurant('Greek', 'San Francisco')), 'vegetarian', 'Monday', 4, False, [10, 20.5])",
  "Index": 924},
 {"APIs": [
   {"name": "GetUserBudget", "Description": "A user's budget.",
    "input_params": {"user_ID": {"description": "the user", "type": "Integer"}},
    "output_params": {"budget": {"description": "the budget", "type": "Float"}},
    "format": "GetUserBudget(user_ID) -> budget"},
   {"name": "BookHotel", "Description": "Books a hotel.",
    "input_params": {"budget": {"description": "the budget", "type": "Float"}},
    "output_params": {"status": {"description": "the status", "type": "String"}},
    "format": "BookHotel(budget) -> status"}
  ],
  "Query": "Book a hotel within my budget.",
  "Label": "BookHotel(budget=GetUserBudget(user_ID))",
  "Index": 412},
 {"APIs": [
   {"name": "A", "Description": "a", "input_params": {"x": {"description": "x", "type": "String"}},
    "output_params": {"y": {"description": "y", "type": "String"}}, "format": "A(x) -> y"}
  ],
  "Query": "q", "Label": "A(x=B(z='1'))", "Index": 1}
]`

func TestReverseChainConversion(t *testing.T) {
	items, err := parseReverseChain([]byte(rcTestItems))
	if err != nil {
		t.Fatal(err)
	}
	if !isReverseChain([]byte(rcTestItems)) || isReverseChain([]byte(`[{"id": "x", "spec": "s", "operation": "GET /a"}]`)) {
		t.Fatal("format detection")
	}
	// Names and descriptions in either case; inputs in the format's order.
	so := items[0].APIs[1]
	if so.Name != "SelectOutfit" || so.Description != "This API selects an outfit." {
		t.Errorf("SelectOutfit read as %+v", so)
	}
	if so.Inputs[0].Name != "weather" || so.Inputs[1].Name != "occasion" {
		t.Errorf("SelectOutfit inputs not in the format's order: %+v", so.Inputs)
	}

	for _, tc := range []struct {
		item      int
		ops       []string
		hints     map[string]any
		skipWhy   string
		finalLast string
	}{
		{item: 0, ops: []string{"CheckWeather", "SelectOutfit"},
			hints: map[string]any{"location": "Paris", "occasion": "wedding ceremony"}},
		{item: 1, ops: []string{"FindRestaurant", "GetMenu", "RecommendDish"},
			hints: map[string]any{"cuisine": "Greek", "city": "San Francisco", "diet": "vegetarian", "when": "Monday",
				"people": int64(4), "spicy": false, "budget": []any{int64(10), 20.5}}},
		{item: 2, skipWhy: "user_ID is user_ID, a value the label does not give"},
		{item: 3, skipWhy: "B is not one of the item's APIs"},
	} {
		g, err := itemGold(items[tc.item])
		if tc.skipWhy != "" {
			if err == nil || !strings.Contains(err.Error(), tc.skipWhy) {
				t.Errorf("item %d: err %v, want %q", tc.item, err, tc.skipWhy)
			}
			continue
		}
		if err != nil {
			t.Errorf("item %d: %v", tc.item, err)
			continue
		}
		if !reflect.DeepEqual(g.Ops, tc.ops) || !reflect.DeepEqual(g.Hints, tc.hints) {
			t.Errorf("item %d: ops %v hints %#v, want %v %#v", tc.item, g.Ops, g.Hints, tc.ops, tc.hints)
		}
	}

	// The spec of item 1 loads, and says what the converter meant.
	dir := t.TempDir()
	spec, err := json.Marshal(rcSpec("t", items[1].APIs))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "item.json")
	if err := os.WriteFile(path, spec, 0o644); err != nil {
		t.Fatal(err)
	}
	cat, err := openapi.LoadCatalog(context.Background(), path, openapi.LoadOptions{NoCache: true})
	if err != nil {
		t.Fatalf("LoadCatalog: %v", err)
	}
	if len(cat.Warnings()) > 0 {
		t.Errorf("warnings: %v", cat.Warnings())
	}
	rd := cat.Lookup("GET /RecommendDish")
	if rd == nil || rd.OperationID != "RecommendDish" || rd.Summary != "Recommends a dish." {
		t.Fatalf("GET /RecommendDish: %+v", rd)
	}
	wantTypes := map[string]string{"menu": "array", "diet": "string", "when": "string", "people": "integer", "spicy": "boolean", "budget": "array"}
	var names []string
	for _, p := range rd.Params {
		names = append(names, p.Name)
		if p.In != "query" || !p.Required || p.Description == "" {
			t.Errorf("param %s: in %s required %v description %q", p.Name, p.In, p.Required, p.Description)
		}
		if got := tools.SchemaType(p.Schema); got != wantTypes[p.Name] {
			t.Errorf("param %s: type %s, want %s", p.Name, got, wantTypes[p.Name])
		}
	}
	if !reflect.DeepEqual(names, []string{"menu", "diet", "when", "people", "spicy", "budget"}) {
		t.Errorf("params %v", names)
	}
	fr := cat.Lookup("GET /FindRestaurant")
	if fr == nil {
		t.Fatal("no GET /FindRestaurant")
	}
	props, _ := fr.Response["properties"].(map[string]any)
	id, _ := props["restaurant_ID"].(map[string]any)
	rating, _ := props["rating"].(map[string]any)
	if tools.SchemaType(fr.Response) != "object" || tools.SchemaType(id) != "integer" || tools.SchemaType(rating) != "number" ||
		!strings.Contains(string(spec), `"description":"its rating"`) {
		t.Errorf("FindRestaurant's response: %v", fr.Response)
	}
}

func TestRCSchema(t *testing.T) {
	for _, tc := range []struct{ in, typ, items string }{
		{"String", "string", ""}, {"Integer", "integer", ""}, {"Float", "number", ""}, {"Number", "number", ""},
		{"Decimal", "number", ""}, {"Boolean", "boolean", ""}, {"Date", "string", ""}, {"DateTime", "string", ""},
		{"Time", "string", ""}, {"List", "array", "string"}, {"Array", "array", "string"},
		{"List of Float", "array", "number"}, {"List of dishes", "array", "string"},
		{"Object", "string", ""}, {"JSON", "string", ""}, {"Location", "string", ""}, {"", "string", ""},
	} {
		s := rcSchema(rcParam{Name: "p", Type: tc.in, Description: "d"})
		items, _ := s["items"].(map[string]any)
		if s["type"] != tc.typ || (tc.items != "" && items["type"] != tc.items) {
			t.Errorf("%q: %v", tc.in, s)
		}
	}
}

func TestJudgeSet(t *testing.T) {
	gold := []string{"GET /A", "GET /B", "GET /C"}
	for _, tc := range []struct {
		name string
		got  []string
		want bool
	}{
		{"same order", []string{"GET /A", "GET /B", "GET /C"}, true},
		{"other order", []string{"GET /B", "GET /A", "GET /C"}, true},
		{"repeat", []string{"GET /A", "GET /B", "GET /A", "GET /C"}, true},
		{"final not last", []string{"GET /A", "GET /C", "GET /B"}, false},
		{"one missing", []string{"GET /A", "GET /C"}, false},
		{"one extra", []string{"GET /A", "GET /B", "GET /D", "GET /C"}, false},
		{"final alone", []string{"GET /C"}, false},
		{"nothing", nil, false},
	} {
		if got := judgeSet(tc.got, gold); got != tc.want {
			t.Errorf("%s: judgeSet(%v) = %v", tc.name, tc.got, got)
		}
	}
	if !judgeSet([]string{"GET /C"}, []string{"GET /C"}) {
		t.Error("a one-operation label planned as itself")
	}
}

// TestReverseChainDataset converts the shared dataset: most items convert, the known
// unparsable one is skipped, every spec loads and every hint names an argument of its
// spec.
func TestReverseChainDataset(t *testing.T) {
	file := filepath.Join(e2e.SharedDir(), "datasets", "reverse-chain", "visible.json")
	if _, err := os.Stat(file); err != nil {
		t.Skipf("dataset not available: %v", err)
	}
	set, err := LoadPlanSet(file)
	if err != nil {
		t.Fatal(err)
	}
	defer set.Close()
	if set.Kind != KindReverseChain || len(set.Cases)+len(set.Skipped) != 194 || len(set.Cases) < 185 {
		t.Fatalf("%s: %d cases, %d skipped", set.Kind, len(set.Cases), len(set.Skipped))
	}
	skipped := map[string]string{}
	for _, s := range set.Skipped {
		skipped[s.ID] = s.Reason
	}
	if !strings.Contains(skipped["item 89 (Index 716)"], "does not parse") {
		t.Errorf("Sweet Child O' Mine not skipped: %v", skipped)
	}
	byID := map[string]*PlanCase{}
	for _, c := range set.Cases {
		byID[c.ID] = c
		cat, err := openapi.LoadCatalog(context.Background(), c.Spec, openapi.LoadOptions{NoCache: true})
		if err != nil {
			t.Errorf("%s: %v", c.ID, err)
			continue
		}
		if cat.Lookup(c.Operation) == nil {
			t.Errorf("%s: no %s", c.ID, c.Operation)
		}
		for k := range c.Hints {
			found := false
			for _, op := range cat.Operations() {
				found = found || op.ParamByArg(k) != nil
			}
			if !found {
				t.Errorf("%s: hint %s names no argument", c.ID, k)
			}
		}
		for _, g := range c.Gold {
			if cat.Lookup(g) == nil {
				t.Errorf("%s: gold %s is not in the spec", c.ID, g)
			}
		}
	}
	// Items checked by hand.
	for id, want := range map[string]struct {
		op    string
		gold  []string
		hints map[string]any
	}{
		"item 0 (Index 4)": {"GET /AddSongToPlaylist", []string{"GET /UserName2ID", "GET /PlaylistName2ID", "GET /AddSongToPlaylist"},
			map[string]any{"user_name": "John", "playlist_name": "Rock Ballads", "song_name": "space Oddity"}},
		"item 61 (Index 492)": {"GET /FindItemInWardrobe", []string{"GET /CheckWeather", "GET /SuggestOutfit", "GET /FindItemInWardrobe"},
			map[string]any{"location": "London"}},
		"item 73 (Index 588)": {"GET /CheckAvailability", []string{"GET /HotelName2ID", "GET /RoomType2ID", "GET /CheckAvailability"},
			map[string]any{"hotel_name": "Four Seasons Hotel", "room_type": "Double Room", "date": "30th November"}},
		"item 115 (Index 924)": {"GET /RecommendDish", []string{"GET /FindRestaurant", "GET /GetMenu", "GET /RecommendDish"},
			map[string]any{"cuisine": "Greek", "location": "San Francisco", "dietary_preference": "vegetarian"}},
		"item 148 (Index 1188)": {"GET /GetClothingAdvice", []string{"GET /GetCityLocation", "GET /GetWeather", "GET /GetClothingAdvice"},
			map[string]any{"city_name": "New York"}},
		"item 150 (Index 1204)": {"GET /SuggestLuggage", []string{"GET /GetFlightDetails", "GET /CheckBaggageAllowance", "GET /SuggestLuggage"},
			map[string]any{"city": "Berlin", "date": "next Friday", "trip_duration": int64(15)}},
		"item 44 (Index 356)": {"GET /GetRecipeInstructions", []string{"GET /SearchRecipe", "GET /GetRecipeInstructions"},
			map[string]any{"cuisine": "Chinese", "diet": "vegan", "ingredients": []any{"tofu", "broccoli"}}},
	} {
		c := byID[id]
		if c == nil {
			t.Errorf("%s: not a case (skipped: %q)", id, skipped[id])
			continue
		}
		if c.Operation != want.op || !reflect.DeepEqual(c.Gold, want.gold) || !reflect.DeepEqual(c.Hints, want.hints) {
			t.Errorf("%s (%s):\n got %s %v %#v\nwant %s %v %#v", id, c.Label, c.Operation, c.Gold, c.Hints, want.op, want.gold, want.hints)
		}
	}
}

// TestMainPlansOnly runs `eval --plans` on a small Reverse Chain file with no scenario
// cases, and --min-plans above what it reaches.
func TestMainPlansOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the askapi binary")
	}
	opts := integrationOptions(t)
	t.Setenv("ASKAPI_EVAL_BINARY", opts.Binary)
	file := filepath.Join(t.TempDir(), "rc.json")
	if err := os.WriteFile(file, []byte(rcTestItems), 0o644); err != nil {
		t.Fatal(err)
	}
	jsonFile := filepath.Join(t.TempDir(), "report.json")
	var stdout, stderr bytes.Buffer
	err := Main(context.Background(), []string{"--plans", file, "--json", jsonFile, "--min-plans", "100"}, &stdout, &stderr)
	out := stdout.String()
	if !strings.Contains(out, "reverse-chain: ") || !strings.Contains(out, "/2 parsable items planned exactly") || !strings.Contains(out, "2 skipped") {
		t.Fatalf("output:\n%s%s", out, stderr.String())
	}
	if strings.Contains(out, "askapi eval:") {
		t.Errorf("scenario cases ran without being asked for:\n%s", out)
	}
	exact := strings.Count(out, "PLAN MISS") == 0
	if exact != (err == nil) {
		t.Errorf("--min-plans 100: err %v with output\n%s", err, out)
	}
	if err != nil && !strings.Contains(err.Error(), "below --min-plans") {
		t.Errorf("err %v", err)
	}
	report, rerr := readReport(jsonFile)
	if rerr != nil {
		t.Fatal(rerr)
	}
	if len(report.Plans) != 2 || len(report.Results) != 0 {
		t.Errorf("report: %d plans, %d results", len(report.Plans), len(report.Results))
	}
	// Without a threshold the figure alone does not fail the command.
	stdout.Reset()
	if err := Main(context.Background(), []string{"--plans", file}, &stdout, &stderr); err != nil {
		t.Errorf("without --min-plans: %v\n%s", err, stdout.String())
	}
}
