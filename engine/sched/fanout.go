package sched

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
)

// RunExperiment runs every point of e in order on this goroutine, passing
// rec to each, and merges them: the whole experiment.
func RunExperiment(ctx context.Context, e Experiment, opt ExperimentOptions, rec Recorder) (Report, error) {
	plan, err := e.Plan(opt)
	if err != nil {
		return nil, err
	}
	parts := make([]Report, len(plan))
	for k := range plan {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if parts[k], err = e.Point(ctx, opt, k, rec); err != nil {
			return nil, err
		}
	}
	return e.Merge(opt, parts)
}

// PointRunner runs point k of an experiment somewhere: in this process
// (LocalPoints) or on a remote gridplay API.
type PointRunner func(ctx context.Context, k int) (Report, error)

// LocalPoints runs the points of e in this process.
func LocalPoints(e Experiment, opt ExperimentOptions) PointRunner {
	return func(ctx context.Context, k int) (Report, error) {
		return e.Point(ctx, opt, k, nil)
	}
}

// FanOut runs the points of plan through run, at most parallel at a
// time (at least 1), starting them in Order(plan), and returns their
// reports in index order. progress,
// when not nil, is called after each point with the count done; it is
// called from one goroutine at a time. The first error cancels the
// points still running and is returned. The reports do not depend on
// parallel: each point is independent and they are kept in index order.
func FanOut(ctx context.Context, plan []PointInfo, parallel int, run PointRunner, progress func(done int)) ([]Report, error) {
	n := len(plan)
	if parallel < 1 {
		parallel = 1
	}
	parallel = min(parallel, max(n, 1))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	parts := make([]Report, n)
	next := make(chan int)
	var (
		mu       sync.Mutex
		done     int
		firstErr error
		wg       sync.WaitGroup
	)
	for w := 0; w < parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				rep, err := run(ctx, k)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = fmt.Errorf("point %d: %w", k, err)
						cancel()
					}
				} else {
					parts[k] = rep
					done++
					if progress != nil {
						progress(done)
					}
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, k := range Order(plan) {
		select {
		case next <- k:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return parts, nil
}

// Order is the order to start the points of plan in when they are fanned
// out: the largest Cost first, ties (and points of unknown cost) in index
// order. Started in index order, a sweep whose last points are its
// largest ends with one worker running them while the others wait (the
// longest-processing-time-first rule). The reports never depend on it.
func Order(plan []PointInfo) []int {
	order := make([]int, len(plan))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(plan[b].Cost, plan[a].Cost) })
	return order
}
