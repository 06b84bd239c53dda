package lesson

// Exercise is a lesson that opens with a script policy for the student
// to change (issue 38: "make this policy backfill"): the preset's
// scenario, run with the shipped template Template (engine/script) as
// policy.script, and the lesson shown beside it. Shared by link, the
// scenario part carries the script and the lesson part the text, so a
// teacher's link opens both.
type Exercise struct {
	// ID names the exercise (stable: pages link to it).
	ID string
	// Preset is the preset whose scenario the exercise runs.
	Preset string
	// Template is the script the student starts from.
	Template string
	Lesson   Lesson
}

var exercises = []Exercise{{
	ID:       "make-it-backfill",
	Preset:   "classic-backfill",
	Template: "fcfs",
	Lesson: Lesson{
		Version: Version,
		Title:   "Make this policy backfill",
		Text: "The script in \"Your policy\" is first come, first served: priority(job) returns job.submit, so the queue keeps its order, " +
			"and backfill = \"none\" lets no job pass the first one that does not fit. Watch j5 at t = 40 s: it needs all 16 nodes, " +
			"and every later job waits behind it while nodes stay idle. Change one line so that the engine backfills (docs/policies.md lists the modes), " +
			"press Run your policy, then tick script and easy in Compare.",
		Question: "Which line did you change, and which jobs start earlier now? Does your policy give the same schedule as the built-in easy, job for job?",
		Section:  "EASY backfilling (Lifka 1995); docs/policies.md, priority(job) and backfill",
	},
}}

// Exercises lists the exercises that open with a script, in menu order.
func Exercises() []Exercise { return exercises }
