package pipeline

import (
	"bytes"
	"encoding/json"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/tools/secret"
)

// redactor hides every configured secret; built once from the credentials and the rest
// of the configuration.
func (p *Pipeline) redactor() *secret.Redactor {
	p.secretList()
	return p.redact
}

// RedactResult returns r itself when no secret is in it (the usual case, decided on one
// encoding), else a copy with every string, key and number that holds one redacted. The
// continuation is kept as is: it is sealed, opaque, and redacting it could only break it.
func RedactResult(rd *secret.Redactor, r *clarify.Result) *clarify.Result {
	clean, changed, err := redactJSON(rd, r)
	if err != nil {
		// Not encodable is not sendable either; say so without the content.
		return &clarify.Result{Status: clarify.StatusError, Operation: rd.String(r.Operation),
			Reason: "the result could not be checked for secrets", Error: &clarify.Failure{Message: "the result could not be checked for secrets"}}
	}
	if !changed {
		return r
	}
	clean.Continuation = r.Continuation
	return clean
}

// redactState is the state a continuation seals, without secrets: a continuation is
// opened by every replica that holds the key, and may be logged by proxies on the way.
func redactState(rd *secret.Redactor, st clarify.State) (clarify.State, error) {
	clean, changed, err := redactJSON(rd, &st)
	if err != nil || !changed {
		return st, err
	}
	return *clean, nil
}

// redactJSON round-trips v through JSON with every secret hidden. changed is false, and
// nothing but one encoding is done, when no secret can be in v.
func redactJSON[T any](rd *secret.Redactor, v *T) (*T, bool, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, false, err
	}
	if !rd.Mentions(data) {
		return v, false, nil
	}
	var generic any
	if err := decodeNumbers(data, &generic); err != nil {
		return nil, false, err
	}
	if data, err = json.Marshal(rd.Value(generic)); err != nil {
		return nil, false, err
	}
	out := new(T)
	if err := decodeNumbers(data, out); err != nil {
		return nil, false, err
	}
	return out, true, nil
}

// decodeNumbers decodes keeping numbers as written (ids longer than a float64 holds).
func decodeNumbers(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}

// RedactAny is v, any JSON-encodable value, with no secret in it: decoded again from
// its encoding when one may be there.
func RedactAny(rd *secret.Redactor, v any) any {
	data, err := json.Marshal(v)
	if err != nil || !rd.Mentions(data) {
		return v
	}
	var generic any
	if decodeNumbers(data, &generic) != nil {
		return v
	}
	return rd.Value(generic)
}
