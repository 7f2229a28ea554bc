package reverse

// irregularVerb maps the past forms of common irregular verbs to the verb, which
// Snowball's stemmer leaves as they are: "I sold it" is about selling, "where did the
// trailer go" asks where it went. Applied to a spec's words and a request's alike, so
// both sides read the same stem.
var irregularVerb = map[string]string{
	"sold": "sell", "went": "go", "gone": "go", "drove": "drive", "driven": "drive", "bought": "buy",
	"sent": "send", "paid": "pay", "made": "make", "took": "take", "taken": "take", "gave": "give",
	"given": "give", "got": "get", "gotten": "get", "ran": "run", "wrote": "write", "written": "write",
	"spent": "spend", "kept": "keep", "held": "hold", "met": "meet", "told": "tell", "built": "build",
	"began": "begin", "begun": "begin", "chose": "choose", "chosen": "choose", "drew": "draw", "drawn": "draw",
	"forgot": "forget", "forgotten": "forget", "hid": "hide", "hidden": "hide", "rode": "ride", "ridden": "ride",
	"spoke": "speak", "spoken": "speak", "stole": "steal", "stolen": "steal", "taught": "teach",
	"threw": "throw", "thrown": "throw", "understood": "understand", "wore": "wear", "worn": "wear",
	"withdrew": "withdraw", "withdrawn": "withdraw", "brought": "bring", "caught": "catch", "flew": "fly",
	"flown": "fly", "froze": "freeze", "frozen": "freeze", "grew": "grow", "grown": "grow", "knew": "know",
	"known": "know", "thought": "think", "sought": "seek", "broke": "break", "broken": "break",
	"did": "do", "done": "do", "shown": "show", "seen": "see", "saw": "see",
	"bent": "bend", "lent": "lend", "shook": "shake", "shaken": "shake", "stood": "stand", "swore": "swear",
	"sworn": "swear", "woke": "wake", "woken": "wake", "undid": "undo", "undone": "undo", "rewrote": "rewrite",
	"rewritten": "rewrite", "overwrote": "overwrite", "overwritten": "overwrite", "rebuilt": "rebuild",
	"goes": "go", "came": "come", "resent": "resend", "upheld": "uphold", "mistook": "mistake", "mistaken": "mistake",
}
