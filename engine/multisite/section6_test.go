package multisite

import (
	"context"
	"fmt"
	"math"
	"testing"

	"gridplay/engine/backfill"
	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/engine/swf"
)

// kth reads the KTH trace, the workload of section 6's experiments.
func kth(t testing.TB) []model.Job {
	tr, err := swf.Load("KTH-SP2-1996-2.swf.gz")
	if err != nil {
		t.Fatal(err)
	}
	return tr.Scenario("").Jobs
}

// BenchmarkOptimalKTH runs multisite-optimal on the whole KTH trace in
// multisite-fig2's setting at factor 1.6.
func BenchmarkOptimalKTH(b *testing.B) {
	jobs := kth(b)
	s := Section6{H: [3]float64{1, 1, 1}, Factor: 1.6}.Scenario("bench", "multisite-optimal", jobs)
	p, _ := sched.Lookup("multisite-optimal")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := p.Run(context.Background(), s, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(jobs))*float64(b.N)/b.Elapsed().Seconds(), "jobs/s")
}

// TestExperimentSchedules checks the schedules of the figures' own setting
// (the first 2000 jobs of the KTH trace, factor 1.6, both heterogeneities):
// every job runs once for its model duration, no node is double-booked,
// and no job starts later than its first reservation promised.
func TestExperimentSchedules(t *testing.T) {
	jobs := kth(t)[:2000]
	for _, h := range [][3]float64{{1, 1, 1}, {1.4, 1.0, 0.6}} {
		for k, pol := range strats {
			s := Section6{H: h, Factor: 1.6}.Scenario("t", pol, jobs)
			sys, err := newSystem(s)
			if err != nil {
				t.Fatal(err)
			}
			js, d, err := readJobs(s, sys)
			if err != nil {
				t.Fatal(err)
			}
			sel := newSelector(sys, js, Strategy(k))
			res, st, err := backfill.Run(context.Background(), backfill.Config{Mode: backfill.Conservative, Sites: specs(sys), Jobs: coreJobs(s, js), Sel: sel}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st.Late != 0 {
				t.Errorf("h=%v %s: %d jobs later than their reservation", h, pol, st.Late)
			}
			check(t, s, sys, js, d, res)
			checkWhy(t, s, sel, backfill.Conservative, res)
		}
	}
}

func specs(sys *system) []backfill.SiteSpec {
	var sites []backfill.SiteSpec
	for i := range sys.ids {
		sites = append(sites, backfill.SiteSpec{ID: sys.ids[i], Nodes: sys.nodes[i]})
	}
	return sites
}

func coreJobs(s *model.Scenario, jobs []job) []backfill.Job {
	cj := make([]backfill.Job, len(jobs))
	for i := range jobs {
		cj[i] = backfill.Job{ID: s.Jobs[i].ID, Submit: s.Jobs[i].Submit, Size: jobs[i].size}
	}
	return cj
}

// TestScenarioLocalTimes: in the figures' setting a trace time is T_i,
// the time on the site the job is submitted to (section 3.2), whatever
// that site's h. Fig. 3 (h = 1.4, 1.0, 0.6), one 100 s job (requested
// 140 s) per site:
//   - on its own site every job runs 100 s (eq. 1 with j = i, no
//     transfer), estimate 140 s;
//   - from nisac to hit: 100*0.6/1.4 + 1 MB*8/0.1 Mbit/s = 42.857 + 80 s
//     (eq. 1);
//   - from hit to nisac+uc at p = 1.6: 100*1.6*1.4/0.6 + 80 = 453.33 s
//     (eq. 2).
func TestScenarioLocalTimes(t *testing.T) {
	in := []model.Job{{ID: "a", Size: 1, Runtime: 100, Requested: 140}, {ID: "b", Size: 1, Runtime: 100, Requested: 140}, {ID: "c", Size: 1, Runtime: 100, Requested: 140}}
	s := Section6{H: [3]float64{1.4, 1.0, 0.6}, Factor: 1.6}.Scenario("t", "multisite-optimal", in)
	sys, err := newSystem(s)
	if err != nil {
		t.Fatal(err)
	}
	js, d, err := readJobs(s, sys)
	if err != nil {
		t.Fatal(err)
	}
	near := func(what string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %.9g, want %.9g", what, got, want)
		}
	}
	for k, jb := range js {
		if jb.origin != k {
			t.Fatalf("job %d submitted to site %d, want %d", k, jb.origin, k)
		}
		near(fmt.Sprintf("job %d local run", k), sys.duration(k, []int{k}, d.Run[k], jb.data), 100)
		near(fmt.Sprintf("job %d local estimate", k), sys.duration(k, []int{k}, d.Est[k], jb.data), 140)
	}
	near("nisac->hit", sys.duration(0, []int{2}, d.Run[0], js[0].data), 100*0.6/1.4+80)
	near("hit->nisac+uc", sys.duration(2, []int{0, 1}, d.Run[2], js[2].data), 100*1.6*1.4/0.6+80)
}
