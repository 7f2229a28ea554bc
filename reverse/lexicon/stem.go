package lexicon

import (
	"strings"
	"unicode"

	"github.com/askapi/askapi/tools"
	"github.com/kljensen/snowball/english"
)

// StopWords carry no meaning for finding an operation.
var StopWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "for": true, "to": true, "in": true, "on": true,
	"by": true, "with": true, "and": true, "or": true, "is": true, "are": true, "be": true, "it": true,
	"me": true, "my": true, "i": true, "you": true, "your": true, "can": true, "could": true, "please": true,
	"what": true, "which": true, "who": true, "how": true, "show": true, "give": true, "tell": true,
	"find": true, "do": true, "does": true, "from": true, "at": true, "this": true, "that": true,
	"want": true, "need": true, "some": true, "all": true, "about": true, "provide": true,
	"api": true, "id": true, "there": true, "their": true, "his": true, "her": true, "its": true,
	"into": true, "onto": true, "as": true, "was": true, "were": true, "been": true, "has": true, "have": true,
	"had": true, "will": true, "should": true, "than": true, "then": true, "so": true, "if": true, "who's": true,
	"whose": true, "when": true, "where": true, "using": true, "being": true,
	// the other prepositions of support.go's list, but those that say when (after,
	// before, since, until), which filters are named by
	"between": true, "around": true, "near": true, "across": true, "through": true, "toward": true,
	"towards": true, "under": true, "over": true, "during": true, "within": true, "without": true,
	"per": true, "via": true, "against": true, "along": true, "among": true,
	// how people talk: what is left of a contraction once its apostrophe splits it
	// ("we've", "haven't"), pronouns and auxiliaries, and the particles of phrasal verbs
	// ("set up", "take down", "sign off"), which say how, not what
	"ve": true, "re": true, "ll": true, "haven": true, "hasn": true, "hadn": true, "don": true, "doesn": true,
	"didn": true, "isn": true, "aren": true, "wasn": true, "weren": true, "wouldn": true, "shouldn": true,
	"couldn": true, "he": true, "she": true, "him": true, "they": true, "them": true, "we": true, "us": true,
	"am": true, "did": true, "done": true, "doing": true, "yet": true, "still": true, "already": true,
	"ever": true, "here": true, "up": true, "down": true, "off": true, "out": true, "back": true, "away": true,
}

// Terms splits text into lower-case, lightly stemmed search terms, breaking camelCase
// and snake_case.
func Terms(text string) []string {
	var out []string
	EachTerm(text, func(t string) { out = append(out, t) })
	return out
}

// EachTerm calls f with each term of text, in order. A word is a run of letters and
// digits, also broken where an upper-case letter follows a lower-case one; it is lowered
// (a slice of text when it has no upper case: GitHub's descriptions are megabytes),
// dropped when a stopword or a single byte, and stemmed.
func EachTerm(text string, f func(string)) {
	EachWord(text, func(term, _ string) { f(term) })
}

// EachWord is eachTerm that also gives the word as it was written, lowered.
func EachWord(text string, f func(term, said string)) {
	start := -1 // byte offset of the word being read
	var prev rune
	flush := func(end int) {
		if start < 0 {
			return
		}
		w := strings.ToLower(text[start:end])
		start = -1
		if len(w) < 2 || StopWords[w] {
			return
		}
		f(Stem(w), w)
	}
	for i, r := range text {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush(i)
		case unicode.IsUpper(r) && i > 0 && unicode.IsLower(prev):
			flush(i)
			start = i
		case start < 0:
			start = i
		}
		prev = r
	}
	flush(len(text))
}

// Stem folds a word to its English stem (Snowball's, the Porter2 algorithm), so
// "movies" finds "movie", "scheduling" "schedule" and "unsubscribed" "unsubscribe"; the
// abbreviations API paths use are spelled out first ("repos" finds "repository"), and
// the verbs that say the same change are one ("remove" is "delete").
func Stem(w string) string {
	// The same words recur through a spec (Microsoft Graph's index stemmed 4 s of them):
	// each is stemmed once.
	return stems.Get(w, stemWord)
}

// stems caches stem's answers: a spec's vocabulary is some thousands of words; those of
// requests come and go.
var stems = tools.NewBoundedCache[string, string](1 << 16)

func stemWord(w string) string {
	if v, ok := IrregularPlural[w]; ok {
		w = v
	}
	if long, ok := abbreviations[w]; ok {
		w = long
	} else if long, ok := abbreviations[strings.TrimSuffix(w, "s")]; ok {
		w = long
	}
	s := english.Stem(w, false)
	if same, ok := sameChange[s]; ok {
		return same
	}
	return s
}

// sameChange are the standard equivalences of the verbs that say what a request
// changes, by stem: remove is delete, add is create, change is update.
var sameChange = map[string]string{
	english.Stem("remove", false): english.Stem("delete", false),
	english.Stem("add", false):    english.Stem("create", false),
	english.Stem("change", false): english.Stem("update", false),
}

// abbreviations are short forms common in API paths and names, by their long form: the
// abbreviations marked for search (tools.Abbreviations).
var abbreviations = func() map[string]string {
	out := map[string]string{}
	for _, a := range tools.Abbreviations() {
		if a.Search {
			out[a.Short] = a.Long
		}
	}
	return out
}()
