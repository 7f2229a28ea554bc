package reverse

// Kind says how a producer supplies its value, for reports (`askapi graph --stats`):
//   - "link": an OpenAPI link on a response;
//   - "declared": x-askapi-source or a policy file;
//   - "self": an operation about the caller (GET /me) that needs no input;
//   - "search": a safe operation that takes the person's words (q, query, name...) and
//     lists matching items;
//   - "list": a safe operation that lists items askapi matches itself on their labels;
//   - "value": any other operation whose output carries the argument (the general
//     Reverse Chain rule: geolocation ← user_geolocation).
func (p Producer) Kind() string {
	switch {
	case p.Source == SourceLink:
		return "link"
	case p.Source == SourceDeclared:
		return "declared"
	case p.Self:
		return "self"
	case p.Pointer != "" && p.Collection.Items == "" && p.Collection.IDField == "":
		return "value"
	case p.NameArg != "":
		return "search"
	}
	return "list"
}
