package clarify

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/tools"
)

func TestPlaceholder(t *testing.T) {
	cases := []struct {
		name     string
		v        any
		examples []any
		want     bool
	}{
		// DESIGN's list.
		{"string", "string", nil, true},
		{"example", "example", nil, true},
		{"test", "test", nil, true},
		{"foo", "foo", nil, true},
		{"xxx", "xxx", nil, true},
		{"<id>", "<id>", nil, true},
		{"YOUR_API_KEY", "YOUR_API_KEY", nil, true},
		{"user@example.com", "user@example.com", nil, true},
		{"John Doe", "John Doe", nil, true},
		{"1234 number", 1234.0, nil, true},
		{"1234 int", 1234, nil, true},
		{"1234 text", "1234", nil, true},
		{"nil uuid", "00000000-0000-0000-0000-000000000000", nil, true},
		{"spec example", "0TnOYISbd1XYRBk9myaseg", []any{"0TnOYISbd1XYRBk9myaseg"}, true},
		{"spec default", 20.0, []any{20}, true},
		// A text field whose example the spec writes as a number (a phone number).
		{"spec example number as text", "442035159995", []any{442035159995.0}, true},
		{"another number as text", "441415550123", []any{442035159995.0}, false},
		// An id's prefix before filler (issue 26).
		{"prefixed nil uuid", "acct_00000000-0000-0000-0000-000000000000", nil, true},
		{"prefixed x filler", "cus_XXXXXXXXXXXX", nil, true},
		{"prefixed zeros", "prj-0000", nil, true},
		{"prefixed real id", "cus_NffrFeUfNV2Hib", nil, false},
		{"prefixed real uuid", "acct_3f2a9c1e-7b4d-4e8a-9c2f-1a5b6c7d8e9f", nil, false},
		{"words with a hyphen", "rack-four", nil, false},
		// A resource's full name with a filler part (a documentation's example ARN).
		{"ARN with a filler resource", "arn:aws:route53-recovery-control::408126573921:controlpanel/xxxxxxxxxxxx", nil, true},
		{"ARN with a counted account", "arn:aws:route53-recovery-control::123456789012:controlpanel/a4c6e8f0b2d4", nil, true},
		{"a real ARN", "arn:aws:route53-recovery-control::408126573921:controlpanel/a4c6e8f0b2d4461890ab3cd5ef7a9b1c", nil, false},
		{"a format's slots in a resource path", "projects/PROJECT_ID/locations/LOCATION_ID", nil, true},
		{"a real resource path", "projects/halcyon-payments-prod/locations/europe-west3", nil, false},
		{"capitals in a real part", "resourceGroups/RG_PROD_EAST/providers", nil, false},
		{"an id's slot with no path", "PROJECT_ID", nil, false},
		{"a path with a counted part too short", "accounts/12345", nil, false},
		// Variants.
		{"upper case", "TEST", nil, true},
		{"padded", "  foo ", nil, true},
		{"template slot braces", "{person_id}", nil, true},
		{"template slot brackets", "[name]", nil, true},
		{"env slot", "${TOKEN}", nil, true},
		{"your-token", "your-token-here", nil, true},
		{"example domain", "dana@example.org", nil, true},
		{"example url", "https://example.com/hook", nil, true},
		{"filler x", "xxxxxxxx", nil, true},
		{"filler zeros", "0000-0000", nil, true},
		{"json number", json.Number("1234"), nil, true},
		// Realistic values.
		{"dana", "dana", nil, false},
		{"comment", "disk swap in rack 4", nil, false},
		{"person id", 72129.0, nil, false},
		{"person id text", "72129", nil, false},
		{"name", "Sofia Coppola", nil, false},
		{"uuid", "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a", nil, false},
		{"spotify id", "4iHNK0tOyZPYnBU7nGAgpQ", []any{"0TnOYISbd1XYRBk9myaseg"}, false},
		{"email", "dana@ops.acme.io", nil, false},
		{"url", "https://hooks.acme.io/alert", nil, false},
		{"date", "2026-11-22T10:00:00Z", nil, false},
		{"year", 1999, nil, false},
		{"small number", 3, nil, false},
		{"zero", 0, nil, false},
		{"empty", "", nil, false},
		{"bool", false, nil, false},
		{"array", []any{"test"}, nil, false},
		{"example containing a placeholder word", "test drive of the new rack", nil, false},
		{"example differs by type", 0, []any{"0"}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, why := Placeholder(tc.v, tc.examples)
			if got != tc.want {
				t.Errorf("Placeholder(%#v, %v) = %v (%s), want %v", tc.v, tc.examples, got, why, tc.want)
			}
			if got && why == "" {
				t.Error("no reason given")
			}
			if !got && why != "" {
				t.Errorf("reason %q without a finding", why)
			}
		})
	}
}

func TestSameValue(t *testing.T) {
	cases := []struct {
		a, b any
		want bool
	}{
		{5, 5.0, true},
		{"5", 5, false},
		{[]any{"a"}, []any{"a"}, true},
		{map[string]any{"a": 1}, map[string]any{"a": 1.0}, true},
		{nil, nil, true},
	}
	for _, tc := range cases {
		if got := SameValue(tc.a, tc.b); got != tc.want {
			t.Errorf("SameValue(%#v, %#v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// A question never quotes placeholder or example text back: such a value is "the value
// given"; anything else is quoted as given.
func TestQuoteGiven(t *testing.T) {
	cases := []struct {
		name     string
		v        any
		examples []any
		want     string
	}{
		{"nil uuid", "00000000-0000-0000-0000-000000000000", nil, "the value given"},
		{"xxxx", "XXXX", nil, "the value given"},
		{"string", "string", nil, "the value given"},
		{"filler inside", "prj-XXXXXXXX", nil, "the value given"},
		{"zeros inside", "acct_00000000", nil, "the value given"},
		{"template slot", "<product-id>", nil, "the value given"},
		{"spec example", "08d8becf-d4d9-4c66-8b48-6ac74cd95fba", []any{"08d8becf-d4d9-4c66-8b48-6ac74cd95fba"}, "the value given"},
		{"a real name", "Mobile App", nil, `"Mobile App"`},
		{"a real number", 4698.0, nil, "4698"},
		{"a real uuid", "3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a", nil, `"3c1d2a64-8f0e-4d5b-9a7c-1f2e3d4c5b6a"`},
		{"a word", "first", nil, `"first"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := quoteGiven(tc.v, tc.examples); got != tc.want {
				t.Errorf("quoteGiven(%#v) = %q, want %q", tc.v, got, tc.want)
			}
		})
	}
}

// TestPathForPath: a value written as a path for an argument named as one is that path,
// not words to look up.
func TestPathForPath(t *testing.T) {
	for _, tc := range []struct {
		arg, v string
		want   bool
	}{
		{"orgUnitPath", "/Devices/Kiosks", true},
		{"orgUnitPath", "Kiosks", false},
		{"orgUnitPath", "//", false},
		{"orgUnitId", "/Devices/Kiosks", false},
	} {
		if got := pathForPath(tc.arg, tc.v); got != tc.want {
			t.Errorf("pathForPath(%s, %q) = %v, want %v", tc.arg, tc.v, got, tc.want)
		}
	}
}


// TestInvented: a template slot where a pattern wants digits was invented, not mistyped:
// asked as unconfirmed, unless the person said it.
func TestInvented(t *testing.T) {
	op := &tools.Operation{Method: "DELETE", Path: "/jobs/{Id}", Params: []*tools.Param{{Name: "Id", Arg: "Id", In: "path", Required: true, Schema: map[string]any{"type": "string", "pattern": `^\d{13}-\w{6}$`}}}}
	now := time.Now()
	if q, ok := Invented(Call{Op: op}, "Id", "<job-id>", "cancel the job for promo-spring.mov", now); !ok || q.Kind != Unconfirmed || strings.Contains(q.Question, "<job-id>") {
		t.Errorf("Invented(<job-id>) = %+v, %v; want unconfirmed, the slot not quoted", q, ok)
	}
	if _, ok := Invented(Call{Op: op}, "Id", "1780423918246-hq2v7x", "", now); ok {
		t.Errorf("a real-looking id read as invented")
	}
}
