package chain

import (
	"errors"
	"strings"

	"github.com/askapi/askapi/reverse"
)

// errWordsBack is a lookup whose id field holds the very words given (an alert's title
// read where its id goes): it found the thing but gives no id for it, and the words
// would go out as one.
var errWordsBack = errors.New("the answer gives back the words given where an id goes, not an id")

// wordsBack reports an id found equal to the words given, on an edge that takes an id,
// not a key people say: words with spaces, which no such id is.
func wordsBack(e reverse.Edge, value any, name string) bool {
	s, ok := value.(string)
	// As spelt, spaces and all: a key built from the words (csv_transformer for "CSV
	// Transformer") is an id, not the words back.
	return ok && !e.Key && strings.ContainsAny(strings.TrimSpace(name), " \t") && strings.EqualFold(strings.TrimSpace(s), strings.TrimSpace(name))
}
