package state

import "gridplay/engine/model"

// FirstRunPath is the path of a run the page animates: the engine
// streams its frames (POST /api/run?stream=1, design.md section 3).
const FirstRunPath = "/api/run?stream=1"

// FirstVisitRun is the request the page makes first on a first visit (no
// link in the address, nothing saved in the browser): the default
// preset's run, with the body the page posts for it. ./build.sh writes
// it to static/first-run.mjs (site/internal/firstrun), and
// static/main.js sends it to the engine while app.wasm still loads
// (engine-client.mjs prefetch); the page's own request, byte for byte the
// same, takes that answer over. A body that differs (another preset, an
// edit) is simply sent as usual.
func FirstVisitRun() (path string, body []byte, err error) {
	p, _ := PresetByID(DefaultPreset)
	body, err = model.Encode(p.Build())
	return FirstRunPath, body, err
}
