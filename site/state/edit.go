package state

import (
	"gridplay/engine/model"
)

// MaxUndo caps the undo history, in edits.
const MaxUndo = 200

// MaxUndoJobs caps the jobs the undo history holds over all its
// snapshots (each a whole copy of the scenario): a whole trace keeps its
// last few edits.
const MaxUndoJobs = 1000000

// History keeps deep copies (model.Clone) of the scenario for undo and
// redo, so an undo restores exactly what was there, even a scenario that
// does not validate yet (a half-edited job table).
type History struct {
	undo, redo []*model.Scenario
	// Labels say what each undo step would undo, for the button tooltip.
	labels, redoLabels []string
}

// Edit records the current scenario for undo and applies f to it; label
// says what the edit does ("edit jobs[3].size"). Every editor changes
// the scenario through Edit, so undo, redo and autosave see every change.
func (a *App) Edit(label string, f func(s *model.Scenario)) {
	a.History.undo = append(a.History.undo, model.Clone(a.Scenario))
	a.History.labels = append(a.History.labels, label)
	a.History.redo, a.History.redoLabels = nil, nil
	a.History.trim(MaxUndo, MaxUndoJobs)
	f(a.Scenario)
	a.Dirty = true
	a.Gen++
}

// CanUndo and CanRedo tell whether the buttons do anything.
func (a *App) CanUndo() bool { return len(a.History.undo) > 0 }
func (a *App) CanRedo() bool { return len(a.History.redo) > 0 }

// UndoLabel is what Undo would undo, or "".
func (a *App) UndoLabel() string {
	if n := len(a.History.labels); n > 0 {
		return a.History.labels[n-1]
	}
	return ""
}

// Undo restores the scenario before the last edit.
func (a *App) Undo() bool {
	return a.swap(&a.History.undo, &a.History.labels, &a.History.redo, &a.History.redoLabels)
}

// Redo re-applies the last undone edit.
func (a *App) Redo() bool {
	return a.swap(&a.History.redo, &a.History.redoLabels, &a.History.undo, &a.History.labels)
}

func (a *App) swap(from *[]*model.Scenario, fromL *[]string, to *[]*model.Scenario, toL *[]string) bool {
	n := len(*from)
	if n == 0 {
		return false
	}
	*to = append(*to, a.Scenario)
	*toL = append(*toL, (*fromL)[n-1])
	a.Scenario = (*from)[n-1]
	*from, *fromL = (*from)[:n-1], (*fromL)[:n-1]
	a.Dirty = true
	a.Gen++
	return true
}

// trim drops the oldest undo snapshots beyond edits of them, or while
// they hold more than jobs jobs together (the last one is always kept).
func (h *History) trim(edits, jobs int) {
	total := 0
	for _, s := range h.undo {
		total += len(s.Jobs)
	}
	for len(h.undo) > 1 && (len(h.undo) > edits || total > jobs) {
		total -= len(h.undo[0].Jobs)
		h.undo[0] = nil
		h.undo, h.labels = h.undo[1:], h.labels[1:]
	}
}
