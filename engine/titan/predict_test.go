package titan

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
)

// argmin is the fastest host count in 1..16 (fewest on a tie).
func argmin(p Predictor) int {
	best := 1
	for n := 2; n <= 16; n++ {
		if p.Time(n) < p.Time(best) {
			best = n
		}
	}
	return best
}

// TestCodeShapes checks the Fig. 6 shapes the paper describes: CPI and
// Sweep3D gain from every host up to 16; FFT, image processing and the
// bitonic sort degrade beyond a point, the sort earliest.
func TestCodeShapes(t *testing.T) {
	want := map[string]int{"cpi": 16, "sweep3d": 16, "fft": 7, "improc": 13, "bitonic": 4}
	for _, name := range CodeNames {
		p, err := Code(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := argmin(p); got != want[name] {
			t.Errorf("%s fastest on %d hosts, want %d", name, got, want[name])
		}
		slack := map[string]float64{"fft": 1.05, "bitonic": 1.5, "improc": 1}[name]
		if slack > 0 && !(p.Time(16) > p.Time(want[name])*slack) {
			t.Errorf("%s does not degrade beyond %d hosts: %v vs %v", name, want[name], p.Time(16), p.Time(want[name]))
		}
	}
	// By hand: cpi(4) = 1.5 + 170/4 = 44; bitonic(4) = 3 + 70/4 + 3.5*3 + 2.8*2 = 36.6.
	c, _ := Code("cpi")
	b, _ := Code("bitonic")
	if c.Time(4) != 44 || math.Abs(b.Time(4)-36.6) > 1e-12 {
		t.Errorf("cpi(4) = %v, bitonic(4) = %v", c.Time(4), b.Time(4))
	}
	if _, err := Code("linpack"); err == nil {
		t.Error("unknown code accepted")
	}
	if len(Codes) != len(CodeNames) || !reflect.DeepEqual(CodeNames, model.AppCodes) {
		t.Errorf("Codes, CodeNames and model.AppCodes differ: %v %v", CodeNames, model.AppCodes)
	}
}

func TestCurve(t *testing.T) {
	p, err := Curve([]model.Point{{N: 8, T: 2}, {N: 2, T: 8}, {N: 4, T: 4}})
	if err != nil {
		t.Fatal(err)
	}
	// flat below 2 and above 8; linear between: n=3 -> 6, n=6 -> 3
	for _, c := range []struct {
		n    int
		want float64
	}{{1, 8}, {2, 8}, {3, 6}, {4, 4}, {6, 3}, {8, 2}, {20, 2}} {
		if got := p.Time(c.n); got != c.want {
			t.Errorf("n=%d: %v, want %v", c.n, got, c.want)
		}
	}
	for i, bad := range [][]model.Point{nil, {{N: 0, T: 1}}, {{N: 1, T: -1}}, {{N: 1, T: math.NaN()}}, {{N: 2, T: 1}, {N: 2, T: 3}}} {
		if _, err := Curve(bad); err == nil {
			t.Errorf("case %d accepted", i)
		}
	}
}

func TestScaled(t *testing.T) {
	if s := Scaled(Fixed(10), 0.5); s.Time(3) != 5 {
		t.Errorf("scaled %v", s.Time(3))
	}
}

func TestTaskFromJob(t *testing.T) {
	cases := []struct {
		job      model.Job
		min, max int
		t4       float64
		field    string
	}{
		{job: model.Job{ID: "a", Size: 6, App: &model.App{Code: "cpi"}}, max: 6, t4: 44},
		{job: model.Job{ID: "b", Size: 3, Runtime: 12}, min: 3, max: 3, t4: 12},
		{job: model.Job{ID: "c", App: &model.App{Points: []model.Point{{N: 1, T: 9}}}}, t4: 9},
		{job: model.Job{ID: "d", App: &model.App{Code: "x"}}, field: "app.code"},
		{job: model.Job{ID: "e", Runtime: 5}, field: "size"},
		{job: model.Job{ID: "f", Size: 2}, field: "runtime"},
		{job: model.Job{ID: "g", Size: -1, Runtime: 1}, field: "size"},
		{job: model.Job{ID: "h", App: &model.App{Points: []model.Point{{N: 1, T: -3}}}}, field: "app.points[0].t"},
	}
	for _, c := range cases {
		tk, err := TaskFromJob(c.job)
		if c.field != "" {
			fe, ok := err.(*model.FieldError)
			if !ok || fe.Field != c.field {
				t.Errorf("%s: error %v, want field %s", c.job.ID, err, c.field)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.job.ID, err)
		}
		if tk.MinHosts != c.min || tk.MaxHosts != c.max || tk.Pred.Time(4) != c.t4 || tk.ID != c.job.ID {
			t.Errorf("%s: %+v t4=%v", c.job.ID, tk, tk.Pred.Time(4))
		}
	}
}

// Example shows how a caller (MUSCLE) drives the GA: seed it with its own
// schedule, step it, read the best schedule.
func Example() {
	p := Problem{Now: 0, Release: []float64{0, 0, 0, 0}}
	for i, code := range []string{"cpi", "fft", "bitonic"} {
		pr, _ := Code(code)
		p.Tasks = append(p.Tasks, Task{ID: fmt.Sprint(i), Pred: pr, MaxHosts: 4})
	}
	seed := NewSchedule(3, 4) // every task on every host, in order
	for t := 0; t < 3; t++ {
		for h := 0; h < 4; h++ {
			seed.Set(t, h, true)
		}
	}
	// By hand: cpi(4) = 1.5+170/4 = 44; fft(4) = 3+100/4+1.7*3+2*2 = 37.1;
	// bitonic(4) = 3+70/4+3.5*3+2.8*2 = 36.6; one after another: 117.7.
	var tm Timing
	_ = Evaluate(&p, &seed, &tm)
	fmt.Printf("seed makespan %.1f s\n", tm.Makespan)
	g, _ := New(Config{Population: 20}, p, []Schedule{seed}, exampleRand())
	for i := 0; i < 200; i++ {
		g.Step()
	}
	_, best, _ := g.Best()
	fmt.Println("GA no worse than the seed:", best.Makespan <= tm.Makespan)
	// Output:
	// seed makespan 117.7 s
	// GA no worse than the seed: true
}

func exampleRand() *rng.Rand { return rng.New(1, "example") }

func TestTextbookShapes(t *testing.T) {
	want := map[string]int{"cpi": 16, "sweep3d": 10, "fft": 16, "improc": 16, "bitonic": 15}
	for _, name := range CodeNames {
		if got := argmin(TextbookCodes[name]); got != want[name] {
			t.Errorf("%s fastest on %d hosts, want %d", name, got, want[name])
		}
	}
	// By hand, T1 = 300, s = 0.05, 3 s per step: on 4 hosts a reduction
	// has 2 steps: 300(0.05 + 0.95/4) + 6 = 92.25; a bitonic sort 3
	// steps: 95.25; a pipeline 3: 95.25; a halo exchange 1: 89.25.
	for name, v := range map[string]float64{"cpi": 92.25, "bitonic": 95.25, "sweep3d": 95.25, "improc": 89.25, "fft": 92.25} {
		if got := TextbookCodes[name].Time(4); math.Abs(got-v) > 1e-9 {
			t.Errorf("%s(4) = %v, want %v", name, got, v)
		}
	}
	if TextbookCodes["cpi"].Time(1) != 300 || TextbookCodes["cpi"].Time(0) != 300 {
		t.Error("one host: T1")
	}
}

func TestLiteratureRates(t *testing.T) {
	c := LiteratureRates(32, 16)
	if c.CrossoverRate != 0.6 || math.Abs(c.MutationRate-0.032) > 1e-12 || math.Abs(c.MapMutationRate-0.512) > 1e-12 || c.Population != 40 {
		t.Errorf("%+v", c)
	}
	if c := LiteratureRates(100, 64); c.MapMutationRate != 1 || c.MutationRate != 0.1 {
		t.Errorf("caps: %+v", c)
	}
	if err := c.Validate(); err != nil {
		t.Error(err)
	}
}
