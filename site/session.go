package main

import (
	"strconv"
	"strings"
	"time"

	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// autosave writes the scenario to localStorage a moment after it
// changed, and re-runs it when an editor changed it: it looks five times
// a second.
func (p *Page) autosave() {
	defer p.recoverGo()
	// looks counts the looks done, for the browser tests.
	looks := 0
	for {
		time.Sleep(200 * time.Millisecond)
		p.env.Lock()
		var b string
		var big []byte
		var bigName string
		bigJobs := 0
		dropBig := false
		stale := false
		comparing := p.async.Compare.Running()
		// Encoding a whole trace is slow: check only after a change.
		now := seenKey{p.App.Scenario, p.App.Gen, p.lastRun}
		changed := now != p.seen
		if p.App.Status != state.StatusRunning && !comparing {
			// Mark as seen only when the checks below could run: an
			// edit made during a run is looked at after it.
			p.seen = now
		}
		render := p.onIdle(changed)
		// Not while a run is in flight (writing holds the page's
		// thread), nor before a scenario in IndexedDB is read back.
		if p.App.Dirty && p.App.Status != state.StatusRunning && p.restore == "" {
			p.App.Dirty = false
			// localStorage keeps about 5 MB: a whole trace goes to
			// IndexedDB, with a marker here; a shipped trace's cut is
			// kept as its name.
			if ls := p.linkScenario(); ls.Trace != nil || len(ls.Jobs) <= MaxSavedJobs {
				b, _ = state.SaveText(ls)
				dropBig, p.bigKept = p.bigKept && b != "", p.bigKept && b == ""
			} else {
				var err error
				if big, err = state.BigBytes(p.App.Scenario); err == nil {
					b = state.BigMarker(p.App.Scenario)
					bigName, bigJobs = p.App.Scenario.Name, len(p.App.Scenario.Jobs)
				}
			}
		}
		if changed && p.App.Status != state.StatusRunning && !comparing && p.lastRun.s != nil &&
			p.lastRun != p.runKey() {
			stale = true
		}
		if render {
			p.env.UnlockRender()
		} else {
			p.env.UnlockOnly()
		}
		if stale {
			// The run first, so saving does not hold up the request.
			p.run()
		}
		if big != nil {
			if !jsbridge.SaveBig(BigKey, big) {
				b = ""
				p.env.Lock()
				p.async.Notice = "This scenario, " + strconv.Quote(bigName) + " (" + state.JobCount(bigJobs) + "), is too big for this browser to keep: after a reload, import its trace again (Jobs → Import SWF or Batsim…)."
				p.env.UnlockRender()
			} else {
				p.env.Lock()
				p.bigKept = true
				p.env.UnlockOnly()
			}
		}
		if b != "" {
			jsbridge.Save(SaveKey, b)
			if dropBig {
				jsbridge.DeleteBig(BigKey)
			}
			// A reload must show the edits, not the link.
			if strings.HasPrefix(jsbridge.Hash(), "#s=") {
				jsbridge.ClearHash()
			}
		}
		looks++
		jsbridge.Publish("autosaveLooks", strconv.Itoa(looks))
	}
}

// hashes opens a share link pasted into the address bar of a tab that
// already shows the page (only the fragment changes: no reload).
func (p *Page) hashes() {
	for h := range jsbridge.OnHashChange() {
		p.openHash(h)
	}
}
