package gamf

import (
	"strconv"
	"testing"

	"gridplay/engine/model"
)

// FuzzPolicies builds small scenarios from arbitrary bytes (cluster sizes,
// speeds, links, job sizes, times, bandwidths, sigma) and checks that every
// method either rejects them with a field error or returns a schedule
// keeping the section 4.4 constraints, without panicking.
func FuzzPolicies(f *testing.F) {
	f.Add([]byte{3, 4, 10, 0, 2, 0, 5, 9, 1, 200, 3, 7, 0, 50, 1, 2})
	f.Add([]byte{1, 1, 0, 0, 1, 1, 0, 0, 0})
	f.Add([]byte{4, 60, 100, 10, 60, 150, 255, 60, 200, 20, 60, 150, 1, 90, 77, 66, 55, 120, 3, 2, 1})
	f.Add([]byte{9, 3, 60, 100, 1, 60, 200, 1, 60, 150, 2, 5, 100, 90, 0, 50, 120, 140, 70, 0, 40, 150, 60, 30, 0, 59, 160, 80, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15})
	f.Fuzz(func(t *testing.T, data []byte) {
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			v := int(data[0])
			data = data[1:]
			return v
		}
		s := &model.Scenario{Version: model.Version, Seed: uint64(next())}
		nc := 1 + next()%4
		for k := 0; k < nc; k++ {
			s.Platform.Clusters = append(s.Platform.Clusters, model.Cluster{
				ID: "c" + strconv.Itoa(k), Nodes: next() % 70, MIPS: float64(next() * 10), Bandwidth: float64(next()%4) * 25})
		}
		nj := 1 + next()%8
		for j := 0; j < nj; j++ {
			sg := float64(next()) / 200
			s.Jobs = append(s.Jobs, model.Job{ID: "j" + strconv.Itoa(j), Size: next() % 150, Runtime: float64(next() * 7),
				Submit: float64(next() % 4 * 50), Bandwidth: float64(next() % 60), Sigma: &sg})
		}
		// One byte picks the readings (bit per reading parameter).
		rd := next()
		for _, name := range methods {
			ps := map[string]float64{}
			for k, v := range quickParams[name] {
				ps[k] = v
			}
			for i, k := range []string{"cs", "mutate_one", "normalise", "relative_loss"} {
				ps[k] = float64(rd >> i & 1)
			}
			s.Policy = model.Policy{Name: name, Params: ps}
			if _, err := compile(s); err != nil {
				continue // rejected with a field error
			}
			res := runPolicy(t, s, nil)
			checkSchedule(t, s, res)
			for _, pl := range res.Schedule {
				if pl.Why == "" {
					t.Fatalf("%s: job %s has no reason", name, pl.Job)
				}
			}
		}
	})
}
