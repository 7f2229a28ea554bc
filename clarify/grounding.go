package clarify

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/askapi/askapi/reverse/lexicon"
)

// Grounded reports whether v appears in what the person said, ignoring case, spacing and
// punctuation, and accepting simple number and date forms (72129 and 72,129, "second"
// and "twenty-one"; 2026-11-21 and "21 November 2026", "Nov 21", "today").
func Grounded(v any, said string, now time.Time) bool {
	text := lexicon.Normal(said)
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return true // a yes/no choice is not a value a person spells out
	case string:
		if t, ok := parseDate(x); ok {
			return dateMentioned(t, said, now)
		}
		s := lexicon.Normal(x)
		return s == "" || strings.Contains(text, s) || strings.Contains(strings.ReplaceAll(text, " ", ""), strings.ReplaceAll(s, " ", ""))
	case float64, int, int64, json.Number:
		return numberMentioned(fmt.Sprint(x), said)
	case []any:
		for _, e := range x {
			if !Grounded(e, said, now) {
				return false
			}
		}
		return true
	}
	return true // objects are structure, not a said value
}

func numberMentioned(n, said string) bool {
	if f, err := strconv.ParseFloat(n, 64); err == nil && f == float64(int64(f)) {
		n = strconv.FormatInt(int64(f), 10)
		if wordsMention(int64(f), lexicon.Normal(said)) {
			return true
		}
	}
	plain := strings.NewReplacer(",", "", "_", "").Replace(said)
	for _, tok := range strings.FieldsFunc(plain, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' }) {
		tok = strings.Trim(tok, ".")
		if tok == n {
			return true
		}
		if a, err1 := strconv.ParseFloat(tok, 64); err1 == nil {
			if b, err2 := strconv.ParseFloat(n, 64); err2 == nil && a == b {
				return true
			}
		}
	}
	return false
}

func parseDate(s string) (time.Time, bool) {
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// dateMentioned accepts the ISO date, the day with the month's name, or a relative day.
func dateMentioned(t time.Time, said string, now time.Time) bool {
	low := strings.ToLower(said)
	if strings.Contains(low, t.Format("2006-01-02")) {
		return true
	}
	day := strconv.Itoa(t.Day())
	month := strings.ToLower(t.Month().String())
	words := strings.Fields(lexicon.Normal(said))
	hasDay, hasMonth := false, false
	for _, w := range words {
		if w == day || w == day+"st" || w == day+"nd" || w == day+"rd" || w == day+"th" {
			hasDay = true
		}
		if w == month || (len(w) >= 3 && strings.HasPrefix(month, w)) {
			hasMonth = true
		}
	}
	if hasDay && hasMonth {
		return true
	}
	y, m, d := t.Date()
	for word, offset := range map[string]int{"today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1} {
		if strings.Contains(low, word) {
			ny, nm, nd := now.AddDate(0, 0, offset).Date()
			if ny == y && nm == m && nd == d {
				return true
			}
		}
	}
	return false
}
