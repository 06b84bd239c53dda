package gamf
import "testing"
func BenchmarkPartGuided(b *testing.B) {
	p, _ := compile(synthetic(1, 20, "gamf"))
	ops := newOperators(p); r := newPRNG(1, "x"); a := newIndiv(p)
	for i := 0; i < b.N; i++ { ops.guidedIndiv(a, r) }
}
func BenchmarkPartCross(b *testing.B) {
	p, _ := compile(synthetic(1, 20, "gamf"))
	g := newGA(p, Config{Mutation: 50, Alpha: 0.6}, newPRNG(1, "gamf", "gamf"))
	for i := 0; i < 30; i++ { g.step() }
	r := newPRNG(1, "y"); c := newIndiv(p)
	b.ResetTimer()
	for i := 0; i < b.N; i++ { g.ops.crossover(c, g.pop[g.rank[i%7]], g.pop[g.rank[(i/7)%11]], r) }
}
func BenchmarkPartScore(b *testing.B) {
	p, _ := compile(synthetic(1, 20, "gamf"))
	g := newGA(p, Config{Mutation: 50, Alpha: 0.6}, newPRNG(1, "gamf", "gamf"))
	for i := 0; i < 30; i++ { g.step() }
	b.ResetTimer()
	for i := 0; i < b.N; i++ { g.ev.score(g.pop[i%len(g.pop)]) }
}
