package reverse

import "testing"

// TestNameKey: a write's body field named for another thing's name (inspectTemplateName)
// is that thing's key, filled from its list, where the items carry a label apart from
// their name; the description may name the listed thing in code where the field's own
// name lists nothing (reidentifyTemplateName, "an instance of `DeidentifyTemplate`"). A
// thing whose name is its only label (a tag) is named by the person's words as given.
func TestNameKey(t *testing.T) {
	cat, g := rtData(t, "namekey.yaml", nil)
	op := rtOp(t, cat, "POST /v2/{parent}/content:reidentify")
	for _, tc := range []struct{ arg, lister string }{
		{"inspectTemplateName", "GET /v2/{parent}/inspectTemplates"},
		{"reidentifyTemplateName", "GET /v2/{parent}/deidentifyTemplates"},
	} {
		e := rtEdge(t, g, op, tc.arg)
		if len(e.Producers) == 0 || e.Producers[0].OpKey != tc.lister || e.Producers[0].Collection.IDField != "name" || !e.Key {
			t.Errorf("%s: edge %+v, want %s read at name, as a key", tc.arg, e, tc.lister)
		}
	}
	if e, ok := g.Edge(op, "tagName"); ok {
		t.Errorf("tagName: a tag's only label is its name, yet an edge: %+v", e)
	}
}

// TestAddressedRecords: Azure's records carry their whole address as id; a path parameter
// reads the address's segment where its path puts it (an alert's GUID, not its name,
// which is a title); where the items carry no id but a name, an id named as the
// parameter one object down is read there (properties/diskId for {DiskId}).
func TestAddressedRecords(t *testing.T) {
	cat, g := rtData(t, "namekey.yaml", nil)
	e := rtEdge(t, g, rtOp(t, cat, "POST /subscriptions/{subscriptionId}/providers/Microsoft.AlertsManagement/alerts/{alertId}/changestate"), "alertId")
	if c := e.Producers[0].Collection; c.IDField != "id" || c.AddressPath != "/alerts/{alertId}" {
		t.Errorf("alertId reads %q at %q, want id at /alerts/{alertId}", c.IDField, c.AddressPath)
	}
	// A nested record's name is parent/child (app/staging): {slot} reads the address too.
	e = rtEdge(t, g, rtOp(t, cat, "GET /sites/{name}/slots/{slot}"), "slot")
	if c := e.Producers[0].Collection; c.IDField != "id" || c.AddressPath != "/slots/{slot}" {
		t.Errorf("slot reads %q at %q, want id at /slots/{slot}", c.IDField, c.AddressPath)
	}
	e = rtEdge(t, g, rtOp(t, cat, "GET /locations/{location}/disks/{DiskId}"), "DiskId")
	if f := e.Producers[0].Collection.IDField; f != "properties/diskId" {
		t.Errorf("DiskId reads %q, want properties/diskId", f)
	}
}

// TestNamedByTheOperation: a whole resource name described only as "the resource"
// (GET /v1/{name}) is the name of the thing its dotted operationId names (keep.notes.get),
// read from that thing's list; a one-word body field named after a thing whose
// description says it takes that thing's sid or unique name (Sim) is that thing's id.
func TestNamedByTheOperation(t *testing.T) {
	cat, g := rtData(t, "namekey.yaml", nil)
	e := rtEdge(t, g, rtOp(t, cat, "GET /v1/{name}"), "name")
	if e.Resource != "note" || e.Producers[0].OpKey != "GET /v1/notes" || e.Producers[0].Collection.IDField != "name" {
		t.Errorf("{name}: edge %+v, want a note's name from GET /v1/notes", e)
	}
	e = rtEdge(t, g, rtOp(t, cat, "POST /v1/SmsCommands"), "Sim")
	if e.Producers[0].OpKey != "GET /v1/Sims" || e.Producers[0].Collection.IDField != "sid" {
		t.Errorf("Sim: edge %+v, want GET /v1/Sims read at sid", e)
	}
	if _, ok := g.Edge(rtOp(t, cat, "POST /v1/SmsCommands"), "Payload"); ok {
		t.Errorf("Payload, the message, read as naming a thing")
	}
	if e, ok := g.Edge(rtOp(t, cat, "POST /videos/upload"), "category"); ok {
		t.Errorf("a video's category read from the list of videos: %+v", e)
	}
	if e, ok := g.Edge(rtOp(t, cat, "POST /scores/{score}/comments"), "comment"); ok {
		t.Errorf("a new comment's text read as naming a comment: %+v", e)
	}
}

// TestDescribedPossessive: "the identifier of the message's author" names the author's
// id, not the message's: a possessive after the thing leaves it unread.
func TestDescribedPossessive(t *testing.T) {
	for desc, want := range map[string]string{
		"The channel specific identifier of the message's author.": "",
		"The ID of the message to update.":                         "message",
		"The id of the customer who will be billed":                "customer",
	} {
		if got := describedResource(desc); got != want {
			t.Errorf("describedResource(%q) = %q, want %q", desc, got, want)
		}
	}
}

// TestRoundThirtyTwoReadings: a segment that lists other things by the parameter's thing
// (/jobsByPipeline/{PipelineId}) names no fuller thing; a parameter whose first words
// qualify the thing by its kind reads the field its last words name
// ({calendarResourceId}: resourceId); items that carry a thing's name beside its id
// (accountId, accountName) name it.
func TestRoundThirtyTwoReadings(t *testing.T) {
	for _, tc := range []struct{ res, seg, want string }{
		{"pipeline", "jobs_by_pipeline", "pipeline"},
		{"status", "status_update", "status_update"},
		{"account", "storage_account", "storage_account"},
	} {
		if got := fullerNoun(tc.res, tc.seg); got != tc.want {
			t.Errorf("fullerNoun(%s, %s) = %q, want %q", tc.res, tc.seg, got, tc.want)
		}
	}
	fields := map[string]string{"resourceid": "resourceId", "resourcename": "resourceName"}
	for param, want := range map[string]string{"calendarResourceId": "resourceId", "calendarId": "", "resourceId": ""} {
		if got := qualifiedIDField(param, fields); got != want {
			t.Errorf("qualifiedIDField(%s) = %q, want %q", param, got, want)
		}
	}
	str := map[string]any{"type": "string"}
	billing := map[string]any{"properties": map[string]any{"accountId": str, "accountName": str, "billingId": str}}
	if !namedBeside(billing, "accountId") || namedBeside(billing, "billingId") {
		t.Errorf("namedBeside: accountId is named beside (accountName), billingId is not")
	}
}

// TestRefusesARN: a pattern that admits no ':' admits no ARN; a list's ARN field does not
// fill such a parameter, its name does.
func TestRefusesARN(t *testing.T) {
	for pattern, want := range map[string]bool{`^[a-zA-Z0-9._-]*$`: true, `^arn:[\w:/-]+$`: false, "": false, `.*`: false} {
		if got := refusesARN(map[string]any{"type": "string", "pattern": pattern}); got != want {
			t.Errorf("refusesARN(%q) = %v, want %v", pattern, got, want)
		}
	}
	cat, g := rtData(t, "namekey.yaml", nil)
	e := rtEdge(t, g, rtOp(t, cat, "GET /namespaces/{Namespace}/groups"), "Namespace")
	if f := e.Producers[0].Collection.IDField; f != "Name" {
		t.Errorf("{Namespace} reads %q, want Name (no ARN fits its pattern)", f)
	}
}
