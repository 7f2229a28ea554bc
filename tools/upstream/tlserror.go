package upstream

import (
	"crypto/x509"
	"errors"
	"fmt"
	"strings"
)

// tlsReason says why a TLS connection to host failed, and what to set: a certificate no
// trusted authority signed (a company CA: --ca-file), one for another name, or a server
// that wants a client certificate (--client-cert). Other errors keep their own text.
func tlsReason(err error, host string) string {
	var unknown x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var invalid x509.CertificateInvalidError
	msg := err.Error()
	switch {
	case errors.As(err, &unknown):
		return fmt.Sprintf("the TLS certificate of %s is not signed by an authority askapi trusts (%s); if it is your organisation's, give its CA certificate with --ca-file (ASKAPI_CA_FILE)", host, msg)
	case errors.As(err, &hostname):
		return fmt.Sprintf("the TLS certificate of %s is for another name (%s); check --base-url", host, msg)
	case errors.As(err, &invalid):
		return fmt.Sprintf("the TLS certificate of %s is not valid (%s)", host, msg)
	case strings.Contains(msg, "certificate required") || strings.Contains(msg, "bad certificate"):
		return fmt.Sprintf("%s refused the TLS connection: it wants a client certificate askapi did not give or it does not accept (%s); give one with --client-cert and --client-key", host, msg)
	}
	return msg
}
