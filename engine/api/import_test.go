package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"gridplay/engine/api"
	"gridplay/engine/model"
	"gridplay/engine/swf"
	"gridplay/engine/workload"
)

// trace is n jobs (job k: submit 50+k, run 10, k%3+1 processors) on a
// 12-processor machine, then one line with 3 fields.
func trace(n int) string {
	var b strings.Builder
	b.WriteString("; MaxProcs: 12\n")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "%d %d 0 10 %d -1 -1 -1 -1 -1 1 1 1 1 1 1 -1 -1\n", k, 50+k, k%3+1)
	}
	b.WriteString("1 2 3\n")
	return b.String()
}

func gzipped(s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

func TestSWF(t *testing.T) {
	for _, body := range []string{trace(40), gzipped(trace(40))} {
		w := do(t, "POST", "/api/swf?name=kth.swf.gz&limit=25", body)
		if w.Code != 200 {
			t.Fatalf("status %d: %s", w.Code, w.Body)
		}
		var c swf.Cut
		if err := json.Unmarshal(w.Body.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		// 40 usable, 25 kept, at the trace's own times: job 25 arrives
		// at 75 with 25%3+1 = 2 processors.
		if c.Usable != 40 || c.Kept != 25 || len(c.Jobs) != 25 || c.Jobs[0].Submit != 51 || c.Cluster.Nodes != 12 || c.Cluster.Name != "kth" {
			t.Fatalf("cut %+v", c)
		}
		if j := c.Jobs[24]; j.ID != "25" || j.Submit != 75 || j.Size != 2 || j.Runtime != 10 {
			t.Errorf("job 25 = %+v", j)
		}
		if c.Skipped != 1 || !strings.Contains(strings.Join(c.Notice, " "), "Skipped 1 invalid lines: 1 fields (line 42)") {
			t.Errorf("skipped %d, notice %q", c.Skipped, c.Notice)
		}
	}
	// limit=0: every usable job.
	if w := do(t, "POST", "/api/swf?limit=0", trace(3)); w.Code != 200 || !strings.Contains(w.Body.String(), `"kept":3`) {
		t.Errorf("limit=0: %d %s", w.Code, w.Body)
	}
	// Without limit: DefaultImportJobs (more than the 3 jobs here).
	w := do(t, "POST", "/api/swf", trace(3))
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"kept":3`) || !strings.Contains(w.Body.String(), `"name":"trace.swf"`) {
		t.Errorf("default: %d %s", w.Code, w.Body)
	}
}

// TestSWFHostile: garbage, empty traces, broken gzip, a gzip bomb and
// oversized uploads are named errors, never a 500.
func TestSWFHostile(t *testing.T) {
	bomb := gzipped(strings.Repeat("\x00", 8<<20))
	tests := []struct {
		name, target, body string
		status             int
		field, want        string
	}{
		{"empty", "/api/swf?name=e.swf", "", 422, "", "e.swf has no usable job"},
		{"comments only", "/api/swf", "; MaxProcs: 4\n;\n", 422, "", "no usable job (read 2 lines"},
		{"garbage", "/api/swf?name=g.swf", "\x00\x01 binary \xff\n", 422, "", "number"},
		{"bad gzip", "/api/swf?name=b.swf.gz", "\x1f\x8b\x08\x00junk", 422, "", "b.swf.gz"},
		{"gzip bomb", "/api/swf?name=bomb.swf.gz", bomb, 422, "", "too long"},
		{"script name", "/api/swf?name=%3Cscript%3E.swf", "", 422, "", "<script>.swf has no usable job"},
		{"limit text", "/api/swf?limit=many", trace(2), 400, "limit", "not a whole number"},
		{"limit negative", "/api/swf?limit=-1", trace(2), 422, "limit", "between 0 (every usable job) and 250000"},
		{"limit high", "/api/swf?limit=250001", trace(2), 422, "limit", "between 0 (every usable job) and 250000"},
		{"long name", "/api/swf?name=" + strings.Repeat("n", 600), trace(2), 400, "name", "at most"},
		{"by GET", "/api/swf", "", 405, "", "not allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := "POST"
			if tt.status == 405 {
				method = "GET"
			}
			w := do(t, method, tt.target, tt.body)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d; body %s", w.Code, tt.status, w.Body)
			}
			var e errBody
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
				t.Fatalf("error body is not JSON: %v: %s", err, w.Body)
			}
			if e.Field != tt.field || !strings.Contains(e.Error, tt.want) {
				t.Errorf("error %q field %q, want %q field %q", e.Error, e.Field, tt.want, tt.field)
			}
		})
	}
	// An upload over the cap is refused by its length (413) before the
	// body is read.
	req := httptest.NewRequest("POST", "/api/swf", strings.NewReader("x"))
	req.ContentLength = swf.MaxUploadBytes + 1
	w := httptest.NewRecorder()
	api.Handler().ServeHTTP(w, req)
	if w.Code != 413 || !strings.Contains(w.Body.String(), "trace is larger than") {
		t.Errorf("oversized: %d %s", w.Code, w.Body)
	}
}

const generated = `{"version":1,"seed":42,"platform":{"clusters":[{"id":"c0","nodes":8}]},
 "generator":{"jobs":30,"rate":0.5,"exec_min":10,"exec_max":100,"sizes":"uniform","size_min":1,"size_max":8},
 "policy":{"name":"apitest-seq"}}`

func TestExpand(t *testing.T) {
	w := do(t, "POST", "/api/expand", generated)
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	got, err := model.Decode(w.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	s, err := model.Decode([]byte(generated))
	if err != nil {
		t.Fatal(err)
	}
	want, err := workload.Expand(s)
	if err != nil {
		t.Fatal(err)
	}
	if got.Generator != nil || len(got.Jobs) != 30 {
		t.Fatalf("generator %v, %d jobs", got.Generator, len(got.Jobs))
	}
	// The answer is the canonical encoding of what the runner expands.
	wb, _ := model.Encode(want)
	if !bytes.Equal(w.Body.Bytes(), wb) {
		t.Errorf("answer differs from workload.Expand:\n%s\n%s", w.Body, wb)
	}
	if w2 := do(t, "POST", "/api/expand", generated); !bytes.Equal(w.Body.Bytes(), w2.Body.Bytes()) {
		t.Error("two expansions differ")
	}
	// Without a generator: the scenario, canonical.
	w = do(t, "POST", "/api/expand", scenario)
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"id":"b"`) {
		t.Errorf("no generator: %d %s", w.Code, w.Body)
	}

	for _, tt := range []struct {
		name, body string
		status     int
		field      string
	}{
		{"malformed", `{"version":1,`, 400, ""},
		{"bad generator", strings.Replace(generated, `"exec_max":100`, `"exec_max":1`, 1), 422, "generator.exec_max"},
		{"too many jobs", strings.Replace(generated, `"jobs":30`, `"jobs":1e9`, 1), 422, "generator.jobs"},
		{"too large", `{"version":1,"name":"` + strings.Repeat("x", model.MaxScenarioBytes) + `"}`, 413, ""},
	} {
		w := do(t, "POST", "/api/expand", tt.body)
		var e errBody
		json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != tt.status || e.Field != tt.field || e.Error == "" {
			t.Errorf("%s: status %d field %q (%s), want %d %q", tt.name, w.Code, e.Field, e.Error, tt.status, tt.field)
		}
	}
}
