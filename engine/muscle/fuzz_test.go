package muscle

import (
	"testing"

	"gridplay/engine/rng"
)

// FuzzPack feeds arbitrary job sizes, cluster sizes and release times to
// Algs. 1-4: no panic, and every job that fits some cluster is placed
// exactly once within its cluster.
func FuzzPack(f *testing.F) {
	f.Add([]byte{2, 1, 4, 3, 1, 2}, []byte{4, 6}, uint64(1))
	f.Add([]byte{0, 255, 7}, []byte{0, 3}, uint64(2))
	f.Fuzz(func(t *testing.T, sizes, ms []byte, seed uint64) {
		if len(sizes) > 200 || len(ms) > 8 {
			return
		}
		r := rng.NewPCG(seed, 9)
		cls := make([]PackCluster, len(ms))
		mMax := 0
		for i, m := range ms {
			cls[i] = PackCluster{M: int(m), Release: make([]float64, int(m))}
			for h := range cls[i].Release {
				cls[i].Release[h] = float64(r.IntN(4))
			}
			mMax = max(mMax, int(m))
		}
		jobs := make([]PackJob, len(sizes))
		for i, s := range sizes {
			jobs[i] = PackJob{Size: int(s) - 1, Exec: make([]float64, len(ms)), Slack: make([]float64, len(ms))}
			for c := range ms {
				jobs[i].Exec[c] = float64(1 + r.IntN(5))
				jobs[i].Slack[c] = float64(r.IntN(7) - 2)
			}
		}
		pk := &Packer{Jobs: jobs, Clusters: cls, Rand: r}
		placed, unfit := pk.Run()
		n := make([]int, len(jobs))
		for _, p := range placed {
			n[p.Job]++
			if p.First < 0 || p.First+jobs[p.Job].Size > cls[p.Cluster].M {
				t.Fatalf("job %d outside its cluster", p.Job)
			}
		}
		for _, k := range unfit {
			n[k]++
			if s := jobs[k].Size; s >= 1 && s <= mMax {
				t.Fatalf("job %d of size %d reported unfit, m_MAX %d", k, s, mMax)
			}
		}
		for k, c := range n {
			if c != 1 {
				t.Fatalf("job %d accounted %d times", k, c)
			}
		}
	})
}
