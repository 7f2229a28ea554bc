package reverse

import (
	"regexp"
	"strings"
	"unicode"
)

// A run of words is what a request says between its function words and punctuation:
// "add a note to the pump alert that a technician is on his way" has the runs "add",
// "note", "pump alert", "technician", "way". English puts what describes a thing before
// the word for it, so a run's last word names the thing and the words before it say
// which one or what sort: "pump" says which alert.

// Only a definite run counts, one after "the", a possessive ("my", "Maya's") or a
// demonstrative: it points at a thing that exists, which its words pick out. After "a"
// or "an" the words say what kind of thing is wanted ("a live stream", "an SMS
// message"), which the API must serve.

// runHeads maps each word of a definite run but its last to the run's last word.
func runHeads(text string) map[string]string {
	out := map[string]string{}
	var run []string
	definite := false
	end := func() {
		if definite {
			for _, w := range run[:max(len(run)-1, 0)] {
				if w != run[len(run)-1] {
					out[w] = run[len(run)-1]
				}
			}
		}
		run, definite = run[:0], false
	}
	for _, tok := range strings.Fields(text) {
		core := strings.TrimFunc(tok, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		lower := strings.ToLower(core)
		if stopwords[lower] || determiners[lower] || wholeMatch(preposition, lower) {
			end()
			definite = definites[lower]
			continue
		}
		if possessive := strings.HasSuffix(lower, "'s") || strings.HasSuffix(lower, "s'"); possessive {
			end()
			definite = true
			continue
		}
		if !strings.ContainsFunc(core, unicode.IsDigit) {
			eachWord(core, func(_, said string) { run = append(run, said) })
		}
		if strings.ContainsAny(tok[len(tok)-1:], ",.;:!?)") {
			end()
		}
	}
	end()
	return out
}

func wholeMatch(re *regexp.Regexp, s string) bool {
	return s != "" && re.FindString(s) == s
}

// determinerList is the words that open a phrase, as a regular expression's
// alternatives (see determinerPhrase).
const determinerList = `a|an|the|our|my|your|their|his|her|its|this|that|these|those`

// determiners are determinerList's words; definites those of them that point at a thing
// that exists: not "a" or "an", nor "that", which more often opens a clause.
var determiners, definites = func() (all, definite map[string]bool) {
	all, definite = map[string]bool{}, map[string]bool{}
	for _, w := range strings.Split(determinerList, "|") {
		all[w] = true
		definite[w] = w != "a" && w != "an" && w != "that"
	}
	return all, definite
}()
