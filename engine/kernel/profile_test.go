package kernel

import (
	"math"
	"testing"

	"gridplay/engine/rng"
)

func TestProfileHand(t *testing.T) {
	// 10 processors. A running job holds 6 until 10; a reservation holds
	// 8 during [20, 30). Free: [0,10) 4, [10,20) 10, [20,30) 2, [30,inf) 10.
	p := NewProfile(10, 0)
	p.Reserve(0, 10, 6)
	p.Reserve(20, 30, 8)
	want := []Step{{0, 4}, {10, 10}, {20, 2}, {30, 10}}
	if got := steps(p); !equalSteps(got, want) {
		t.Fatalf("steps %v, want %v", got, want)
	}
	cases := []struct {
		t    float64
		size int
		dur  float64
		want float64
	}{
		{0, 4, 100, 30},         // 4 fit in [0,10) but not in [20,30): after 30
		{0, 4, 10, 0},           // [0,10) exactly
		{0, 5, 10, 10},          // 5 > 4 until 10; [10,20) holds 10 s
		{0, 5, 10.5, 30},        // 10.5 s crosses into [20,30)
		{0, 2, 1e9, 0},          // 2 are free everywhere
		{5, 3, 0, 5},            // zero duration: free at 5
		{25, 3, 0, 30},          // zero duration: 2 free at 25, 10 at 30
		{0, 11, 1, math.Inf(1)}, // larger than the machine
		{-5, 1, 1, 0},           // before the origin counts as the origin
	}
	for _, c := range cases {
		if got := p.EarliestStart(c.t, c.size, c.dur); got != c.want {
			t.Errorf("EarliestStart(%g, %d, %g) = %g, want %g", c.t, c.size, c.dur, got, c.want)
		}
		if got, want := p.Fits(c.t, c.size, c.dur), c.want == math.Max(c.t, 0); got != want {
			t.Errorf("Fits(%g, %d, %g) = %v, want %v", c.t, c.size, c.dur, got, want)
		}
	}
	if got := p.MinFree(5, 25); got != 2 {
		t.Errorf("MinFree(5,25) = %d, want 2", got)
	}
	if got := p.MinFree(10, 20); got != 10 {
		t.Errorf("MinFree(10,20) = %d, want 10", got)
	}
	for _, c := range []struct {
		a, b float64
		want int
	}{{0, 10, 4}, {0, 25, 10}, {20, 30, 2}, {25, 25, 2}, {29, 31, 10}} {
		if got := p.MaxFree(c.a, c.b); got != c.want {
			t.Errorf("MaxFree(%g,%g) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	// The running job ends early at 4: release [4, 10). The steps [4,10)
	// and [10,20) merge.
	p.Release(4, 10, 6)
	want = []Step{{0, 4}, {4, 10}, {20, 2}, {30, 10}}
	if got := steps(p); !equalSteps(got, want) {
		t.Fatalf("after release %v, want %v", got, want)
	}
	p.Release(20, 30, 8)
	want = []Step{{0, 4}, {4, 10}}
	if got := steps(p); !equalSteps(got, want) {
		t.Fatalf("after withdrawing %v, want %v", got, want)
	}
	p.Advance(7)
	want = []Step{{7, 10}}
	if got := steps(p); !equalSteps(got, want) {
		t.Fatalf("after Advance(7) %v, want %v", got, want)
	}
}

// Step is one step of a profile, as the tests write them.
type Step struct {
	T    float64
	Free int
}

// steps lists p's steps in time order.
func steps(p *Profile) []Step {
	ts, fs := p.View()
	out := make([]Step, len(ts))
	for i := range ts {
		out[i] = Step{ts[i], fs[i]}
	}
	return out
}

func equalSteps(a, b []Step) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestProfileRandom checks the profile against a plain array of free
// counts per unit of time, under random reservations and releases.
func TestProfileRandom(t *testing.T) {
	const H, N = 200, 16
	r := rng.NewPCG(1, 2)
	for trial := 0; trial < 200; trial++ {
		p := NewProfile(N, 0)
		var arr [H + 50]int
		for i := range arr {
			arr[i] = N
		}
		type held struct{ a, b, n int }
		var hs []held
		for op := 0; op < 40; op++ {
			if len(hs) > 0 && r.IntN(3) == 0 {
				k := r.IntN(len(hs))
				h := hs[k]
				hs = append(hs[:k], hs[k+1:]...)
				p.Release(float64(h.a), float64(h.b), h.n)
				for x := h.a; x < h.b; x++ {
					arr[x] += h.n
				}
				continue
			}
			size := 1 + r.IntN(N)
			dur := 1 + r.IntN(30)
			from := r.IntN(H - 40)
			// Brute force: the first s >= from with size free on [s, s+dur).
			want := -1
			for s := from; s+dur <= len(arr); s++ {
				ok := true
				for x := s; x < s+dur; x++ {
					if arr[x] < size {
						ok = false
						break
					}
				}
				if ok {
					want = s
					break
				}
			}
			got := p.EarliestStart(float64(from), size, float64(dur))
			if want < 0 || float64(want) != got {
				if want >= 0 || got < float64(H) {
					t.Fatalf("trial %d: EarliestStart(%d,%d,%d) = %g, brute force %d", trial, from, size, dur, got, want)
				}
				continue
			}
			if p.Fits(float64(from), size, float64(dur)) != (want == from) {
				t.Fatalf("trial %d: Fits disagrees", trial)
			}
			p.Reserve(got, got+float64(dur), size)
			for x := want; x < want+dur; x++ {
				arr[x] -= size
			}
			hs = append(hs, held{want, want + dur, size})
			if !p.Valid() {
				t.Fatalf("trial %d: invalid profile %v", trial, steps(p))
			}
			for x := 0; x < len(arr); x++ {
				if p.Free(float64(x)+0.5) != arr[x] {
					t.Fatalf("trial %d: free at %d = %d, want %d", trial, x, p.Free(float64(x)+0.5), arr[x])
				}
			}
			// Merged: no two neighbours with the same count.
			st := steps(p)
			for k := 1; k < len(st); k++ {
				if st[k].Free == st[k-1].Free {
					t.Fatalf("trial %d: unmerged steps %v", trial, st)
				}
			}
		}
	}
}

func BenchmarkProfileReserve(b *testing.B) {
	r := rng.NewPCG(3, 4)
	p := NewProfile(240, 0)
	now := 0.0
	type held struct {
		a, b float64
		n    int
	}
	var hs []held
	for i := 0; i < b.N; i++ {
		now += r.Float64() * 10
		p.Advance(now)
		if len(hs) > 200 {
			h := hs[0]
			hs = hs[1:]
			p.Release(h.a, h.b, h.n)
		}
		n := 1 + r.IntN(64)
		d := 1 + r.Float64()*3600
		s := p.EarliestStart(now, n, d)
		p.Reserve(s, s+d, n)
		hs = append(hs, held{s, s + d, n})
	}
}

// TestProfileAdvanceGrow moves a profile on through a long run (Advance,
// then new reservations further on), the way the backfilling core does:
// the steps are moved back to the start of their arrays rather than into
// new ones (grow), and every free count stays right.
func TestProfileAdvanceGrow(t *testing.T) {
	const N, H = 8, 4000
	r := rng.NewPCG(3, 4)
	p := NewProfile(N, 0)
	var arr [H + 100]int
	for i := range arr {
		arr[i] = N
	}
	maxLen := 0
	for now := 0; now < H; now += 1 + r.IntN(3) {
		p.Advance(float64(now))
		for range 1 + r.IntN(2) {
			size, dur := 1+r.IntN(N), 1+r.IntN(20)
			s := p.EarliestStart(float64(now), size, float64(dur))
			if s+float64(dur) > float64(len(arr)) {
				continue
			}
			p.Reserve(s, s+float64(dur), size)
			for x := int(s); x < int(s)+dur; x++ {
				arr[x] -= size
			}
		}
		maxLen = max(maxLen, p.Len())
		if !p.Valid() {
			t.Fatalf("now %d: invalid profile %v", now, steps(p))
		}
		for x := now; x < len(arr); x += 7 {
			if got := p.Free(float64(x) + 0.5); got != arr[x] {
				t.Fatalf("now %d: free at %d = %d, want %d", now, x, got, arr[x])
			}
		}
	}
	if cap(p.tb) > 4*maxLen {
		t.Errorf("arrays of %d steps for a profile of at most %d: Advance's room is not reused", cap(p.tb), maxLen)
	}
}
