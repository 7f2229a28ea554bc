package lexicon

// GenericWords ask to see or have something, or say how much: any operation that
// answers the rest of a request answers them.
var GenericWords = stemSet("get", "list", "show", "view", "see", "check", "fetch", "read", "look", "display",
	"retrieve", "return", "lookup", "every", "each", "many", "much", "more", "new", "current", "latest", "recent",
	"recently", "lately", "next", "previous", "other", "same", "old", "upcoming", "last", "info", "information", "detail", "details", "thing", "things", "stuff", "let", "us", "now", "also",
	"just", "any", "please", "would", "like", "whole", "entire", "full", "own", "mine", "our", "we", "them", "they",
	"these", "those", "one", "ones", "someone", "something", "everything", "anything", "current", "existing",
	"using", "use", "via", "make", "sure", "today", "tonight", "tomorrow", "yesterday", "currently", "right",
	// light verbs, which say that something is done, not what: "take down a listing",
	// "where did the trailer go"
	"take", "go", "have", "keep", "happen", "come", "grab", "sit",
	// what remains: "how much space is left", "what's left in my queue"
	"left", "remaining",
	// a light verb for getting ("pull the daily sales summary"), and who else
	"pull", "else",
	// when, said as a period ("this month", "tomorrow afternoon"): a filter's value
	"morning", "afternoon", "evening", "night", "weekend", "day", "days", "week", "month", "year",
	// how a list is to be ordered ("the highest rated", "top 10"): a sort, never a thing
	"highest", "lowest", "worst", "most", "least",
	// who or how often, said of anyone: "list everyone who works for us"
	"everyone", "everybody", "anyone", "anybody", "nobody", "once", "twice", "again", "really", "actually",
	// when, said as a preposition, and never or no more: a filter's bound or the
	// person's aside, never what is done
	"after", "before", "since", "until", "never", "anymore", "nothing", "nowhere",
	// how much, roughly, or what sort, said of anything: "roughly how much", "the last
	// couple of days", "what kinds of dwarf"
	"roughly", "approximately", "couple", "few", "several", "kind", "kinds", "sort", "sorts",
	// the person's aside on how it came about or what they would rather: "uploaded by
	// mistake", "marcoplays instead" ("accident" is left out: TfL has accident statistics)
	"instead", "mistake")

func stemSet(words ...string) map[string]bool {
	out := map[string]bool{}
	for _, w := range words {
		out[Stem(w)] = true
	}
	return out
}
