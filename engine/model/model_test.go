package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

func valid() *Scenario {
	sg := 0.5
	return &Scenario{
		Version: 1,
		Name:    "two sites",
		Seed:    42,
		Platform: Platform{
			Clusters: []Cluster{
				{ID: "c1", Nodes: 4, Speed: 1, Weights: &Weights{O: 4, M: 3, I: 1}},
				{ID: "c2", Nodes: 2, Speed: 1.2, Servers: []Server{{ID: "s1", Nodes: 2, PEs: 2, Speed: 100}}},
			},
			Network: &Network{Links: []Link{{From: "c1", To: "c2", Bandwidth: 100}}, MultisiteFactor: 1.25},
		},
		Jobs: []Job{
			{ID: "j1", Submit: 0, Size: 2, Runtime: 10, Deadline: 30, Origin: "c1", Sigma: &sg, User: "7"},
			{ID: "j2", Submit: 1.5, Size: 1, App: &App{Code: "fft"}},
			{ID: "j3", Submit: 2, Size: 3, App: &App{Points: []Point{{1, 10}, {2, 6}}}},
		},
		Events: []Event{{At: 5, Kind: "offline", Cluster: "c1", Nodes: []int{0, 3}}},
		Policy: Policy{Name: "fcfs", Params: map[string]float64{"generations": 100}},
	}
}

func fields(err error) []string {
	var es Errors
	if !errors.As(err, &es) {
		return nil
	}
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Field
	}
	return out
}

func TestValidateOK(t *testing.T) {
	if err := valid().Validate(); err != nil {
		t.Fatal(err)
	}
	// An SWF record's run time 0 ("less than 0.5 s") with a requested
	// time, and a scenario run under pyss's conventions.
	s := valid()
	s.Jobs[0].Runtime, s.Jobs[0].Requested = 0, 60
	s.Compat = CompatPyss
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	b, err := Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	if d, err := Decode(b); err != nil || d.Compat != CompatPyss || d.Jobs[0].Runtime != 0 {
		t.Fatalf("round trip: %v %+v", err, d)
	}
	var nilS *Scenario
	if nilS.Validate() == nil {
		t.Fatal("nil scenario passed")
	}
}

func TestValidateErrors(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(s *Scenario)
		field string
		msg   string
	}{
		{"version missing", func(s *Scenario) { s.Version = 0 }, "version", "missing"},
		{"version wrong", func(s *Scenario) { s.Version = 2 }, "version", "unsupported scenario version 2"},
		{"no clusters", func(s *Scenario) { s.Platform.Clusters = nil }, "platform.clusters", "at least one cluster"},
		{"too many clusters", func(s *Scenario) {
			for i := 0; i <= MaxClusters; i++ {
				s.Platform.Clusters = append(s.Platform.Clusters, Cluster{ID: "x" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Nodes: 1})
			}
		}, "platform.clusters", "the limit is"},
		{"cluster nodes 0", func(s *Scenario) { s.Platform.Clusters[0].Nodes = 0 }, "platform.clusters[0].nodes", "at least 1"},
		{"cluster nodes huge", func(s *Scenario) { s.Platform.Clusters[0].Nodes = MaxNodes + 1 }, "platform.clusters[0].nodes", "the limit is"},
		{"total nodes", func(s *Scenario) {
			for i := range 5 {
				s.Platform.Clusters = append(s.Platform.Clusters, Cluster{ID: "big" + string(rune('0'+i)), Nodes: MaxNodes})
			}
		}, "platform.clusters", "the limit is"},
		{"dup cluster", func(s *Scenario) { s.Platform.Clusters[1].ID = "c1" }, "platform.clusters[1].id", "duplicate cluster id"},
		{"empty cluster id", func(s *Scenario) { s.Platform.Clusters[0].ID = "" }, "platform.clusters[0].id", "must not be empty"},
		{"long name", func(s *Scenario) { s.Platform.Clusters[0].Name = strings.Repeat("x", MaxNameLen+1) }, "platform.clusters[0].name", "the limit is"},
		{"bad utf8", func(s *Scenario) { s.Name = "a\xffb" }, "name", "UTF-8"},
		{"nan speed", func(s *Scenario) { s.Platform.Clusters[0].Speed = math.NaN() }, "platform.clusters[0].speed", "finite"},
		{"neg speed", func(s *Scenario) { s.Platform.Clusters[0].Speed = -1 }, "platform.clusters[0].speed", "between 1e-06"},
		{"tiny speed", func(s *Scenario) { s.Platform.Clusters[0].Speed = 1e-300 }, "platform.clusters[0].speed", "between 1e-06"},
		{"zero weights", func(s *Scenario) { s.Platform.Clusters[0].Weights = &Weights{} }, "platform.clusters[0].weights", "positive"},
		{"server sum", func(s *Scenario) { s.Platform.Clusters[1].Nodes = 3 }, "platform.clusters[1].nodes", "servers have 2"},
		{"server pes", func(s *Scenario) { s.Platform.Clusters[1].Servers[0].PEs = 0 }, "platform.clusters[1].servers[0].pes", "at least 1"},
		{"link unknown", func(s *Scenario) { s.Platform.Network.Links[0].To = "zz" }, "platform.network.links[0].to", `unknown cluster "zz"`},
		{"link self", func(s *Scenario) { s.Platform.Network.Links[0].To = "c1" }, "platform.network.links[0].to", "differ"},
		{"link dup", func(s *Scenario) {
			s.Platform.Network.Links = append(s.Platform.Network.Links, Link{From: "c2", To: "c1", Bandwidth: 1})
		}, "platform.network.links[1]", "duplicate link"},
		{"link bw", func(s *Scenario) { s.Platform.Network.Links[0].Bandwidth = 0 }, "platform.network.links[0].bandwidth", "between"},
		{"msf", func(s *Scenario) { s.Platform.Network.MultisiteFactor = 0.5 }, "platform.network.multisite_factor", "between 1"},
		{"no jobs", func(s *Scenario) { s.Jobs = nil }, "jobs", "at least one job"},
		{"size 0", func(s *Scenario) { s.Jobs[0].Size = 0 }, "jobs[0].size", "must be at least 1"},
		{"dup job", func(s *Scenario) { s.Jobs[2].ID = "j1" }, "jobs[2].id", `duplicate job id "j1"`},
		{"neg submit", func(s *Scenario) { s.Jobs[1].Submit = -1 }, "jobs[1].submit", "negative"},
		{"inf submit", func(s *Scenario) { s.Jobs[1].Submit = math.Inf(1) }, "jobs[1].submit", "finite"},
		{"huge submit", func(s *Scenario) { s.Jobs[1].Submit = 2e12 }, "jobs[1].submit", "at most"},
		{"no runtime", func(s *Scenario) { s.Jobs[0].Runtime = 0 }, "jobs[0].runtime", "positive (or give app)"},
		{"nan runtime", func(s *Scenario) { s.Jobs[0].Runtime = math.NaN() }, "jobs[0].runtime", "finite"},
		{"neg runtime with request", func(s *Scenario) { s.Jobs[0].Runtime, s.Jobs[0].Requested = -1, 5 }, "jobs[0].runtime", "negative"},
		{"compat", func(s *Scenario) { s.Compat = "batsim" }, "compat", `only reference simulator is "pyss"`},
		{"neg deadline", func(s *Scenario) { s.Jobs[0].Deadline = -3 }, "jobs[0].deadline", "negative"},
		{"origin", func(s *Scenario) { s.Jobs[0].Origin = "nowhere" }, "jobs[0].origin", "unknown cluster"},
		{"sigma", func(s *Scenario) { x := 1.5; s.Jobs[0].Sigma = &x }, "jobs[0].sigma", "between 0 and 1"},
		{"long user", func(s *Scenario) { s.Jobs[1].User = strings.Repeat("u", MaxNameLen+1) }, "jobs[1].user", "the limit is 128"},
		{"long user plain job", func(s *Scenario) { s.Jobs[0].Sigma = nil; s.Jobs[0].User = strings.Repeat("u", MaxNameLen+1) }, "jobs[0].user", "the limit is 128"},
		{"bad utf8 user", func(s *Scenario) { s.Jobs[0].Sigma = nil; s.Jobs[0].User = "a\xffb" }, "jobs[0].user", "UTF-8"},
		{"app code", func(s *Scenario) { s.Jobs[1].App.Code = "doom" }, "jobs[1].app.code", "unknown application code"},
		{"app empty", func(s *Scenario) { s.Jobs[1].App.Code = "" }, "jobs[1].app", "code or points"},
		{"app points order", func(s *Scenario) { s.Jobs[2].App.Points[1].N = 1 }, "jobs[2].app.points[1].n", "greater"},
		{"event cluster", func(s *Scenario) { s.Events[0].Cluster = "c9" }, "events[0].cluster", "unknown cluster"},
		{"event kind", func(s *Scenario) { s.Events[0].Kind = "explode" }, "events[0].kind", "offline"},
		{"event node", func(s *Scenario) { s.Events[0].Nodes[1] = 4 }, "events[0].nodes[1]", "outside"},
		{"event node dup", func(s *Scenario) { s.Events[0].Nodes[1] = 0 }, "events[0].nodes[1]", "twice"},
		{"event at", func(s *Scenario) { s.Events[0].At = math.NaN() }, "events[0].at", "finite"},
		{"too many events", func(s *Scenario) { s.Events = make([]Event, MaxEvents+1) }, "events", "the limit is"},
		{"policy name", func(s *Scenario) { s.Policy.Name = "" }, "policy.name", "empty"},
		{"generations", func(s *Scenario) { s.Policy.Params["generations"] = MaxGenerations + 1 }, "policy.params.generations", "the limit is"},
		{"param nan", func(s *Scenario) { s.Policy.Params["x"] = math.NaN() }, "policy.params.x", "finite"},
		{"too many jobs", func(s *Scenario) { s.Jobs = make([]Job, MaxJobs+1) }, "jobs", "the limit is 250000"},
		{"both gen and jobs", func(s *Scenario) { s.Generator = validGen() }, "generator", "not both"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := valid()
			tc.edit(s)
			err := s.Validate()
			if err == nil {
				t.Fatal("no error")
			}
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("error %T is not model.Errors", err)
			}
			for _, e := range es {
				if e.Field == tc.field && strings.Contains(e.Msg, tc.msg) {
					return
				}
			}
			t.Fatalf("want %s: ...%s...; got %v", tc.field, tc.msg, err)
		})
	}
}

func validGen() *Generator {
	return &Generator{Jobs: 100, Rate: 0.1, ExecMin: 5, ExecMax: 100, DRMax: 5, Sizes: "uniform", SizeMin: 1, SizeMax: 4}
}

func TestValidateGenerator(t *testing.T) {
	tests := []struct {
		edit  func(g *Generator)
		field string
	}{
		{func(g *Generator) { g.Jobs = 0 }, "generator.jobs"},
		{func(g *Generator) { g.Jobs = MaxJobs + 1 }, "generator.jobs"},
		{func(g *Generator) { g.Rate = 0 }, "generator.rate"},
		{func(g *Generator) { g.ExecMin = 0 }, "generator.exec_min"},
		{func(g *Generator) { g.ExecMax = 1 }, "generator.exec_max"},
		{func(g *Generator) { g.Alpha = -1 }, "generator.alpha"},
		{func(g *Generator) { g.DRMin = 6 }, "generator.dr_max"},
		{func(g *Generator) { g.Sizes = "zipf" }, "generator.sizes"},
		{func(g *Generator) { g.SizeMin = 0 }, "generator.size_min"},
		{func(g *Generator) { g.SizeMax = 0 }, "generator.size_max"},
		{func(g *Generator) { g.SizeStd = math.Inf(1) }, "generator.size_std"},
		{func(g *Generator) { g.Codes = []string{"fft", "x"} }, "generator.codes[1]"},
	}
	for _, tc := range tests {
		s := valid()
		s.Jobs = nil
		s.Generator = validGen()
		if err := s.Validate(); err != nil {
			t.Fatal(err)
		}
		tc.edit(s.Generator)
		got := fields(s.Validate())
		found := false
		for _, f := range got {
			found = found || f == tc.field
		}
		if !found {
			t.Errorf("want error on %s, got %v", tc.field, got)
		}
	}
}

func TestValidateReportsEveryProblem(t *testing.T) {
	s := valid()
	s.Jobs[0].Size = 0
	s.Jobs[1].Submit = -1
	s.Platform.Clusters[0].Speed = -1
	got := fields(s.Validate())
	want := []string{"platform.clusters[0].speed", "jobs[0].size", "jobs[1].submit"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	s := valid()
	b, err := Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d, s) {
		t.Fatalf("round trip differs:\n%+v\n%+v", d, s)
	}
	b2, err := Encode(d)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, b2) {
		t.Fatalf("not canonical:\n%s\n%s", b, b2)
	}
	// The encoding is exactly standard JSON.
	var any map[string]any
	if err := json.Unmarshal(b, &any); err != nil {
		t.Fatal(err)
	}
}

func TestEncodeCanonical(t *testing.T) {
	a := valid()
	b := valid()
	// Same meaning, different Go values: empty vs nil, -0 vs 0.
	b.Events[0].At = 5
	b.Jobs[0].Submit = math.Copysign(0, -1)
	b.Platform.Clusters[0].Servers = []Server{}
	b.Generator = nil
	b.Jobs[1].App.Points = []Point{}
	ea, err := Encode(a)
	if err != nil {
		t.Fatal(err)
	}
	eb, err := Encode(b)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(ea, eb) {
		t.Fatalf("same scenario, different bytes:\n%s\n%s", ea, eb)
	}
	if strings.Contains(string(eb), "-0") {
		t.Fatalf("negative zero written: %s", eb)
	}
	// Canonical does not change its argument.
	if len(b.Platform.Clusters[0].Servers) != 0 || b.Platform.Clusters[0].Servers == nil {
		t.Fatal("Canonical changed its argument")
	}
	// Map keys are sorted.
	c := valid()
	c.Policy.Params = map[string]float64{"z": 1, "a": 2, "m": 3}
	e1, _ := Encode(c)
	for range 5 {
		e2, _ := Encode(c)
		if !bytes.Equal(e1, e2) {
			t.Fatal("map order leaked into the encoding")
		}
	}
	if !strings.Contains(string(e1), `"params":{"a":2,"m":3,"z":1}`) {
		t.Fatalf("params not sorted: %s", e1)
	}
}

func TestEncodeInvalid(t *testing.T) {
	s := valid()
	s.Jobs[0].Runtime = math.NaN()
	if _, err := Encode(s); err == nil || !strings.Contains(err.Error(), "jobs[0].runtime") {
		t.Fatalf("got %v", err)
	}
}

func TestFloatRoundTrip(t *testing.T) {
	for _, x := range []float64{0.1, 1.0 / 3, 1e-7, 123456789.123456789, 5e-324, 999999999999} {
		s := valid()
		s.Jobs[0].Runtime = x
		b, err := Encode(s)
		if err != nil {
			t.Fatal(err)
		}
		d, err := Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		if d.Jobs[0].Runtime != x {
			t.Fatalf("%v read back as %v", x, d.Jobs[0].Runtime)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	ok, _ := Encode(valid())
	base := string(ok)
	tests := []struct {
		name, in, field, msg string
	}{
		{"empty", "", "", "empty input"},
		{"not object", "[1]", "", "JSON object"},
		{"syntax", `{"version":1,`, "", "invalid JSON"},
		{"trailing", base + " {}", "", "after the scenario"},
		{"trailing junk", base + "x", "", "after the scenario"},
		{"unknown top", strings.Replace(base, `"version":1`, `"version":1,"colour":"red"`, 1), "colour", `unknown field "colour"`},
		{"unknown nested", strings.Replace(base, `"id":"j2"`, `"id":"j2","sise":3`, 1), "jobs[1].sise", "unknown field"},
		{"case differs", strings.Replace(base, `"version":1`, `"version":1,"Seed":3`, 1), "Seed", "unknown field"},
		{"dup field", strings.Replace(base, `"version":1`, `"version":1,"seed":3`, 1), "seed", "duplicate field"},
		{"fraction size", strings.Replace(base, `"size":3`, `"size":2.5`, 1), "jobs[2].size", "whole number"},
		{"string size", strings.Replace(base, `"size":3`, `"size":"3"`, 1), "jobs[2].size", "whole number"},
		{"string runtime", strings.Replace(base, `"runtime":10`, `"runtime":"10"`, 1), "jobs[0].runtime", "must be a number"},
		{"huge number", strings.Replace(base, `"runtime":10`, `"runtime":1e999`, 1), "jobs[0].runtime", "finite"},
		{"null size", strings.Replace(base, `"size":3`, `"size":null`, 1), "jobs[2].size", "null"},
		{"jobs not array", strings.Replace(base, `"jobs":[`, `"jobs":{"a":[`, 1), "jobs", "array"},
		{"version 2", strings.Replace(base, `"version":1`, `"version":2`, 1), "version", "unsupported scenario version 2"},
		{"version 2 new fields", `{"version":2,"flux":1}`, "version", "unsupported scenario version 2"},
		{"no version", strings.Replace(base, `"version":1,`, ``, 1), "version", "missing"},
		{"negative seed", strings.Replace(base, `"seed":42`, `"seed":-1`, 1), "seed", "whole number"},
		{"validation", strings.Replace(base, `"size":3`, `"size":0`, 1), "jobs[2].size", "at least 1"},
		{"too big", base + strings.Repeat(" ", MaxScenarioBytes), "", "the limit is"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Decode([]byte(tc.in))
			if err == nil {
				t.Fatalf("no error, got %+v", s)
			}
			var es Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("error %T %v is not model.Errors", err, err)
			}
			for _, e := range es {
				if e.Field == tc.field && strings.Contains(e.Msg, tc.msg) {
					return
				}
			}
			t.Fatalf("want %q: ...%s...; got %v", tc.field, tc.msg, err)
		})
	}
}

func TestDecodeWholeNumbers(t *testing.T) {
	ok, _ := Encode(valid())
	in := strings.Replace(string(ok), `"size":3`, `"size":3.0`, 1)
	s, err := Decode([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if s.Jobs[2].Size != 3 {
		t.Fatal(s.Jobs[2].Size)
	}
}

func TestDecodeNullLists(t *testing.T) {
	in := `{"version":1,"seed":0,"platform":{"clusters":[{"id":"a","nodes":1}],"network":null},"jobs":[{"id":"x","submit":0,"size":1,"runtime":1}],"events":null,"generator":null,"policy":{"name":"p","params":{}}}`
	s, err := Decode([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if s.Events != nil || s.Policy.Params != nil || s.Platform.Network != nil {
		t.Fatalf("not canonical: %+v", s)
	}
}

func TestCloneIndependent(t *testing.T) {
	s := valid()
	c := Clone(s)
	c.Jobs[0].Size = 99
	*c.Jobs[0].Sigma = 0.9
	c.Platform.Clusters[0].Weights.O = 7
	c.Policy.Params["generations"] = 1
	c.Events[0].Nodes[0] = 2
	if !reflect.DeepEqual(s, valid()) {
		t.Fatal("Clone shares memory with its source")
	}
}

// FuzzDecode checks that Decode never panics, and that whatever it accepts
// is canonical: it encodes, and decodes back to the same scenario.
func FuzzDecode(f *testing.F) {
	ok, _ := Encode(valid())
	f.Add(ok)
	f.Add([]byte(`{"version":1}`))
	f.Add([]byte(`{"version":1,"seed":1,"platform":{"clusters":[{"id":"a","nodes":2}]},"generator":{"jobs":3,"rate":1,"exec_min":1,"exec_max":2,"sizes":"log","size_min":1,"size_max":2},"policy":{"name":"x"}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		// The fast path, when taken, agrees with the exact decoder.
		if fast, ok := decodeFast(b); ok {
			exact := &Scenario{}
			d := &decoder{dec: json.NewDecoder(bytes.NewReader(b))}
			d.dec.UseNumber()
			if fe := d.top(exact); fe != nil {
				t.Fatalf("fast path accepted what the exact path refuses: %v", fe)
			}
			if !reflect.DeepEqual(fast, exact) {
				t.Fatalf("paths disagree:\n%+v\n%+v", fast, exact)
			}
		}
		s, err := Decode(b)
		if err != nil {
			return
		}
		e, err := Encode(s)
		if err != nil {
			t.Fatalf("decoded scenario does not encode: %v", err)
		}
		s2, err := Decode(e)
		if err != nil {
			t.Fatalf("encoded form does not decode: %v\n%s", err, e)
		}
		if !reflect.DeepEqual(s, s2) {
			t.Fatalf("round trip differs:\n%s", e)
		}
		e2, _ := Encode(s2)
		if !bytes.Equal(e, e2) {
			t.Fatalf("not canonical:\n%s\n%s", e, e2)
		}
	})
}

func TestFirstError(t *testing.T) {
	a, b := Errf("jobs[0].size", "x"), Errf("seed", "y")
	if got := FirstError(Errors{a, b}); got != a {
		t.Errorf("list: got %v, want %v", got, a)
	}
	if got := FirstError(fmt.Errorf("wrapped: %w", b)); got != b {
		t.Errorf("wrapped: got %v, want %v", got, b)
	}
	if got := FirstError(errors.New("plain")); got != nil {
		t.Errorf("plain: got %v, want nil", got)
	}
}

// TestDecodeUser checks that both decoding paths read a job's user, and
// that a user of the wrong type is an error naming the field.
func TestDecodeUser(t *testing.T) {
	const head = `{"version":1,"platform":{"clusters":[{"id":"c","nodes":2}]},"policy":{"name":"fcfs"},"jobs":[`
	b := head + `{"id":"a","submit":0,"size":1,"runtime":5,"user":"42"}]}`
	s, err := Decode([]byte(b))
	if err != nil {
		t.Fatal(err)
	}
	if s.Jobs[0].User != "42" {
		t.Fatalf("user = %q, want 42", s.Jobs[0].User)
	}
	exact := &Scenario{}
	d := &decoder{dec: json.NewDecoder(strings.NewReader(b))}
	d.dec.UseNumber()
	if fe := d.top(exact); fe != nil || exact.Jobs[0].User != "42" {
		t.Fatalf("exact path: user %q, err %v", exact.Jobs[0].User, fe)
	}
	_, err = Decode([]byte(head + `{"id":"a","submit":0,"size":1,"runtime":5,"user":7}]}`))
	if err == nil || !strings.Contains(err.Error(), "jobs[0].user") {
		t.Fatalf("numeric user: got %v", err)
	}
}
