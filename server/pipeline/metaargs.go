package pipeline

// The meta-tools' arguments, as Go types: their input schemas are generated from these
// (server/metaschema.go) and their handlers receive them bound (mcp-go's typed handlers).

// Reserved are the reserved arguments every meta-tool takes.
type Reserved struct {
	UserRequest  string `json:"_user_request,omitempty"`
	Continuation string `json:"_continuation,omitempty"`
}

// FindArgs are find_operations' arguments.
type FindArgs struct {
	Query string `json:"query,omitempty"`
	Limit int    `json:"limit,omitempty"`
	Reserved
}

// PlanArgs are plan's arguments.
type PlanArgs struct {
	Operation string         `json:"operation"`
	Arguments map[string]any `json:"arguments,omitempty"`
	Hints     map[string]any `json:"hints,omitempty"`
	Reserved
}

// DescribeArgs are describe_operation's arguments.
type DescribeArgs struct {
	Operation string `json:"operation"`
	Reserved
}

// CallArgs are call_operation's arguments. Arguments is an object, or the JSON text of
// one (assistants send both); the reserved arguments given beside it are passed on as
// they came, for the operation's own tool to read.
type CallArgs struct {
	Operation string `json:"operation"`
	Arguments any    `json:"arguments,omitempty"`
	Select    any    `json:"_select,omitempty"`
	Compact   any    `json:"_compact,omitempty"`
	Confirm   any    `json:"_confirm,omitempty"`
	Reserved
}

// ResolveArgs are resolve's arguments: the request in words, and on a later round the
// person's answers with the continuation.
type ResolveArgs struct {
	Request   string         `json:"request"`
	Arguments map[string]any `json:"arguments,omitempty"`
	Confirm   any            `json:"_confirm,omitempty"`
	Reserved
}
