package clarify

import "strings"

// Numbers people write in words: "the second season" is season 2, "three seats" is 3.
// Grounding reads them beside digits, so a model's 2 for "the second season" is what the
// person said, not invented. Up to 99, in cardinal and ordinal forms; larger numbers are
// written in digits. Hand-written: the number-to-words libraries (vinbyte/num2words,
// divan/num2words) are not served by the module proxy here, and this is forty lines.

var (
	units       = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	unitsNth    = []string{"zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"}
	tensWord    = []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
	tensWordNth = []string{"", "", "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth", "eightieth", "ninetieth"}
)

// numberWords are the ways n (0–99) is written in words, as reverse.Normal leaves them
// (lower case, hyphens as spaces): "twenty one", "twenty first".
func numberWords(n int64) []string {
	switch {
	case n < 0 || n > 99:
		return nil
	case n < 20:
		return []string{units[n], unitsNth[n]}
	case n%10 == 0:
		return []string{tensWord[n/10], tensWordNth[n/10]}
	}
	return []string{tensWord[n/10] + " " + units[n%10], tensWord[n/10] + " " + unitsNth[n%10]}
}

// wordsMention reports whether normal text (reverse.Normal's) says n in words.
func wordsMention(n int64, normal string) bool {
	padded := " " + normal + " "
	for _, w := range numberWords(n) {
		if strings.Contains(padded, " "+w+" ") {
			return true
		}
	}
	return false
}
