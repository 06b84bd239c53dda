package model

import "hash/maphash"

// JobIndex finds jobs of a job list by ID: the position of each ID in the
// list. One index, built when the scenario is validated (ValidateIndex),
// serves the checker, the metrics and the per-job outputs.
//
// It is an open-addressing table of positions (half empty at most): the
// IDs themselves stay in the jobs, so it holds no pointers and costs 16
// to 32 bytes a job. The hash is seeded at random (hash/maphash),
// so IDs chosen to collide cannot slow it down; answers do not depend on
// the seed. The index reads the jobs' IDs when it looks up: it is valid
// while they do not change.
type JobIndex struct {
	jobs []Job
	// slots hold 1 + a position in the low 32 bits (0 for an empty
	// slot) and the high 32 bits of its ID's hash above, so that a
	// probe compares an ID only when the hashes agree.
	slots []uint64
	mask  uint64
	seed  maphash.Seed
	dups  bool
}

// IndexJobs indexes jobs by ID. When several jobs share an ID, Find
// gives the last of them (as a map filled in order would).
func IndexJobs(jobs []Job) *JobIndex {
	x := newJobIndex(jobs)
	for i := range jobs {
		if p := x.insert(i, false); p >= 0 {
			x.dups = true
		}
	}
	return x
}

func newJobIndex(jobs []Job) *JobIndex {
	size := 8
	for size < 2*len(jobs) {
		size <<= 1
	}
	return &JobIndex{jobs: jobs, slots: make([]uint64, size), mask: uint64(size - 1), seed: maphash.MakeSeed()}
}

// insert adds job i. When an earlier job has its ID, insert returns that
// job's position and keeps it (first) or replaces it by i; else it
// returns -1.
func (x *JobIndex) insert(i int, first bool) int {
	id := x.jobs[i].ID
	h := maphash.String(x.seed, id)
	tag := h &^ (1<<32 - 1)
	for k := h & x.mask; ; k = (k + 1) & x.mask {
		e := x.slots[k]
		if e == 0 {
			x.slots[k] = tag | uint64(i+1)
			return -1
		}
		if e&^(1<<32-1) != tag {
			continue
		}
		if p := int(uint32(e)) - 1; x.jobs[p].ID == id {
			if !first {
				x.slots[k] = tag | uint64(i+1)
			}
			return p
		}
	}
}

// Len is the number of jobs indexed.
func (x *JobIndex) Len() int { return len(x.jobs) }

// Jobs are the jobs indexed.
func (x *JobIndex) Jobs() []Job { return x.jobs }

// Dups reports whether two jobs share an ID.
func (x *JobIndex) Dups() bool { return x.dups }

// Find is the position of the job with this ID, -1 when there is none.
func (x *JobIndex) Find(id string) int {
	h := maphash.String(x.seed, id)
	tag := h &^ (1<<32 - 1)
	for k := h & x.mask; ; k = (k + 1) & x.mask {
		e := x.slots[k]
		if e == 0 {
			return -1
		}
		if e&^(1<<32-1) != tag {
			continue
		}
		if p := int(uint32(e)) - 1; x.jobs[p].ID == id {
			return p
		}
	}
}

// Positions is the position (Find) of each of n IDs, id(k) for k in
// 0..n-1, -1 for an ID the jobs do not have. Lists usually come close
// to the jobs' order (a policy places jobs mostly in their submission
// order), so the job after the last one found is tried before the table (which, with shared IDs, may give
// an earlier job of that ID than Find).
func (x *JobIndex) Positions(n int, id func(k int) string) []int32 {
	out := make([]int32, n)
	last := -1
	for k := range out {
		s := id(k)
		if m := last + 1; m < len(x.jobs) && x.jobs[m].ID == s {
			out[k], last = int32(m), m
			continue
		}
		i := x.Find(s)
		out[k] = int32(i)
		if i >= 0 {
			last = i
		}
	}
	return out
}
