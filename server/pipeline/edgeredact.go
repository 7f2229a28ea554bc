package pipeline

import (
	"context"

	"github.com/askapi/askapi/tools/secret"
)

// EdgeRedactor hides what redactor does and the secrets of this moment: the OAuth2
// access tokens held now, and the per-user secret the request carries.
func (p *Pipeline) EdgeRedactor(ctx context.Context) *secret.Redactor {
	extra := append(p.Credentials.OAuth2.Held(), requestSecrets(ctx)...)
	if len(extra) == 0 {
		return p.redactor()
	}
	base := p.secretList()
	return secret.NewRedactor(append(base[:len(base):len(base)], extra...)...)
}
