// Package analysis is the logic of the page's research outputs, kept apart from the components so it is tested natively:
//
//   - the per-job table under the Gantt chart (Table): the rows of
//     engine/outputs.Jobs, computed in the page from the scenario and the
//     run's result (asking the worker for POST /api/run?format=csv would
//     run the schedule a second time). Sorting permutes an index and the
//     page puts only the rows in view in the DOM (Window), so a whole
//     trace scrolls like twenty rows;
//   - the time series under the chart (Series): busy nodes and queued
//     jobs from engine/outputs.Series, on the Gantt chart's time axis
//     (gantt.XOf: same window, zoom and margins), drawn up to the
//     playback clock;
//   - the compare view's additions: the CDF of wait and of bounded
//     slowdown per policy (CDFFigure) and their mean, median, p95 and
//     max (Stats), both from the results' distributions; the shaken
//     comparison's summary (ShakeSummary, the JSON of engine/shake); the
//     difference between two policies' schedules (Compare, Diff).
//
// Charts are SVG text built by site/experiments (SVG, PairsSVG), so the
// page shows and exports the same drawing, and every chart's data is
// offered as CSV.
//
// Choices (the issue and the papers leave them open):
//
//   - The series panels show, per pixel column, the time average (dark)
//     and the maximum (light) of the value over the column's span: a
//     whole trace has about 600,000 changes over 1,000 columns, and a
//     single sample per column would hide the peaks.
//   - The CDF of bounded slowdown is on a log x axis (bsld >= 1, heavy
//     tail); wait is on a linear axis because its CDF starts at 0 with
//     the share of jobs that did not wait.
//   - Two schedules are compared by start time: a job's submit is the
//     same under both policies, so the change of its start is the change
//     of its wait. Jobs placed by one policy only are counted apart.
//   - The exported series SVG draws at most MaxSVGPoints points exactly;
//     a longer series is drawn as time averages over that many bins, and
//     the title says so. Its CSV always has every point
//     (engine/outputs.WriteSeriesCSV, the bytes of run -format series).
package analysis
