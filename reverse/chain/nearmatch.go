package chain

import (
	"slices"
	"strings"
	"unicode"

	"github.com/agnivade/levenshtein"
	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/reverse/lexicon"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// A name the person gave matches an item when each of its words is a word of the item,
// whatever the case, the punctuation or the accents ("Beyonce", "Beyoncé"). A near match
// (a word that only begins another, "Acme Co" for Acme Corp; or a small misspelling,
// "Acme Cop") is never used: it is offered, and the person says which (DESIGN.md,
// not_found).

// maxNearOffers bounds the near matches a not_found question offers.
const maxNearOffers = 5

// foldWords are the words of s, lower-cased and without accents.
func foldWords(s string) []string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	if folded, _, err := transform.String(t, s); err == nil {
		s = folded
	}
	return lexicon.Words(s)
}

// itemWords are the folded words of an item's text, a few levels deep.
func itemWords(it map[string]any) []string {
	return foldWords(strings.Join(texts(it, 0, nil), " "))
}

// wordMatch reports whether every word of want is one of have.
func wordMatch(want, have []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return len(want) > 0
}

// nearWord reports whether w is close to one of have without being it: the start of a
// longer word, or a few letters off a word of its length (one in a short word, two from
// eight letters).
func nearWord(w string, have []string) bool {
	limit := 1
	if len(w) >= 8 {
		limit = 2
	}
	for _, h := range have {
		if len(w) >= 2 && strings.HasPrefix(h, w) {
			return true
		}
		if len(w) >= 4 && levenshtein.ComputeDistance(w, h) <= limit {
			return true
		}
	}
	return false
}

// nearMatch reports whether every word of want is one of have or near one, and some
// word only near.
func nearMatch(want, have []string) bool {
	near := false
	for _, w := range want {
		switch {
		case slices.Contains(have, w):
		case nearWord(w, have):
			near = true
		default:
			return false
		}
	}
	return near
}

// splitMatches parts items into those the name matches word for word and those it only
// nearly matches.
func splitMatches(items []map[string]any, name string) (match, near []map[string]any) {
	return splitBy(items, name, itemWords)
}

// splitOwn is splitMatches on what names each item itself: its label and its own
// identifier and key fields, not the other things it mentions. Lists of many
// kinds, asked for one name (Edge.Any), each hold items that mention the others: an asset
// carries its packaging group's id.
func splitOwn(items []map[string]any, c reverse.Collection, name string) (match, near []map[string]any) {
	return splitBy(items, name, func(it map[string]any) []string {
		own := []string{reverse.Primary(it)}
		for _, f := range c.OwnFields() {
			// Not a full resource name (arn:aws:mediapackage-vod:…): its words are the
			// service's and the kind's, not the item's name.
			if s, ok := fieldValue(it, f).(string); ok && strings.Count(s, ":") < 2 {
				own = append(own, s)
			}
		}
		return foldWords(strings.Join(own, " "))
	})
}

func splitBy(items []map[string]any, name string, words func(map[string]any) []string) (match, near []map[string]any) {
	want := foldWords(name)
	if len(want) == 0 {
		return nil, nil
	}
	for _, it := range items {
		have := words(it)
		switch {
		case wordMatch(want, have):
			match = append(match, it)
		case nearMatch(want, have):
			near = append(near, it)
		}
	}
	return match, near
}

// splitSearch is splitMatches for a search's answer: where no hit shows the name's
// words, even nearly, a hit that carries no name of its own to compare (GitHub's user
// search answers logins only, for "The Octocat") is the API's own match, and kept. A hit
// that is called something else entirely is not (a filter the API ignored lists all).
func splitSearch(items []map[string]any, name string) (match, near []map[string]any) {
	match, near = splitMatches(items, name)
	if len(match) > 0 || len(near) > 0 {
		return match, near
	}
	for _, it := range items {
		if !namedItem(it) {
			match = append(match, it)
		}
	}
	return match, nil
}

// namedItem reports whether an item carries a name a person would say (a name, a title,
// a display name), not only keys (a login, an email).
func namedItem(it map[string]any) bool {
	for _, f := range reverse.PrimaryFields[:slices.Index(reverse.PrimaryFields, "login")] {
		if s, ok := it[f].(string); ok && strings.TrimSpace(s) != "" {
			return true
		}
	}
	return false
}
