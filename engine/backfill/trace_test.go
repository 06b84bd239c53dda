package backfill

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"gridplay/engine/metrics"
	"gridplay/engine/model"
	"gridplay/engine/sched"
	"gridplay/engine/swf"
)

// loadTrace reads an SWF trace (they ship in static/traces) into a
// one-cluster scenario.
func loadTrace(tb testing.TB, name, policy string) *model.Scenario {
	tb.Helper()
	path, err := swf.Find(name)
	if err != nil {
		tb.Fatalf("trace not found: %v", err)
	}
	tr, err := swf.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return tr.Scenario(policy)
}

// TestKTHTrace runs the first 10,000 jobs of the smallest archive trace
// under every mode and checks the schedule invariants and the promises.
func TestKTHTrace(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for _, mode := range []Mode{FCFS, EASY, Conservative} {
		s := loadTrace(t, "KTH-SP2-1996-2.swf.gz", mode.String())
		s.Jobs = s.Jobs[:min(len(s.Jobs), 10000)]
		res, st := runCore(t, s, mode)
		checkSchedule(t, s, res)
		if st.Late != 0 {
			t.Errorf("%s: %d jobs started after their reservation", mode, st.Late)
		}
		if mode != FCFS && st.Backfilled == 0 {
			t.Errorf("%s: nothing backfilled on a real trace", mode)
		}
		if mode == EASY {
			// The textbook EASY of naive_test.go gives the same starts.
			want := naiveEASY(s)
			got := map[string]float64{}
			for _, p := range res.Schedule {
				got[p.Job] = p.Start
			}
			if len(want) != len(res.Schedule) || len(want) < 9000 {
				t.Fatalf("reference EASY ran %d jobs, core %d", len(want), len(res.Schedule))
			}
			for i, w := range want {
				if got[s.Jobs[i].ID] != w {
					t.Fatalf("job %s starts at %g, reference EASY %g", s.Jobs[i].ID, got[s.Jobs[i].ID], w)
				}
			}
		}
	}
}

// TestKilled: a job that ran past its requested time is killed at it and
// counted. The traces keep their own run times (engine/swf), so the count
// is each trace's number of records whose run time exceeds their request:
// KTH 475 of 28,489 jobs, HPC2N 14,817 of 202,871 (it read 0 on every
// trace when the swf package capped run times at the request).
func TestKilled(t *testing.T) {
	s := loadTrace(t, "KTH-SP2-1996-2.swf.gz", "easy")
	res := run(t, s, nil)
	checkSchedule(t, s, res)
	if k := res.Metrics["killed"]; k != 475 {
		t.Errorf("KTH: killed %g, want 475", k)
	}
	if len(res.Notes) == 0 || !strings.HasPrefix(res.Notes[0], "475 jobs ran past their requested time") {
		t.Errorf("KTH notes %q", res.Notes)
	}
	if testing.Short() || runtime.GOOS == "js" {
		return // HPC2N is read natively only: slow under js/wasm
	}
	d, err := Durations(loadTrace(t, "HPC2N-2002-2.2-cln.swf.gz", "easy"))
	if err != nil {
		t.Fatal(err)
	}
	if d.Killed != 14817 {
		t.Errorf("HPC2N: killed %d, want 14,817", d.Killed)
	}
}

func runCore(tb testing.TB, s *model.Scenario, mode Mode) (*sched.Result, Stats) {
	tb.Helper()
	d, err := Durations(s)
	if err != nil {
		tb.Fatal(err)
	}
	nodes := s.Platform.Clusters[0].Nodes
	jobs := make([]Job, len(s.Jobs))
	for i, j := range s.Jobs {
		jobs[i] = Job{ID: j.ID, Submit: j.Submit, Size: j.Size}
		if j.Size > nodes {
			jobs[i].Drop = "too big"
		}
	}
	res, st, err := Run(context.Background(), Config{Mode: mode, Sites: []SiteSpec{{"site0", nodes}}, Jobs: jobs, Sel: &single{size: d.Size, est: d.Est, run: d.Run}}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return res, st
}

func benchTrace(b *testing.B, mode Mode) {
	benchTraceCompat(b, mode, "")
}

func benchTraceCompat(b *testing.B, mode Mode, compat string) {
	path, err := swf.Find("HPC2N-2002-2.2-cln.swf.gz")
	if err != nil {
		b.Fatal(err)
	}
	tr, err := swf.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	s, err := tr.ScenarioCompat(mode.String(), compat)
	if err != nil {
		b.Fatal(err)
	}
	p, _ := sched.Lookup(mode.String())
	b.ResetTimer()
	var res *sched.Result
	for i := 0; i < b.N; i++ {
		var err error
		if res, err = p.Run(context.Background(), s, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(s.Jobs))*float64(b.N)/b.Elapsed().Seconds(), "jobs/s")
	b.StopTimer()
	metrics.Fill(s, res)
	b.Logf("%s on %s (%d jobs, %d nodes): awrt %.1f awwt %.1f wait %.1f bsld %.3f makespan %.0f utilisation %.4f backfilled %.0f killed %.0f dropped %.0f",
		mode, s.Name, len(s.Jobs), s.Platform.Clusters[0].Nodes, res.Metrics["awrt"], res.Metrics["awwt"], res.Metrics["wait"], res.Metrics["bsld"],
		res.Metrics["makespan"], res.Metrics["utilisation"], res.Metrics["backfilled"], res.Metrics["killed"], res.Metrics["dropped"])
}

// BenchmarkEASYHPC2N is EASY over the whole HPC2N trace (202,871 jobs).
func BenchmarkEASYHPC2N(b *testing.B) { benchTrace(b, EASY) }

// BenchmarkEASYHPC2NPyss is EASY over the whole HPC2N trace under compat
// pyss (pyss's job model, one pass per event). Target: 3 s or less.
func BenchmarkEASYHPC2NPyss(b *testing.B) { benchTraceCompat(b, EASY, model.CompatPyss) }

// BenchmarkConservativeHPC2N is conservative backfilling over HPC2N.
func BenchmarkConservativeHPC2N(b *testing.B) { benchTrace(b, Conservative) }

// BenchmarkFCFSHPC2N is plain FCFS over HPC2N.
func BenchmarkFCFSHPC2N(b *testing.B) { benchTrace(b, FCFS) }
