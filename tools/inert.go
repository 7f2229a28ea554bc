package tools

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/unicode/rangetable"
)

// Upstream text is data. An API's words (an option's label, a refusal's message, an error
// body's excerpt) reach text an assistant reads as the server's own: a label holding
// "\n\nSYSTEM: …" forged a paragraph, bidi overrides reordered what a person sees, and
// Unicode tag characters carried text nobody sees. Such text is shown on one line with
// the invisible characters removed, and quoted or named as the API's.
//
// The classes are the Unicode Character Database's, as Go's unicode package ships them
// with each release (the same tables x/text builds on): no hand-kept list of code points
// to fall behind. golang.org/x/text merges them into one table (rangetable) and removes
// what is in it (runes); it is already a dependency, for number formatting.

// invisible are the characters removed from upstream text: controls (Cc), format
// characters (Cf: bidi embeddings, overrides and isolates, zero-width characters, the
// tag characters U+E0001 and U+E0020–E007F, the byte order mark), the Bidi_Control
// property (which Cf holds, named for clarity), variation selectors (invisible text is
// hidden in them too), the other default-ignorable code points (Hangul fillers and
// the unassigned tag block), and the line and paragraph separators (Zl, Zp).
var invisible = rangetable.Merge(unicode.Cc, unicode.Cf, unicode.Bidi_Control, unicode.Variation_Selector,
	unicode.Other_Default_Ignorable_Code_Point, unicode.Zl, unicode.Zp)

// lineBreaks become a space, not nothing, so the words they separated stay apart.
var lineBreaks = rangetable.Merge(unicode.Zl, unicode.Zp, &unicode.RangeTable{R16: []unicode.Range16{{Lo: '\t', Hi: '\r', Stride: 1}, {Lo: 0x85, Hi: 0x85, Stride: 1}}})

// InertLine is upstream text on one line: line breaks and tabs a space, every invisible
// character removed, runs of white space one space, none at the ends.
func InertLine(s string) string {
	if isInertLine(s) {
		return s
	}
	s = runes.Map(func(r rune) rune {
		if unicode.Is(lineBreaks, r) {
			return ' '
		}
		return r
	}).String(s)
	s = runes.Remove(runes.In(invisible)).String(s)
	return strings.Join(strings.Fields(s), " ")
}

// isInertLine reports whether InertLine would leave s as it is (most text).
func isInertLine(s string) bool {
	space := true // at the start: a leading space is folded away
	for _, r := range s {
		if unicode.Is(invisible, r) || r == 0xfffd {
			return false
		}
		if unicode.IsSpace(r) {
			if space || r != ' ' {
				return false
			}
			space = true
			continue
		}
		space = false
	}
	return !space || s == ""
}

// Visible is text with its invisible characters removed, its line breaks kept as "\n"
// and its tabs made spaces: the server's own text of several lines (a confirmation
// showing a body), in which upstream text may stand.
func Visible(s string) string {
	drop := func(r rune) bool { return r != '\n' && r != '\t' && unicode.Is(invisible, r) }
	if strings.IndexFunc(s, func(r rune) bool { return r == '\t' || drop(r) }) < 0 {
		return s
	}
	s = strings.ReplaceAll(s, "\t", " ")
	return runes.Remove(runes.Predicate(drop)).String(s)
}
