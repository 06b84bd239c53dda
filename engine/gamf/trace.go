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

// readTrace reads an SWF trace with engine/swf (swf.Load: a file, or in the
// browser worker and on workerd the copy the site serves) and
// keeps what workloads need. The last trace read is kept in memory.
func readTrace(name string) ([]traceJob, error) {
	traceCache.Lock()
	defer traceCache.Unlock()
	if traceCache.name == name {
		return traceCache.recs, nil
	}
	t, err := swf.Load(name)
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
