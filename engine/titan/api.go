package titan

// This file is the contract MUSCLE (engine/muscle) builds on: the types and
// the step-wise GA API. The TITAN work owns it and may extend it, but keeps
// these names and meanings.

// Predictor gives a task's run time on n hosts: PACE-style p_ext(n)
// (TITAN section 3).
type Predictor interface {
	Time(n int) float64
}

// Task is one job in a cluster's local queue.
type Task struct {
	ID       string
	Arrival  float64 // submit time, s
	Deadline float64 // absolute, s; 0 means none
	Priority int     // FCFS baseline order, higher first
	Pred     Predictor
	// MaxHosts caps the hosts the task may use (its requested size);
	// 0 means any number up to the cluster's hosts.
	MaxHosts int
}

// Problem is what the GA schedules: tasks onto hosts whose release
// times (when each host becomes free) are known, at time Now.
type Problem struct {
	Now     float64
	Release []float64 // per host; len is the host count
	Tasks   []Task
}

// Schedule is TITAN's coding (eqs. 1-2): a task order (a permutation of
// task indices into Problem.Tasks) and a binary host map, Map[task][host].
// A task never has zero hosts.
type Schedule struct {
	Order []int
	Map   [][]bool
}

// Timing is the evaluated start and end of every task (eqs. 3-6), indexed
// like Problem.Tasks.
type Timing struct {
	Start, End []float64
}

// Weights weigh makespan, idle time and deadline penalty in eq. 10.
type Weights struct {
	Makespan, Idle, Deadline float64
}

// Generation is one step's statistics and its best schedule, the payload
// of a "generation" frame.
type Generation struct {
	N    int     `json:"n"`
	Best float64 `json:"best"` // cost (eq. 10) of the best schedule, lower is better
	Mean float64 `json:"mean"`
}
