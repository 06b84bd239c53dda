package lesson

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"strings"
	"testing"

	"gridplay/site/state"
)

func TestRoundTrip(t *testing.T) {
	l := &Lesson{Title: "  Backfilling  ", Text: "Look at j4.\nThen j6.", Question: "Why <b>j4</b>?", Section: "EASY",
		Steps: []Step{{T: 52.0004, Note: "j3's reservation"}, {T: 8, Note: "j4 starts"}}}
	tok, err := Encode(l)
	if err != nil {
		t.Fatal(err)
	}
	back, err := FromFragment("#s=v1.abc&cmp=easy&l=" + tok + "&autoplay=1")
	if err != nil {
		t.Fatal(err)
	}
	if back.Title != "Backfilling" || back.Question != "Why <b>j4</b>?" || back.Text != "Look at j4.\nThen j6." {
		t.Errorf("fields %+v", back)
	}
	if len(back.Steps) != 2 || back.Steps[0].T != 8 || back.Steps[1].T != 52 || back.Steps[1].Note != "j3's reservation" {
		t.Errorf("steps %+v (want sorted by time, rounded to ms)", back.Steps)
	}
	if l.Steps[0].T != 52.0004 {
		t.Error("Encode changed its argument")
	}
	if got, _ := FromFragment("#s=v1.abc"); got != nil {
		t.Errorf("a link without a lesson gave %+v", got)
	}
}

func deflateB64(b []byte) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(b)
	w.Close()
	return Prefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// Hostile or broken lesson links are refused with a sentence, never a
// panic.
func TestHostileTokens(t *testing.T) {
	bomb := deflateB64(bytes.Repeat([]byte(" "), MaxJSONBytes+10))
	cases := []struct{ name, tok, want string }{
		{"empty", "", "not a gridplay lesson"},
		{"wrong version", "v2.AAAA", "not a gridplay lesson"},
		{"garbage", "v1.%%%%", "damaged"},
		{"not deflate", "v1.AAAAAAAA", "damaged"},
		{"too long", "v1." + strings.Repeat("A", MaxTokenLen), "too long"},
		{"bomb", bomb, "too large"},
		{"not JSON", deflateB64([]byte("hello")), "does not hold a lesson"},
		{"unknown field", deflateB64([]byte(`{"version":1,"title":"x","script":"alert(1)"}`)), "does not hold a lesson"},
		{"no title", deflateB64([]byte(`{"version":1,"title":"  "}`)), "needs a title"},
		{"other version", deflateB64([]byte(`{"version":9,"title":"x"}`)), "another version"},
		{"long title", deflateB64([]byte(`{"version":1,"title":"` + strings.Repeat("x", MaxTitle+1) + `"}`)), "too long"},
		{"control char", deflateB64([]byte(`{"version":1,"title":"a\u0007b"}`)), "control character"},
		{"negative step", deflateB64([]byte(`{"version":1,"title":"x","steps":[{"t":-1}]}`)), "not on the clock"},
		{"too many steps", deflateB64([]byte(`{"version":1,"title":"x","steps":[` + strings.Repeat(`{"t":1},`, MaxSteps) + `{"t":2}]}`)), "at most"},
	}
	for _, c := range cases {
		l, err := Decode(c.tok)
		if err == nil {
			t.Errorf("%s: decoded %+v", c.name, l)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q, want it to say %q", c.name, err, c.want)
		}
	}
}

// Every preset has a lesson: what to look for, one question and the
// paper section, and it fits a link.
func TestEveryPresetHasALesson(t *testing.T) {
	for _, p := range state.Presets {
		l := Builtin(p.ID)
		if l == nil {
			t.Errorf("preset %s has no lesson", p.ID)
			continue
		}
		if l.Text == "" || l.Question == "" || l.Section == "" || !strings.HasSuffix(l.Question, "?") && !strings.Contains(l.Question, "?") {
			t.Errorf("preset %s: incomplete lesson %+v", p.ID, l)
		}
		if _, err := Encode(l); err != nil {
			t.Errorf("preset %s: %v", p.ID, err)
		}
	}
	if Builtin("no-such-preset") != nil {
		t.Error("a lesson for an unknown preset")
	}
}

func FuzzDecode(f *testing.F) {
	tok, _ := Encode(&Lesson{Title: "t", Steps: []Step{{T: 1, Note: "n"}}})
	f.Add(tok)
	f.Add("v1.")
	f.Add("v1.AAAA")
	f.Fuzz(func(t *testing.T, s string) {
		l, err := Decode(s)
		if err == nil {
			if l.Validate() != nil {
				t.Errorf("decoded an invalid lesson %+v", l)
			}
			if _, err := Encode(l); err != nil {
				t.Errorf("decoded lesson does not encode: %v", err)
			}
		}
	})
}

// A step's question is checked: two to MaxChoices choices, one marked
// right; a link with a broken one is refused with a sentence.
func TestStepQuestions(t *testing.T) {
	ok := Lesson{Version: Version, Title: "x", Steps: []Step{{T: 1, Ask: "Which?", Choices: []string{"a", "b"}, Answer: 2, Why: "b, because"}}}
	tok, err := Encode(&ok)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(tok)
	if err != nil || !back.Steps[0].Asks() || !back.Steps[0].Check(2) || back.Steps[0].Check(1) || back.Steps[0].Why != "b, because" {
		t.Fatalf("round trip: %+v %v", back, err)
	}
	for name, s := range map[string]Step{
		"no choices":   {Ask: "Which?"},
		"one choice":   {Ask: "Which?", Choices: []string{"a"}, Answer: 1},
		"no question":  {Choices: []string{"a", "b"}, Answer: 1},
		"no answer":    {Ask: "Which?", Choices: []string{"a", "b"}},
		"answer past":  {Ask: "Which?", Choices: []string{"a", "b"}, Answer: 3},
		"empty choice": {Ask: "Which?", Choices: []string{"a", " "}, Answer: 1},
		"many":         {Ask: "Which?", Choices: []string{"a", "b", "c", "d", "e", "f", "g"}, Answer: 1},
	} {
		l := Lesson{Version: Version, Title: "x", Steps: []Step{s}}
		if err := l.Validate(); err == nil {
			t.Errorf("%s: accepted", name)
		} else if !strings.Contains(strings.ToLower(err.Error()), "step 1") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
