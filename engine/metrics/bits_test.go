package metrics

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// TestFillBits pins the bits of every metric Fill gives on 2,000 random
// schedules with deadlines, zero and negative sizes, unknown and
// duplicate jobs, signed zeros, infinities and NaN (any NaN: no output
// tells them apart), so that a change to how the metrics are computed
// keeps every answer's bytes. The sum was taken when Fill still had a
// twin, FillOf, taking each placement's job by position, before FillOf
// (used by no caller) was removed; this sum is of Fill's part alone,
// taken before the removal.
func TestFillBits(t *testing.T) {
	rng := rng.NewPCG(1, 2)
	odd := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1e300, -3}
	val := func(scale float64) float64 {
		if rng.IntN(20) == 0 {
			return odd[rng.IntN(len(odd))]
		}
		return math.Floor(rng.Float64() * scale)
	}
	h := sha256.New()
	put := func(r *sched.Result) {
		for _, k := range Keys {
			v := r.Metrics[k]
			if math.IsNaN(v) {
				v = math.NaN()
			}
			binary.Write(h, binary.LittleEndian, math.Float64bits(v))
		}
	}
	for trial := range 2000 {
		n := rng.IntN(8)
		s := &model.Scenario{Platform: model.Platform{Clusters: []model.Cluster{{ID: "c", Nodes: rng.IntN(4)}}}}
		r := &sched.Result{}
		for i := range n {
			id := strconv.Itoa(i)
			if rng.IntN(10) == 0 {
				id = "0" // a duplicate id
			}
			j := model.Job{ID: id, Submit: val(100), Size: rng.IntN(4) - 1}
			if rng.IntN(2) == 0 {
				j.Deadline = val(300)
			}
			s.Jobs = append(s.Jobs, j)
			if rng.IntN(5) == 0 {
				id = "ghost"
			}
			if rng.IntN(6) != 0 {
				st := val(200)
				r.Schedule = append(r.Schedule, sched.Placement{Job: id, Start: st, End: st + val(50), Nodes: rng.IntN(4) - 1})
			}
		}
		if trial%3 == 0 {
			r.Dropped = []sched.Drop{{Job: "x"}}
		}
		a := &sched.Result{Schedule: r.Schedule, Dropped: r.Dropped}
		Fill(s, a)
		put(a)
	}
	none := &sched.Result{Dropped: []sched.Drop{{Job: "x"}}}
	Fill(nil, none)
	put(none)
	if got, want := fmt.Sprintf("%x", h.Sum(nil)), "dee009c7ccd69be6c715f33354234635a3890224312ed7457ae0996e90f0a3ec"; got != want {
		t.Errorf("metrics' bits changed: sum %s, want %s", got, want)
	}
}
