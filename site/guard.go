package main

import (
	"fmt"
	"runtime/debug"

	"github.com/vugu/vugu"
)

// A panic in Go compiled to WebAssembly ends the program while the page
// still looks alive. The page therefore recovers in DOM event handlers
// (guardEvents) and in the goroutines it starts (Page.recoverGo), shows
// a message, logs the stack and keeps working.

// guardEvents wraps every DOM event handler in the build, the nested
// components' too, so that a panic in one is handed to onPanic instead of
// ending the program.
func guardEvents(res *vugu.BuildResults, onPanic func(v any, stack []byte)) {
	if res == nil || res.Out == nil {
		return
	}
	seen := map[*vugu.BuildOut]bool{}
	var walkOut func(bo *vugu.BuildOut)
	var walk func(n *vugu.VGNode)
	walkOut = func(bo *vugu.BuildOut) {
		if bo == nil || seen[bo] {
			return
		}
		seen[bo] = true
		for _, n := range bo.Out {
			walk(n)
		}
	}
	walk = func(n *vugu.VGNode) {
		if n == nil {
			return
		}
		if n.Component != nil {
			walkOut(res.ResultFor(n.Component))
		}
		for i := range n.DOMEventHandlerSpecList {
			spec := &n.DOMEventHandlerSpecList[i]
			if spec.Func != nil {
				spec.Func = guarded(spec.Func, onPanic)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walkOut(res.Out)
}

func guarded(f func(vugu.DOMEvent), onPanic func(v any, stack []byte)) func(vugu.DOMEvent) {
	return func(e vugu.DOMEvent) {
		defer func() {
			if v := recover(); v != nil {
				onPanic(v, debug.Stack())
			}
		}()
		f(e)
	}
}

// faultText is the message a recovered panic shows.
func faultText(v any) string {
	return fmt.Sprintf("Something went wrong in the page (%v). Your scenario is kept and the page keeps working; if it happens again, please report it with the steps that led here.", v)
}
