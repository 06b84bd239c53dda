package link

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
)

func scenario() *model.Scenario {
	return &model.Scenario{
		Version:  1,
		Seed:     7,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 8}, {ID: "b", Nodes: 4, Speed: 1.5}}},
		Generator: &model.Generator{Jobs: 500, Rate: 0.05, ExecMin: 5, ExecMax: 100,
			DRMax: 5, Sizes: "uniform", SizeMin: 1, SizeMax: 4},
		Policy: model.Policy{Name: "muscle", Params: map[string]float64{"wo": 4}},
	}
}

func TestRoundTrip(t *testing.T) {
	s := scenario()
	tok, err := Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(tok, "v1.") || strings.ContainsAny(tok, "+/= ") {
		t.Fatalf("bad token %q", tok)
	}
	for _, in := range []string{tok, "#s=" + tok, "s=" + tok, "https://example.org/play/#s=" + tok,
		"https://example.org/#s=" + tok + "&embed=1", "  " + tok + "\n", tok + "==",
		"https://example.org/embed?theme=dark&s=" + tok, "#embed=1&s=" + tok} {
		d, err := Decode(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if !reflect.DeepEqual(d, s) {
			t.Fatalf("%q: round trip differs", in)
		}
	}
	tok2, _ := Encode(s)
	if tok != tok2 {
		t.Fatal("encoding is not deterministic")
	}
}

// The token is exactly v1. + base64url(raw deflate(model.Encode)).
func TestFormat(t *testing.T) {
	s := scenario()
	tok, _ := Encode(s)
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(tok, "v1."))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := out.ReadFrom(flate.NewReader(bytes.NewReader(raw))); err != nil {
		t.Fatal(err)
	}
	want, _ := model.Encode(s)
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatalf("payload is not the canonical JSON:\n%s\n%s", out.Bytes(), want)
	}
}

func deflate(b []byte) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestSpeed)
	w.Write(b)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func TestDecodeErrors(t *testing.T) {
	good, _ := Encode(scenario())
	bomb := deflate(bytes.Repeat([]byte(" "), MaxDecodedBytes+10))
	tests := []struct {
		name, in, field, msg string
	}{
		{"empty", "", "link", "link is empty"},
		{"v2", "v2.abc", "link", `unsupported link version "v2"`},
		{"no prefix", "abcdef", "link", "unsupported link version"},
		{"bad base64", "v1.ab$cd", "link", "base64url at character 5"},
		{"cut short", good[:len(good)/2], "link", "corrupt"},
		{"not deflate", "v1." + base64.RawURLEncoding.EncodeToString([]byte{0xff, 0xff, 0xff, 0xff}), "link", "corrupt"},
		{"zip bomb", "v1." + bomb, "link", "too large to open"},
		{"too long", "v1." + strings.Repeat("A", MaxLinkLen), "link", "too long to open"},
		{"bad json", "v1." + deflate([]byte(`{"version":1,`)), "", "invalid JSON"},
		{"bad field", "v1." + deflate([]byte(`{"version":1,"seed":1,"platform":{"clusters":[{"id":"a","nodes":0}]},"jobs":[{"id":"x","submit":0,"size":1,"runtime":1}],"policy":{"name":"p"}}`)), "platform.clusters[0].nodes", "at least 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.in)
			var es model.Errors
			if !errors.As(err, &es) {
				t.Fatalf("got %T %v", err, err)
			}
			for _, e := range es {
				if e.Field == tc.field && strings.Contains(e.Msg, tc.msg) {
					return
				}
			}
			t.Fatalf("want %q ...%s...; got %v", tc.field, tc.msg, err)
		})
	}
}

func TestEncodeInvalid(t *testing.T) {
	s := scenario()
	s.Generator.Rate = -1
	if _, err := Encode(s); err == nil || !strings.Contains(err.Error(), "generator.rate") {
		t.Fatalf("got %v", err)
	}
}

// FuzzDecode checks that Decode never panics on any link and that what
// it accepts encodes back to a token that decodes to the same scenario.
func FuzzDecode(f *testing.F) {
	good, _ := Encode(scenario())
	f.Add(good)
	f.Add("#s=" + good)
	f.Add("v1.")
	f.Add("v1.q1YqS8wpTVWyUlAqS8wpTVWqBQA")
	f.Fuzz(func(t *testing.T, in string) {
		s, err := Decode(in)
		if err != nil {
			return
		}
		tok, err := Encode(s)
		if err != nil {
			t.Fatalf("decoded scenario does not encode: %v", err)
		}
		s2, err := Decode(tok)
		if err != nil || !reflect.DeepEqual(s, s2) {
			t.Fatalf("round trip failed: %v", err)
		}
	})
}

// Jobs' users travel in the link (a trace's users, as engine/swf reads
// them), and a job list too big for a link still gets the clear message.
func TestUsers(t *testing.T) {
	s := &model.Scenario{Version: 1, Platform: model.Platform{Clusters: []model.Cluster{{ID: "site0", Nodes: 8}}},
		Policy: model.Policy{Name: "easy"}}
	for k := range 40 {
		s.Jobs = append(s.Jobs, model.Job{ID: strconv.Itoa(k + 1), Submit: float64(10 * k), Size: 1 + k%8,
			Runtime: float64(50 + k), User: []string{"7", "12", "", "3"}[k%4]})
	}
	tok, err := Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Decode(tok)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d, s) {
		t.Fatal("round trip differs")
	}
	// 25,000 jobs with 128-byte users of random letters do not compress
	// into 2 MiB.
	r := rng.NewPCG(1, 2)
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
	s.Jobs = s.Jobs[:0]
	for k := range 25000 {
		u := make([]byte, model.MaxNameLen)
		for i := range u {
			u[i] = letters[r.IntN(len(letters))]
		}
		s.Jobs = append(s.Jobs, model.Job{ID: strconv.Itoa(k + 1), Submit: float64(k), Size: 1, Runtime: 10, User: string(u)})
	}
	_, err = Encode(s)
	if fe := model.FirstError(err); fe == nil || fe.Field != "link" ||
		!strings.Contains(fe.Msg, "the limit is 2097152 (MaxLinkLen): use a generator or a smaller job list") {
		t.Fatalf("a job list over the cap: %v", err)
	}
}
