package reverse

import (
	"fmt"
	"regexp"
	"strings"
)

// How people phrase a request, read before its words are: a clause that only gives the
// reason, a phrasal verb the API writes as one word or calls otherwise, and "how many".

// reasonClause is a clause after a comma, semicolon or dash whose subject is a pronoun:
// "take down my listing, I sold it locally", "stop texting 818-555-0123, he opted out".
// It says why, and is not asked of any operation.
var reasonClause = regexp.MustCompile(`(?i)\s*[,;–—]\s*(?:-\s*)?(?:i|we|he|she|they|it|you)\b`)

// contentClause is what a note, post or message is to say, given as a clause after
// "that" or "saying" with its own subject: "add a note to the pump alert that a
// technician is on his way", "post to my class that tomorrow's lab is cancelled". Its
// words are the message, not what the API is asked to do.
var contentClause = regexp.MustCompile(`(?i)\s+(?:that|saying|telling \w+)\s+(?:a|an|the|my|our|your|his|her|their|its|this|there|i|we|he|she|they|it|you|[\w-]+'s)\b`)

// askedPart is the request without a trailing clause that gives its reason or what a
// message is to say.
func askedPart(query string) string {
	for _, clause := range []*regexp.Regexp{reasonClause, contentClause} {
		if loc := clause.FindStringIndex(query); loc != nil && strings.TrimSpace(query[:loc[0]]) != "" {
			query = query[:loc[0]]
		}
	}
	return query
}

// phrasal is a verb and its particle.
var phrasal = regexp.MustCompile(`(?i)\b([a-z]+)\s+(up|down|off|out|in|on|back|over|away)\b`)

// readPhrasal rewrites each phrasal verb of a request as the one word an operation is
// called by: the two words joined ("log in" as login, "roll back" as rollback, "pay out"
// as payout), else a word of the phrase's group in synonyms.txt ("sign off" as approve).
// A phrase the API has no word for is left as it was said.
func (ix *Index) readPhrasal(query string) (string, []string) {
	var read []string
	out := phrasal.ReplaceAllStringFunc(query, func(m string) string {
		parts := phrasal.FindStringSubmatch(m)
		verb, particle := strings.ToLower(parts[1]), strings.ToLower(parts[2])
		if ix.anyNames(stem(verb + particle)) {
			read = append(read, fmt.Sprintf("%q as %q", m, verb+particle))
			return verb + particle
		}
		for _, alt := range synonyms()[phraseKey(verb, particle)] {
			if ix.anyNames(alt.term) {
				read = append(read, fmt.Sprintf("%q as %q", m, alt.word))
				return alt.word
			}
		}
		return m
	})
	return out, read
}

// phraseKey is how synonyms.txt's "sign+off" is keyed: the verb's stem and the particle.
func phraseKey(verb, particle string) string {
	return stem(verb) + "+" + particle
}

// howMany asks for a count.
var howMany = regexp.MustCompile(`(?i)\b(?:how many|number of)\b`)

// countHint is the word "count" added to a request that asks how many, for the ranking
// alone (GET /employees/count before GET /employees); it decides no support.
func (ix *Index) countHint(query string) (word, bool) {
	t := stem("count")
	if ix.anyNames(t) && howMany.MatchString(query) {
		return word{term: t, said: "how many", hint: true}, true
	}
	return word{}, false
}
