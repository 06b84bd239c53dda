package main

import (
	"encoding/json"
	"strings"
	"time"

	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// autosave writes the scenario to localStorage about once a second
// after it changed, and re-runs it when an editor changed it.
func (p *Page) autosave() {
	defer p.recoverGo()
	for {
		time.Sleep(time.Second)
		p.env.Lock()
		var b []byte
		stale := false
		comparing := p.isComparing()
		// Encoding a whole trace takes a good part of a second in the
		// browser: check only after the scenario changed.
		now := seenKey{p.App.Scenario, p.App.Gen, p.lastRun}
		changed := now != p.seen
		if p.App.Status != state.StatusRunning && !comparing {
			// Mark as seen only when the checks below could run: an
			// edit made during a run is looked at after it.
			p.seen = now
		}
		// The views that depend on the scenario (a comparison made
		// before an edit is marked stale) look at it too.
		render := false
		if p.onIdle != nil {
			render = p.onIdle(changed)
		}
		if p.App.Dirty {
			p.App.Dirty = false
			// The browser keeps about 5 MB per site: a whole trace is
			// not kept (the Scenario JSON export keeps it).
			if len(p.App.Scenario.Jobs) <= MaxSavedJobs {
				b, _ = json.Marshal(p.App.Scenario)
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
		if b != nil {
			jsbridge.Save(SaveKey, string(b))
			// The edited scenario is no longer the link's: drop the
			// link from the address bar, so a reload shows the edits.
			if strings.HasPrefix(jsbridge.Hash(), "#s=") {
				jsbridge.ClearHash()
			}
		}
		if stale {
			p.run()
		}
	}
}

// hashes opens a share link pasted into the address bar of a tab that
// already shows the page (only the fragment changes: no reload).
func (p *Page) hashes() {
	for h := range jsbridge.OnHashChange() {
		p.openHash(h)
	}
}
