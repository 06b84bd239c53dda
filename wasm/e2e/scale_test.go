//go:build !js

package e2e

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gridplay/engine/swf"
)

// TestTraceCutScale imports the HPC2N jobs SKIP+1..N (env GRIDPLAY_CUT_JOBS=N,
// GRIDPLAY_CUT_SKIP=SKIP) through the file picker and times the import and
// EASY run until the chart is drawn. It is a measurement for finding where
// the page stops coping (see TestWholeTraceInPage), run by hand:
//
//	GRIDPLAY_CUT_JOBS=120000 go test -v -run TestTraceCutScale ./wasm/e2e/
func TestTraceCutScale(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("GRIDPLAY_CUT_JOBS"))
	if n <= 0 {
		t.Skip("a measurement run by hand: GRIDPLAY_CUT_JOBS=N")
	}
	skip, _ := strconv.Atoi(os.Getenv("GRIDPLAY_CUT_SKIP"))
	src, err := swf.Find("HPC2N-2002-2.2-cln")
	if err != nil {
		t.Fatal(err)
	}
	path := cutTrace(t, src, skip, n)
	_, ctx, con, url := browser(t, 1280, 900)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	err = chromedp.Run(ctx, chromedp.SetUploadFiles(`input.jt-swf`, []string{path}, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector(".app").dataset.engine === "done" && document.querySelector(".app").dataset.policy === "easy" && document.querySelector(".summary h2").textContent.includes("-cut")`,
			nil, chromedp.WithPollingTimeout(80*time.Second)))
	t.Logf("HPC2N jobs %d..%d: imported and drawn with EASY %v after the file was picked (err %v); console errors %v", skip+1, n, time.Since(t0).Round(time.Millisecond), err, con.list())
}

// cutTrace writes the jobs skip+1..n of the gzip SWF trace src (with its
// header) to a file named after it with "-cut" and returns its path.
func cutTrace(t *testing.T, src string, skip, n int) string {
	t.Helper()
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(src), ".gz"), ".swf")
	path := filepath.Join(t.TempDir(), name+"-cut.swf")
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	sc := bufio.NewScanner(zr)
	jobs := 0
	for sc.Scan() && jobs < n {
		l := sc.Text()
		if !strings.HasPrefix(strings.TrimSpace(l), ";") {
			jobs++
			if jobs <= skip {
				continue
			}
		}
		fmt.Fprintln(out, l)
	}
	return path
}
