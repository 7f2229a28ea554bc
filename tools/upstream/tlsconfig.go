package upstream

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"os"
)

// TLSSettings say how askapi trusts the upstream and shows itself to it.
type TLSSettings struct {
	// CAFile holds PEM certificates trusted besides the system's roots (a company CA).
	CAFile string
	// ClientCert and ClientKey are a PEM certificate and key for mutual TLS.
	ClientCert, ClientKey string
	// Insecure skips verifying the upstream's certificate: local development only.
	Insecure bool
}

// Transport is a copy of Go's default transport (proxies from HTTPS_PROXY, HTTP_PROXY and
// NO_PROXY, as Go reads them) with the settings' TLS; nil settings keep the default's.
func (s TLSSettings) Transport() (http.RoundTripper, error) {
	t := http.DefaultTransport.(*http.Transport).Clone()
	if s == (TLSSettings{}) {
		return t, nil
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, InsecureSkipVerify: s.Insecure} //nolint:gosec // --insecure, warned at start
	if s.CAFile != "" {
		pool, err := x509.SystemCertPool()
		if err != nil {
			pool = x509.NewCertPool()
		}
		pem, err := os.ReadFile(s.CAFile)
		if err != nil {
			return nil, fmt.Errorf("--ca-file: %w", err)
		}
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("--ca-file %s: no PEM certificate in it", s.CAFile)
		}
		cfg.RootCAs = pool
	}
	if (s.ClientCert == "") != (s.ClientKey == "") {
		return nil, errors.New("--client-cert and --client-key go together")
	}
	if s.ClientCert != "" {
		pair, err := tls.LoadX509KeyPair(s.ClientCert, s.ClientKey)
		if err != nil {
			// The key file's content is never quoted: only the files' names.
			return nil, fmt.Errorf("--client-cert %s / --client-key %s: not a matching PEM certificate and key", s.ClientCert, s.ClientKey)
		}
		cfg.Certificates = []tls.Certificate{pair}
	}
	t.TLSClientConfig = cfg
	return t, nil
}
