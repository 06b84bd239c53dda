package experiments

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"time"

	"gridplay/engine/sched"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// MaxParallel caps the points in flight at once (browser workers or
// requests to a remote API).
const MaxParallel = 8

// pointAttempts is how often a point is tried before the sweep stops with
// a Retry: a worker that crashed costs one attempt.
const pointAttempts = 2

// Sweep runs one experiment's points through an engine, at most Parallel
// at a time, and merges them in the engine when all are done. Its
// fields are read by the view; they change only inside Update, which the
// view wraps with its render lock. A Sweep is used once; Retry after a
// failure runs the points still missing.
type Sweep struct {
	Name     string
	Opt      sched.ExperimentOptions
	Parallel int
	// Where names the engine for the progress line ("2 browser workers").
	Where string

	Plan    []sched.PointInfo
	Raw     [][]byte // each point's JSON report, nil until it is done
	Done    int
	Running int // requests in flight, each of one or more points
	// Result is the merged report: a Table, or for muscle-table2 its
	// rows as long rows plus Compositions.
	Result       *sched.Table
	Compositions []Composition
	ResultJSON   []byte
	Err          string
	Finished     bool
	Started      time.Time
	Elapsed      time.Duration
	// Update runs f under the view's lock and renders; nil runs f alone
	// (tests).
	Update func(f func())

	// Base is the API path the plan, the points and the merge hang off
	// (Base+"/plan", Base+"?point=K", Base+"/merge"); Body is the body of
	// the plan and of every point. NewSweep sets them for an experiment;
	// NewPointSweep for any other point API (POST /api/shake).
	Base string
	Body []byte
	// MergeBody makes the merge request from the points' reports, and
	// Decode reads the merged report (a message when it cannot); nil
	// means an experiment's (options and points; a Table).
	MergeBody func(points [][]byte) []byte
	Decode    func(b []byte) string
	// Local, when set, is the experiment as this binary has it: the
	// plan and the merge then run here, in the page, and only the points
	// go to the engine (see Start).
	Local sched.Experiment

	eng      jsbridge.Engine
	gen      int        // bumped by Cancel and Retry: older answers are ignored
	mu       sync.Mutex // guards cancels and stopped across goroutines
	cancels  map[int]func()
	stopped  bool
	attempts []int
	next     int // the position in sched.Order(Plan) to look for points from
	now      func() time.Time
	// rows holds each point's rows for Partial, decoded once (nil until
	// then); undecoded lists the points done since Partial last read
	// them, and partial is the table it made.
	rows      [][]sched.Row
	undecoded []int
	partial   *sched.Table
	// perRequest is how many points the next request asks for (grow).
	perRequest int
	// busy is the time the points' requests took, from sending to
	// answer, summed (PerCost).
	busy time.Duration
}

// Composition is one row of MUSCLE Table 2.
type Composition struct {
	Row          int        `json:"row"`
	Compositions [][]string `json:"compositions"`
}

// NewSweep prepares a sweep of experiment name with options opt on eng.
func NewSweep(eng jsbridge.Engine, name string, opt sched.ExperimentOptions, parallel int, where string) *Sweep {
	body, _ := json.Marshal(opt)
	s := NewPointSweep(eng, "/api/experiments/"+url.PathEscape(name), body, parallel, where, nil, nil)
	s.Name, s.Opt = name, opt
	return s
}

// NewPointSweep prepares a sweep of the points of another point API at
// base (plan, ?point=K, merge: the contract of the experiments), each
// point sent body; merge makes the merge request and decode reads its
// answer.
func NewPointSweep(eng jsbridge.Engine, base string, body []byte, parallel int, where string, merge func([][]byte) []byte, decode func([]byte) string) *Sweep {
	return &Sweep{Parallel: max(1, min(parallel, MaxParallel)), Where: where, Base: base, Body: body,
		MergeBody: merge, Decode: decode, eng: eng, cancels: map[int]func(){}, now: time.Now}
}

func (s *Sweep) update(f func()) {
	if s.Update != nil {
		s.Update(f)
		return
	}
	f()
}

// Start asks for the plan, then runs the points. With Local set, the
// plan is made here, at once: making it runs nothing (sched.Experiment).
func (s *Sweep) Start() {
	s.Started = s.now()
	if s.Local != nil {
		plan, err := s.Local.Plan(s.Opt)
		if err != nil {
			s.fail("the plan: " + err.Error())
			return
		}
		s.setPlan(plan)
		return
	}
	s.request("POST", s.Base+"/plan", s.Body, -1, -1, func(body []byte, err string) {
		if err != "" {
			s.fail("the plan: " + err)
			return
		}
		var p sched.Plan
		if jerr := json.Unmarshal(body, &p); jerr != nil {
			s.fail("the engine sent an unreadable plan")
			return
		}
		s.setPlan(p.Points)
	})
}

// setPlan keeps the plan and starts its points.
func (s *Sweep) setPlan(points []sched.PointInfo) {
	if len(points) == 0 {
		s.fail("the plan has no points")
		return
	}
	s.Plan = points
	s.Raw = make([][]byte, len(points))
	s.rows = make([][]sched.Row, len(points))
	s.attempts = make([]int, len(points))
	s.partial = &sched.Table{Experiment: s.Name}
	s.launch()
}

// Retry runs again the points that are missing after a failure, and the
// merge.
func (s *Sweep) Retry() {
	s.mu.Lock()
	s.stopped = false
	s.cancels = map[int]func(){} // answers of an older gen never clear theirs
	s.mu.Unlock()
	s.gen++
	s.Running = 0
	s.Err = ""
	if s.Plan == nil {
		s.Start()
		return
	}
	clear(s.attempts)
	s.next = 0
	s.launch()
}

// Cancel stops every point in flight; the sweep ends with "cancelled".
// Without a sweep (s nil) it does nothing.
func (s *Sweep) Cancel() {
	if s == nil {
		return
	}
	s.stopAll()
	if !s.Finished {
		s.Err = "cancelled: " + strconv.Itoa(s.Done) + " of " + strconv.Itoa(len(s.Plan)) + " points were done; Retry runs the rest"
	}
}

// launch starts points until Parallel are in flight, or merges when all
// are done. It runs inside update (or Start's callback).
func (s *Sweep) launch() {
	if s.isStopped() || s.Err != "" {
		return
	}
	for s.Running < s.Parallel {
		lo, hi := s.nextMissing()
		if lo < 0 {
			break
		}
		s.Running++
		for k := lo; k <= hi; k++ {
			s.attempts[k]++
		}
		s.runPoints(lo, hi)
	}
	if s.Done == len(s.Plan) && s.Running == 0 && s.Result == nil {
		s.merge()
	}
}

// nextMissing is the next run of points not done and not in flight,
// [lo, hi], at most s.chunk() long, or -1, -1. Runs start in
// sched.Order, the largest point first, and take the free points after
// it in the plan (a request asks for a range): titan-fig9's small points
// sit between its large ones.
func (s *Sweep) nextMissing() (lo, hi int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	free := func(k int) bool {
		_, busy := s.cancels[k]
		return s.Raw[k] == nil && !busy
	}
	order := sched.Order(s.Plan)
	for ; s.next < len(order); s.next++ {
		if k := order[s.next]; free(k) {
			lo, hi = k, k
			for hi+1 < len(s.Plan) && hi+1-lo < s.chunk() && free(hi+1) {
				hi++
			}
			s.next++
			return lo, hi
		}
	}
	return -1, -1
}

// chunk is how many points the next request asks for (see grow).
func (s *Sweep) chunk() int {
	if s.Decode != nil || s.perRequest < 1 {
		return 1 // another point API (?point=K only), or the first requests
	}
	return s.perRequest
}

// Points per request. A sweep starts with one point per request; while
// points come back quickly (under quickPoint each, from the request to
// its answer), the next requests ask for twice as many, up to
// maxPerRequest, and a slow answer halves it again. A point's answer
// costs the page's thread a few milliseconds whatever the point, and
// the workers wait for the page to send them the next one. Points of
// seconds, as muscle-fig4's, stay one a request, so the workers share
// them out evenly.
const (
	quickPoint    = 40 * time.Millisecond
	maxPerRequest = 8
)

// grow sets the points per request from the last answer: n points in d.
func (s *Sweep) grow(n int, d time.Duration) {
	switch per := d / time.Duration(n); {
	case per < quickPoint:
		s.perRequest = min(max(2*s.perRequest, 2), maxPerRequest, max(1, len(s.Plan)/(2*s.Parallel)))
	case per > 4*quickPoint:
		s.perRequest = max(1, s.perRequest/2)
	}
}

// runPoints asks for points lo to hi in one request (?point=K for one,
// ?points=K-M for several: their reports one a line).
func (s *Sweep) runPoints(lo, hi int) {
	q := "?point=" + strconv.Itoa(lo)
	if hi > lo {
		q = "?points=" + strconv.Itoa(lo) + "-" + strconv.Itoa(hi)
	}
	sent := s.now()
	s.request("POST", s.Base+q, s.Body, lo, hi, func(body []byte, err string) {
		s.Running--
		if s.isStopped() {
			return
		}
		reports := [][]byte{body}
		if err == "" && hi > lo {
			// A line each, with its newline (as ?point=K answers).
			reports = slices.Collect(bytes.Lines(body))
			if len(reports) != hi-lo+1 {
				err = fmt.Sprintf("the engine sent %d reports for %d points", len(reports), hi-lo+1)
			}
		}
		if err != "" {
			if s.attempts[lo] < pointAttempts && err != jsbridge.ErrCancelled {
				s.next = 0 // points done or in flight are passed over
				s.launch()
				return
			}
			s.stopAll()
			s.fail(fmt.Sprintf("point %d (%s): %s", lo, s.Plan[lo].Label, err))
			return
		}
		took := s.now().Sub(sent)
		s.busy += took
		s.grow(hi-lo+1, took)
		for i, b := range reports {
			s.Raw[lo+i] = b
			s.Done++
			if s.Decode == nil {
				s.undecoded = append(s.undecoded, lo+i)
			}
		}
		s.launch()
	})
}

// Partial is the table of the points done so far, their metric rows in
// index order (points finish in any order). Each point is decoded once,
// when Partial first reads it.
func (s *Sweep) Partial() *sched.Table {
	if len(s.undecoded) == 0 {
		return s.partial
	}
	for _, k := range s.undecoded {
		var pt sched.Table
		if json.Unmarshal(s.Raw[k], &pt) == nil {
			s.rows[k] = slices.DeleteFunc(pt.Rows, func(r sched.Row) bool { return r.Metric == "" })
		}
	}
	s.undecoded = s.undecoded[:0]
	t := &sched.Table{Experiment: s.Name}
	for _, rows := range s.rows {
		t.Rows = append(t.Rows, rows...)
	}
	s.partial = t
	return t
}

func (s *Sweep) merge() {
	if s.Local != nil {
		s.mergeHere()
		return
	}
	var body []byte
	if s.MergeBody != nil {
		body = s.MergeBody(s.Raw)
	} else {
		body = mergeRequest(s.Opt, s.Raw)
	}
	s.request("POST", s.Base+"/merge", body, -1, -1, func(out []byte, err string) {
		if err != "" {
			s.fail("merging the points: " + err)
			return
		}
		decode := s.setResult
		if s.Decode != nil {
			decode = s.Decode
		}
		s.finish(decode(out))
	})
}

// mergeHere merges the points in the page (Local): the merge the engine
// would make (sched.MergePoints, the same code), and the bytes it would
// answer.
func (s *Sweep) mergeHere() {
	points := make([]json.RawMessage, len(s.Raw))
	for k, b := range s.Raw {
		points[k] = b
	}
	rep, err := sched.MergePoints(s.Local, s.Opt, points)
	if err != nil {
		s.fail("merging the points: " + err.Error())
		return
	}
	b, err := json.Marshal(rep)
	if err != nil {
		s.fail("merging the points: " + err.Error())
		return
	}
	b = append(b, '\n') // as the engine answers it (api.writeJSON)
	if t, ok := rep.(*sched.Table); ok {
		s.ResultJSON, s.Result = b, t
		s.finish("")
		return
	}
	s.finish(s.setResult(b))
}

// finish ends the sweep with the merged report read, or with msg.
func (s *Sweep) finish(msg string) {
	if msg != "" {
		s.fail(msg)
		return
	}
	s.Finished = true
	s.Elapsed = s.now().Sub(s.Started)
	if s.Decode != nil {
		return
	}
	jsbridge.Publish("experiment", s.Name)
	jsbridge.Publish("experimentJSON", string(s.ResultJSON))
	jsbridge.Publish("experimentMs", strconv.FormatInt(s.Elapsed.Milliseconds(), 10))
	jsbridge.Publish("experimentParallel", strconv.Itoa(s.Parallel))
}

// mergeRequest is the body of an experiment's merge request,
// {"options":...,"points":[...]}.
func mergeRequest(opt sched.ExperimentOptions, points [][]byte) []byte {
	o, _ := json.Marshal(opt)
	return PointsBody(`"options":`+string(o)+`,`, points)
}

// PointsBody is the body of a merge request, {FIELDS"points":[...]},
// with each point's report as the engine sent it (trailing space
// trimmed); fields, when set, ends with a comma. Written by hand:
// json.Marshal would compact every RawMessage again; the engine parses
// either.
func PointsBody(fields string, points [][]byte) []byte {
	var b bytes.Buffer
	b.WriteString(`{` + fields + `"points":[`)
	for i, p := range points {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(bytes.TrimSpace(p))
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

// setResult reads the merged report.
func (s *Sweep) setResult(b []byte) string {
	s.ResultJSON = b
	if s.Name == "muscle-table2" {
		var r struct {
			Rows   []Composition `json:"rows"`
			Claims []sched.Claim `json:"claims"`
		}
		if err := json.Unmarshal(b, &r); err != nil {
			return "the engine sent an unreadable report"
		}
		s.Compositions = r.Rows
		t := &sched.Table{Experiment: s.Name}
		for _, row := range r.Rows {
			t.Add(strconv.Itoa(row.Row), "muscle", "compositions", float64(len(row.Compositions)))
		}
		t.Claims = r.Claims
		s.Result = t
		return ""
	}
	t := &sched.Table{}
	if err := json.Unmarshal(b, t); err != nil {
		return "the engine sent an unreadable report"
	}
	s.Result = t
	return ""
}

func (s *Sweep) fail(msg string) {
	s.Err = msg
	s.Elapsed = s.now().Sub(s.Started)
}

func (s *Sweep) isStopped() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopped
}

func (s *Sweep) stopAll() {
	s.mu.Lock()
	s.stopped = true
	cs := s.cancels
	s.cancels = map[int]func(){}
	s.mu.Unlock()
	for _, c := range cs {
		c()
	}
	s.gen++
	s.Running = 0
}

// request sends one request and calls done, inside update, with the body
// of a 200 answer or a message. lo >= 0 marks points lo to hi (so Cancel
// can stop them).
func (s *Sweep) request(method, path string, body []byte, lo, hi int, done func(body []byte, err string)) {
	gen := s.gen
	cancel := s.eng.Request(method, path, body, handlersFor(func(b []byte, err string) {
		s.update(func() {
			if gen != s.gen {
				return // cancelled or retried since: stopAll cleared cancels
			}
			// The points leave cancels in the same update that records
			// their answers: were they freed first, a launch in between
			// would see them neither done nor in flight and ask again.
			if lo >= 0 {
				s.mu.Lock()
				for k := lo; k <= hi; k++ {
					delete(s.cancels, k)
				}
				s.mu.Unlock()
			}
			done(b, err)
		})
	}))
	if lo >= 0 {
		s.mu.Lock()
		if s.stopped {
			s.mu.Unlock()
			cancel()
			return
		}
		for k := lo; k <= hi; k++ {
			s.cancels[k] = cancel
		}
		s.mu.Unlock()
	}
}

// inFlight is the number of points asked for and not answered.
func (s *Sweep) inFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.cancels)
}

// Active tells whether there is a sweep (s not nil) that runs: neither
// finished nor failed.
func (s *Sweep) Active() bool { return s != nil && !s.Finished && s.Err == "" }

// Percent is the share of the points done, for the progress bar: "0"
// without a sweep or a plan.
func (s *Sweep) Percent() string {
	if s == nil || len(s.Plan) == 0 {
		return "0"
	}
	return strconv.Itoa(100 * s.Done / len(s.Plan))
}

// Progress is the line under the progress bar.
func (s *Sweep) Progress() string {
	switch {
	case s.Plan == nil && s.Err == "":
		return "asking the engine for the plan…"
	case s.Finished:
		return state.Count(len(s.Plan), "point") + " on " + s.Where + " in " + fmtDur(s.Elapsed)
	case s.Done == len(s.Plan) && s.Err == "":
		return "merging the points…"
	}
	el := s.now().Sub(s.Started)
	line := fmt.Sprintf("%d of %d points done, %d running on %s, %s", s.Done, len(s.Plan), s.inFlight(), s.Where, fmtDur(el))
	if s.Done > 0 && s.Done < len(s.Plan) {
		left := time.Duration(float64(el) / float64(s.Done) * float64(len(s.Plan)-s.Done))
		line += ", about " + fmtDur(left) + " left"
	}
	return line
}

func fmtDur(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	return fmt.Sprintf("%.0f s", d.Seconds())
}
