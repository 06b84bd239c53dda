package gamf

import (
	"fmt"
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
		B, G := newModeSide(pb, 9, "words"), newModeSide(&pg, 9, "words")
		same := func(step string) { sameModes(t, pb, B, G, fmt.Sprintf("%d nodes, %s", nodes, step)) }
		for i := 0; i < 30; i++ {
			for _, sd := range []*modeSide{B, G} {
				sd.ops.oneTask = i%2 == 0
				sd.ops.randomIndiv(sd.a[0], sd.r)
				sd.ops.guidedIndiv(sd.a[1], sd.r)
				sd.ops.crossover(sd.a[2], sd.a[0], sd.a[1], sd.r)
			}
			same("crossover")
			for _, sd := range []*modeSide{B, G} {
				sd.ops.mutate(sd.a[2], sd.r)
			}
			same("mutation")
			for _, sd := range []*modeSide{B, G} {
				sd.a[1].copyFrom(sd.a[2])
				sd.ops.crossover(sd.a[2], sd.a[0], sd.a[1], sd.r)
			}
			same("crossover of a child")
			for _, sd := range []*modeSide{B, G} {
				sd.a[2].copyFrom(sd.a[1])
			}
			same("copy")
			for _, sd := range []*modeSide{B, G} {
				sd.ops.guidedIndiv(sd.a[0], sd.r)
				sd.ops.guidedIndiv(sd.a[1], sd.r)
				sd.ops.crossover(sd.a[2], sd.a[0], sd.a[1], sd.r)
			}
			same("crossover of guided parents")
		}
	}
}
