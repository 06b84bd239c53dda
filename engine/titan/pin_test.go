package titan

import (
	"reflect"
	"testing"
)

// The tests of this file pin the baselines' orders and tie rules of
// doc.go ("Choices where the paper is silent") that the other tests left
// open: each fails when the rule it names is changed (issue 37, item 7:
// hand mutation testing).

// table is a predictor given by its times on 1, 2, ... hosts.
type table []float64

func (t table) Time(n int) float64 { return t[n-1] }

// TestPinFCFSOrder pins doc.go: "FC-FS orders by priority (higher
// model.Job.Priority first ...), then arrival", and task index last.
// T1 has the highest priority; T0, T2 and T3 share priority 1, T2 and T3
// arrived at 3, before T0 (5): the order is T1 T2 T3 T0.
func TestPinFCFSOrder(t *testing.T) {
	p := &Problem{Release: []float64{0, 0}, Tasks: []Task{
		{ID: "T0", Priority: 1, Arrival: 5, Pred: Fixed(1)},
		{ID: "T1", Priority: 2, Arrival: 9, Pred: Fixed(1)},
		{ID: "T2", Priority: 1, Arrival: 3, Pred: Fixed(1)},
		{ID: "T3", Priority: 1, Arrival: 3, Pred: Fixed(1)},
	}}
	s, err := FCFS(p)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 2, 3, 0}; !reflect.DeepEqual(s.Order, want) {
		t.Errorf("FC-FS order %v, want %v", s.Order, want)
	}
}

// TestPinDSOrder pins doc.go: "DS breaks deadline ties by priority then
// arrival; tasks without deadline go last." T2, T3 and T4 are due at 20;
// T3 and T4 have priority 3 and T4 arrived first; T1 is due at 50 and T0
// has no deadline: T4 T3 T2 T1 T0.
func TestPinDSOrder(t *testing.T) {
	p := &Problem{Release: []float64{0, 0}, Tasks: []Task{
		{ID: "T0", Pred: Fixed(1)},
		{ID: "T1", Deadline: 50, Pred: Fixed(1)},
		{ID: "T2", Deadline: 20, Priority: 1, Pred: Fixed(1)},
		{ID: "T3", Deadline: 20, Priority: 3, Arrival: 8, Pred: Fixed(1)},
		{ID: "T4", Deadline: 20, Priority: 3, Arrival: 2, Pred: Fixed(1)},
	}}
	for name, f := range map[string]func(*Problem) (Schedule, error){"DS": DS, "DS-NL": DSNL} {
		s, err := f(p)
		if err != nil {
			t.Fatal(err)
		}
		if want := []int{4, 3, 2, 1, 0}; !reflect.DeepEqual(s.Order, want) {
			t.Errorf("%s order %v, want %v", name, s.Order, want)
		}
	}
}

// TestPinDSNLHosts pins doc.go: "DS-NL uses the fewest hosts among those
// with the fastest predicted time, on the contiguous block of online
// hosts ... that can start earliest" (lowest start node on a tie,
// DSNL's comment). A task predicted 10, 6, 7 and 6 s on 1-4 hosts of an
// idle 4-host cluster gets 2 hosts (6 s on 2 or 4: the fewest), hosts 0
// and 1 (blocks 0-1, 1-2 and 2-3 all start at 0). A second task of the
// same kind then starts at 0 on hosts 2 and 3 (the only block free at 0).
func TestPinDSNLHosts(t *testing.T) {
	pred := table{10, 6, 7, 6}
	p := &Problem{Release: []float64{0, 0, 0, 0}, Tasks: []Task{
		{ID: "T0", Deadline: 10, Pred: pred},
		{ID: "T1", Deadline: 20, Pred: pred},
	}}
	s, err := DSNL(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.HostsOf(0); !reflect.DeepEqual(got, []int{0, 1}) {
		t.Errorf("T0 on hosts %v, want [0 1]", got)
	}
	if got := s.HostsOf(1); !reflect.DeepEqual(got, []int{2, 3}) {
		t.Errorf("T1 on hosts %v, want [2 3]", got)
	}
}
