package main

import (
	"encoding/json"
	"strings"

	"gridplay/engine/model"
	"gridplay/site/jsbridge"
	"gridplay/site/state"
)

// batsim offers the scenario's workload as a Batsim JSON workload, the
// bytes of run -format batsim (the engine writes it: POST
// /api/batsim/export); what Batsim cannot carry is said in the notice.
// An event handler: the answer comes on a goroutine.
func (c *Export) batsim() {
	p := c.P
	body, err := model.Encode(p.App.Scenario)
	if err != nil {
		p.async.Notice = "The scenario does not validate yet, so it cannot be exported: " + err.Error()
		return
	}
	name := p.fileBase() + "-batsim.json"
	go func() {
		defer p.recoverGo()
		status, buf, err := p.fetch("POST", "/api/batsim/export", body, nil)
		p.env.Lock()
		defer p.env.UnlockRender()
		p.async.Notice = batsimExport(name, status, buf, err)
	}()
}

// batsimExport offers the workload of an answer of POST
// /api/batsim/export and says what happened.
func batsimExport(name string, status int, body []byte, err error) string {
	switch {
	case err != nil:
		return "The Batsim export failed: " + err.Error()
	case status != 200:
		return "The Batsim export failed: " + state.ErrorBody(status, body)
	}
	var ans struct {
		Workload json.RawMessage `json:"workload"`
		Notes    []string        `json:"notes"`
	}
	if json.Unmarshal(body, &ans) != nil || len(ans.Workload) == 0 {
		return "The Batsim export failed: the engine sent an unreadable answer."
	}
	jsbridge.Download(name, "application/json", append(ans.Workload, '\n'))
	msg := "Exported the workload as a Batsim workload (" + name + ")."
	if len(ans.Notes) > 0 {
		msg += " " + strings.Join(ans.Notes, " ")
	}
	return msg
}
