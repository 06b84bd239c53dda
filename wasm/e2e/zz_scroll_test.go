//go:build !js

package e2e

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"gridplay/engine/swf"
)

func TestZZScroll(t *testing.T) {
	_, ctx, _, url := browser(t, 1280, 1000)
	src, _ := swf.Find("HPC2N-2002-2.2-cln")
	path := cutTrace(t, src, 0, 20000)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	err := chromedp.Run(ctx,
		chromedp.SetUploadFiles(`input.jt-swf`, []string{path}, chromedp.ByQuery),
		chromedp.Poll(`(() => { const a = document.querySelector(".app");
  return a.dataset.engine === "done" && a.dataset.policy === "easy" && document.querySelector("section.outputs[data-ready='true'] tbody.ot-body tr[data-k]") !== null; })()`, nil, chromedp.WithPollingTimeout(5*time.Minute)),
		chromedp.Sleep(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	await := func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }
	var frames []float64
	var prof *profiler.Profile
	err = chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		profiler.Enable().Do(ctx)
		profiler.SetSamplingInterval(200).Do(ctx)
		return profiler.Start().Do(ctx)
	}), chromedp.Evaluate(scrollFrames, &frames, await), chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		prof, err = profiler.Stop().Do(ctx)
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	sort.Float64s(frames)
	t.Logf("frames p50 %.1f p95 %.1f", frames[len(frames)/2], frames[len(frames)*95/100])
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range prof.Nodes {
		byID[n.ID] = n
	}
	self := map[string]float64{}
	for _, s := range prof.Samples {
		self[byID[s].CallFrame.FunctionName]++
	}
	type kv struct{ k string; v float64 }
	var l []kv
	for k, v := range self { l = append(l, kv{k, v}) }
	sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v })
	var b strings.Builder
	for i := 0; i < 30 && i < len(l); i++ {
		fmt.Fprintf(&b, "%6.1f ms %s\n", l[i].v*0.2, l[i].k)
	}
	t.Log(b.String())
}
