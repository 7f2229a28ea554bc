package reverse

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// How people phrase a request, read before its words are: a clause that only gives the
// reason, a phrasal verb the API writes as one word or calls otherwise, and "how many".

// A request often comes with its context: why ("take down my listing, I sold it
// locally"), what happened first ("we moved the office to Phoenix, change the return
// address"), what for ("what was the spread on the Iron Bowl? settling a bet"). Those
// clauses are not asked of any operation.

// contextClause is a clause whose subject is a pronoun: it says what someone did or
// does, not what is to be done.
var contextClause = regexp.MustCompile(`(?i)^(?:-\s*)?(?:i|we|he|she|they|it|you)\b`)

// asideSentence is a sentence after the first that opens with a verb in -ing ("settling
// a bet with my brother-in-law"): what the request is for.
var asideSentence = regexp.MustCompile(`^[a-z]+ing\b`)

// clauseBreak ends a clause: a comma, semicolon or dash, or a sentence's end.
var clauseBreak = regexp.MustCompile(`\s*(?:[,;–—]|[?!]+|\.\s)\s*`)

// clauseBreaks are where clauseBreak ends a clause, but for a comma between digits: a
// thousands separator ("$2,000") is part of its number.
func clauseBreaks(query string) [][]int {
	locs := clauseBreak.FindAllStringIndex(query, -1)
	return slices.DeleteFunc(locs, func(loc []int) bool {
		return query[loc[0]:loc[1]] == "," && loc[0] > 0 && loc[1] < len(query) &&
			unicode.IsDigit(rune(query[loc[0]-1])) && unicode.IsDigit(rune(query[loc[1]]))
	})
}

// contentClause is what a note, post or message is to say, given as a clause after
// "that" with its own subject or after "saying" or "telling": "add a note to the pump
// alert that a technician is on his way", "post to my class that tomorrow's lab is
// cancelled". Its words are the message, not what the API is asked to do.
var contentClause = regexp.MustCompile(`(?i)\s+(?:that\s+(?:a|an|the|my|our|your|his|her|their|its|this|there|i|we|he|she|they|it|you|[\w-]+'s)\b|saying\s+(?:about\b)?|telling\s)`)

// askedPart is the request without the clauses that give its context or what a
// message is to say; the whole request when every clause would go.
func askedPart(query string) string {
	var kept []string
	sentence := 0
	last := 0
	dropping := false
	for _, loc := range append(clauseBreaks(query), []int{len(query), len(query)}) {
		clause := strings.TrimSpace(query[last:loc[0]])
		mark := query[loc[0]:loc[1]]
		last = loc[1]
		switch {
		case clause == "":
		case contextClause.MatchString(clause) || sentence > 0 && asideSentence.MatchString(clause) && !strings.HasSuffix(strings.Fields(clause)[0], "thing"):
			dropping = true
		case dropping && !unicode.IsLower([]rune(clause)[0]):
			// The context goes on: the rest of an address ("… Suite 5, Phoenix AZ 85003").
		default:
			dropping = false
			kept = append(kept, clause)
		}
		if strings.ContainsAny(mark, "?!.") {
			sentence++
		}
	}
	if len(kept) > 0 {
		query = strings.Join(kept, ", ")
	}
	if loc := wantsTo.FindStringIndex(query); loc != nil && loc[1] < len(query) {
		query = query[loc[1]:]
	}
	query = cutBefore(query, purposeClause)
	query = leaveA.ReplaceAllString(query, "add $1")
	query = turnInto.ReplaceAllString(query, "create $2 from $1")
	if loc := contentClause.FindStringIndex(query); loc != nil {
		if m := query[loc[0]:loc[1]]; !strings.Contains(strings.ToLower(m), "about") && strings.TrimSpace(query[:loc[0]]) != "" {
			query = query[:loc[0]]
		}
	}
	return cutBefore(query, nameClause)
}

// cutBefore is query up to re's first match, or all of it when nothing comes before.
func cutBefore(query string, re *regexp.Regexp) string {
	if loc := re.FindStringIndex(query); loc != nil && strings.TrimSpace(query[:loc[0]]) != "" {
		return query[:loc[0]]
	}
	return query
}

// nameClause is "that" and a capitalised name: what is to be said or recorded of someone
// ("record that Tom Baker got his flu shot").
var nameClause = regexp.MustCompile(`\s+that\s+[A-Z][a-z]+\b`)

// turnInto is making one thing out of another: "turn the signed quote into an invoice"
// creates an invoice from the quote.
var turnInto = regexp.MustCompile(`(?i)\bturn\s+(.+?)\s+into\s+((?:an?|the)\s+[^,.;!?]+)`)

// wantsTo is who wants what done, up to the doing: "our editor needs to download the
// original file", "I'd like to see". What is asked is what follows.
var wantsTo = regexp.MustCompile(`(?i)^.{0,40}?\b(?:needs?|wants?|has|have|would like|'d like|wish(?:es)?)\s+to\s+`)

// purposeClause is what the person will do once it is done, or what goes on meanwhile:
// "… so I can graph it", "… to recut it", "… while we migrate the database". It is
// asked of no operation.
var purposeClause = regexp.MustCompile(`(?i)\s+(?:(?:so|so that|while|because|since|as|until|once|whenever)\s+(?:i|we|he|she|they|you)\b|so\s+(?:that\s+)?(?:[\w'-]+\s+){1,3}(?:can|could|will|would|may|might)\b|to\s+[a-z]+\s+(?:it|them)\s*[.!?]?\s*$)`)

// leaveA is "leave" before a thing that is left for someone to read: "leave a note on
// the board", "leave a comment". It is how people say adding one, so it is read as
// "add"; "leave the team" (no "a") stays as it was said.
var leaveA = regexp.MustCompile(`(?i)\bleave\s+(an?)\b`)

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
		if alt, ok := ix.phrasalSynonym(verb, particle); ok {
			read = append(read, fmt.Sprintf("%q as %q", m, alt))
			return alt
		}
		return m
	})
	// A phrasal verb split by its object ("kick xXgrieferXx out of the chat", "hand the
	// billing-api project over to …") is read through its group too; the object stays.
	out = splitPhrasal.ReplaceAllStringFunc(out, func(m string) string {
		parts := splitPhrasal.FindStringSubmatch(m)
		verb, object, particle := parts[1], parts[2], strings.ToLower(parts[3])
		if alt, ok := ix.phrasalSynonym(strings.ToLower(verb), particle); ok {
			read = append(read, fmt.Sprintf("%q as %q", verb+" … "+particle, alt))
			return alt + " " + object
		}
		return m
	})
	return out, read
}

// phrasalSynonym is the first word of a phrasal verb's group in synonyms.txt that an
// operation is called by ("sign off" as approve).
func (ix *Index) phrasalSynonym(verb, particle string) (string, bool) {
	for _, alt := range synonyms()[phraseKey(verb, particle)] {
		if ix.anyNames(alt.term) {
			return alt.word, true
		}
	}
	return "", false
}

// splitPhrasal is a verb, its object of one to four words, and its particle, before
// "of", "to" or the end of the clause.
var splitPhrasal = regexp.MustCompile(`(?i)\b([a-z]+)\s+((?:[\w@'.-]+\s+){0,3}[\w@'.-]+)\s+(out|over|off|away|back|up|down)\b(?:\s+(?:of|to)\b|\s*[,.;!?]|\s*$)`)

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
