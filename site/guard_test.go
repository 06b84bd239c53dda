package main

import (
	"strings"
	"testing"

	"github.com/vugu/vugu"
)

// A component whose button handler panics.
type panicky struct{}

func (p *panicky) Build(in *vugu.BuildIn) *vugu.BuildOut {
	btn := &vugu.VGNode{Type: vugu.ElementNode, Data: "button"}
	btn.DOMEventHandlerSpecList = []vugu.DOMEventHandlerSpec{{EventType: "click", Func: func(vugu.DOMEvent) {
		var m map[string]int
		m["boom"]++ // assignment to a nil map
	}}}
	return &vugu.BuildOut{Out: []*vugu.VGNode{btn}}
}

// A parent that nests it, so the walk must follow components.
type parent struct{ child panicky }

func (p *parent) Build(in *vugu.BuildIn) *vugu.BuildOut {
	div := &vugu.VGNode{Type: vugu.ElementNode, Data: "div"}
	comp := &vugu.VGNode{Component: &p.child}
	div.FirstChild = comp
	return &vugu.BuildOut{Out: []*vugu.VGNode{div}, Components: []vugu.Builder{&p.child}}
}

func TestGuardEventsRecoversNestedHandlers(t *testing.T) {
	env, err := vugu.NewBuildEnv(nil)
	if err != nil {
		t.Fatal(err)
	}
	root := &parent{}
	res := env.RunBuild(root)
	var got string
	guardEvents(res, func(v any, stack []byte) { got = faultText(v) })
	bo := res.ResultFor(&root.child)
	if bo == nil || len(bo.Out) != 1 {
		t.Fatalf("child build missing: %+v", bo)
	}
	// Without the guard this call panics and the test dies.
	bo.Out[0].DOMEventHandlerSpecList[0].Func(nil)
	if !strings.Contains(got, "nil map") || !strings.Contains(got, "keeps working") {
		t.Errorf("fault text %q", got)
	}
}
