package model

// JobIndex finds jobs of a job list by ID: the position of each ID in the
// list, for the checker, the metrics and the per-job outputs. The index
// reads the jobs' IDs when it looks up: it is valid while they do not
// change.
type JobIndex struct {
	jobs []Job
	pos  map[string]int
}

// IndexJobs indexes jobs by ID. When several jobs share an ID, Find
// gives the last of them (as a map filled in order would).
func IndexJobs(jobs []Job) *JobIndex {
	x := newJobIndex(jobs)
	for i := range jobs {
		x.insert(i, false)
	}
	return x
}

func newJobIndex(jobs []Job) *JobIndex {
	return &JobIndex{jobs: jobs, pos: make(map[string]int, len(jobs))}
}

// insert adds job i. When an earlier job has its ID, insert returns that
// job's position and keeps it (first) or replaces it by i; else it
// returns -1.
func (x *JobIndex) insert(i int, first bool) int {
	id := x.jobs[i].ID
	p, ok := x.pos[id]
	if !ok {
		x.pos[id] = i
		return -1
	}
	if !first {
		x.pos[id] = i
	}
	return p
}

// Find is the position of the job with this ID, -1 when there is none.
func (x *JobIndex) Find(id string) int {
	if p, ok := x.pos[id]; ok {
		return p
	}
	return -1
}

// Positions is the position (Find) of each of n IDs, id(k) for k in
// 0..n-1, -1 for an ID the jobs do not have. Lists usually come close
// to the jobs' order (a policy places jobs mostly in their submission
// order), so the job after the last one found is tried before the map
// (which, with shared IDs, may give an earlier job of that ID than Find).
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
