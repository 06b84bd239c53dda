package compact_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"gridplay/engine/api/compact"
	"gridplay/engine/model"
	"gridplay/engine/runner"
	"gridplay/engine/sched"
	"gridplay/engine/swf"
)

var (
	benchOnce sync.Once
	benchS    map[int]*model.Scenario
	benchR    map[int]*sched.Result
)

// hpc is the first n jobs of HPC2N under EASY (0: all) and its result.
func hpc(b *testing.B, n int) (*model.Scenario, *sched.Result) {
	benchOnce.Do(func() {
		benchS, benchR = map[int]*model.Scenario{}, map[int]*sched.Result{}
		p, err := swf.Find("HPC2N-2002-2.2-cln")
		if err != nil {
			return
		}
		tr, err := swf.ReadFile(p)
		if err != nil {
			return
		}
		for _, k := range []int{20000, 0} {
			s := tr.Scenario("easy")
			if k > 0 {
				s.Jobs = s.Jobs[:k]
			}
			r, err := runner.Run(context.Background(), s, nil)
			if err != nil {
				return
			}
			benchS[k], benchR[k] = s, r
		}
	})
	s, r := benchS[n], benchR[n]
	if s == nil {
		b.Fatal("HPC2N did not load or run")
	}
	return s, r
}

// The hot path of a page run, JSON against compact, on 20,000 HPC2N jobs
// and on all 202,871:
//
//	go test -run '^$' -bench . ./engine/api/compact/
func BenchmarkHotPath(b *testing.B) {
	for _, n := range []int{20000, 0} {
		name := "20k"
		if n == 0 {
			name = "whole"
		}
		b.Run(name+"/scenario-json-encode", func(b *testing.B) {
			s, _ := hpc(b, n)
			for b.Loop() {
				model.Encode(s)
			}
		})
		b.Run(name+"/scenario-compact-encode", func(b *testing.B) {
			s, _ := hpc(b, n)
			for b.Loop() {
				compact.EncodeScenario(s)
			}
		})
		b.Run(name+"/scenario-json-decode", func(b *testing.B) {
			s, _ := hpc(b, n)
			js, _ := model.Encode(s)
			b.SetBytes(int64(len(js)))
			for b.Loop() {
				model.Decode(js)
			}
		})
		b.Run(name+"/scenario-compact-decode", func(b *testing.B) {
			s, _ := hpc(b, n)
			cb, _ := compact.EncodeScenario(s)
			b.SetBytes(int64(len(cb)))
			for b.Loop() {
				compact.DecodeScenario(cb)
			}
		})
		b.Run(name+"/run", func(b *testing.B) {
			s, _ := hpc(b, n)
			for b.Loop() {
				runner.Run(context.Background(), s, nil)
			}
		})
		b.Run(name+"/result-json-encode", func(b *testing.B) {
			_, r := hpc(b, n)
			for b.Loop() {
				json.Marshal(r)
			}
		})
		b.Run(name+"/result-compact-encode", func(b *testing.B) {
			_, r := hpc(b, n)
			for b.Loop() {
				compact.EncodeResult(r)
			}
		})
		b.Run(name+"/result-json-decode", func(b *testing.B) {
			_, r := hpc(b, n)
			js, _ := json.Marshal(r)
			b.SetBytes(int64(len(js)))
			for b.Loop() {
				var x sched.Result
				json.Unmarshal(js, &x)
			}
		})
		b.Run(name+"/result-compact-decode", func(b *testing.B) {
			_, r := hpc(b, n)
			cb, _ := compact.EncodeResult(r)
			b.SetBytes(int64(len(cb)))
			for b.Loop() {
				compact.DecodeResult(cb)
			}
		})
	}
}
