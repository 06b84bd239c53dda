package titan

import (
	"math"
	"reflect"
	"testing"

	"gridplay/engine/rng"
)

// expr14 is the schedule of expression 14: ℓ″ = [T1,T4,T5,T2,T6,T3,T0,T7]
// and M″ read column by column in that order (5 hosts).
func expr14() Schedule {
	order := []int{1, 4, 5, 2, 6, 3, 0, 7}
	cols := [][]int{
		{1, 1, 0, 1, 1}, {1, 1, 0, 0, 0},
		{0, 0, 1, 0, 0}, {0, 0, 0, 1, 0},
		{0, 0, 0, 0, 1}, {1, 1, 0, 0, 1},
		{1, 1, 1, 1, 1}, {1, 0, 1, 0, 1},
	}
	s := NewSchedule(8, 5)
	copy(s.Order, order)
	for pos, col := range cols {
		for h, b := range col {
			s.Set(order[pos], h, b == 1)
		}
	}
	return s
}

// fig4Problem gives the tasks of expression 14 fixed run times (seconds)
// T0..T7 = 2,4,3,2,5,6,1,3 and deadlines on T0 (20), T3 (10) and T7 (15).
func fig4Problem() Problem {
	rt := []float64{2, 4, 3, 2, 5, 6, 1, 3}
	dl := []float64{20, 0, 0, 10, 0, 0, 0, 15}
	p := Problem{Now: 0, Release: make([]float64, 5)}
	for i, r := range rt {
		p.Tasks = append(p.Tasks, Task{ID: string(rune('a' + i)), Pred: Fixed(r), Deadline: dl[i]})
	}
	return p
}

// TestFig4Evaluation works expression 14 through eqs. 3-9 by hand:
//
//	T1 {H0,H1,H3,H4}: all free at 0        -> 0..4
//	T4 {H0,H1}:       released by T1 at 4  -> 4..9
//	T5 {H2}:          H2 unused so far     -> 0..6   (before T4: Fig. 4)
//	T2 {H3}:          T1 ends 4            -> 4..7
//	T6 {H4}:          T1 ends 4            -> 4..5
//	T3 {H0,H1,H4}:    max(9,9,5) = 9       -> 9..11  (H4 idle 5..9)
//	T0 all:           max(11,11,6,7,11)    -> 11..13 (H2 idle 6..11, H3 7..11)
//	T7 {H0,H2,H4}:    13                   -> 13..16
//
// ω = 16 (eq. 7). Idle pockets (T, ΔT) = (5,4), (6,5), (7,4), so eq. 8:
// Γ = (1/16)[4(32-10-4) + 5(32-12-5) + 4(32-14-4)] = (72+75+56)/16 = 12.6875.
// θ (eq. 9) = (11-10) + (16-15) = 2. Eq. 10 with weights (1,1,1):
// (12.6875+16+2)/3 = 10.2291666...; with W^m = 2: (12.6875+32+2)/4 = 11.671875.
func TestFig4Evaluation(t *testing.T) {
	p := fig4Problem()
	s := expr14()
	var tm Timing
	if err := Evaluate(&p, &s, &tm); err != nil {
		t.Fatal(err)
	}
	wantStart := []float64{11, 0, 4, 9, 4, 0, 4, 13}
	wantEnd := []float64{13, 4, 7, 11, 9, 6, 5, 16}
	if !reflect.DeepEqual(tm.Start, wantStart) || !reflect.DeepEqual(tm.End, wantEnd) {
		t.Fatalf("start %v end %v, want %v %v", tm.Start, tm.End, wantStart, wantEnd)
	}
	if !(tm.Start[5] < tm.Start[4]) {
		t.Errorf("T5 starts at %v, not before T4 at %v (Fig. 4)", tm.Start[5], tm.Start[4])
	}
	if tm.Makespan != 16 || tm.Idle != 12.6875 || tm.Deadline != 2 {
		t.Errorf("ω, Γ, θ = %v, %v, %v; want 16, 12.6875, 2", tm.Makespan, tm.Idle, tm.Deadline)
	}
	if c := Cost(Weights{1, 1, 1}, &tm); math.Abs(c-30.6875/3) > 1e-12 {
		t.Errorf("cost %v, want %v", c, 30.6875/3)
	}
	if c := Cost(Weights{Makespan: 2, Idle: 1, Deadline: 1}, &tm); c != 11.671875 {
		t.Errorf("cost %v, want 11.671875", c)
	}
	// The GA's cached evaluation agrees.
	g, err := New(Config{Population: 2}, p, []Schedule{s}, rng.New(1, "test"))
	if err != nil {
		t.Fatal(err)
	}
	o, b := g.member(0)
	ts, te := make([]float64, 8), make([]float64, 8)
	got := g.eval(o, b, ts, te)
	if got.om != 16 || got.ga != 12.6875 || got.th != 2 || !reflect.DeepEqual(ts, wantStart) || !reflect.DeepEqual(te, wantEnd) {
		t.Errorf("GA eval %+v %v %v", got, ts, te)
	}
}

// TestFig4WithRelease: hosts busy at the start (hr_i, eq. 6) delay the
// tasks on them; a release before Now counts as Now. Now = 10, H2 released
// at 20, others at 0 (-> 10). T1 10..14, T4 14..19, T5 20..26 (H2),
// T2 14..17, T6 14..15, T3 19..21, T0 max(21,21,26,17,21)=26..28,
// T7 28..31: ω = 31-10 = 21.
func TestFig4WithRelease(t *testing.T) {
	p := fig4Problem()
	p.Now = 10
	p.Release[2] = 20
	s := expr14()
	var tm Timing
	if err := Evaluate(&p, &s, &tm); err != nil {
		t.Fatal(err)
	}
	want := []float64{26, 10, 14, 19, 14, 20, 14, 28}
	if !reflect.DeepEqual(tm.Start, want) || tm.Makespan != 21 {
		t.Errorf("start %v ω %v, want %v 21", tm.Start, tm.Makespan, want)
	}
}

// TestOrderCrossoverExpr12 is the paper's example: ℓA and ℓB cut after 4
// give [T1,(T3),T5,T2,T6,T7,T0,(T3)]; the first T3 becomes the first unused
// task of ℓB, T4.
func TestOrderCrossoverExpr12(t *testing.T) {
	g := newTestGA(t, 8, 5)
	A := []int32{1, 3, 5, 2, 0, 6, 4, 7}
	B := []int32{4, 5, 2, 1, 6, 7, 0, 3}
	C := make([]int32, 8)
	g.crossOrder(A, B, C, 4)
	if want := []int32{1, 4, 5, 2, 6, 7, 0, 3}; !reflect.DeepEqual(C, want) {
		t.Errorf("child %v, want %v", C, want)
	}
	// Two duplicates, resolved in position order from the front of B:
	// A=[0,1,2,3], B=[3,2,1,0], cut 2 -> [(0),(1),1,0] -> [3,2,1,0].
	g4 := newTestGA(t, 4, 2)
	C = make([]int32, 4)
	g4.crossOrder([]int32{0, 1, 2, 3}, []int32{3, 2, 1, 0}, C, 2)
	if want := []int32{3, 2, 1, 0}; !reflect.DeepEqual(C, want) {
		t.Errorf("child %v, want %v", C, want)
	}
	// No duplicate: the halves are disjoint.
	g4.crossOrder([]int32{0, 1, 2, 3}, []int32{1, 0, 3, 2}, C, 2)
	if want := []int32{0, 1, 3, 2}; !reflect.DeepEqual(C, want) {
		t.Errorf("child %v, want %v", C, want)
	}
}

// TestSwapExpr13: swapping positions 5 and 7 of ℓ' gives ℓ″.
func TestSwapExpr13(t *testing.T) {
	l := []int32{1, 4, 5, 2, 6, 7, 0, 3}
	swap(l, 5, 7)
	if want := []int32{1, 4, 5, 2, 6, 3, 0, 7}; !reflect.DeepEqual(l, want) {
		t.Errorf("ℓ'' = %v, want %v", l, want)
	}
}

// TestNormaliseMuscleEq2: f = (max-c)/(max-min): costs 10, 20, 15 give
// 1, 0, 0.5; equal costs give 1 each.
func TestNormaliseMuscleEq2(t *testing.T) {
	f := make([]float64, 3)
	Normalise([]float64{10, 20, 15}, f)
	if !reflect.DeepEqual(f, []float64{1, 0, 0.5}) {
		t.Errorf("got %v", f)
	}
	Normalise([]float64{7, 7, 7}, f)
	if !reflect.DeepEqual(f, []float64{1, 1, 1}) {
		t.Errorf("got %v", f)
	}
}

// TestIdleWeighting checks eq. 8's end points for one pocket: 100% at
// (T=0, ΔT=ω) and 0 for an empty pocket, and that early idle costs more
// than late idle of the same size: ω=10, ΔT=2 at T=0 weighs
// 10·2/100·(20-0-2) = 3.6, at T=8 weighs 10·2/100·(20-16-2) = 0.4.
func TestIdleWeighting(t *testing.T) {
	cases := []struct{ om, T, dT, want float64 }{
		{10, 0, 10, 10}, {10, 5, 0, 0}, {10, 0, 2, 3.6}, {10, 8, 2, 0.4},
	}
	for _, c := range cases {
		got := idle(c.om, c.dT, c.dT*(2*c.T+c.dT))
		if math.Abs(got-c.want) > 1e-12 {
			t.Errorf("ω=%v T=%v ΔT=%v: Γ=%v, want %v", c.om, c.T, c.dT, got, c.want)
		}
	}
}

// TestMapCrossover: 3 tasks on 5 hosts, cut before bit 7 (task 1, host
// 2): task 0 from A, task 1 hosts 0-1 from A and 2-4 from B, task 2 from
// B. A = [11111, 11000, 00001], B = [00100, 00110, 10000] (host 0 first)
// give [11111, 11110, 10000]. A mix can be empty: A task 1 = 00100 and
// B task 1 = 11000 cut at host 2 give 00 + 000 = 00000, zero hosts, so
// A's row 00100 is kept (expr. 14: never a task on zero hosts).
func TestMapCrossover(t *testing.T) {
	g := newTestGA(t, 3, 5)
	row := func(s string) uint64 {
		var x uint64
		for h, c := range s {
			if c == '1' {
				x |= 1 << uint(h)
			}
		}
		return x
	}
	C := make([]uint64, 3)
	g.crossMapAt([]uint64{row("11111"), row("11000"), row("00001")}, []uint64{row("00100"), row("00110"), row("10000")}, C, 7)
	if want := []uint64{row("11111"), row("11110"), row("10000")}; !reflect.DeepEqual(C, want) {
		t.Errorf("child %b, want %b", C, want)
	}
	g.crossMapAt([]uint64{row("11111"), row("00100"), row("00001")}, []uint64{row("00100"), row("11000"), row("10000")}, C, 7)
	if want := []uint64{row("11111"), row("00100"), row("10000")}; !reflect.DeepEqual(C, want) {
		t.Errorf("child %b, want %b (zero-host row repaired)", C, want)
	}
}

// TestRouletteSelection: costs 10, 20, 15 normalise to 1, 0, 0.5 (MUSCLE
// eq. 2), so selection proportional to fitness picks member 0 with
// probability 2/3, member 2 with 1/3 and member 1 never.
func TestRouletteSelection(t *testing.T) {
	g := newTestGA(t, 3, 2)
	g.pop = 3
	g.fit, g.cum = make([]float64, 3), make([]float64, 3)
	Normalise([]float64{10, 20, 15}, g.fit)
	acc := 0.0
	for k, f := range g.fit {
		acc += f
		g.cum[k] = acc
	}
	var n [3]int
	const draws = 30000
	for i := 0; i < draws; i++ {
		n[g.pick()]++
	}
	if n[1] != 0 || math.Abs(float64(n[0])/draws-2.0/3) > 0.02 || math.Abs(float64(n[2])/draws-1.0/3) > 0.02 {
		t.Errorf("picks %v of %d", n, draws)
	}
}
