package seal

import (
	"bytes"
	"compress/flate"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
)

// A sealed token is bytes compressed, encrypted and authenticated with AES-256-GCM, then
// encoded as base64url. The box knows nothing of what the bytes say.

// Errors opening a token; both become an invalid question on _continuation.
var (
	ErrTampered = errors.New("the continuation token is not valid: it was altered, truncated or issued by another server")
	ErrExpired  = errors.New("the continuation token has expired")
)

// TokenVersion prefixes every token so a future format can be told apart.
const TokenVersion = 1

// Box seals and opens bytes.
type Box struct {
	aead cipher.AEAD
}

// New derives the key from secret; an empty secret gets a random per-process key,
// so tokens then survive only as long as the process.
func New(secret string) (*Box, error) {
	var key [32]byte
	if secret == "" {
		if _, err := rand.Read(key[:]); err != nil {
			return nil, fmt.Errorf("continuation key: %w", err)
		}
	} else {
		key = sha256.Sum256([]byte("askapi continuation v1\x00" + secret))
	}
	block, err := aes.NewCipher(key[:])
	if err != nil {
		return nil, fmt.Errorf("continuation cipher: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("continuation cipher: %w", err)
	}
	return &Box{aead: aead}, nil
}

// Seal compresses, encrypts and authenticates plain.
func (b *Box) Seal(plain []byte) (string, error) {
	var zipped bytes.Buffer
	w, _ := flate.NewWriter(&zipped, flate.BestSpeed)
	if _, err := w.Write(plain); err != nil {
		return "", fmt.Errorf("seal continuation: %w", err)
	}
	if err := w.Close(); err != nil {
		return "", fmt.Errorf("seal continuation: %w", err)
	}
	nonce := make([]byte, b.aead.NonceSize(), b.aead.NonceSize()+zipped.Len()+b.aead.Overhead()+1)
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("seal continuation: %w", err)
	}
	header := []byte{TokenVersion}
	sealed := b.aead.Seal(nonce, nonce, zipped.Bytes(), header)
	return base64.RawURLEncoding.EncodeToString(append(header, sealed...)), nil
}

// Open authenticates, decrypts and decompresses a token: ErrTampered when it is not one
// this box sealed.
func (b *Box) Open(token string) ([]byte, error) {
	// Strict: the unused low bits of the last character must be zero, as seal writes them,
	// so a sealed token has one spelling and a re-spelled one is refused. The decoder skips
	// line breaks even then: a token with one is another spelling too.
	if strings.ContainsAny(token, "\r\n") {
		return nil, ErrTampered
	}
	raw, err := base64.RawURLEncoding.Strict().DecodeString(token)
	ns := b.aead.NonceSize()
	if err != nil || len(raw) < 1+ns+b.aead.Overhead() || raw[0] != TokenVersion {
		return nil, ErrTampered
	}
	header, nonce, body := raw[:1], raw[1:1+ns], raw[1+ns:]
	zipped, err := b.aead.Open(nil, nonce, body, header)
	if err != nil {
		return nil, ErrTampered
	}
	plain, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(zipped)), 8<<20))
	if err != nil {
		return nil, ErrTampered
	}
	return plain, nil
}
