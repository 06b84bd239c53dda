// Package jobs is the playground's job table: a Vugu component (Table)
// that edits the scenario's job list in place, and the plain Go behind it
// (CSV, validation mapping, sorting, the engine requests of the SWF import
// and the generator), tested natively.
//
// The component is table.go (its state, and what it computes before each
// render); its jobs have a file each: view.go (sorting and the scrolling
// window), cells.go (editing cells and rows), rowsdom.go (painting the
// rows outside Vugu), paste.go (CSV in and out), import.go (SWF and
// Batsim files, shipped traces), generator.go (the generator form) and
// request.go (the engine requests they share). csv.go, rows.go and
// batsim.go are the plain Go behind them.
//
// Every change goes through state.App.Edit, so undo, redo and autosave see
// it. Choices:
//   - CSV columns are Columns (the JSON names of model.Job). A pasted first
//     row is a header when one cell names a column or an alias ("procs",
//     "run time"...), in any case; otherwise cells follow Columns order.
//     The separator is a tab when the first line has one, else the more
//     frequent of comma and semicolon. Unknown header columns are ignored
//     with a warning; any error (named by row and column) rejects the whole
//     paste, so a half-read table never replaces the scenario.
//   - Application models are read and written by code name; a job with an
//     explicit scaling curve shows "points" and keeps its curve.
//   - Exported text cells that start with = + - @ or ' get a leading
//     apostrophe (spreadsheet formula injection); paste removes it.
//   - A pasted table replaces the job list (an Append mode adds to it).
//   - A cell whose text does not parse (e.g. "abc" for a size) is not put
//     in the scenario: the cell keeps the text and shows why; the model
//     keeps its last good value. Range problems (size 0, negative times)
//     are model.Validate's messages, shown on the cell they name.
//   - Sorting is a view: the scenario keeps its order until "Apply order".
//     Ties keep the scenario order; empty optional numbers sort as 0; ids
//     sort naturally (j2 before j10).
//   - SWF import keeps every usable job of the trace (up to
//     swf.MaxImportJobs), converted by engine/swf.Import, at the trace's
//     own submit times (as the CLI reads them). It replaces the job list;
//     "use the trace's machine" (on by default) also replaces the platform
//     with the trace's single cluster, whose size the trace's sizes fit.
//   - The table has no user column: a job's user (model.Job.User, a
//     trace's user id, which script policies read as job.user) stays in
//     the scenario as imported, through edits of the job's other cells,
//     duplication, exports and share links, but the CSV export leaves it
//     out and pasted rows have none.
//   - The generator dialog sets Scenario.Generator (and clears the job
//     list): share links then hold a few numbers and the seed. "Expand
//     into rows" turns it into editable jobs with engine/workload, exactly
//     the jobs the engine would draw.
//   - Parsing a trace and drawing generated jobs happen in the engine
//     worker (POST /api/swf and POST /api/expand), never on the page's
//     thread: Go in WebAssembly has no preemption, so a big trace parsed
//     here would freeze the page, and the trace reader, gzip and the
//     generator stay out of app.wasm.
package jobs

//go:generate go tool vugugen -s -skip-main -skip-go-mod .
//go:generate gofmt -w 0_components_gen.go
