package muscle

import (
	"math"
	"reflect"
	"testing"

	"gridplay/engine/rng"
)

// table1Round is the case study of MUSCLE section 4.3: the jobs of
// Table 1, all collected at time 0, clusters C1 (4 resources) and C2 (6),
// service rate 1, so e_ij is the execution time of Table 1 in both
// clusters and the slack is Table 1's slack.
func table1Round() ([]PackJob, []PackCluster) {
	exec := []float64{2, 4, 4, 6, 2, 4}
	slack := []float64{6, 8, 14, 12, 4, 8}
	jobs := make([]PackJob, 6)
	for i := range jobs {
		jobs[i] = PackJob{Size: table1Sizes[i], Exec: []float64{exec[i], exec[i]}, Slack: []float64{slack[i], slack[i]}}
	}
	cls := []PackCluster{{M: 4, Release: make([]float64, 4)}, {M: 6, Release: make([]float64, 6)}}
	return jobs, cls
}

// TestPackCaseStudy derives MUSCLE Alg. 4 on Table 1 by hand:
//
//  1. Both clusters are empty, epsilon 0 and 0: the larger, C2 (6),
//     offers (0, 6, 0). Row 6 = J3,J1 | J6,J4,J2, both free: J3 on
//     resources 0-3 [0,4), J1 on 4-5 [0,2). C2: p 2, etSum 6,
//     sizeSum 6, slkSum 20: epsilon = 2*6*6/(20*6) = 0.6.
//  2. C1 (epsilon 0) offers (0, 4, 0). Row 4 = J3 | J4,J2 | J6,J1 with
//     allocated counts 1, 0, 1: J4 on 0-2 [0,6), J2 on 3 [0,4). C1: p 2,
//     etSum 10, sizeSum 4, slkSum 20: epsilon = 2*10*4/(20*4) = 1.
//  3. C2 (0.6 < 1): releases 4,4,4,4,2,2 give (2, 2, 4). Row 2 =
//     J1 | J5,J2 | J6 with counts 1, 1, 0: J6 on 4-5 [2,6). C2: p 3,
//     etSum 10, sizeSum 8, slkSum 28: epsilon = 240/168 = 1.43.
//  4. C1 (1 < 1.43): releases 6,6,6,4 give (4, 1, 3). Row 1 = J2 | J5
//     with counts 1, 0: J5 on 3 [4,6). Every job is allocated.
//
// Both seed schedules end at 6 with no idle resource: "packed tightly".
func TestPackCaseStudy(t *testing.T) {
	jobs, cls := table1Round()
	pk := &Packer{Jobs: jobs, Clusters: cls, Rand: rng.NewPCG(1, 1)}
	placed, unfit := pk.Run()
	want := []Placed{
		{Job: 2, Cluster: 1, Start: 0, End: 4, First: 0},
		{Job: 0, Cluster: 1, Start: 0, End: 2, First: 4},
		{Job: 3, Cluster: 0, Start: 0, End: 6, First: 0},
		{Job: 1, Cluster: 0, Start: 0, End: 4, First: 3},
		{Job: 5, Cluster: 1, Start: 2, End: 6, First: 4},
		{Job: 4, Cluster: 0, Start: 4, End: 6, First: 3},
	}
	if len(unfit) != 0 {
		t.Fatalf("unfit %v", unfit)
	}
	if !reflect.DeepEqual(placed, want) {
		t.Fatalf("placed\n %+v\nwant\n %+v", placed, want)
	}
	if e := Epsilon(pk.Clusters[1].Load, 6); e < 1.428 || e > 1.429 {
		t.Fatalf("epsilon C2 = %v, want 240/168", e)
	}
}

func TestEpsilonTies(t *testing.T) {
	eps := []float64{0.5, 0.2, 0.2, 0.2}
	m := []int{10, 8, 12, 12}
	ok := []bool{true, true, true, true}
	seen := map[int]int{}
	for s := uint64(0); s < 200; s++ {
		seen[PickCluster(eps, m, ok, rng.NewPCG(s, 7))]++
	}
	// Smallest epsilon 0.2 in clusters 1, 2, 3; the largest are 2 and 3
	// (12), chosen at random.
	if seen[0] != 0 || seen[1] != 0 || seen[2] == 0 || seen[3] == 0 {
		t.Fatalf("picks %v", seen)
	}
	if got := PickCluster(eps, m, []bool{true, true, false, false}, nil); got != 1 {
		t.Fatalf("got %d, want 1", got)
	}
	if got := PickCluster(eps, m, []bool{false, false, false, false}, nil); got != -1 {
		t.Fatalf("got %d, want -1", got)
	}
	cases := []struct {
		l    Load
		m    int
		want float64
	}{
		{Load{}, 4, 0},
		{Load{P: 2, EtSum: 6, SizeSum: 6, SlkSum: 20}, 6, 0.6},
		{Load{P: 1, EtSum: 2, SizeSum: 1, SlkSum: 0}, 2, 1 / minSlack}, // 1*2*1/(1e-9*2)
	}
	for _, c := range cases {
		if got := Epsilon(c.l, c.m); math.Abs(got-c.want) > 1e-12*c.want {
			t.Errorf("Epsilon(%+v, %d) = %v, want %v", c.l, c.m, got, c.want)
		}
	}
}

// TestPackProperties: random rounds never double-book a resource, place
// every job that fits some cluster exactly once, and report the others.
func TestPackProperties(t *testing.T) {
	r := rng.NewPCG(5, 6)
	for it := 0; it < 100; it++ {
		nc := 1 + r.IntN(4)
		cls := make([]PackCluster, nc)
		mMax := 0
		for i := range cls {
			m := 1 + r.IntN(12)
			cls[i] = PackCluster{M: m, Release: make([]float64, m)}
			for h := range cls[i].Release {
				cls[i].Release[h] = float64(r.IntN(5))
			}
			mMax = max(mMax, m)
		}
		jobs := make([]PackJob, 1+r.IntN(40))
		for i := range jobs {
			jobs[i] = PackJob{Size: 1 + r.IntN(14), Exec: make([]float64, nc), Slack: make([]float64, nc)}
			for c := range nc {
				jobs[i].Exec[c] = 1 + float64(r.IntN(10))
				jobs[i].Slack[c] = float64(r.IntN(10))
			}
		}
		start := make([][]float64, nc)
		for i := range cls {
			start[i] = append([]float64(nil), cls[i].Release...)
		}
		pk := &Packer{Jobs: jobs, Clusters: cls, Rand: r, Frame: func(Packing) {}}
		placed, unfit := pk.Run()
		count := make([]int, len(jobs))
		type iv struct{ a, b float64 }
		busy := make([][][]iv, nc)
		for i := range busy {
			busy[i] = make([][]iv, cls[i].M)
		}
		for _, p := range placed {
			count[p.Job]++
			j := jobs[p.Job]
			if p.First < 0 || p.First+j.Size > cls[p.Cluster].M {
				t.Fatalf("job %d outside cluster", p.Job)
			}
			for h := p.First; h < p.First+j.Size; h++ {
				if p.Start < start[p.Cluster][h] {
					t.Fatalf("job %d starts before resource %d is free", p.Job, h)
				}
				for _, x := range busy[p.Cluster][h] {
					if p.Start < x.b && x.a < p.End {
						t.Fatalf("resource %d of cluster %d double-booked", h, p.Cluster)
					}
				}
				busy[p.Cluster][h] = append(busy[p.Cluster][h], iv{p.Start, p.End})
			}
		}
		for _, k := range unfit {
			count[k] += 10
			if jobs[k].Size <= mMax {
				t.Fatalf("job %d of size %d unfit with m_MAX %d", k, jobs[k].Size, mMax)
			}
		}
		for k, n := range count {
			if n != 1 && n != 10 {
				t.Fatalf("job %d placed %d times", k, n)
			}
		}
	}
}
