package gamf

import (
	"slices"
	"testing"
)

// TestBitModeWordCounts runs the operators and the decoder in bit mode
// and in gene mode on platforms of one to eight bitset words, with the
// same random streams: genes, orders and schedules must be equal bit for
// bit, on full and partial orders, for random, guided and crossed
// individuals (TestBitModeSameAsGeneMode does this on the fig7
// platform).
func TestBitModeWordCounts(t *testing.T) {
	for _, nodes := range []int{40, 130, 240, 300, 500} {
		s := synthetic(5, 14, "gamf")
		per := nodes / 4
		for k := range s.Platform.Clusters {
			s.Platform.Clusters[k].Nodes = per
		}
		s.Platform.Clusters[1].Bandwidth = 200 // a link saturates
		for i := range s.Jobs {
			s.Jobs[i].Size = 1 + (s.Jobs[i].Size*per*4/180)%(per*4)
			s.Jobs[i].Submit = float64(300 * (i % 4))
		}
		pb := mustCompile(t, s)
		pb.setBitW((pb.nodes + 63) / 64)
		pg := *pb
		pg.bitW = 0
		type side struct {
			ops *operators
			ev  *evaluator
			r   *prng
			a   [3]*indiv
		}
		mk := func(p *problem) *side {
			sd := &side{ops: newOperators(p), ev: newEvaluator(p, DefaultAlpha), r: newPRNG(9, "gamf-test", "words")}
			for i := range sd.a {
				sd.a[i] = newIndiv(p)
			}
			return sd
		}
		B, G := mk(pb), mk(&pg)
		same := func(step string) {
			t.Helper()
			for i := range B.a {
				if !slices.Equal(B.a[i].order, G.a[i].order) || !slices.Equal(B.a[i].alloc, G.a[i].alloc) {
					t.Fatalf("%d nodes, %s: individual %d differs between modes", nodes, step, i)
				}
				validIndiv(t, pb, B.a[i])
			}
			for _, m := range []int{pb.n, pb.n / 2} {
				B.ev.simulate(B.a[2], B.a[2].order[:m])
				G.ev.simulate(G.a[2], G.a[2].order[:m])
				for _, j := range B.a[2].order[:m] {
					if B.ev.start[j] != G.ev.start[j] || B.ev.end[j] != G.ev.end[j] {
						t.Fatalf("%d nodes, %s, %d jobs: job %d runs [%v,%v] in bit mode, [%v,%v] in gene mode", nodes, step, m, j, B.ev.start[j], B.ev.end[j], G.ev.start[j], G.ev.end[j])
					}
				}
				if !slices.Equal(B.ev.peak, G.ev.peak) || B.ev.satTime != G.ev.satTime || B.ev.sat != G.ev.sat {
					t.Fatalf("%d nodes, %s: link figures differ", nodes, step)
				}
			}
		}
		for i := 0; i < 30; i++ {
			for _, sd := range []*side{B, G} {
				sd.ops.oneTask = i%2 == 0
				sd.ops.randomIndiv(sd.a[0], sd.r)
				sd.ops.guidedIndiv(sd.a[1], sd.r)
				sd.ops.crossover(sd.a[2], sd.a[0], sd.a[1], sd.r)
			}
			same("crossover")
			for _, sd := range []*side{B, G} {
				sd.ops.mutate(sd.a[2], sd.r)
			}
			same("mutation")
			for _, sd := range []*side{B, G} {
				sd.a[1].copyFrom(sd.a[2])
				sd.ops.crossover(sd.a[2], sd.a[0], sd.a[1], sd.r)
			}
			same("crossover of a child")
			for _, sd := range []*side{B, G} {
				sd.a[2].copyFrom(sd.a[1])
			}
			same("copy")
			for _, sd := range []*side{B, G} {
				sd.ops.guidedIndiv(sd.a[0], sd.r)
				sd.ops.guidedIndiv(sd.a[1], sd.r)
				sd.ops.crossover(sd.a[2], sd.a[0], sd.a[1], sd.r)
			}
			same("crossover of guided parents")
		}
	}
}
