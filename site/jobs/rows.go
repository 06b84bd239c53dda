package jobs

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"gridplay/engine/api/compact"
	"gridplay/engine/csvfmt"
	"gridplay/engine/model"
	"gridplay/engine/swf"
)

// CellErrors maps the problems model.Validate finds in the job list to
// table cells: Cells[i][key] is the message for jobs[i]'s column key
// (sub-fields such as jobs[3].app.code go to their column), Rows[i] the
// message for a job field without a column, and Table the messages for
// the job list as a whole.
type CellErrors struct {
	Cells map[int]map[string]string
	Rows  map[int]string
	Table []string
}

// Cell returns the message for job i's column key, or "".
func (e *CellErrors) Cell(i int, key string) string { return e.Cells[i][key] }

// MapErrors validates s and keeps the job problems; problems elsewhere
// (platform, policy) belong to other panels and are left out. Two
// messages for one cell are joined with "; ".
func MapErrors(s *model.Scenario) *CellErrors {
	e := &CellErrors{Cells: map[int]map[string]string{}, Rows: map[int]string{}}
	err := s.Validate()
	var es model.Errors
	if !errors.As(err, &es) {
		return e
	}
	for _, fe := range es {
		i, key, ok := jobField(fe.Field)
		switch {
		case !ok:
			if fe.Field == "jobs" || fe.Field == "generator" || strings.HasPrefix(fe.Field, "generator.") {
				e.Table = append(e.Table, fe.Error())
			}
		case key == "":
			e.Rows[i] = JoinMessages(e.Rows[i], fe.Msg)
		default:
			if e.Cells[i] == nil {
				e.Cells[i] = map[string]string{}
			}
			e.Cells[i][key] = JoinMessages(e.Cells[i][key], fe.Msg)
		}
	}
	return e
}

// JoinMessages adds message b to a, the messages so far for one field
// ("" for none), joined with "; ".
func JoinMessages(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// jobField splits "jobs[3].size" into (3, "size"); "jobs[3].app.points[0].n"
// gives (3, "app"). A job path whose field has no column gives key "".
func jobField(path string) (i int, key string, ok bool) {
	rest, found := strings.CutPrefix(path, "jobs[")
	if !found {
		return 0, "", false
	}
	num, rest, found := strings.Cut(rest, "]")
	if !found {
		return 0, "", false
	}
	i, err := strconv.Atoi(num)
	if err != nil || i < 0 {
		return 0, "", false
	}
	rest = strings.TrimPrefix(rest, ".")
	name := rest
	if k := strings.IndexAny(rest, ".["); k >= 0 {
		name = rest[:k]
	}
	if ColumnIndex(name) < 0 {
		return i, "", true
	}
	return i, name, true
}

// SortView returns the order in which to show jobs sorted by the column
// key, ascending or descending; ties keep the scenario order, so the view
// is stable. The scenario itself is not changed (ApplyOrder does that).
func SortView(jobs []model.Job, key string, desc bool) []int {
	idx := make([]int, len(jobs))
	for i := range idx {
		idx[i] = i
	}
	if ColumnIndex(key) < 0 {
		return idx
	}
	kind := Columns[ColumnIndex(key)].Kind
	less := func(a, b int) int {
		x, y := Field(&jobs[a], key), Field(&jobs[b], key)
		if kind != "text" {
			// Empty optional numbers sort as 0, as the engine reads them.
			fx, _ := strconv.ParseFloat(x, 64)
			fy, _ := strconv.ParseFloat(y, 64)
			return cmp.Compare(fx, fy)
		}
		return naturalCompare(x, y)
	}
	sort.SliceStable(idx, func(a, b int) bool {
		c := less(idx[a], idx[b])
		if desc {
			return c > 0
		}
		return c < 0
	})
	return idx
}

// naturalCompare orders "j2" before "j10": runs of digits compare as
// numbers.
func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return cmp.Compare(len(na), len(nb))
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(int(a[0]), int(b[0]))
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// ApplyOrder reorders jobs by the view order idx (a permutation from
// SortView). A wrong idx leaves jobs as they are and reports false.
func ApplyOrder(jobs []model.Job, idx []int) bool {
	if len(idx) != len(jobs) {
		return false
	}
	seen := make([]bool, len(jobs))
	for _, i := range idx {
		if i < 0 || i >= len(jobs) || seen[i] {
			return false
		}
		seen[i] = true
	}
	out := make([]model.Job, len(jobs))
	for k, i := range idx {
		out[k] = jobs[i]
	}
	copy(jobs, out)
	return true
}

// FreeID returns an id based on base that no job in jobs uses: base itself
// when free, else base-2, base-3, ...
func FreeID(jobs []model.Job, base string) string {
	used := make(map[string]bool, len(jobs))
	for i := range jobs {
		used[jobs[i].ID] = true
	}
	if base != "" && !used[base] {
		return base
	}
	if base == "" {
		for n := len(jobs) + 1; ; n++ {
			id := "j" + strconv.Itoa(n)
			if !used[id] {
				return id
			}
		}
	}
	for n := 2; ; n++ {
		id := base + "-" + strconv.Itoa(n)
		if !used[id] && len(id) <= model.MaxNameLen {
			return id
		}
		if len(id) > model.MaxNameLen {
			return FreeID(jobs, "")
		}
	}
}

// NewJob is the row "Add job" appends: a fresh id, submitted with the
// last job, one node for ten seconds.
func NewJob(jobs []model.Job) model.Job {
	j := model.Job{ID: FreeID(jobs, ""), Size: 1, Runtime: 10}
	if n := len(jobs); n > 0 {
		j.Submit = jobs[n-1].Submit
	}
	return j
}

// Duplicate returns a deep copy of jobs[i] with a fresh id.
func Duplicate(jobs []model.Job, i int) model.Job {
	j := jobs[i]
	if j.Sigma != nil {
		s := *j.Sigma
		j.Sigma = &s
	}
	if j.App != nil {
		a := *j.App
		a.Points = append([]model.Point(nil), a.Points...)
		j.App = &a
	}
	j.ID = FreeID(jobs, j.ID)
	return j
}

// DecodeImport reads the engine's answer to POST /api/swf (the trace is
// parsed in the engine worker, never on the page's thread), compact
// (?format=compact, engine/api/compact: the jobs as columns) or JSON, and
// checks that it is a cut the table can take.
func DecodeImport(b []byte) (*swf.Cut, error) {
	var im swf.Cut
	if compact.Is(b) {
		jobs, err := compact.DecodeCut(b, &im)
		if err != nil {
			return nil, fmt.Errorf("the engine's answer is not a trace cut: %v", err)
		}
		im.Jobs = jobs
	} else if err := json.Unmarshal(b, &im); err != nil {
		return nil, fmt.Errorf("the engine's answer is not a trace cut: %v", err)
	}
	if len(im.Jobs) == 0 || im.Kept != len(im.Jobs) || len(im.Jobs) > swf.MaxImportJobs || im.Cluster.ID == "" {
		return nil, fmt.Errorf("the engine's answer is not a trace cut (%d jobs, cluster %q)", len(im.Jobs), im.Cluster.ID)
	}
	return &im, nil
}

// SlowJobs is the workload size above which the generator warns that a
// run will take a while in the browser.
const SlowJobs = 20000

// GeneratorWarnings says, before a run, what a generated workload will do
// that a user may not expect: take long, or hold jobs larger than every
// cluster, which the policies drop.
func GeneratorWarnings(g *model.Generator, s *model.Scenario) []string {
	if g == nil {
		return nil
	}
	var out []string
	if g.Jobs > SlowJobs {
		out = append(out, csvfmt.Thousands(g.Jobs)+" jobs: a run takes a while in the browser (runs of more than 5,000 jobs show the results without the animation).")
	}
	largest := 0
	for _, c := range s.Platform.Clusters {
		largest = max(largest, c.Nodes)
	}
	if largest > 0 && g.SizeMax > largest {
		msg := "Jobs larger than " + csvfmt.Thousands(largest) + " nodes (the largest cluster) cannot run and will be dropped: sizes go up to " + csvfmt.Thousands(g.SizeMax) + "."
		if g.Sizes == "uniform" && g.SizeMax >= g.SizeMin {
			share := float64(g.SizeMax-max(largest, g.SizeMin-1)) / float64(g.SizeMax-g.SizeMin+1)
			msg += " With uniform sizes that is about " + strconv.Itoa(int(math.Round(100*share))) + "% of the jobs."
		}
		out = append(out, msg)
	}
	return out
}
