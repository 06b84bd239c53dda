package compact_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	_ "gridplay/engine/all"
	"gridplay/engine/api/compact"
	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/script"
)

// The columns name every field of model.Job and sched.Placement: a field
// added to either without a column would be lost silently, so this test
// fails until compact.go carries it.
func TestColumnsCoverEveryField(t *testing.T) {
	check := func(v any, known string) {
		typ := reflect.TypeOf(v)
		var names []string
		for i := 0; i < typ.NumField(); i++ {
			names = append(names, typ.Field(i).Name)
		}
		if got := strings.Join(names, ","); got != known {
			t.Errorf("%s has the fields %s; the compact columns carry %s: add a column for the new field", typ, got, known)
		}
	}
	check(model.Job{}, "ID,Submit,Size,Runtime,App,Requested,Deadline,Priority,Origin,Bandwidth,Sigma,Data,User")
	check(sched.Placement{}, "Job,Cluster,Start,End,Nodes,Alloc,Why")
	check(sched.Alloc{}, "Cluster,Nodes")
}

func f(x float64) *float64 { return &x }

// scenarios has one scenario of each paper's shape, with every optional
// job field in use somewhere.
func scenarios() []*model.Scenario {
	var out []*model.Scenario
	// MUSCLE: speeds, weights, deadlines.
	s := &model.Scenario{Version: model.Version, Name: "muscle", Seed: 1,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "C1", Nodes: 4, Speed: 1, Weights: &model.Weights{O: 4, M: 3, I: 1}}, {ID: "C2", Nodes: 6, Speed: 1.5}}},
		Policy:   model.Policy{Name: "muscle", Params: map[string]float64{"generations": 20}}}
	for i, n := range []int{2, 1, 4, 3, 1, 2} {
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("J%d", i+1), Submit: float64(i), Size: n, Runtime: float64(2 + i), Deadline: float64(10 + 3*i)})
	}
	out = append(out, s)
	// Multisite: network, heterogeneity, origins, data, estimates.
	s = &model.Scenario{Version: model.Version, Name: "multisite", Seed: 2,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "s1", Nodes: 16, H: 1}, {ID: "s2", Nodes: 16, H: 1.5}, {ID: "s3", Nodes: 16, H: 2}},
			Network: &model.Network{Bandwidth: 1000, MultisiteFactor: 1.2, MigrationOverhead: 2, Links: []model.Link{{From: "s1", To: "s2", Bandwidth: 500, Latency: 0.01}}}},
		Policy: model.Policy{Name: "multisite-greedy"}}
	for k, n := range []int{8, 20, 4, 12, 30, 6, 16, 2} {
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", k+1), Submit: float64(10 * k), Size: n, Runtime: float64(40 + 10*k),
			Requested: float64(60 + 15*k), Origin: []string{"s1", "s2", "s3"}[k%3], Data: 100, Deadline: float64(500 + k)})
	}
	out = append(out, s)
	// TITAN: application models (codes and points), priorities, events.
	s = &model.Scenario{Version: model.Version, Name: "titan", Seed: 9,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "c0", Name: "cluster", Nodes: 16}}},
		Events:   []model.Event{{At: 50, Kind: "offline", Cluster: "c0", Nodes: []int{3, 4}}, {At: 90, Kind: "online", Cluster: "c0", Nodes: []int{3, 4}}},
		Policy:   model.Policy{Name: "titan", Params: map[string]float64{"generations": 30}}}
	for j := 0; j < 8; j++ {
		app := &model.App{Code: []string{"cpi", "sweep3d", "fft", "improc", "bitonic"}[j%5]}
		if j == 7 {
			app = &model.App{Points: []model.Point{{N: 1, T: 100}, {N: 4, T: 30}, {N: 16, T: 12.5}}}
		}
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("t%d", j), Submit: float64(5 * j), Size: 16, App: app,
			Deadline: float64(60 * (5 + j%7)), Priority: 1 + j%5})
	}
	out = append(out, s)
	// GA-MF: MIPS, link bandwidth and latency, per-job bandwidth, sigma.
	s = &model.Scenario{Version: model.Version, Name: "gamf", Seed: 7,
		Policy: model.Policy{Name: "gamf", Params: map[string]float64{"generations": 10}}}
	for i, m := range []float64{1000, 1500, 2000} {
		s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{ID: fmt.Sprintf("c%d", i+1), Nodes: 16, MIPS: m, Bandwidth: 1000, Latency: 0.001})
	}
	for k, n := range []int{8, 24, 16, 4, 32, 12} {
		var sg *float64
		if k%2 == 0 {
			sg = f(0.5 + 0.04*float64(k))
		}
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", k+1), Size: n, Runtime: float64(60 + 15*(k%5)), Bandwidth: float64(10 + 5*(k%4)), Sigma: sg})
	}
	out = append(out, s)
	// Hybrid: servers, origins.
	s = &model.Scenario{Version: model.Version, Name: "hybrid", Seed: 3, Policy: model.Policy{Name: "hybrid-phrs"},
		Platform: model.Platform{Network: &model.Network{Bandwidth: 100, Latency: 0.05, MigrationOverhead: 2}}}
	for c := 0; c < 3; c++ {
		cl := model.Cluster{ID: fmt.Sprintf("c%d", c+1)}
		for k := 0; k < 2; k++ {
			sv := model.Server{ID: fmt.Sprintf("c%ds%d", c+1, k+1), Nodes: 4 + 2*((c+k)%2), PEs: 2, Speed: float64(500 + 250*((c+k)%3))}
			cl.Servers = append(cl.Servers, sv)
			cl.Nodes += sv.Nodes
		}
		s.Platform.Clusters = append(s.Platform.Clusters, cl)
	}
	for k := 0; k < 12; k++ {
		run := float64(30 + 20*(k%6))
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("j%d", k+1), Submit: float64(4 * k), Size: 1 + k%4,
			Runtime: run, Deadline: float64(4*k) + 3*run, Origin: []string{"c1", "c1", "c2"}[k%3], Data: float64(5 + k%10)})
	}
	out = append(out, s)
	// A generated workload (no job list) with codes.
	out = append(out, &model.Scenario{Version: model.Version, Name: "generated", Seed: 4,
		Platform:  model.Platform{Clusters: []model.Cluster{{ID: "C1", Nodes: 20}}},
		Generator: &model.Generator{Jobs: 30, Rate: 0.2, ExecMin: 5, ExecMax: 100, Alpha: 1, DRMin: 1, DRMax: 5, Sizes: "uniform", SizeMin: 1, SizeMax: 10},
		Policy:    model.Policy{Name: "easy"}})
	// A trace cut: users (some unknown), requested times.
	s = &model.Scenario{Version: model.Version, Name: "trace", Seed: 5,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "site0", Nodes: 32}}},
		Policy:   model.Policy{Name: "easy"}}
	for k, n := range []int{4, 16, 2, 32, 8, 1, 12, 6} {
		s.Jobs = append(s.Jobs, model.Job{ID: fmt.Sprintf("%d", k+1), Submit: float64(30 * k), Size: n, Runtime: float64(100 + 40*(k%4)),
			Requested: float64(300 + 60*(k%3)), User: []string{"7", "12", "", "7", "3"}[k%5]})
	}
	out = append(out, s)
	return out
}

// The compact scenario reads back as model.Decode reads the JSON form.
func TestScenarioRoundTrip(t *testing.T) {
	for _, s := range scenarios() {
		js, err := model.Encode(s)
		if err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		want, err := model.Decode(js)
		if err != nil {
			t.Fatal(err)
		}
		b, err := compact.EncodeScenario(s)
		if err != nil {
			t.Fatal(err)
		}
		got, err := compact.DecodeScenario(b)
		if err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		if !reflect.DeepEqual(got, want) {
			g, _ := json.Marshal(got)
			t.Errorf("%s: compact round trip\n%s\nwant\n%s", s.Name, g, js)
		}
		if len(b) >= len(js) && len(s.Jobs) > 4 {
			t.Logf("%s: compact %d bytes, JSON %d", s.Name, len(b), len(js))
		}
	}
}

// -0 reads as 0 and empty lists as nil, as in canonical JSON.
func TestScenarioIsCanonical(t *testing.T) {
	s := scenarios()[0]
	s.Jobs[0].Submit = math.Copysign(0, -1)
	s.Jobs[1].Deadline = 0
	b, _ := compact.EncodeScenario(s)
	got, err := compact.DecodeScenario(b)
	if err != nil {
		t.Fatal(err)
	}
	if math.Signbit(got.Jobs[0].Submit) {
		t.Error("-0 kept")
	}
	s.Jobs = nil
	s.Generator = &model.Generator{Jobs: 3, Rate: 1, ExecMin: 1, ExecMax: 2, Sizes: "uniform", SizeMin: 1, SizeMax: 2}
	b, _ = compact.EncodeScenario(s)
	got, err = compact.DecodeScenario(b)
	if err != nil {
		t.Fatal(err)
	}
	if got.Jobs != nil {
		t.Errorf("no jobs read as %#v, want nil", got.Jobs)
	}
}

// A bad scenario gives model.Validate's errors, named by field, as the
// JSON form does.
func TestScenarioErrorsNameFields(t *testing.T) {
	s := scenarios()[1]
	s.Jobs[3].Size = 0
	s.Jobs[5].Runtime = math.NaN()
	b, _ := compact.EncodeScenario(s)
	_, err := compact.DecodeScenario(b)
	var es model.Errors
	if !errors.As(err, &es) {
		t.Fatalf("error %v is not model.Errors", err)
	}
	fields := map[string]bool{}
	for _, e := range es {
		fields[e.Field] = true
	}
	if !fields["jobs[3].size"] || !fields["jobs[5].runtime"] {
		t.Errorf("errors %v do not name jobs[3].size and jobs[5].runtime", es)
	}

	s = scenarios()[0]
	s.Version = 7
	b, _ = compact.EncodeScenario(s)
	if _, err := compact.DecodeScenario(b); err == nil || model.FirstError(err).Field != "version" {
		t.Errorf("version 7: %v", err)
	}
	// Jobs smuggled into the header are refused.
	hdr := `{"version":1,"seed":1,"platform":{"clusters":[{"id":"c","nodes":2}]},"jobs":[{"id":"a","submit":0,"size":1,"runtime":1}],"policy":{"name":"fcfs"}}`
	bad := append([]byte("GPC1S"), byte(len(hdr)), 1)
	bad = append(bad[:5], append(uvarint(len(hdr)), []byte(hdr)...)...)
	bad = append(bad, 0)
	if _, err := compact.DecodeScenario(bad); err == nil || model.FirstError(err).Field != "jobs" {
		t.Errorf("jobs in the header: %v", err)
	}
	// Unknown header fields are refused.
	hdr = `{"version":1,"seed":1,"platform":{"clusters":[{"id":"c","nodes":2}]},"policy":{"name":"fcfs"},"extra":1}`
	bad = append([]byte("GPC1S"), append(uvarint(len(hdr)), []byte(hdr)...)...)
	bad = append(bad, 0)
	if _, err := compact.DecodeScenario(bad); err == nil || !strings.Contains(err.Error(), "extra") {
		t.Errorf("unknown field: %v", err)
	}
}

// scriptFor is a shipped script the scenario can run: the two-cluster
// template on several clusters, SJF with EASY on one.
func scriptFor(s *model.Scenario) string {
	name := "sjf-easy"
	if len(s.Platform.Clusters) > 1 {
		name = "least-loaded"
	}
	t, _ := script.TemplateByName(name)
	return t.Source
}

func uvarint(n int) []byte {
	var b []byte
	for n >= 0x80 {
		b = append(b, byte(n)|0x80)
		n >>= 7
	}
	return append(b, byte(n))
}

// Every registered policy's result on every scenario it accepts reads
// back from the compact form into the same JSON bytes.
func TestResultRoundTripEveryPolicy(t *testing.T) {
	ok := map[string]bool{}
	for _, base := range scenarios() {
		for _, in := range sched.Policies() {
			s := model.Clone(base)
			s.Policy = model.Policy{Name: in.Name}
			if in.Name == script.Name {
				s.Policy.Script = scriptFor(s)
			}
			for _, p := range in.Params {
				if p.Name == "generations" {
					s.Policy.Params = map[string]float64{"generations": math.Max(p.Min, 5)}
				}
			}
			res, err := runner.Run(context.Background(), s, nil)
			if err != nil {
				if testing.Verbose() {
					t.Logf("%s on %s: %v", in.Name, s.Name, err)
				}
				continue
			}
			ok[in.Name] = true
			want, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			b, err := compact.EncodeResult(res)
			if err != nil {
				t.Fatal(err)
			}
			back, err := compact.DecodeResult(b)
			if err != nil {
				t.Fatalf("%s on %s: %v", in.Name, s.Name, err)
			}
			got, _ := json.Marshal(back)
			if !bytes.Equal(got, want) {
				t.Errorf("%s on %s: compact round trip differs\n%s\nwant\n%s", in.Name, s.Name, got, want)
			}
		}
	}
	for _, in := range sched.Policies() {
		if !ok[in.Name] {
			t.Errorf("policy %s ran on none of the test scenarios", in.Name)
		}
	}
}

// Nil and empty lists, node lists in any order, negative numbers and
// reasons survive.
func TestResultEdgeCases(t *testing.T) {
	for _, r := range []*sched.Result{
		{Policy: "x"},
		{Policy: "x", Schedule: []sched.Placement{}},
		{Policy: "x", Schedule: []sched.Placement{{Job: "a", Alloc: []sched.Alloc{{Cluster: "c", Nodes: []int{}}}}}},
		{Policy: "x", Schedule: []sched.Placement{
			{Job: "a", Cluster: "c1+c2", Start: -0.5, End: 1e12, Nodes: 3, Alloc: []sched.Alloc{{Cluster: "c1", Nodes: []int{5, 2, 9}}, {Cluster: "c2"}, {Cluster: "c2", Nodes: []int{}}}, Why: "because"},
			{Job: "", Cluster: "", Nodes: -1, Alloc: []sched.Alloc{}},
			{Job: "é", Cluster: "c1", Start: math.SmallestNonzeroFloat64, End: math.MaxFloat64, Why: "because"},
		}, Dropped: []sched.Drop{{Job: "z", Reason: "too big"}}, Metrics: map[string]float64{"makespan": 3}, Notes: []string{"n"},
			Series: map[string][]sched.XY{"cp": {{X: 1, Y: 2}}}},
	} {
		want, _ := json.Marshal(r)
		b, err := compact.EncodeResult(r)
		if err != nil {
			t.Fatal(err)
		}
		back, err := compact.DecodeResult(b)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(back)
		if !bytes.Equal(got, want) {
			t.Errorf("round trip\n%s\nwant\n%s", got, want)
		}
	}
}

// A scenario whose jobs have no user encodes to the bytes it did before
// the user column existed (their SHA-256, recorded then), and a message
// of that time reads back to the same scenario and re-encodes to the
// same bytes.
func TestEncodingWithoutUsersUnchanged(t *testing.T) {
	want := map[string]string{
		"muscle":    "f494740783f118663e27b7b7b092e36be31d5348bf894b2b9cb39f259ed5a0ec",
		"multisite": "2af5e4759c946c00f425a2bf95796fb1563d62e159148c9daa118dbe1964aad9",
		"titan":     "a1222d9f41817d2a8498f0d4020b26ab455c11ea6cbf132b50b33189f89fb4c8",
		"gamf":      "f9ef83d06a77226350e756065f963dd2aab7ff78991b7b0c0ba2e084e39ea001",
		"hybrid":    "97f962d4b4cf36967c05ab110cc13baf5904239e4fc3b4c2bc851a2779019066",
		"generated": "44c47c8034f6160477b77de90c7e724fd45b97c58cec97ed5b123134adf568cd",
	}
	for _, s := range scenarios() {
		w, ok := want[s.Name]
		if !ok {
			continue
		}
		b, err := compact.EncodeScenario(s)
		if err != nil {
			t.Fatal(err)
		}
		if h := sha256.Sum256(b); hex.EncodeToString(h[:]) != w {
			t.Errorf("%s: the encoding changed (%d bytes, SHA-256 %x)", s.Name, len(b), h)
		}
	}
	// The multisite scenario as the encoder wrote it before.
	old, _ := hex.DecodeString(oldMultisite)
	s, err := compact.DecodeScenario(old)
	if err != nil {
		t.Fatal(err)
	}
	js, _ := model.Encode(scenarios()[1])
	want1, _ := model.Decode(js)
	if !reflect.DeepEqual(s, want1) {
		t.Errorf("the old message reads as %+v", s)
	}
	if b, _ := compact.EncodeScenario(s); !bytes.Equal(b, old) {
		t.Error("the old message re-encodes to other bytes")
	}
}

const oldMultisite = "4750433153cd027b2276657273696f6e223a312c226e616d65223a226d756c746973697465222c2273656564223a322c22706c6174666f726d223a7b22636c757374657273223a5b7b226964223a227331222c226e6f646573223a31362c2268223a317d2c7b226964223a227332222c226e6f646573223a31362c2268223a312e357d2c7b226964223a227333222c226e6f646573223a31362c2268223a327d5d2c226e6574776f726b223a7b226c696e6b73223a5b7b2266726f6d223a227331222c22746f223a227332222c2262616e647769647468223a3530302c226c6174656e6379223a302e30317d5d2c2262616e647769647468223a313030302c226d756c7469736974655f666163746f72223a312e322c226d6967726174696f6e5f6f76657268656164223a327d7d2c22706f6c696379223a7b226e616d65223a226d756c7469736974652d677265656479227d7d081002020202020202026a316a326a336a346a356a366a376a3897010000000000000000000000000000244000000000000034400000000000003e40000000000000444000000000000049400000000000004e400000000000805140102808183c0c2004000000000000444000000000000049400000000000004e4000000000008051400000000000005440000000000080564000000000000059400000000000805b400000000000004e400000000000c0524000000000008056400000000000405a400000000000005e400000000000e060400000000000c062400000000000a064400000000000407f400000000000507f400000000000607f400000000000707f400000000000807f400000000000907f400000000000a07f400000000000b07f4003027331027332027333010203010203010200000000000059400000000000005940000000000000594000000000000059400000000000005940000000000000594000000000000059400000000000005940"

// The user column is written only when some job has a user, after the
// app column; its dictionary holds each user once.
func TestUserColumn(t *testing.T) {
	s := scenarios()[6]
	b, err := compact.EncodeScenario(s)
	if err != nil {
		t.Fatal(err)
	}
	got, err := compact.DecodeScenario(b)
	if err != nil {
		t.Fatal(err)
	}
	for i := range s.Jobs {
		if got.Jobs[i].User != s.Jobs[i].User {
			t.Errorf("job %d: user %q, want %q", i, got.Jobs[i].User, s.Jobs[i].User)
		}
	}
	// The column's bytes: the dictionary 7, 12, 3 and the indices.
	tail := []byte{3, 1, '7', 2, '1', '2', 1, '3', 1, 2, 0, 1, 3, 1, 2, 0}
	if !bytes.HasSuffix(b, tail) {
		t.Errorf("the encoding ends % x, want the user column % x", b[len(b)-len(tail):], tail)
	}
	for i := range s.Jobs {
		s.Jobs[i].User = ""
	}
	// Without users there is no user column (and the mask, a varint,
	// is one byte shorter without bit 9).
	b2, _ := compact.EncodeScenario(s)
	if len(b2) != len(b)-len(tail)-1 || bytes.HasSuffix(b2, tail) {
		t.Errorf("without users: %d bytes, with: %d", len(b2), len(b))
	}
}

// A cut keeps its header and its jobs.
func TestCutRoundTrip(t *testing.T) {
	type head struct {
		Name string `json:"name"`
		Kept int    `json:"kept"`
	}
	jobs := scenarios()[1].Jobs
	b, err := compact.EncodeCut(head{"KTH", len(jobs)}, jobs)
	if err != nil {
		t.Fatal(err)
	}
	var h head
	got, err := compact.DecodeCut(b, &h)
	if err != nil {
		t.Fatal(err)
	}
	if h.Name != "KTH" || h.Kept != len(jobs) || !reflect.DeepEqual(got, jobs) {
		t.Errorf("cut round trip: %+v %+v", h, got)
	}
}

// Every truncation of a valid message is an error, never a panic, and
// the kinds are not confused.
func TestTruncatedAndWrongKind(t *testing.T) {
	s := scenarios()[2]
	sb, _ := compact.EncodeScenario(s)
	res, err := runner.Run(context.Background(), scenarios()[1], nil)
	if err != nil {
		t.Fatal(err)
	}
	rb, _ := compact.EncodeResult(res)
	for n := 0; n < len(sb); n++ {
		if _, err := compact.DecodeScenario(sb[:n]); err == nil {
			t.Fatalf("scenario cut at %d of %d bytes decoded", n, len(sb))
		}
	}
	for n := 0; n < len(rb); n++ {
		if _, err := compact.DecodeResult(rb[:n]); err == nil {
			t.Fatalf("result cut at %d of %d bytes decoded", n, len(rb))
		}
	}
	if _, err := compact.DecodeResult(sb); err == nil {
		t.Error("a scenario decoded as a result")
	}
	if _, err := compact.DecodeScenario(rb); err == nil {
		t.Error("a result decoded as a scenario")
	}
	if _, err := compact.DecodeScenario(append(sb, 0)); err == nil {
		t.Error("trailing byte accepted")
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range append(scenarios()[:3], scenarios()[6]) {
		b, _ := compact.EncodeScenario(s)
		f.Add(b)
	}
	res, _ := runner.Run(context.Background(), scenarios()[1], nil)
	b, _ := compact.EncodeResult(res)
	f.Add(b)
	f.Fuzz(func(t *testing.T, b []byte) {
		if s, err := compact.DecodeScenario(b); err == nil {
			// What decodes re-encodes to a scenario that decodes the same.
			b2, err := compact.EncodeScenario(s)
			if err != nil {
				t.Fatal(err)
			}
			s2, err := compact.DecodeScenario(b2)
			if err != nil || !reflect.DeepEqual(s, s2) {
				t.Fatalf("re-encoding: %v", err)
			}
		}
		if r, err := compact.DecodeResult(b); err == nil {
			if _, err := compact.EncodeResult(r); err != nil {
				t.Fatal(err)
			}
		}
		var h map[string]any
		compact.DecodeCut(b, &h)
	})
}
