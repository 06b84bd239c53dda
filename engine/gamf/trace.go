package gamf

import (
	"sync"

	"gridplay/engine/swf"
)

var traceCache struct {
	sync.Mutex
	name string
	recs []traceJob
}

func init() { loadTrace = readTrace }

// readTrace finds and reads an SWF trace with engine/swf (swf.Find says
// where it looked when the file is missing, as in the browser worker) and
// keeps what workloads need. The last trace read is kept in memory.
func readTrace(name string) ([]traceJob, error) {
	traceCache.Lock()
	defer traceCache.Unlock()
	if traceCache.name == name {
		return traceCache.recs, nil
	}
	path, err := swf.Find(name)
	if err != nil {
		return nil, err
	}
	t, err := swf.ReadFile(path)
	if err != nil {
		return nil, err
	}
	recs := make([]traceJob, 0, len(t.Jobs))
	for _, r := range t.Jobs {
		procs := r.Procs
		if procs <= 0 {
			procs = r.ReqProcs // SWF -1: fall back to the request
		}
		recs = append(recs, traceJob{Number: int(r.Job), Procs: procs, Runtime: r.Run, ReqTime: r.ReqTime})
	}
	traceCache.name, traceCache.recs = name, recs
	return recs, nil
}
