//go:build e2e

package e2e_test

import (
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/e2e"
)

// TestRealAlertmanagerRefusalAsksAboutMatchers is issue 16's real-upstream acceptance: a
// silence whose matcher Alertmanager refuses (400, with its own message) comes back as a
// question on matchers quoting that message, with the upstream status kept; nothing is
// retried; the corrected call, resumed with the continuation, creates exactly one silence.
func TestRealAlertmanagerRefusalAsksAboutMatchers(t *testing.T) {
	base := e2e.StartAlertmanager(t)
	am := amAPI{t: t, base: base}
	proxy := newRecordingProxy(t, strings.TrimSuffix(base, "/api/v2"))
	s := startAskapiStdio(t, "--spec", specPath("alertmanager-v2.yaml"), "--base-url", proxy.URL)

	args := map[string]any{
		"matchers":      []any{map[string]any{"name": "alertname", "value": "Disk(Full", "isRegex": true}},
		"startsAt":      time.Now().UTC().Format(time.RFC3339),
		"endsAt":        time.Now().Add(time.Hour).UTC().Format(time.RFC3339),
		"createdBy":     "dana",
		"comment":       "disk swap on rack 4",
		"_user_request": "Silence the Disk(Full alerts for an hour, dana, disk swap on rack 4",
	}
	n := proxy.count()
	asked := s.call("postSilences", args)
	if asked.Status != "needs_clarification" || len(asked.Questions) != 1 || asked.Questions[0].Field != "matchers" || asked.Questions[0].Kind != "invalid" {
		t.Fatalf("a matcher Alertmanager refuses: want one invalid question on matchers, got %s", dump(asked))
	}
	q := asked.Questions[0]
	if !strings.Contains(q.Question, "invalid regular expression") || !strings.Contains(q.Reason, "400") {
		t.Errorf("the question does not quote Alertmanager's message: %s", dump(q))
	}
	if asked.Continuation == "" || asked.HTTP == nil || asked.HTTP.Status != 400 || asked.Error == nil || asked.Error.UpstreamStatus != 400 ||
		!strings.Contains(asked.Error.BodyExcerpt, "silence invalid") {
		t.Errorf("status, excerpt or continuation missing: %s", dump(asked))
	}
	if sent := proxy.since(n); len(sent) != 1 || sent[0] != "POST /api/v2/silences" {
		t.Errorf("requests while asking: %v, want the one refused POST and no retry", sent)
	}
	if got := am.silences(); len(got) != 0 {
		t.Fatalf("a silence exists after the refusal: %s", dump(got))
	}

	args["matchers"] = []any{map[string]any{"name": "alertname", "value": "DiskFull", "isRegex": false}}
	args["_continuation"] = asked.Continuation
	n = proxy.count()
	done := s.call("postSilences", args)
	if done.Status != "ok" || done.HTTP == nil || done.HTTP.Status != 200 {
		t.Fatalf("the corrected silence: %s", dump(done))
	}
	if sent := proxy.since(n); len(sent) != 1 || sent[0] != "POST /api/v2/silences" {
		t.Errorf("requests for the corrected call: %v, want exactly one POST", sent)
	}
	all := am.silences()
	if len(all) != 1 {
		t.Fatalf("GET /silences holds %d silences, want exactly one: %s", len(all), dump(all))
	}
	for _, sil := range all {
		if len(sil.Matchers) != 1 || sil.Matchers[0].Value != "DiskFull" || sil.Comment != "disk swap on rack 4" {
			t.Errorf("the silence created is not the corrected one: %s", dump(sil))
		}
	}
}
