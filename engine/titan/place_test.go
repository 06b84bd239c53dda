package titan

import (
	"math"
	"testing"

	"gridplay/engine/rng"
)

// TestEvalGroups3MatchesGo evaluates three random schedules on random
// start groups with evalGroups3 and evalGroups3Go and compares every
// field of the three chains bit for bit. Under js/wasm (./build.sh test
// runs the engine's tests there too) evalGroups3 places each chain's
// tasks with the assembly of place_wasm.s; natively the two are one
// function. The draws cover 1 to 64 hosts in 1 to 16 start groups, empty
// and full host masks, tasks that meet no group, ends that fall before
// and after a deadline or at none (+Inf), and chains of many groups (59
// at most with these draws; it logs the most, and fails under 40).
func TestEvalGroups3MatchesGo(t *testing.T) {
	r := rng.New(3, "test", "evalGroups3")
	var a, b [3]chain
	most := 0
	for trial := 0; trial < 600; trial++ {
		hosts := 1 + r.IntN(64)
		all := uint64(math.MaxUint64) >> (64 - hosts)
		ng := 1 + r.IntN(min(hosts, 16))
		masks := make([]uint64, ng)
		for h := 0; h < hosts; h++ {
			masks[r.IntN(ng)] |= 1 << h
		}
		var g0 []group
		for _, m := range masks {
			if m != 0 {
				g0 = append(g0, group{m: m, t: key(float64(r.IntN(1000)) + r.Float64())})
			}
		}
		n := 1 + r.IntN(120)
		m1 := hosts + 1
		tbl, dl := make([]float64, n*m1), make([]float64, n)
		for i := range tbl {
			tbl[i] = float64(r.IntN(50)) + r.Float64()
		}
		for j := range dl {
			dl[j] = math.Inf(1)
			if r.IntN(2) == 0 {
				dl[j] = float64(r.IntN(1500))
			}
		}
		var o [3][]int32
		var bm [3][]uint64
		for c := range o {
			o[c], bm[c] = make([]int32, n), make([]uint64, n)
			for i := range o[c] {
				o[c][i] = int32(i)
			}
			r.Shuffle(n, func(i, j int) { o[c][i], o[c][j] = o[c][j], o[c][i] })
			for j := range bm[c] {
				k := r.IntN(8)
				if trial%2 == 0 && r.IntN(40) > 0 {
					k = 2 // mostly one host a task: chains of many groups
				}
				switch k {
				case 0:
					bm[c][j] = 0
				case 1:
					bm[c][j] = all
				case 2, 3, 4: // one host: a group of its own
					bm[c][j] = 1 << r.IntN(hosts)
				default:
					bm[c][j] = r.Uint64() & r.Uint64() & all
				}
			}
		}
		nowk := key(float64(r.IntN(100)))
		evalGroups3(o[0], bm[0], o[1], bm[1], o[2], bm[2], g0, &a, tbl, dl, m1, nowk)
		evalGroups3Go(o[0], bm[0], o[1], bm[1], o[2], bm[2], g0, &b, tbl, dl, m1, nowk)
		for c := range a {
			ca, cb := &a[c], &b[c]
			if ca.ng != cb.ng || ca.lastk != cb.lastk || math.Float64bits(ca.th) != math.Float64bits(cb.th) || ca.m != cb.m || ca.t != cb.t {
				t.Fatalf("trial %d chain %d: evalGroups3 gives ng %d lastk %#x th %v, evalGroups3Go ng %d lastk %#x th %v (or the groups differ)",
					trial, c, ca.ng, ca.lastk, ca.th, cb.ng, cb.lastk, cb.th)
			}
			most = max(most, ca.ng)
		}
	}
	t.Logf("chains of up to %d groups", most)
	if most < 40 {
		t.Fatalf("no chain grew past %d groups", most)
	}
}
