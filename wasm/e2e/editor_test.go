//go:build !js

package e2e

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"gridplay/engine/swf"
)

// waitAnyDone waits until a run finished and the Gantt is drawn, whatever
// the policy, and the policy list is in (a first visit's chart comes
// before it).
func waitAnyDone() chromedp.Action {
	return chromedp.Poll(`(() => {
  const a = document.querySelector(".app");
  return a && a.dataset.engine === "done" && a.dataset.policies !== "loading" &&
    document.querySelector("canvas#gantt[data-drawn='1']") !== null;
})()`, nil, chromedp.WithPollingTimeout(60*time.Second))
}

// ganttSignature is a short digest of the Gantt canvas pixels.
const ganttSignature = `(() => {
  const c = document.querySelector("canvas#gantt");
  if (!c || !c.width) return "";
  const u = c.toDataURL();
  let h = 0;
  for (let i = 0; i < u.length; i++) h = (h * 31 + u.charCodeAt(i)) | 0;
  return c.width + "x" + c.height + ":" + h;
})()`

// settle waits for the run the page starts by itself after an edit (its
// autosave's look) to finish, so typing is not interrupted by the
// re-render that starts or ends a run.
func settle() chromedp.Action {
	return chromedp.Tasks{autosaveLooked(), quiet()}
}

// needEditors skips (fails in CI) when the page does not show the
// platform editor and the job table.
func needEditors(t *testing.T, ctx context.Context) {
	t.Helper()
	var ok bool
	if err := chromedp.Run(ctx, openPanels("platform", "jobs"), chromedp.Evaluate(`document.querySelector("canvas.pe-canvas") !== null && document.querySelector("section.jt") !== null`, &ok)); err != nil {
		t.Fatal(err)
	}
	if !ok {
		if inCI() {
			t.Fatal("the page shows no platform editor (canvas.pe-canvas) or job table (section.jt)")
		}
		t.Skip("the page does not mount the platform editor and the job table yet")
	}
}

// drag presses the left button at (x0, y0) in page coordinates, moves in
// steps to (x1, y1) and releases: the pointer events a person makes.
func drag(x0, y0, x1, y1 float64) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if err := input.DispatchMouseEvent(input.MouseMoved, x0, y0).Do(ctx); err != nil {
			return err
		}
		if err := input.DispatchMouseEvent(input.MousePressed, x0, y0).WithButton(input.Left).WithClickCount(1).Do(ctx); err != nil {
			return err
		}
		for k := 1; k <= 6; k++ {
			x := x0 + (x1-x0)*float64(k)/6
			y := y0 + (y1-y0)*float64(k)/6
			if err := input.DispatchMouseEvent(input.MouseMoved, x, y).WithButton(input.Left).WithButtons(1).Do(ctx); err != nil {
				return err
			}
		}
		return input.DispatchMouseEvent(input.MouseReleased, x1, y1).WithButton(input.Left).WithClickCount(1).Do(ctx)
	})
}

// typeInto replaces the text of the input matching sel and leaves it
// with Tab, so its change event fires as when a person types. Keys go to
// the focused element, so a re-render between the steps does not matter.
func typeInto(sel, text string) chromedp.Action {
	return chromedp.Tasks{
		chromedp.WaitVisible(sel, chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.focus(); e.select(); return true; })()`, sel), nil),
		chromedp.KeyEvent(text),
		chromedp.KeyEvent("\t"),
	}
}

// runRetry runs actions, again (up to 3 times) when a re-render replaced
// a node between chromedp's query and its use ("Could not find node").
func runRetry(ctx context.Context, actions ...chromedp.Action) error {
	var err error
	for k := 0; k < 3; k++ {
		if err = chromedp.Run(ctx, actions...); err == nil || !strings.Contains(err.Error(), "Could not find node") {
			return err
		}
		// The re-render that replaced the node ends first.
		if werr := chromedp.Run(ctx, quiet()); werr != nil {
			return werr
		}
	}
	return err
}

func textOf(ctx context.Context, js string) (string, error) {
	var s string
	err := chromedp.Run(ctx, chromedp.Evaluate(js, &s))
	return s, err
}

// TestEditorDrawEditRun draws a cluster on the platform canvas, edits a
// job cell (a bad value first, which must be named next to the cell),
// runs, and checks that the Gantt chart changed.
func TestEditorDrawEditRun(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatalf("first run: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	needEditors(t, ctx)

	var before string
	var clusters0 int
	var box struct{ X, Y, W, H float64 }
	err := chromedp.Run(ctx,
		seekEnd(),
		chromedp.Evaluate(ganttSignature, &before),
		chromedp.Evaluate(`document.querySelectorAll(".pe-list .pe-item").length`, &clusters0),
		chromedp.ScrollIntoView(`canvas.pe-canvas`, chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const r = document.querySelector("canvas.pe-canvas").getBoundingClientRect(); return {X: r.x, Y: r.y, W: r.width, H: r.height}; })()`, &box),
	)
	if err != nil {
		t.Fatal(err)
	}
	// The bottom band of the canvas is kept free for drawing: a drag of
	// 4 by 3 node squares (12 px each) adds a 12-node cluster.
	x0, y0 := box.X+30, box.Y+box.H-70
	var items []string
	err = chromedp.Run(ctx,
		drag(x0, y0, x0+48, y0+36),
		chromedp.Poll(fmt.Sprintf(`document.querySelectorAll(".pe-list .pe-item").length === %d`, clusters0+1), nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`[...document.querySelectorAll(".pe-list .pe-pick")].map(b => b.textContent)`, &items),
	)
	if err != nil {
		t.Fatalf("drawing a cluster: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if last := items[len(items)-1]; !strings.Contains(last, "12 nodes") {
		t.Errorf("new cluster %q, want 12 nodes", last)
	}
	// The side panel shows the new cluster; give its link a bandwidth
	// and see the label on the canvas's list of links.
	if err := runRetry(ctx, settle(), typeInto(`.pe-panel input[name="bandwidth"]`, "250"), settle()); err != nil {
		t.Fatal(err)
	}
	shot(t, ctx, "editor-platform.png", false)

	// A job cell: text that is not a number is named next to the cell
	// and changes nothing; a size of 0 shows the model's message; a good
	// size is taken.
	cell := `tr[data-row="0"] input.jt-in-size`
	const cellErr = `(document.querySelector('tr[data-row="0"] td.jt-c-size .jt-err')?.textContent || "")`
	for _, tc := range []struct{ text, msg string }{
		{"abc", `"abc" is not a number`},
		{"0", "must be at least 1"}, // model.Validate's message
	} {
		err := runRetry(ctx,
			chromedp.ScrollIntoView(cell, chromedp.ByQuery),
			typeInto(cell, tc.text),
			settle(),
			chromedp.Poll(cellErr+`.includes(`+strconv.Quote(tc.msg)+`)`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		)
		if err != nil {
			got, _ := textOf(ctx, cellErr)
			t.Errorf("size %q: message %q, want %q (%v)", tc.text, got, tc.msg, err)
		}
	}
	var after string
	err = runRetry(ctx, typeInto(cell, "3"))
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Run(ctx,
		chromedp.Poll(`!document.querySelector('tr[data-row="0"] td.jt-c-size .jt-err')`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		rerun("", clickRun()),
		seekEnd(),
		chromedp.Evaluate(ganttSignature, &after),
	)
	if err != nil {
		t.Fatalf("run after edits: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if after == "" || after == before {
		t.Errorf("the Gantt chart did not change: %q then %q", before, after)
	}
	var errShown bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector(".run-error:not([hidden])") !== null`, &errShown)); err != nil {
		t.Fatal(err)
	}
	if errShown {
		msg, _ := textOf(ctx, `document.querySelector(".run-error").textContent`)
		t.Errorf("the run failed: %s", msg)
	}
	shot(t, ctx, "editor-run.png", false)

	// The canvas keyboard adds and deletes; Undo brings the deleted
	// cluster back (every edit goes through App.Edit).
	var n1, n2, n3 int
	count := `document.querySelectorAll(".pe-list .pe-item").length`
	err = chromedp.Run(ctx,
		chromedp.Focus(`canvas.pe-canvas`, chromedp.ByQuery),
		chromedp.KeyEvent("a"),
		chromedp.Evaluate(count, &n1),
		chromedp.KeyEvent(kbDelete),
		chromedp.Evaluate(count, &n2),
		// The edits start runs; their answers change the summary above
		// the toolbar, which moves the Undo button. Wait for the page to
		// settle, as a person would see the button before clicking it:
		// a click computed before the move could land beside it (seen
		// once in a full run, with the engine answering faster). The run
		// an edit starts by itself comes about a second after it
		// (settle): waitAnyDone alone could pass before that run began,
		// and the click then missed the button once more (full run 19).
		settle(),
		waitAnyDone(),
		chromedp.Click(`button.undo`, chromedp.ByQuery),
		chromedp.Poll(fmt.Sprintf(`%s === %d`, count, clusters0+2), nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Evaluate(count, &n3),
	)
	if err != nil {
		t.Errorf("keyboard and undo: %v", err)
	}
	if n1 != clusters0+2 || n2 != clusters0+1 || n3 != clusters0+2 {
		t.Errorf("keyboard add, delete, undo: %d, %d, %d clusters; want %d, %d, %d", n1, n2, n3, clusters0+2, clusters0+1, clusters0+2)
	}
	con.check(t)
}

const kbDelete = "\u007f" // chromedp's kb.Delete

// TestEditorPasteCSV pastes spreadsheet rows (tab separated, with a
// header) and checks the table and the hostile-text message.
func TestEditorPasteCSV(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	setPaste := func(text string) chromedp.Action {
		return chromedp.Evaluate(fmt.Sprintf(`(() => {
  const t = document.querySelector("textarea.jt-paste-text");
  t.value = %q;
  t.dispatchEvent(new Event("change", { bubbles: true }));
  return true;
})()`, text), nil)
	}
	var problems, count string
	err := chromedp.Run(ctx,
		chromedp.Click(`button.jt-paste`, chromedp.ByQuery),
		chromedp.WaitVisible(`textarea.jt-paste-text`, chromedp.ByQuery),
		setPaste("id\tsubmit\tsize\truntime\n<script>alert(1)</script>\t0\t2\t\"oops\n"),
		chromedp.Click(`button.jt-paste-apply`, chromedp.ByQuery),
		chromedp.WaitVisible(`.jt-paste-dialog .jt-problems`, chromedp.ByQuery),
		chromedp.Text(`.jt-paste-dialog .jt-problems`, &problems, chromedp.ByQuery),
		setPaste("Job ID\tArrival\tProcs\tRun Time\n<b>x</b>\t0\t2\t30\ny\t5\t1\t40\nz\t6\t3\t20\n"),
		chromedp.Click(`button.jt-paste-apply`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector(".jt-count").textContent === "3 jobs"`, nil, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Text(`.jt-count`, &count, chromedp.ByQuery),
	)
	if err != nil {
		t.Fatalf("paste: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if !strings.Contains(problems, "row 2, column 4") {
		t.Errorf("problems %q do not name row 2, column 4", problems)
	}
	// A name is text, never markup.
	var id string
	var bold bool
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector('tr[data-row="0"] input.jt-in-id').value`, &id),
		chromedp.Evaluate(`document.querySelector(".jt b") !== null`, &bold),
	); err != nil {
		t.Fatal(err)
	}
	if id != "<b>x</b>" || bold {
		t.Errorf("id %q, markup rendered: %v", id, bold)
	}
	con.check(t)
}

// writeTraceCut writes the first lines (header and about n jobs) of a
// real trace, gzipped, into dir, or skips when the trace is absent.
func writeTraceCut(t *testing.T, dir string, n int) string {
	t.Helper()
	src, err := swf.Find("KTH-SP2-1996-2")
	if err != nil {
		t.Fatal(err) // the traces ship in static/traces
	}
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "KTH-SP2-cut.swf.gz")
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(out)
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	jobs := 0
	for sc.Scan() && jobs < n {
		line := sc.Text()
		if !strings.HasPrefix(strings.TrimSpace(line), ";") && strings.TrimSpace(line) != "" {
			jobs++
		}
		fmt.Fprintln(zw, line)
	}
	// A broken line, so the notice reports a skipped line.
	fmt.Fprintln(zw, "this is not an SWF record")
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestEditorSWFImport imports a cut of a real trace (2,500 jobs) through
// the file picker: the table takes every job, the notice says so and
// names the skipped line, and the imported scenario runs.
func TestEditorSWFImport(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	cut := writeTraceCut(t, t.TempDir(), 2500)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	// The page must say what the Go import says natively.
	f, err := os.Open(cut)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	im, err := swf.Import(filepath.Base(cut), f, 0)
	if err != nil {
		t.Fatal(err)
	}
	jobs := fmt.Sprintf("%s jobs", commaInt(im.Kept))
	if !strings.HasPrefix(im.Notice[0], "Imported "+jobs) || im.Kept < 2400 {
		t.Errorf("native notice %q", im.Notice[0])
	}
	var notice, count, pager string
	t0 := time.Now()
	err = chromedp.Run(ctx,
		chromedp.SetUploadFiles(`input.jt-swf`, []string{cut}, chromedp.ByQuery),
		// The import used to take ~27 s whenever it came while the
		// preset's MUSCLE run streamed its frames (each frame re-rendered
		// the page); a few seconds is plenty now.
		chromedp.Poll(`(document.querySelector(".jt-notice")?.textContent || "").includes("Imported")`, nil, chromedp.WithPollingTimeout(15*time.Second)),
		chromedp.Poll(`document.querySelector(".jt-count")?.textContent === `+strconv.Quote(jobs), nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`document.querySelector(".jt-notice").innerText`, &notice),
		chromedp.Evaluate(`document.querySelector(".jt-count").textContent`, &count),
		chromedp.Evaluate(`document.querySelector(".jt-pager").textContent`, &pager),
	)
	if err != nil {
		t.Fatalf("import: %v; notice %q; console:\n%s", err, notice, strings.Join(con.all, "\n"))
	}
	t.Logf("import shown %v after the file was picked", time.Since(t0).Round(time.Millisecond))
	want := append(im.Notice, "Skipped 1 invalid lines", "100 nodes")
	for _, w := range want {
		if !strings.Contains(notice, w) {
			t.Errorf("notice %q lacks %q", notice, w)
		}
	}
	if count != jobs || !strings.Contains(pager, "of "+commaInt(im.Kept)) {
		t.Errorf("count %q, pager %q", count, pager)
	}
	t1 := time.Now()
	err = chromedp.Run(ctx,
		rerun("", clickRun()),
	)
	t.Logf("run of the imported jobs done in %v", time.Since(t1).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("running the import: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	shot(t, ctx, "editor-swf-import.png", false)
	con.check(t)
}

// TestEditorGenerateExpand generates a workload through the dialog and
// expands it into rows: the engine worker draws the jobs (POST
// /api/expand), and the table shows them as editable rows.
func TestEditorGenerateExpand(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	var notice, id string
	err := runRetry(ctx,
		chromedp.Click(`button.jt-gen`, chromedp.ByQuery),
		typeInto(`input[name="gen-jobs"]`, "30"),
		chromedp.Click(`button.jt-gen-apply`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector(".jt-count")?.textContent === "30 generated jobs"`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Click(`button.jt-expand`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector(".jt-count")?.textContent === "30 jobs"`, nil, chromedp.WithPollingTimeout(60*time.Second)),
		chromedp.Evaluate(`document.querySelector(".jt-notice").innerText`, &notice),
		chromedp.Evaluate(`document.querySelector('tr[data-row="0"] input.jt-in-id').value`, &id),
	)
	if err != nil {
		t.Fatalf("generate and expand: %v; console:\n%s", err, strings.Join(con.all, "\n"))
	}
	if !strings.Contains(notice, "Expanded into 30 editable rows") || id == "" {
		t.Errorf("notice %q, first id %q", notice, id)
	}
	shot(t, ctx, "editor-generate-expand.png", false)
	con.check(t)
}

// commaInt writes n with thousands separators, as the page does.
func commaInt(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// TestJobRowsOutsideRenders: the job table's rows are painted outside
// Vugu's render (site/jobs/rowsdom.go). Typing in a cell renders nothing
// (it used to render the whole page per keystroke); a page render keeps
// the rows' elements, the typed text and the focus; a change is applied
// and shown in place; Duplicate goes through the delegated listener.
func TestJobRowsOutsideRenders(t *testing.T) {
	_, ctx, con, url := browser(t, 1280, 900)
	if err := chromedp.Run(ctx, chromedp.Navigate(url+"/"), waitAnyDone()); err != nil {
		t.Fatal(err)
	}
	needEditors(t, ctx)
	var out struct {
		Rows, RendersWhileTyping, RendersAfterChange int
		SameRows, Focused                            bool
		Typed, AfterChange, Dup                      string
		Count0, Count1                               string
	}
	// The script waits on the page's own state: its renders and
	// animation frames (calm is quiet's wait), never on a fixed time.
	err := chromedp.Run(ctx, chromedp.Evaluate(`(async () => {
  const renders = () => globalThis.gridplayTest?.renders || 0;
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const running = () => document.querySelector(".app")?.dataset.engine === "running";
  // calm: no render for three frames in a row, and no run in flight.
  const calm = async () => {
    for (let last = -1, n = 0; n < 3; ) {
      await frame();
      const r = renders();
      n = r === last && !running() ? n + 1 : 0;
      last = r;
    }
  };
  // until: frames pass until ok() holds (at most about 30 s of frames).
  const until = async (ok) => {
    for (let k = 0; k < 1800 && !ok(); k++) await frame();
    return ok();
  };
  const o = {};
  const rows = [...document.querySelectorAll(".jt-table tbody tr.jt-row")];
  o.Rows = rows.length;
  rows.forEach((r, k) => (r.__probe = k));
  const cell = document.querySelector('tr[data-row="0"] input.jt-in-runtime');
  cell.focus();
  await calm();
  const r0 = renders();
  for (const v of ["1", "12", "123"]) {
    cell.value = v;
    cell.dispatchEvent(new Event("input", { bubbles: true }));
    await frame();
    await frame();
  }
  await calm();
  o.RendersWhileTyping = renders() - r0;
  // A page render (the paste dialog opens; a click from script does not
  // move the focus).
  document.querySelector("button.jt-paste").click();
  await until(() => !document.querySelector(".jt-paste-dialog").hidden);
  await calm();
  o.SameRows = [...document.querySelectorAll(".jt-table tbody tr.jt-row")].every((r, k) => r.__probe === k);
  o.Focused = document.activeElement === cell;
  o.Typed = cell.value;
  document.querySelector(".jt-paste-dialog .jt-buttons button:not(.jt-paste-apply)").click(); // Cancel
  await until(() => document.querySelector(".jt-paste-dialog").hidden);
  await calm();
  const r1 = renders();
  cell.dispatchEvent(new Event("change", { bubbles: true }));
  await until(() => renders() > r1);
  await calm();
  o.RendersAfterChange = renders() - r1;
  o.AfterChange = document.querySelector('tr[data-row="0"] input.jt-in-runtime').value;
  o.Count0 = document.querySelector(".jt-count").textContent;
  document.querySelector('tr[data-row="0"] button.jt-dup').click();
  await until(() => document.querySelector(".jt-count").textContent !== o.Count0);
  await calm();
  o.Count1 = document.querySelector(".jt-count").textContent;
  o.Dup = document.querySelector('tr[data-row="1"] input.jt-in-runtime').value;
  return o;
})()`, &out, await))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", out)
	if out.Rows == 0 {
		t.Fatal("no rows in the job table")
	}
	if out.RendersWhileTyping != 0 {
		t.Errorf("typing three characters rendered the page %d times", out.RendersWhileTyping)
	}
	if !out.SameRows || !out.Focused || out.Typed != "123" {
		t.Errorf("a render replaced the rows (%v), moved the focus (%v) or the typed text (%q)", !out.SameRows, !out.Focused, out.Typed)
	}
	if out.RendersAfterChange == 0 || out.AfterChange != "123" {
		t.Errorf("the change was not applied: %d renders, cell %q", out.RendersAfterChange, out.AfterChange)
	}
	if out.Count0 == out.Count1 || out.Dup != "123" {
		t.Errorf("Duplicate: count %q then %q, copy's runtime %q", out.Count0, out.Count1, out.Dup)
	}
	con.check(t)
}
