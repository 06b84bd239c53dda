package api_test

import (
	"bytes"
	"net/http/httptest"
	"os"
	"testing"

	"gridplay/engine/api"
	"gridplay/engine/api/compact"
	"gridplay/engine/model"
	"gridplay/engine/swf"

	_ "gridplay/engine/backfill"
)

// BenchmarkPageHPC2N is what the page asks of the engine to run the whole
// HPC2N trace under EASY: POST /api/swf of the gzip file (limit 0, compact
// answer), then POST /api/run?format=compact of the imported jobs.
//
//	go test -run '^$' -bench PageHPC2N -benchmem ./engine/api/
func BenchmarkPageHPC2N(b *testing.B) {
	p, err := swf.Find("HPC2N-2002-2.2-cln.swf.gz")
	if err != nil {
		b.Fatal(err)
	}
	gz, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	const swfPath = "/api/swf?name=HPC2N-2002-2.2-cln.swf.gz&limit=0&format=compact"
	post := func(b *testing.B, target string, body []byte, typ string) []byte {
		req := httptest.NewRequest("POST", target, bytes.NewReader(body))
		if typ != "" {
			req.Header.Set("Content-Type", typ)
		}
		w := httptest.NewRecorder()
		api.Handler().ServeHTTP(w, req)
		if w.Code != 200 {
			b.Fatalf("%s: %d %s", target, w.Code, w.Body)
		}
		return w.Body.Bytes()
	}
	// The scenario the page sends: the cut's cluster and jobs under EASY.
	scenario := func(b *testing.B) []byte {
		var cut swf.Cut
		jobs, err := compact.DecodeCut(post(b, swfPath, gz, ""), &cut)
		if err != nil {
			b.Fatal(err)
		}
		s := &model.Scenario{Version: model.Version, Name: cut.Cluster.Name, Policy: model.Policy{Name: "easy"},
			Platform: model.Platform{Clusters: []model.Cluster{cut.Cluster}}, Jobs: jobs}
		sb, err := compact.EncodeScenario(s)
		if err != nil {
			b.Fatal(err)
		}
		return sb
	}
	b.Run("swf", func(b *testing.B) {
		for b.Loop() {
			post(b, swfPath, gz, "")
		}
	})
	b.Run("run-easy", func(b *testing.B) {
		sb := scenario(b)
		for b.Loop() {
			post(b, "/api/run?format=compact", sb, compact.ScenarioType)
		}
	})
}
