package link

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"

	"gridplay/engine/model"
)

// Prefix marks the link format version.
const Prefix = "v1."

// MaxLinkLen caps the token length in bytes (2 MiB): far above what a
// browser address bar shares comfortably, so only hostile links hit it.
const MaxLinkLen = 2 << 20

// MaxDecodedBytes caps the inflated JSON (16 MiB), so a small token that
// inflates to gigabytes (a zip bomb) fails cleanly.
const MaxDecodedBytes = 16 << 20

// Encode returns the share-link token of s: "v1." + base64url(raw
// DEFLATE(model.Encode(s))). Only valid scenarios have a token.
func Encode(s *model.Scenario) (string, error) {
	js, err := model.Encode(s)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return "", model.Errf("link", "cannot compress: "+err.Error())
	}
	if _, err := w.Write(js); err != nil {
		return "", model.Errf("link", "cannot compress: "+err.Error())
	}
	if err := w.Close(); err != nil {
		return "", model.Errf("link", "cannot compress: "+err.Error())
	}
	tok := Prefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
	if len(tok) > MaxLinkLen {
		return "", model.Errf("link", fmt.Sprintf("the link would be %d bytes; the limit is %d (MaxLinkLen): use a generator or a smaller job list", len(tok), MaxLinkLen))
	}
	return tok, nil
}

// Token extracts the token from a whole URL, fragment or query: the value
// of the last "s=" parameter that follows "#", "?" or "&" (or starts the
// input), up to the next "&"; otherwise the input itself. Spaces around it
// are trimmed.
func Token(link string) string {
	t := strings.TrimSpace(link)
	for i := len(t) - 2; i >= 0; i-- {
		if t[i] == 's' && t[i+1] == '=' && (i == 0 || strings.IndexByte("#?&", t[i-1]) >= 0) {
			t = t[i+2:]
			if j := strings.IndexByte(t, '&'); j >= 0 {
				t = t[:j]
			}
			return strings.TrimSpace(t)
		}
	}
	return strings.TrimPrefix(t, "#")
}

// Decode reads a scenario from a share link: a bare token, "#s=<token>" or
// a whole URL holding it. Errors are model.Errors naming field "link" for
// the link itself, or the scenario's fields (model.Decode) for its content.
func Decode(link string) (*model.Scenario, error) {
	if len(link) > MaxLinkLen+4096 {
		return nil, linkErr(fmt.Sprintf("link is %d bytes; the limit is %d (MaxLinkLen)", len(link), MaxLinkLen))
	}
	t := Token(link)
	if t == "" {
		return nil, linkErr("empty link: expected v1.<data>")
	}
	if len(t) > MaxLinkLen {
		return nil, linkErr(fmt.Sprintf("link is %d bytes; the limit is %d (MaxLinkLen)", len(t), MaxLinkLen))
	}
	if !strings.HasPrefix(t, Prefix) {
		v, _, ok := strings.Cut(t, ".")
		if ok && len(v) <= 8 && strings.HasPrefix(v, "v") {
			return nil, linkErr(fmt.Sprintf("unsupported link version %q (this build reads v1)", v))
		}
		return nil, linkErr("unsupported link version: expected a token starting with v1.")
	}
	data := strings.TrimRight(t[len(Prefix):], "=")
	raw, err := base64.RawURLEncoding.DecodeString(data)
	if err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			return nil, linkErr(fmt.Sprintf("link is not valid base64url at character %d (was it cut short or changed?)", int64(ce)+int64(len(Prefix))))
		}
		return nil, linkErr("link is not valid base64url")
	}
	r := flate.NewReader(bytes.NewReader(raw))
	js, err := io.ReadAll(io.LimitReader(r, MaxDecodedBytes+1))
	if err != nil {
		return nil, linkErr("link data is corrupt (bad DEFLATE stream: was the link cut short?)")
	}
	if len(js) > MaxDecodedBytes {
		return nil, linkErr(fmt.Sprintf("link inflates to more than %d bytes (MaxDecodedBytes)", MaxDecodedBytes))
	}
	return model.Decode(js)
}

func linkErr(msg string) error { return model.Errors{model.Errf("link", msg)} }
