package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gridplay/engine/api"
	"gridplay/engine/outputs"
	"gridplay/engine/shake/report"
	"gridplay/engine/swf"

	_ "gridplay/engine/backfill"
)

// classic is eight jobs on a 4-node cluster under EASY.
func classic(policy string) string {
	var jobs []string
	for i := 0; i < 8; i++ {
		jobs = append(jobs, fmt.Sprintf(`{"id":"j%d","submit":%d,"size":%d,"runtime":%d,"requested":%d}`, i, 10*i, 1+i%4, 30+7*i, 60+7*i))
	}
	return `{"version":1,"seed":5,"platform":{"clusters":[{"id":"m","nodes":4}]},"jobs":[` + strings.Join(jobs, ",") + `],"policy":{"name":"` + policy + `"}}`
}

func TestRunFormats(t *testing.T) {
	w := do(t, "POST", "/api/run?format=csv", classic("easy"))
	if w.Code != 200 || w.Header().Get("Content-Type") != "text/csv; charset=utf-8" {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	if !strings.HasPrefix(w.Body.String(), strings.Join(outputs.JobsHeader, ",")+"\n") || strings.Count(w.Body.String(), "\n") != 9 {
		t.Fatalf("%s", w.Body)
	}
	w = do(t, "POST", "/api/run?format=series", classic("easy"))
	if w.Code != 200 || !strings.HasPrefix(w.Body.String(), "t,busy_nodes,queued_jobs,queued_nodes\n0,1,0,0\n") {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	// The JSON result is checked and carries the distributions.
	w = do(t, "POST", "/api/run", classic("easy"))
	if !strings.Contains(w.Body.String(), `"valid":true`) || !strings.Contains(w.Body.String(), `"distributions":[{"metric":"wait"`) {
		t.Fatalf("%s", w.Body)
	}
	for _, target := range []string{"/api/run?format=xml", "/api/run?format=csv&stream=1"} {
		if w := do(t, "POST", target, classic("easy")); w.Code != 400 {
			t.Errorf("%s: %d %s", target, w.Code, w.Body)
		}
	}
}

const batsimWorkload = `{"nb_res": 4, "jobs": [{"id": 1, "subtime": 0, "res": 2, "walltime": 20, "profile": "a"},
 {"id": 2, "subtime": 5, "res": 4, "profile": "b"}], "profiles": {"a": {"type": "delay", "delay": 10}, "b": {"type": "delay", "delay": 20}}}`

func TestBatsimRoutes(t *testing.T) {
	w := do(t, "POST", "/api/batsim?name=w.json", batsimWorkload)
	if w.Code != 200 {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	var cut swf.Cut
	if err := json.Unmarshal(w.Body.Bytes(), &cut); err != nil {
		t.Fatal(err)
	}
	if cut.Cluster.Nodes != 4 || len(cut.Jobs) != 2 || cut.Jobs[0].Requested != 20 || cut.Jobs[1].Runtime != 20 || len(cut.Notice) != 1 {
		t.Fatalf("%+v", cut)
	}
	bad := strings.Replace(batsimWorkload, `"res": 4`, `"res": 0`, 1)
	var e errBody
	if w := do(t, "POST", "/api/batsim", bad); w.Code != 422 || json.Unmarshal(w.Body.Bytes(), &e) != nil || e.Field != "jobs[1].res" {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	// A Batsim workload runs wherever a scenario does.
	w = do(t, "POST", "/api/run?format=csv&policy=easy", batsimWorkload)
	if w.Code != 200 || w.Body.String() != strings.Join(outputs.JobsHeader, ",")+"\n1,site0,0,10,2,0,0,10,1,completed,\n2,site0,10,30,4,5,5,25,1.25,completed,\n" {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	w = do(t, "POST", "/api/batsim/export", classic("easy"))
	var ex api.BatsimExport
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &ex) != nil || ex.Workload.NbRes != 4 || len(ex.Workload.Jobs) != 8 || len(ex.Notes) != 0 {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
}

// TestShakeRoutes: plan, points (each through JSON) and merge give the
// bytes of the whole shaken run; errors name their field.
func TestShakeRoutes(t *testing.T) {
	body := `{"scenario":` + classic("easy") + `,"runs":4,"policies":["easy","conservative"],"jitter":3,"drop":0.1,"dup":0.1,"seed":2}`
	whole := do(t, "POST", "/api/shake", body)
	if whole.Code != 200 {
		t.Fatalf("%d %s", whole.Code, whole.Body)
	}
	w := do(t, "POST", "/api/shake/plan", body)
	var plan api.ShakePlan
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &plan) != nil || len(plan.Points) != 5 || plan.Spec.Jitter != 3 || plan.Points[0].Label != "original" {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	var points []string
	for k := range plan.Points {
		w := do(t, "POST", fmt.Sprintf("/api/shake?point=%d", k), body)
		if w.Code != 200 {
			t.Fatalf("point %d: %d %s", k, w.Code, w.Body)
		}
		points = append(points, strings.TrimSpace(w.Body.String()))
	}
	merged := do(t, "POST", "/api/shake/merge", `{"points":[`+strings.Join(points, ",")+`]}`)
	if merged.Code != 200 || !bytes.Equal(merged.Body.Bytes(), whole.Body.Bytes()) {
		t.Fatalf("merge %d:\n%s\nwhole:\n%s", merged.Code, merged.Body, whole.Body)
	}
	csv := do(t, "POST", "/api/shake/merge?format=csv", `{"points":[`+strings.Join(points, ",")+`]}`)
	if csv.Code != 200 || !strings.HasPrefix(csv.Body.String(), strings.Join(report.CSVHeader, ",")+"\n") {
		t.Fatalf("%d %s", csv.Code, csv.Body)
	}
	cases := []struct{ target, body, field string }{
		{"/api/shake", `{"scenario":` + classic("easy") + `,"runs":0}`, "runs"},
		{"/api/shake", `{"scenario":` + classic("easy") + `,"runs":2,"policies":["nope"]}`, "policies[0]"},
		{"/api/shake/plan", `{"runs":2}`, "scenario"},
		{"/api/shake/plan", `{"scenario":` + strings.Replace(classic("easy"), `"nodes":4`, `"nodes":0`, 1) + `,"runs":2}`, "scenario.platform.clusters[0].nodes"},
		{"/api/shake?point=9", `{"scenario":` + classic("easy") + `,"runs":2}`, "point"},
		{"/api/shake/merge", `{"points":[` + points[0] + `]}`, "point"},
		{"/api/shake/merge", `{"points":[7]}`, "points[0]"},
	}
	for _, c := range cases {
		w := do(t, "POST", c.target, c.body)
		var e errBody
		if w.Code != 422 || json.Unmarshal(w.Body.Bytes(), &e) != nil || e.Field != c.field {
			t.Errorf("%s %s: %d %s, want field %s", c.target, c.body[:min(40, len(c.body))], w.Code, w.Body, c.field)
		}
	}
	if w := do(t, "POST", "/api/shake", `{"runs":2,"extra":1}`); w.Code != 422 {
		t.Errorf("unknown field: %d %s", w.Code, w.Body)
	}
	if w := do(t, "POST", "/api/shake/other", body); w.Code != 404 {
		t.Errorf("unknown route: %d", w.Code)
	}
	if w := do(t, "GET", "/api/shake", ""); w.Code != 405 {
		t.Errorf("GET: %d", w.Code)
	}
}
