package server

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/tools/upstream"
)

// testCA is a certificate authority made for one test.
type testCA struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
	pem  []byte
}

func newTestCA(t *testing.T, name string) *testCA {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	return &testCA{cert: cert, key: key, pem: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}
}

// issue signs a leaf for 127.0.0.1 (a server) or a client, returning its PEM cert and key.
func (ca *testCA) issue(t *testing.T, client bool) (certPEM, keyPEM []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(time.Now().UnixNano()), Subject: pkix.Name{CommonName: "askapi-test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}}
	if client {
		tmpl.ExtKeyUsage, tmpl.IPAddresses = []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}, nil
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.cert, &key.PublicKey, ca.key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder})
}

func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// An upstream on loopback under a test CA: without --ca-file the call fails with a message
// naming the host and the flag, with it the call goes; an mTLS upstream refuses a client
// without the certificate, and takes one with it; --insecure goes, and warns at start.
func TestUpstreamTLS(t *testing.T) {
	serverCA, clientCA := newTestCA(t, "askapi test server CA"), newTestCA(t, "askapi test client CA")
	certPEM, keyPEM := serverCA.issue(t, false)
	pair, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		t.Fatal(err)
	}
	clientCertPEM, clientKeyPEM := clientCA.issue(t, true)
	caFile := writeTemp(t, "ca.pem", serverCA.pem)
	clientCert, clientKey := writeTemp(t, "client.pem", clientCertPEM), writeTemp(t, "client-key.pem", clientKeyPEM)
	start := func(mtls bool) *httptest.Server {
		srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			stubJSON(w, 200, map[string]any{"ok": true})
		}))
		srv.TLS = &tls.Config{Certificates: []tls.Certificate{pair}}
		srv.Config.ErrorLog = log.New(io.Discard, "", 0) // refused handshakes are the point
		if mtls {
			pool := x509.NewCertPool()
			pool.AddCert(clientCA.cert)
			srv.TLS.ClientAuth, srv.TLS.ClientCAs = tls.RequireAndVerifyClientCert, pool
		}
		srv.StartTLS()
		t.Cleanup(srv.Close)
		return srv
	}
	plain, mutual := start(false), start(true)
	spec := writeTemp(t, "keyed.json", []byte(keyedSpec))
	cases := []struct {
		name string
		srv  *httptest.Server
		tls  upstream.TLSSettings
		want []string // in the error; none: the call goes
		warn bool
	}{
		{"unknown CA", plain, upstream.TLSSettings{}, []string{strings.TrimPrefix(plain.URL, "https://"), "not signed by an authority", "--ca-file"}, false},
		{"--ca-file", plain, upstream.TLSSettings{CAFile: caFile}, nil, false},
		{"mTLS without a client certificate", mutual, upstream.TLSSettings{CAFile: caFile}, []string{strings.TrimPrefix(mutual.URL, "https://"), "client certificate", "--client-cert"}, false},
		{"mTLS with a client certificate", mutual, upstream.TLSSettings{CAFile: caFile, ClientCert: clientCert, ClientKey: clientKey}, nil, false},
		{"--insecure", plain, upstream.TLSSettings{Insecure: true}, nil, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			up := &stubUpstream{Server: tc.srv}
			p, logs := authPipeline(t, spec, up, []string{"ASKAPI_API_KEY=k3y-for-the-tls-test"}, func(o *Options) { o.TLS = tc.tls })
			res := callOp(t, p, "getThing", map[string]any{"thing": "a"})
			if tc.want == nil {
				if res.Status != clarify.StatusOK {
					t.Fatalf("call: %s %s", res.Status, res.Reason)
				}
			} else {
				if res.Status != clarify.StatusError {
					t.Fatalf("call: %s, want an error", res.Status)
				}
				for _, w := range tc.want {
					if !strings.Contains(res.Reason, w) {
						t.Errorf("error %q lacks %q", res.Reason, w)
					}
				}
			}
			if warned := strings.Contains(logs.String(), "--insecure"); warned != tc.warn {
				t.Errorf("--insecure warning: %v, want %v:\n%s", warned, tc.warn, logs.String())
			}
		})
	}
}
