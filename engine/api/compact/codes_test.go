package compact

import (
	"bytes"
	"fmt"
	"testing"

	"gridplay/engine/rng"
	"gridplay/engine/sched"
)

// encodeResultDict is EncodeResult as it was written with dict over a
// slice of every cluster name: the bytes codes must give.
func encodeResultDict(res *sched.Result) []byte {
	h := *res
	h.Schedule = nil
	s := res.Schedule
	n := len(s)
	w := &writer{}
	if err := w.head(kindResult, &h); err != nil {
		panic(err)
	}
	if s == nil {
		w.uvarint(0)
		return w.b
	}
	w.uvarint(uint64(n) + 1)
	w.strtab(n, func(i int) string { return s[i].Job })
	var all []string
	for i := range s {
		all = append(all, s[i].Cluster)
		for _, a := range s[i].Alloc {
			all = append(all, a.Cluster)
		}
	}
	idx, _ := w.dict(len(all), func(i int) string { return all[i] })
	k := 0
	for i := range s {
		w.uvarint(uint64(idx[k]))
		k++
		w.f64(s[i].Start)
		w.f64(s[i].End)
		w.varint(int64(s[i].Nodes))
		w.uvarint(uint64(len(s[i].Alloc)))
		for _, a := range s[i].Alloc {
			w.uvarint(uint64(idx[k]))
			k++
			if a.Nodes == nil {
				w.uvarint(0)
				continue
			}
			w.uvarint(uint64(len(a.Nodes)) + 1)
			prev := 0
			for _, x := range a.Nodes {
				w.varint(int64(x - prev))
				prev = x
			}
		}
	}
	why, k := w.dict(n, func(i int) string { return s[i].Why })
	if k > 0 {
		for _, x := range why {
			w.uvarint(uint64(x))
		}
	}
	return w.b
}

// TestResultCodes: EncodeResult numbers clusters and reasons as dict
// does, byte for byte, whatever the mix of names, empty ones and
// repeats.
func TestResultCodes(t *testing.T) {
	r := rng.NewPCG(1, 2)
	name := func(pool int) string {
		if r.IntN(4) == 0 {
			return ""
		}
		return fmt.Sprintf("c%d", r.IntN(pool))
	}
	for trial := range 300 {
		pool := 1 + r.IntN(5)
		res := &sched.Result{Policy: "x"}
		if trial%7 != 0 {
			res.Schedule = []sched.Placement{}
		}
		for i := range r.IntN(40) {
			p := sched.Placement{Job: fmt.Sprint(i), Cluster: name(pool), Start: float64(i), End: float64(i + r.IntN(9)), Nodes: r.IntN(4)}
			for range r.IntN(3) {
				a := sched.Alloc{Cluster: name(pool)}
				if r.IntN(3) > 0 {
					a.Nodes = []int{r.IntN(9), r.IntN(9)}
				}
				p.Alloc = append(p.Alloc, a)
			}
			if trial%3 == 0 {
				p.Why = name(2)
			}
			res.Schedule = append(res.Schedule, p)
		}
		got, err := EncodeResult(res)
		if err != nil {
			t.Fatal(err)
		}
		if want := encodeResultDict(res); !bytes.Equal(got, want) {
			t.Fatalf("trial %d: EncodeResult differs from the dict encoding\n got %x\nwant %x", trial, got, want)
		}
	}
}

// dict writes the distinct values of n strings (in order of first use,
// "" excluded) and returns each one's index plus one (0 for "") and the
// number of distinct values: the reference codes must agree with.
func (w *writer) dict(n int, at func(i int) string) ([]uint32, int) {
	ids := map[string]uint32{}
	var list []string
	idx := make([]uint32, n)
	for i := 0; i < n; i++ {
		s := at(i)
		if s == "" {
			continue
		}
		k, ok := ids[s]
		if !ok {
			list = append(list, s)
			k = uint32(len(list))
			ids[s] = k
		}
		idx[i] = k
	}
	w.uvarint(uint64(len(list)))
	for _, s := range list {
		w.str(s)
	}
	return idx, len(list)
}
