package hybrid

import (
	"math"

	"gridplay/engine/sched"
)

// TransferData is the payload of a "transfer" frame: one decision of a
// scheduler to hand a job to the grid scheduler (HRS) or to weigh a
// migration by eq. 1 (P-HRS), whether or not the job moved.
type TransferData struct {
	Job  string `json:"job"`
	From string `json:"from"` // home cluster id
	To   string `json:"to"`   // cluster chosen by Min_TTR_Cluster
	// LocalTTR is Local_Cluster_TTR of eq. 1 (s): the least TTR among the
	// home servers with available nodes, or for Why "nodes" the TTR of
	// waiting in the home JWQ; 0 when no home server can hold the job.
	LocalTTR float64 `json:"local_ttr,omitempty"`
	// RemoteTTR is Remote_Cluster_TTR of eq. 1 (s), without the overhead.
	RemoteTTR float64 `json:"remote_ttr"`
	// Overhead is the migration overhead of eq. 2 (s).
	Overhead float64 `json:"overhead"`
	// PB is the performance benefit of eq. 1, 0 when LocalTTR is 0.
	PB        float64 `json:"pb"`
	Threshold float64 `json:"threshold"`
	Moved     bool    `json:"moved"`
	// Why says what started the decision: "nodes" (no home server has
	// enough available nodes: HRS), "deadline" (the home TTR exceeds the
	// deadline on every home server with available nodes: P-HRS, which
	// moves it only for PB above the threshold, or with rescue=1 HRS and
	// P-HRS, which move it whatever its PB) or "benefit" (P-HRS with
	// always=1, a job within its deadline at home).
	Why string `json:"why"`
}

// StatusData is the payload of a "status" frame, sent at each status
// exchange instant (section III, Step 1) when some server changed since
// the previous one. Each slice has one entry per server, clusters in
// scenario order then servers in order (a cluster given without servers
// counts as one server). The stale values are what the grid scheduler used
// until now (the previous exchange, predicted forward to T, with the jobs
// it migrated since); the live ones are the true state at T, which becomes
// the new exchanged status. A cluster scheduler's own view also holds the
// jobs it placed since the previous exchange (see doc.go). At the first
// instant the stale values equal the live ones.
type StatusData struct {
	// Exchange is k of the exchange instant t0 + k*T_s (t0 is 0, or the
	// earliest submit time when it is negative).
	Exchange float64 `json:"exchange"`
	Free     []int   `json:"free"`  // live free nodes
	Queue    []int   `json:"queue"` // live queued jobs
	// StaleFree is "avail" of Step 2 under the old status at T.
	StaleFree []int `json:"stale_free"`
	// StaleQueue is the queue length reported at the previous exchange.
	StaleQueue []int `json:"stale_queue"`
}

func (sm *sim) emitTransfer(t float64, j *job, c int, local, remote, o, pb float64, moved bool, why string) error {
	if sm.rec == nil {
		return nil
	}
	if math.IsInf(local, 0) || math.IsNaN(local) {
		local = 0
	}
	if math.IsNaN(pb) || math.IsInf(pb, 0) {
		pb = 0
	}
	return sched.Emit(sm.rec, sched.Frame{Kind: "transfer", T: t, Data: TransferData{
		Job: j.id, From: sm.g.clusters[j.origin].id, To: sm.g.clusters[c].id,
		LocalTTR: local, RemoteTTR: remote, Overhead: o, PB: pb,
		Threshold: sm.cfg.Threshold, Moved: moved, Why: why,
	}})
}

func (sm *sim) emitStatus(t float64) error {
	n := len(sm.g.servers)
	d := StatusData{Exchange: sm.seq, Free: make([]int, n), Queue: make([]int, n),
		StaleFree: make([]int, n), StaleQueue: make([]int, n)}
	for k, sv := range sm.g.servers {
		d.Free[k], d.Queue[k] = sv.freeN, len(sv.queue)
		if sm.seq > 0 {
			d.StaleFree[k] = sv.gsnap.avail(t)
			d.StaleQueue[k] = sv.gsnap.queue
		} else { // the first instant: nothing was exchanged before
			d.StaleFree[k], d.StaleQueue[k] = d.Free[k], d.Queue[k]
		}
	}
	return sched.Emit(sm.rec, sched.Frame{Kind: "status", T: t, Data: d})
}
