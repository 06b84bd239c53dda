//go:build js && wasm

package main

import (
	"runtime/metrics"
	"strconv"
	"syscall/js"

	// vjson is used by the code vugugen generates (git-ignored); the
	// import keeps it in go.mod when `go mod tidy` runs without it.
	_ "github.com/vugu/vjson"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"

	"gridplay/engine/api/compact"
	"gridplay/site/jsbridge"
	"gridplay/wasm/engineserve"
)

func main() {
	// In the page's engine workers (no document) the binary serves the
	// engine API.
	if !js.Global().Get("document").Truthy() {
		engineserve.Main()
		return
	}
	renderer, err := domrender.New("#vugu_mount_point")
	if err != nil {
		panic(err)
	}
	defer renderer.Release()
	buildEnv, err := vugu.NewBuildEnv(renderer.EventEnv())
	if err != nil {
		panic(err)
	}
	root := &Root{P: NewPage(jsbridge.WorkerEngine{Type: bodyType})}
	gcs := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	// Every render is counted for the browser tests (jsbridge.Rendered);
	// the slow ones are marked.
	renders := 0
	for ok := true; ok; ok = renderer.EventWait() {
		t0 := jsbridge.Now()
		metrics.Read(gcs)
		gc0 := gcs[0].Value.Uint64()
		res := buildEnv.RunBuild(root)
		built := jsbridge.Now()
		guardEvents(res, root.P.fault)
		if err := renderer.Render(res); err != nil {
			panic(err)
		}
		renders++
		jsbridge.Rendered(renders)
		if d := jsbridge.Now() - t0; d > 30 {
			metrics.Read(gcs)
			jsbridge.Mark("render: " + strconv.Itoa(int(d)) + " ms (build " + strconv.Itoa(int(built-t0)) + " ms), " + strconv.FormatUint(gcs[0].Value.Uint64()-gc0, 10) + " GC")
		}
	}
}

// bodyType is the Content-Type of a request body the page sends: JSON
// (""), or a big scenario in the compact form (engine/api/compact), which
// starts with its own magic.
func bodyType(body []byte) string {
	if compact.Is(body) {
		return compact.ScenarioType
	}
	return ""
}
