package titan

// The types and the step-wise GA API that MUSCLE (engine/muscle) builds
// on. Typical use by a caller that drives the GA itself:
//
//	p := titan.Problem{Now: t, Release: release, Tasks: tasks}
//	g, err := titan.New(titan.DefaultConfig(), p, []titan.Schedule{seed}, r)
//	for i := 0; i < 50; i++ {
//		g.Step()
//	}
//	best, timing, cost := g.Best()

// Predictor gives a task's run time on n hosts: PACE-style p_ext(n)
// (TITAN section 2.3-2.4). Time must be finite and >= 0 for every n from 1
// to the host count; the GA reads it once per (task, n) and caches it
// (section 4: "a performance cache to store timings").
type Predictor interface {
	Time(n int) float64
}

// Task is one job in a cluster's local queue.
type Task struct {
	ID       string
	Arrival  float64 // submit time, s
	Deadline float64 // absolute, s; 0 means none (no eq. 9 penalty)
	// Priority orders the FCFS baseline: higher first (model.Job.Priority).
	Priority int
	Pred     Predictor
	// MaxHosts caps the hosts the task may use (its requested size);
	// 0 means any number up to the cluster's hosts.
	MaxHosts int
	// MinHosts is the fewest hosts the task may use; 0 means 1. A rigid
	// job sets MinHosts = MaxHosts = its size.
	MinHosts int
}

// Problem is what the GA schedules: tasks onto hosts whose release
// times (when each host becomes free, hr_i of eq. 6) are known, at time Now.
// A release time earlier than Now counts as Now.
type Problem struct {
	Now     float64
	Release []float64 // per host; len is the host count m
	Tasks   []Task
	// Offline marks hosts that must not be given new tasks (TITAN Fig. 10);
	// nil means every host is online. Same length as Release when set.
	Offline []bool
}

// Schedule is TITAN's coding (eqs. 1-2): a task order ℓ (a permutation of
// task indices into Problem.Tasks) and a binary host map M. The map is kept
// as a flat bitset with one row per task, indexed by task (not by position
// in Order), so a task keeps its hosts when the order changes: host h of
// task t is bit h%64 of Bits[t*W+h/64], W = (Hosts+63)/64. A task never has
// zero hosts. Build one with NewSchedule and Set.
type Schedule struct {
	Order []int    `json:"order"`
	Hosts int      `json:"hosts"` // m, the host count the map is made for
	Bits  []uint64 `json:"bits"`
}

// Timing is the evaluated start and end of every task (eqs. 3-6), indexed
// like Problem.Tasks, and the three terms of the fitness function.
type Timing struct {
	Start, End []float64
	Makespan   float64 // ω, eq. 7, measured from Problem.Now
	Idle       float64 // Γ, eq. 8
	Deadline   float64 // θ, eq. 9
}

// Weights weigh makespan, idle time and deadline penalty in eq. 10
// (W^m, W^i, W^c). They may change during a run (GA.SetWeights).
type Weights struct {
	Makespan float64 `json:"makespan"`
	Idle     float64 `json:"idle"`
	Deadline float64 `json:"deadline"`
}

// Config is the GA's configuration. A zero field means the default of
// DefaultConfig, so Config{} is the paper's setting.
type Config struct {
	// Population is the number of schedules p (section 4.2; 40 is the
	// paper's choice). Default 40.
	Population int
	// Weights of eq. 10; all zero means {Makespan 1, Idle 0, Deadline 1}.
	Weights Weights
	// CrossoverRate is the probability that a child is made by crossover
	// (expr. 12 on the order, one-point binary copy on the map) rather
	// than copied from its first parent. Default 0.8.
	CrossoverRate float64
	// MutationRate is the probability that a child gets one swap of two
	// tasks in its order (expr. 13). Default 0.2.
	MutationRate float64
	// MapMutationRate is the probability that a child gets one host bit
	// toggled (expr. 14), never leaving a task outside its host bounds.
	// Default 0.5.
	MapMutationRate float64
	// Elite is how many of the best schedules of a generation are copied
	// unchanged into the next. Default 1; -1 means none.
	Elite int
}

// Generation is one step's statistics and, when the best schedule changed,
// that schedule: the payload of a "generation" frame. Costs are eq. 10,
// lower is better.
type Generation struct {
	N    int     `json:"n"`
	Best float64 `json:"best"` // cost of the best schedule found so far
	Mean float64 `json:"mean"` // mean cost of this generation
	// Sched is the best schedule, set only when it improved in this step
	// (or on the first step), to keep frames small.
	Sched *FrameSchedule `json:"s,omitempty"`
	// Improved says the best so far changed in this step.
	Improved bool `json:"-"`
}

// FrameSchedule is a compact best schedule for animation: the order, each
// task's host set as a hexadecimal bitmask of ceil(m/4) digits (host h is
// bit h, so "13" is hosts 0, 1 and 4), and each task's start and end in
// seconds rounded to milliseconds, all indexed by task.
type FrameSchedule struct {
	Order []int     `json:"o"`
	Hosts []string  `json:"h"`
	Start []float64 `json:"ts"`
	End   []float64 `json:"te"`
}
