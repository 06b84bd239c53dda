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
		return nil, linkErr(fmt.Sprintf("This link is too long to open (%d bytes; the limit is %d). Export the scenario as JSON to share it instead.", len(link), MaxLinkLen))
	}
	t := Token(link)
	if t == "" {
		return nil, linkErr("This link is empty: a gridplay link ends in #s=v1. followed by the scenario.")
	}
	if len(t) > MaxLinkLen {
		return nil, linkErr(fmt.Sprintf("This link is too long to open (%d bytes; the limit is %d). Export the scenario as JSON to share it instead.", len(t), MaxLinkLen))
	}
	if !strings.HasPrefix(t, Prefix) {
		v, _, ok := strings.Cut(t, ".")
		if ok && len(v) <= 8 && strings.HasPrefix(v, "v") {
			return nil, linkErr(fmt.Sprintf("This link was made by another version of gridplay (unsupported link version %q; this one reads v1).", v))
		}
		return nil, linkErr("This is not a gridplay link (unsupported link version: a link ends in #s=v1. followed by the scenario).")
	}
	data := strings.TrimRight(t[len(Prefix):], "=")
	raw, err := base64.RawURLEncoding.DecodeString(data)
	if err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			return nil, linkErr(fmt.Sprintf("This link is damaged: was it cut short or changed? (not valid base64url at character %d)", int64(ce)+int64(len(Prefix))))
		}
		return nil, linkErr("This link is damaged: was it cut short or changed? (not valid base64url)")
	}
	r := flate.NewReader(bytes.NewReader(raw))
	js, err := io.ReadAll(io.LimitReader(r, MaxDecodedBytes+1))
	if err != nil {
		return nil, linkErr("This link is damaged: was it cut short? (its data is corrupt: bad DEFLATE stream)")
	}
	if len(js) > MaxDecodedBytes {
		return nil, linkErr(fmt.Sprintf("This link is too large to open (over %d MB once unpacked; it inflates to more than %d bytes).", MaxDecodedBytes>>20, MaxDecodedBytes))
	}
	return model.Decode(js)
}

func linkErr(msg string) error { return model.Errors{model.Errf("link", msg)} }
