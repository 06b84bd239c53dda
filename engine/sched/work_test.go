package sched

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"gridplay/engine/model"
)

func TestFluidQueue(t *testing.T) {
	cases := []struct {
		name         string
		submit, work []float64
		fifo, shared []float64
	}{
		{"empty", nil, nil, []float64{}, []float64{}},
		{"burst", []float64{0, 0, 0}, []float64{1, 1, 1}, []float64{0, 1, 2}, []float64{0, 1, 2}},
		{"spread out", []float64{0, 2, 4}, []float64{1, 1, 1}, []float64{0, 0, 0}, []float64{0, 0, 0}},
		// An end exactly at an arrival is before it.
		{"end at arrival", []float64{0, 1}, []float64{1, 1}, []float64{0, 0}, []float64{0, 0}},
		// A big job then two small ones. In submit order: ends 10, 11,
		// so at t=3 both earlier jobs are in. Shared: job 1 has 1 of
		// its 10 at t=1; then both get 1/2 and job 2 ends at t=3,
		// when job 3 arrives.
		{"small jobs pass", []float64{0, 1, 3}, []float64{10, 1, 1}, []float64{0, 1, 2}, []float64{0, 1, 1}},
		// List order is not submit order; zero and bad work count as 0.
		{"unsorted", []float64{5, 0, 0}, []float64{1, 10, math.NaN()}, []float64{2, 0, 1}, []float64{1, 0, 1}},
		{"bad submit", []float64{math.Inf(1), 0}, []float64{1, 1}, []float64{0, 1}, []float64{0, 1}},
	}
	for _, c := range cases {
		if got := FluidQueue(c.submit, c.work, false); !slices.Equal(got, c.fifo) {
			t.Errorf("%s, in submit order: Q = %v, want %v", c.name, got, c.fifo)
		}
		if got := FluidQueue(c.submit, c.work, true); !slices.Equal(got, c.shared) {
			t.Errorf("%s, shared: Q = %v, want %v", c.name, got, c.shared)
		}
	}
}

func TestWorkCheck(t *testing.T) {
	for _, steps := range []float64{0, 1e6, MaxSteps, math.NaN()} {
		if err := (Work{Steps: steps, Field: "jobs"}).Check(); err != nil {
			t.Errorf("%g steps refused: %v", steps, err)
		}
	}
	w := Work{Steps: 6.4e15, Field: "policy.params.round_generations", Lower: "round_generations, population or window, or the jobs"}
	err := w.Check()
	var fe *model.FieldError
	if !errors.As(err, &fe) {
		t.Fatalf("6.4e15 steps: %v, want a field error", err)
	}
	if fe.Field != w.Field {
		t.Errorf("field %q, want %q", fe.Field, w.Field)
	}
	for _, want := range []string{"6.4e15 steps", "over the cap of 1.0e11 steps", "lower round_generations, population or window, or the jobs", "about 111 days natively"} {
		if !strings.Contains(fe.Msg, want) {
			t.Errorf("message %q does not say %q", fe.Msg, want)
		}
	}
}

func TestWorkSeconds(t *testing.T) {
	w := Work{Steps: 1e9}
	if got := w.Seconds(); got != NsPerStep {
		t.Errorf("1e9 steps: %g s natively, want %g", got, float64(NsPerStep))
	}
	if got := w.BrowserSeconds(); got != NsPerStep*BrowserSlowdown {
		t.Errorf("1e9 steps: %g s in the browser, want %g", got, float64(NsPerStep*BrowserSlowdown))
	}
}

func TestSciDuration(t *testing.T) {
	for x, want := range map[float64]string{0: "0", 999999: "999999", 1e6: "1.0e6", 4.24e9: "4.2e9", 9.96e9: "1.0e10", 6.4e15: "6.4e15"} {
		if got := Sci(x); got != want {
			t.Errorf("Sci(%g) = %q, want %q", x, got, want)
		}
	}
	for s, want := range map[float64]string{0.5: "under a second", 40: "40 s", 119: "119 s", 150: "150 s", 600: "10 minutes", 3 * 3600: "3 hours",
		5 * 86400: "5 days", 2e3 * 365 * 86400: "2000 years", 1e15: "over a million years", math.NaN(): "an unknown time"} {
		if got := Duration(s); got != want {
			t.Errorf("Duration(%g) = %q, want %q", s, got, want)
		}
	}
}

func TestCeilLog2(t *testing.T) {
	for n, want := range map[int]float64{-1: 0, 0: 0, 1: 0, 2: 1, 3: 2, 4: 2, 16: 4, 17: 5, 240: 8, 65536: 16} {
		if got := CeilLog2(n); got != want {
			t.Errorf("CeilLog2(%d) = %g, want %g", n, got, want)
		}
	}
}
