package all_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"gridplay/engine/gamf"
	"gridplay/engine/model"
	"gridplay/engine/muscle"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/swf"
	"gridplay/engine/titan"
)

// TestEveryPolicyEstimates: every registered policy estimates its work
// (sched.Estimator), so engine/runner's cap covers it.
func TestEveryPolicyEstimates(t *testing.T) {
	for _, in := range sched.Policies() {
		p, _ := sched.Lookup(in.Name)
		if _, ok := p.(sched.Estimator); !ok {
			t.Errorf("policy %s has no work estimate (sched.Estimator)", in.Name)
		}
	}
}

// TestIssueRunRefused is issue 39's item 17: titan with a population of
// 1,000 and 100,000 generations a round on 250,000 jobs is refused before
// it runs, on round_generations, with the estimate, the cap and what to
// lower; so is conservative backfilling of a burst of 250,000 jobs (about
// 2n^3/3 steps), on the jobs.
func TestIssueRunRefused(t *testing.T) {
	s := burst("titan", model.MaxJobs)
	for i := range s.Jobs {
		s.Jobs[i].Submit = float64(i)
	}
	s.Policy.Params = map[string]float64{"population": 1000, "round_generations": 100000}
	refused(t, s, "policy.params.round_generations", "lower round_generations, population or window, or the jobs")
	refused(t, burst("conservative", model.MaxJobs), "jobs", "lower the jobs")
}

func refused(t *testing.T, s *model.Scenario, field, lower string) {
	t.Helper()
	_, err := runner.Run(context.Background(), s, nil)
	var fe *model.FieldError
	if !errors.As(err, &fe) || fe.Field != field {
		t.Fatalf("%s on %d jobs: %v, want a refusal on %s", s.Policy.Name, len(s.Jobs), err, field)
	}
	for _, want := range []string{"this run is estimated at ", fmt.Sprintf("over the cap of %s steps", sched.Sci(sched.MaxSteps)), lower} {
		if !strings.Contains(fe.Msg, want) {
			t.Errorf("%s: %q does not say %q", s.Policy.Name, fe.Msg, want)
		}
	}
}

// TestWorkUnderCap: what the project runs is far below the cap (a tenth
// of it): the shipped traces whole under fcfs, easy and conservative,
// the benchmark set's rows, MUSCLE Fig. 4's and TITAN Fig. 9's full
// runs (the largest of the experiments that run through engine/runner:
// muscle-fig4 20,000 jobs at the default TITAN settings, about 3e9
// steps) and GA-MF's largest package. The titan GA at its defaults on
// 2,000 trace jobs is under the cap. The page asks before none of the
// whole traces under easy.
func TestWorkUnderCap(t *testing.T) {
	nativeOnly(t) // 8 s under node
	below := func(name string, s *model.Scenario, limit float64) sched.Work {
		t.Helper()
		w, err := runner.EstimateUnchecked(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if w.Steps > limit || !(w.Steps > 0) {
			t.Errorf("%s: %s steps, want some under %s", name, sched.Sci(w.Steps), sched.Sci(limit))
		}
		return w
	}
	under := func(name string, s *model.Scenario) sched.Work { t.Helper(); return below(name, s, sched.MaxSteps/10) }
	for _, name := range []string{"HPC2N-2002-2.2-cln", "KTH-SP2-1996-2", "CTC-SP2-1996-3.1-cln"} {
		tr, err := swf.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"fcfs", "easy", "conservative"} {
			w := under(name+" "+p, tr.Scenario(p))
			if p == "easy" && w.BrowserSeconds() > 30 {
				t.Errorf("%s under easy: estimated at %.0f s in the browser; the page would ask", name, w.BrowserSeconds())
			}
		}
		if name == "HPC2N-2002-2.2-cln" {
			for _, p := range []string{"easy", "conservative"} {
				s := tr.Scenario(p)
				s.Jobs = s.Jobs[:20000] // the benchmark set's rows
				under("benchmark set "+p, s)
			}
			s := tr.Scenario("titan")
			s.Jobs = s.Jobs[:2000]
			below("titan 2000 HPC2N jobs", s, sched.MaxSteps)
		}
	}
	for _, p := range []string{"muscle", "dll", "wrand"} {
		under("muscle-fig4 "+p, muscle.Fig4Scenario(p, 0.2, 20000, 1, nil))
	}
	for _, p := range []string{"titan", "titan-ds", "titan-dsnl", "titan-fcfs"} {
		s := titan.Fig9Scenario(1)
		s.Policy.Name = p
		under("titan-fig9 "+p, s)
	}
	under("gamf 2000 jobs", gamfJobs("gamf", gamf.MaxBatchJobs))
}
