package tools

import "slices"

// Abbreviation is a clipped word APIs write in paths and names ("repo") and the word it
// clips ("repository"). The table below is the only one: three readings use it, each the
// entries marked for it.
//   - Name: a tool name too long takes the short form of its long words, in the table's
//     order (Shorten).
//   - Search: find_operations reads the short form as the long one ("repos" finds
//     "repository").
//   - Say: a question names a resource of that short name this way ("pr" is "pull
//     request"); "" leaves it as written.
type Abbreviation struct {
	Short, Long  string
	Name, Search bool
	Say          string
}

// Abbreviations is the table, in the order tool-name shortening tries it.
func Abbreviations() []Abbreviation { return slices.Clone(abbreviations) }

var abbreviations = []Abbreviation{
	// The words APIs such as GitHub's shorten themselves, also in tool names.
	{Short: "org", Long: "organization", Name: true, Search: true, Say: "organization"},
	{Short: "orgs", Long: "organizations", Name: true},
	{Short: "repo", Long: "repository", Name: true, Search: true, Say: "repository"},
	{Short: "repos", Long: "repositories", Name: true},
	{Short: "auth", Long: "authenticated", Name: true},
	{Short: "config", Long: "configuration", Name: true, Search: true},
	{Short: "configs", Long: "configurations", Name: true},
	// "app" is a word people say: a question keeps it.
	{Short: "app", Long: "application", Name: true, Search: true, Say: "app"},
	{Short: "apps", Long: "applications", Name: true},
	{Short: "env", Long: "environment", Name: true, Search: true, Say: "environment"},
	{Short: "envs", Long: "environments", Name: true},
	{Short: "info", Long: "information", Name: true, Search: true},
	{Short: "admin", Long: "administrator", Name: true, Search: true},
	{Short: "admins", Long: "administrators", Name: true},
	// Read in requests and paths.
	{Short: "auth", Long: "authentication", Search: true},
	{Short: "msg", Long: "message", Search: true, Say: "message"},
	{Short: "img", Long: "image", Search: true, Say: "image"},
	{Short: "param", Long: "parameter", Search: true},
	{Short: "pref", Long: "preference", Search: true},
	{Short: "spec", Long: "specification", Search: true},
	{Short: "addr", Long: "address", Search: true},
	{Short: "qty", Long: "quantity", Search: true},
	{Short: "acct", Long: "account", Search: true, Say: "account"},
	{Short: "txn", Long: "transaction", Search: true},
	{Short: "dept", Long: "department", Search: true, Say: "department"},
	{Short: "cert", Long: "certificate", Search: true},
	{Short: "perm", Long: "permission", Search: true},
	{Short: "attr", Long: "attribute", Search: true},
	{Short: "pic", Long: "picture", Search: true},
	{Short: "doc", Long: "document", Search: true, Say: "document"},
	{Short: "stats", Long: "statistics", Search: true},
	{Short: "stat", Long: "statistics", Search: true},
	// Said in full in questions only.
	{Short: "tv", Long: "TV show", Say: "TV show"},
	{Short: "pr", Long: "pull request", Say: "pull request"},
	{Short: "cat", Long: "category", Say: "category"},
}
