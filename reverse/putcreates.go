package reverse

import (
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// A PUT that creates the thing its last path parameter names (Azure's
// StorageTargets_CreateOrUpdate at …/storageTargets/{storageTargetName}, GitHub's "Create
// or update an environment" at …/environments/{environment_name}) takes that name from
// the person: the thing may not exist yet, so no list can give it, and a name chosen for
// a new thing is the person's content. The operation must say it creates that very thing:
// GroupUser_Create at /groups/{groupId}/users/{userId} creates a membership, and its
// userId names a user who exists.

// putCreates reports whether p is the last path parameter of a PUT or POST that says it
// creates the thing p names (resource): AWS's CreateLiveSource POSTs to
// …/liveSource/{LiveSourceName}.
func putCreates(op *tools.Operation, p *tools.Param, resource string) bool {
	if (op.Method != "PUT" && op.Method != "POST") || p.In != "path" || resource == "" || !strings.HasSuffix(op.Path, "/{"+p.Name+"}") {
		return false
	}
	want := stemmedWords(resource)
	for _, thing := range []string{createdByID(op.OperationID), createdBySummary(op.Summary)} {
		if thing != "" && stemmedWords(thing) == want {
			return true
		}
	}
	return false
}

// stemmedWords joins a snake-case name's word stems, so the same thing written in
// another inflection is the same name: ReplicationProtectedItems_Create creates the
// replicatedProtectedItemName's item.
func stemmedWords(name string) string {
	var b strings.Builder
	for _, w := range strings.Split(lexicon.SnakeCase(name), "_") {
		b.WriteString(lexicon.Stem(w))
	}
	return b.String()
}

// createdByID is the thing an operationId of the form Things_CreateOrUpdate or
// Things_Create names: "storage_target" for StorageTargets_CreateOrUpdate.
func createdByID(id string) string {
	i := strings.LastIndexByte(id, '_')
	if i <= 0 || !strings.HasPrefix(strings.ToLower(id[i+1:]), "create") {
		// CreateLiveSource: the verb first, then the thing.
		if rest, ok := strings.CutPrefix(id, "Create"); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
			return lexicon.Singular(lexicon.SnakeCase(rest))
		}
		return ""
	}
	return lexicon.Singular(lexicon.SnakeCase(id[:i]))
}

// createdBySummary is the thing a summary says is created: "environment" for "Create or
// update an environment", "" when it says no create first.
func createdBySummary(summary string) string {
	words := lexicon.Words(summary)
	i := 0
	for i < len(words) && words[i] != "create" && words[i] != "creates" {
		i++
	}
	if i == len(words) || i > 1 {
		return "" // it does something else first: "Get-or-create", "Sync and create"
	}
	i++
	if i+1 < len(words) && words[i] == "or" && (words[i+1] == "update" || words[i+1] == "updates" || words[i+1] == "replace" || words[i+1] == "replaces") {
		i += 2
	}
	for i < len(words) && (article[words[i]] || words[i] == "new") {
		i++
	}
	var thing []string
	for ; i < len(words) && !lexicon.IsPreposition(words[i]) && !clauseWords[words[i]]; i++ {
		thing = append(thing, words[i])
	}
	if len(thing) == 0 {
		return ""
	}
	thing[len(thing)-1] = lexicon.Singular(thing[len(thing)-1])
	return strings.Join(thing, "_")
}

// clauseWords end a noun phrase as a preposition does: "an environment and its secrets".
var clauseWords = map[string]bool{"and": true, "or": true, "if": true}
