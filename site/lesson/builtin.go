package lesson

// builtin are the presets' lessons (site/state.Presets), by preset id:
// what to look for, one question, and the paper section the preset comes
// from. The questions can be answered from the page itself (the chart,
// the narration, the Compare view).
var builtin = map[string]Lesson{
	"muscle-table1": {
		Title: "MUSCLE packs six jobs",
		Text: "Watch the composition table fill up first: row r lists groups of jobs that together need exactly r nodes (the paper's Table 2). " +
			"Then MUSCLE serves the cluster with the smallest ε and fills its earliest free space with a composition from the matching row. " +
			"Both clusters start empty, so their ε ties at 0 and the larger one, C2, is served first.",
		Question: "Why does MUSCLE put J3 and J1 together into C2 instead of J3 alone? Count the nodes they need together.",
		Section:  "MUSCLE section 4 (Algs. 1, 3 and 4; Tables 1 and 2)",
	},
	"muscle-fig4": {
		Title: "MUSCLE against DLL and WRAND",
		Text: "Jobs arrive over time; each round MUSCLE collects the waiting jobs, packs them, and TITAN's GA improves each cluster's schedule. " +
			"The narration gives each cluster's CP at the end of a round. Press Compare to set MUSCLE against DLL (least load, eq. 6) and WRAND (weighted random).",
		Question: "Which policy has the lowest MCP here, and is its PB lower too? The paper's Fig. 4 says MUSCLE's lead grows with the queue length.",
		Section:  "MUSCLE section 5.1, Fig. 4 and Table 3",
	},
	"multisite-fig2": {
		Title: "Jobs spread over three sites",
		Text: "Some jobs need more nodes than one site has (20, 24 and 30 of 16): the adaptive scheduler co-allocates them over several sites, " +
			"and they run as slowly as their slowest site plus the multisite overhead p. The backfilling view shows jobs that started ahead of a reservation.",
		Question: "Job j5 needs 30 nodes: which sites does it use, and how long does it run compared with its 90 s on one site of h = 1?",
		Section:  "Multisite sections 3.2 and 4 (eqs. 1 and 2), Figs. 2 and 3",
	},
	"titan-fig9": {
		Title: "TITAN's GA orders twelve tasks",
		Text: "Each time a task arrives, TITAN's genetic algorithm searches for a better order and host set of the waiting tasks. " +
			"The GA view plots the best and the mean cost f (eq. 10) per generation; the narration says when the best schedule improved.",
		Question: "Does the GA meet more deadlines than the deadline-sort baselines? Compare titan with titan-ds and titan-dsnl.",
		Section:  "TITAN section 3.3 (eq. 10) and section 5, Fig. 9",
	},
	"gamf-fig7": {
		Title: "GA-MF weighs makespan against flowtime",
		Text: "GA-MF co-allocates bandwidth-hungry jobs over four clusters without saturating their links. " +
			"Its fitness F = α·makespan + (1 − α)·flowtime falls generation by generation; watch the best schedule's makespan in the narration.",
		Question: "Why can the best schedule's makespan get longer while its fitness F improves?",
		Section:  "GA-MF sections 3 and 4 (eq. 1 and the fitness F), Fig. 7",
	},
	"hybrid-table1": {
		Title: "When should a job leave its cluster?",
		Text: "Jobs arrive at their home clusters, mostly c1. Every 20 s the clusters tell the grid scheduler their state; in between it decides on a stale view. " +
			"P-HRS moves a job only when its performance benefit PB (eq. 1) is above the threshold.",
		Question: "Compare hybrid-local, hybrid-hrs and hybrid-phrs: which gives the lowest TTR, and which meets the most deadlines?",
		Section:  "Hybrid grid section III (eqs. 1 and 2), Table I",
	},
	"classic-backfill": {
		Title: "EASY backfills twelve jobs",
		Text: "One cluster of 16 nodes and twelve jobs whose users asked for twice their run time. " +
			"When the first waiting job cannot start, EASY reserves its start (the shadow time) and lets later jobs start now if they end before it, or use only the extra nodes.",
		Question: "Which jobs start earlier under EASY than under FCFS, and does any job start later? Compare fcfs, easy and conservative.",
		Section:  "EASY backfilling (Lifka 1995); multisite section 4.1.2",
		// The schedule is EASY's on the preset (checked by
		// TestBuiltinAnswersAreTheEngines): j1 ends at 40 s.
		Steps: []Step{{
			T:    39,
			Note: "j1 (8 nodes) ends at t = 40 s. j5, first in the queue, needs all 16 nodes, while j3 and j4 hold 8 until they end.",
			Ask:  "Which jobs start at t = 40 s?",
			Choices: []string{
				"j5: it has waited longest",
				"j6 and j7",
				"j8, the smallest job",
				"None: the nodes are kept for j5",
			},
			Answer: 2,
			Why: "EASY reserves j5's start at the shadow time, when j3 and j4 will have run their requested times (128 s), and lets later jobs start now if they end before it: " +
				"j6 (3 nodes, 30 s asked) and j7 (5 nodes, 70 s asked) do. j8 asks 100 s and would end after the shadow time. Jobs end before their requested times, so j5 starts at 78 s.",
		}},
	},
}

// Builtin returns the lesson of preset id, or nil.
func Builtin(id string) *Lesson {
	l, ok := builtin[id]
	if !ok {
		return nil
	}
	l.Version = Version
	return &l
}
