package gamf

import (
	"fmt"
	"math"
	"strconv"
	"sync"

	"gridplay/engine/model"
	"gridplay/engine/rng"
	"gridplay/engine/swf"
)

// Fig7Platform is the multi-cluster of GA-MF section 5: four clusters of
// 60 nodes with effective powers {1000, 1500, 2000, 1500} MIPS, joined by
// Gigabit links (B^k = 1000 Mbit/s).
func Fig7Platform() model.Platform {
	mips := []float64{1000, 1500, 2000, 1500}
	var p model.Platform
	for i, m := range mips {
		p.Clusters = append(p.Clusters, model.Cluster{ID: "c" + strconv.Itoa(i+1), Nodes: 60, MIPS: m, Bandwidth: 1000})
	}
	return p
}

// How workloads are cut from the HPC2N trace (doc.go, choices).
const (
	// TraceName is the trace the paper uses (section 5).
	TraceName = "HPC2N-2002-2.2-cln.swf.gz"
	// MinTasks keeps the parallel jobs of the trace: jobs on fewer
	// processors are skipped (the paper's workloads average 90 tasks per
	// job; the whole trace averages 6).
	MinTasks = 32
	// MaxTasks is the platform's node count: larger jobs cannot run.
	MaxTasks = 240
	// Per-task bandwidth B_j is drawn uniformly in [BwMin, BwMax] Mbit/s
	// and sigma_j uniformly in [SigmaMin, SigmaMax], per job, from the
	// job number (the trace records neither).
	BwMin, BwMax       = 5.0, 50.0
	SigmaMin, SigmaMax = 0.6, 0.9
	// Fig7Jobs is the size of a workload (section 5: "composed of 20
	// jobs").
	Fig7Jobs = 20
	// PaperTasks and PaperBaseTime are the paper's workload means (section
	// 5: "an average execution time of 15 520 s and 90 tasks per job").
	PaperTasks, PaperBaseTime = 90, 15520
)

// Widen is the "wide" reading of gamf-fig7's workloads (doc.go, choice
// 20): every job's tau_j times PaperTasks over the mean tasks per job of
// wls, rounded and capped at MaxTasks, so the workloads average about the
// paper's 90 tasks; base times, B_j and sigma_j are kept. It returns new
// slices.
func Widen(wls [][]model.Job) [][]model.Job {
	tasks, n := 0.0, 0.0
	for _, w := range wls {
		for _, j := range w {
			tasks += float64(j.Size)
			n++
		}
	}
	if tasks == 0 {
		return wls
	}
	f := PaperTasks * n / tasks
	out := make([][]model.Job, len(wls))
	for i, w := range wls {
		out[i] = make([]model.Job, len(w))
		for k, j := range w {
			j.Size = min(MaxTasks, max(1, int(math.Round(float64(j.Size)*f))))
			out[i][k] = j
		}
	}
	return out
}

// traceJob is what a workload needs from one SWF record.
type traceJob struct {
	Number  int
	Procs   int     // allocated processors, or requested when missing
	Runtime float64 // actual run time, s
	ReqTime float64 // requested time, s (0 when missing)
}

// usable says whether workloads can use a record.
func usable(t traceJob) bool {
	return t.Procs >= MinTasks && t.Procs <= MaxTasks && t.Runtime > 0
}

// workloads cuts count consecutive workloads of size jobs from the trace
// records: jobs with MinTasks..MaxTasks processors and a positive run time,
// in trace order; workload w holds the filtered jobs [w*size, (w+1)*size).
// Tasks tau_j = processors; base time Tb_j = run time, capped at the
// requested time (a job is killed there); every job is submitted at 0, so
// a workload is one package scheduled at once.
func workloads(recs []traceJob, count, size int) ([][]model.Job, error) {
	var out [][]model.Job
	var cur []model.Job
	for _, t := range recs {
		if !usable(t) {
			continue
		}
		tb := t.Runtime
		if t.ReqTime > 0 && tb > t.ReqTime {
			tb = t.ReqTime
		}
		r := rng.New(uint64(t.Number), "gamf", "hpc2n-job")
		sg := SigmaMin + (SigmaMax-SigmaMin)*r.Float64()
		cur = append(cur, model.Job{
			ID:        strconv.Itoa(t.Number),
			Size:      t.Procs,
			Runtime:   tb,
			Bandwidth: BwMin + (BwMax-BwMin)*r.Float64(),
			Sigma:     &sg,
		})
		if len(cur) == size {
			out = append(out, cur)
			cur = nil
			if len(out) == count {
				return out, nil
			}
		}
	}
	return nil, fmt.Errorf("gamf: the trace holds only %d workloads of %d jobs with %d..%d processors; %d needed", len(out), size, MinTasks, MaxTasks, count)
}

// Workloads cuts count workloads of size jobs from the named trace
// (workloads), reading only the head of it that they need (readHead).
func Workloads(trace string, count, size int) ([][]model.Job, error) {
	recs, err := readHead(trace, count*size)
	if err != nil {
		return nil, fmt.Errorf("gamf-fig7 needs the trace %s: %w", trace, err)
	}
	return workloads(recs, count, size)
}

var traceCache struct {
	sync.Mutex
	name string
	recs []traceJob
	// fit is the number of records that workloads can use; whole says
	// recs is the whole trace.
	fit   int
	whole bool
}

// readHead reads the named trace up to its need-th record that workloads
// can use (0: all of it), keeping what it read for the next call. A
// point of gamf-fig7 needs the first count*20 such jobs, a few thousand
// lines of the 202,871 of HPC2N: in the browser worker, where every
// point is a fresh instance, reading only those is most of the point's
// cost.
func readHead(name string, need int) ([]traceJob, error) {
	traceCache.Lock()
	defer traceCache.Unlock()
	if traceCache.name == name && (traceCache.whole || (need > 0 && traceCache.fit >= need)) {
		return traceCache.recs, nil
	}
	var recs []traceJob
	fit := 0
	err := swf.LoadEach(name, func(r *swf.Record) bool {
		t := toTraceJob(r)
		recs = append(recs, t)
		if usable(t) {
			fit++
		}
		return need <= 0 || fit < need
	})
	if err != nil {
		return nil, err
	}
	traceCache.name, traceCache.recs, traceCache.fit = name, recs, fit
	traceCache.whole = need <= 0 || fit < need
	return recs, nil
}

func toTraceJob(r *swf.Record) traceJob {
	procs := r.Procs
	if procs <= 0 {
		procs = r.ReqProcs // SWF -1: fall back to the request
	}
	return traceJob{Number: int(r.Job), Procs: procs, Runtime: r.Run, ReqTime: r.ReqTime}
}
