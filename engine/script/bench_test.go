package script

import "testing"

// Benchmarks of issue 38's speed targets, end to end through
// engine/runner (validation, the run, metrics, the checker and the
// distributions), the trace read outside the timer:
//
//	go test -run '^$' -bench . -benchtime 1x -count 5 ./engine/script/
//
// Targets: the EASY template within 10x the built-in easy on the first
// 20,000 HPC2N jobs; SJF priority with EASY on the whole HPC2N trace
// within 5 s. docs/policies.md has the figures.

func benchRun(b *testing.B, first int, policy, src string) {
	s := with(loadTrace(b, hpc2n, first), policy, src)
	b.ResetTimer()
	c0 := cpuTime()
	for range b.N {
		res := mustRun(b, s)
		b.ReportMetric(res.Metrics["script_steps"], "steps/op")
	}
	b.ReportMetric(float64((cpuTime()-c0).Milliseconds())/float64(b.N), "cpu-ms/op")
}

func BenchmarkEASYTemplateHPC2N20k(b *testing.B) {
	benchRun(b, 20000, Name, template(b, "easy-schedule"))
}

func BenchmarkEASYBuiltinHPC2N20k(b *testing.B) { benchRun(b, 20000, "easy", "") }

func BenchmarkSJFPriorityHPC2N(b *testing.B) {
	benchRun(b, 0, Name, template(b, "sjf-easy"))
}

func BenchmarkEASYBuiltinHPC2N(b *testing.B) { benchRun(b, 0, "easy", "") }
