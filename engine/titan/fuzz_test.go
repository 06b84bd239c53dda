package titan

import (
	"encoding/json"
	"math"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/rng"
)

// FuzzTaskFromJob decodes a job from JSON, as a share link or upload
// would give it: TaskFromJob either errors or gives a predictor with a
// finite time >= 0 on every host count.
func FuzzTaskFromJob(f *testing.F) {
	f.Add([]byte(`{"id":"a","size":4,"app":{"code":"fft"}}`))
	f.Add([]byte(`{"id":"b","size":2,"runtime":30,"deadline":100}`))
	f.Add([]byte(`{"id":"c","app":{"points":[{"n":1,"t":10},{"n":8,"t":3}]}}`))
	f.Add([]byte(`{"id":"d","app":{"points":[{"n":3,"t":1e308},{"n":1,"t":0}]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var j model.Job
		if json.Unmarshal(b, &j) != nil {
			return
		}
		task, err := TaskFromJob(j)
		if err != nil {
			if _, ok := err.(*model.FieldError); !ok {
				t.Fatalf("error %v is not a field error", err)
			}
			return
		}
		for n := 1; n <= 70; n++ {
			v := task.Pred.Time(n)
			if math.IsNaN(v) || v < 0 {
				t.Fatalf("time on %d hosts: %v", n, v)
			}
		}
	})
}

// FuzzGA builds a problem from bytes (host count, releases, task sizes and
// times, deadlines, offline hosts) and runs a few generations and an
// update: no panic, and the population stays valid.
func FuzzGA(f *testing.F) {
	f.Add([]byte{5, 8, 3, 1, 200, 7, 0, 9, 4, 4, 1, 2})
	f.Add([]byte{70, 3, 9, 255, 0, 1, 2, 3})
	f.Add([]byte{1, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 2 {
			return
		}
		at := func(i int) int { return int(b[i%len(b)]) }
		m := 1 + at(0)%130
		n := at(1) % 20
		p := Problem{Now: float64(at(2)), Release: make([]float64, m)}
		for h := range p.Release {
			p.Release[h] = float64(at(3 + h))
		}
		if at(4)%3 == 0 {
			p.Offline = make([]bool, m)
			for h := range p.Offline {
				p.Offline[h] = at(5+h)%4 == 0
			}
		}
		for i := 0; i < n; i++ {
			tk := Task{ID: string(rune('a' + i)), Pred: Fixed(float64(at(6 + i))), Deadline: float64(at(7 + 2*i))}
			switch at(8+i) % 3 {
			case 0:
				tk.Pred, _ = Code(CodeNames[at(9+i)%5])
			case 1:
				tk.MinHosts, tk.MaxHosts = at(10+i)%4, at(11+i)%6
			}
			p.Tasks = append(p.Tasks, tk)
		}
		g, err := New(Config{Population: 2 + at(12)%6, Weights: Weights{Idle: float64(at(13) % 2), Makespan: 1}}, p, nil, rng.New(uint64(len(b)), "fuzz"))
		if err != nil {
			return
		}
		for i := 0; i < 5; i++ {
			g.Step()
		}
		checkMembers(t, g)
		s, tm, _ := g.Best()
		checkTiming(t, &p, &s, &tm)
		q := p
		q.Tasks = p.Tasks[:len(p.Tasks)/2]
		q.Offline = nil
		if g.Update(q) == nil {
			g.Step()
			checkMembers(t, g)
		}
	})
}
