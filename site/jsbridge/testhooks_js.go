//go:build js && wasm

package jsbridge

import sjs "syscall/js"

// The page records what the browser tests (wasm/e2e) read in one object,
// globalThis.gridplayTest; nothing of the page reads it back. Its fields:
//   - marks: named moments of the page's work, {name, t} with t in ms
//     since navigation (Mark), for the tests' logs and waits;
//   - frameTimes: the Gantt canvas's paint durations in ms
//     (RecordFrameTime);
//   - paintTimes: paint durations in ms by element id: "series" (the
//     outputs' series canvas, PaintCanvas), "rows" (ScrollTable.Repaint),
//     "hover" (a row hovered);
//   - published: strings set by Publish: experiment, experimentJSON,
//     experimentMs and experimentParallel (the last experiment), shakeJSON,
//     shakeMs and shakeParallel (the last shake), replay (the playback's
//     state, JSON) and autosaveLooks (the autosave's reads);
//   - renders and lastRender: the number of Vugu renders and the end of
//     the last in ms since navigation (Rendered);
//   - firstGantt: when the Gantt chart was first drawn with jobs on it, in
//     ms since navigation (FirstGantt);
//   - pageMemory(): the page's Go memory in bytes (static/main.js).
func testHooks() sjs.Value { return field(sjs.Global(), "gridplayTest", "Object") }

// field is o[name], made with constructor ctor ("Array", "Object") if
// missing.
func field(o sjs.Value, name, ctor string) sjs.Value {
	v := o.Get(name)
	if !v.Truthy() {
		v = sjs.Global().Get(ctor).New()
		o.Set(name, v)
	}
	return v
}

// testList is the array field name of the test hooks, made if missing.
func testList(name string) sjs.Value { return field(testHooks(), name, "Array") }

// Mark records a named moment of the page's work in gridplayTest.marks,
// so a browser test can log where the time of an import or a run went.
func Mark(name string) {
	o := sjs.Global().Get("Object").New()
	o.Set("name", name)
	o.Set("t", Now())
	testList("marks").Call("push", o)
}

// RecordFrameTime appends a paint duration of the Gantt canvas (ms) to
// gridplayTest.frameTimes.
func RecordFrameTime(ms float64) {
	testList("frameTimes").Call("push", ms)
}

// recordPaint appends a paint duration (ms) of the element id to
// gridplayTest.paintTimes[id], up to 10,000 of them.
func recordPaint(id string, ms float64) {
	a := field(field(testHooks(), "paintTimes", "Object"), id, "Array")
	if a.Length() < 10000 {
		a.Call("push", ms)
	}
}

// Publish sets gridplayTest.published[key] = val, for the browser tests'
// logs and checks (the last experiment's merged JSON and timings).
func Publish(key, val string) {
	field(testHooks(), "published", "Object").Set(key, val)
}

// Rendered records that the page made its nth render, ending now
// (gridplayTest.renders and lastRender).
func Rendered(n int) {
	o := testHooks()
	o.Set("renders", n)
	o.Set("lastRender", Now())
}

// FirstGantt records that the page's first Gantt chart with jobs on it is
// drawn now (gridplayTest.firstGantt).
func FirstGantt() { testHooks().Set("firstGantt", Now()) }
