package muscle

import (
	"math"
	"reflect"
	"testing"

	"gridplay/engine/model"
)

// The tests of this file pin choices of doc.go that the other tests left
// open: each one fails when the choice it names is changed (issue 37,
// item 7: hand mutation testing).

// TestPinAlg1FirstQualifying pins doc.go, Alg. 1: "the first qualifying one
// in row order is used". Sizes J1 1, J2 1, J3 2 with m_MAX = 3, by hand:
//
//	J1: row 1 <- J1 (rows 2, 3: r = 1 holds only J1 itself, r = 2 empty).
//	J2: row 1 <- J2; row 2: r = 1 holds J1 and J2, J1 qualifies: J2,J1;
//	    row 3: r = 2's only composition holds J2: nothing.
//	J3: row 2 <- J3; row 3: r = 1 holds J1 and J2, both qualify (row 3
//	    is empty): the first, J1, gives J3,J1 (the last would give J3,J2).
func TestPinAlg1FirstQualifying(t *testing.T) {
	want := []string{"J1 | J2", "J2,J1 | J3", "J3,J1"}
	if got := render(BuildTable([]int{1, 1, 2}, 3, nil)); !reflect.DeepEqual(got, want) {
		t.Fatalf("table %q, want %q (the first qualifying composition of row r)", got, want)
	}
}

// TestPinEarliestFirstRun pins doc.go, Algs. 2-3: the earliest available
// resource space is "at the earliest time t a resource becomes free; it
// is the first (lowest cp) maximal run of consecutive resources free at
// t". Release times 5 0 0 3 0 0 0: t = 0, runs at resources 1-2 and 4-6;
// the space is (0, 2, 1), not the longer or the last run.
func TestPinEarliestFirstRun(t *testing.T) {
	sp, whole := Earliest([]float64{5, 0, 0, 3, 0, 0, 0})
	if want := (Space{T: 0, R: 2, CP: 1}); sp != want || whole {
		t.Errorf("space %+v (whole %v), want %+v", sp, whole, want)
	}
	if sp, whole := Earliest([]float64{2, 2, 2}); sp != (Space{T: 2, R: 3, CP: 0}) || !whole {
		t.Errorf("all free at 2: space %+v (whole %v)", sp, whole)
	}
}

// TestPinNegativeSlack pins doc.go, eq. 3: "slkSum below 1e-9 s counts as
// 1e-9 s", a negative sum too. A cluster whose jobs are already past
// their deadlines (slkSum -3 s) is then the least attractive, epsilon
// 1*2*1/(1e-9*2) = 1e9, not -1/3, which would rank it before an empty
// cluster (epsilon 0).
func TestPinNegativeSlack(t *testing.T) {
	late := Epsilon(Load{P: 1, EtSum: 2, SizeSum: 1, SlkSum: -3}, 2)
	if want := 1 / minSlack; math.Abs(late-want) > 1e-12*want {
		t.Errorf("epsilon with slkSum -3 = %v, want %v", late, want)
	}
	eps := []float64{0, late}
	if got := PickCluster(eps, []int{4, 4}, []bool{true, true}, nil); got != 0 {
		t.Errorf("picked cluster %d, want the empty cluster 0", got)
	}
}

// TestPinNoDeadlineSlack pins doc.go, eq. 3: "A job without a deadline
// counts the slack it would have with eq. 5 and the loosest dr of the
// paper, 5." A job of run time 10 on clusters of service rates 1 and 2
// runs 10 and 5 s; eq. 5 with dr 5 on its largest execution time gives
// the deadline a + 10*(1+5) = a + 60, so its slacks (d - e_ij - a) are 50
// and 55.
func TestPinNoDeadlineSlack(t *testing.T) {
	s := &model.Scenario{
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "C1", Nodes: 2, Speed: 1}, {ID: "C2", Nodes: 2, Speed: 2}}},
		Jobs:     []model.Job{{ID: "J1", Submit: 7, Size: 1, Runtime: 10}},
	}
	_, jobs, err := prepare(s, Params{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := jobs[0].exec, []float64{10, 5}; !reflect.DeepEqual(got, want) {
		t.Fatalf("execution times %v, want %v", got, want)
	}
	if got, want := jobs[0].slack, []float64{50, 55}; !reflect.DeepEqual(got, want) {
		t.Errorf("slacks %v, want %v (dr 5)", got, want)
	}
}

// TestPinSeedOrderTies pins doc.go, TITAN and the metrics: "The seed
// schedule's task order is by start time in the seed, then by first
// resource". Three jobs placed at 0 from resources 3, 0 and 1 (then
// one at 4 from 0): the order is the jobs at 0 by first resource, 1 2 0,
// then 3.
func TestPinSeedOrderTies(t *testing.T) {
	jobs := []job{{size: 1}, {size: 1}, {size: 2}, {size: 1}}
	placed := []Placed{
		{Job: 0, Start: 0, End: 4, First: 3},
		{Job: 1, Start: 0, End: 4, First: 0},
		{Job: 2, Start: 0, End: 2, First: 1},
		{Job: 3, Start: 4, End: 5, First: 0},
	}
	s := seedSchedule(placed, 4, jobs, []int{0, 1, 2, 3})
	got := make([]int, len(s.Order))
	for i, o := range s.Order {
		got[i] = int(o)
	}
	if want := []int{1, 2, 0, 3}; !reflect.DeepEqual(got, want) {
		t.Errorf("seed order %v, want %v", got, want)
	}
}
