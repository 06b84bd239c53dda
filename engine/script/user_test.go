package script

import (
	"reflect"
	"strconv"
	"testing"

	"gridplay/engine/model"
	"gridplay/engine/swf"
)

// TestUserPriority: job.user reaches priority(job). One job at a time
// fits; after the first, alice's job goes first, then the other known
// users, then the job without a user, whatever their submit order.
func TestUserPriority(t *testing.T) {
	s := &model.Scenario{Version: model.Version, Platform: model.Platform{Clusters: []model.Cluster{{ID: "c", Nodes: 2}}},
		Jobs: []model.Job{
			{ID: "first", Submit: 0, Size: 2, Runtime: 10, User: "bob"},
			{ID: "anon", Submit: 1, Size: 2, Runtime: 10},
			{ID: "bob", Submit: 2, Size: 2, Runtime: 10, User: "bob"},
			{ID: "alice", Submit: 3, Size: 2, Runtime: 10, User: "alice"},
		}}
	src := "backfill = 'none'\ndef priority(job):\n    return {'alice': 0, '': 2}.get(job.user, 1)\n"
	res := mustRun(t, with(s, Name, src))
	var got []string
	for _, p := range res.Schedule {
		got = append(got, p.Job)
	}
	if want := []string{"first", "alice", "bob", "anon"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("start order %v, want %v", got, want)
	}
}

// fcfsByUser starts the queue in order while the head fits, each job's
// why its user.
const fcfsByUser = `
def schedule(ctx):
    for job in ctx.queue:
        if not ctx.fits(job):
            return
        ctx.start(job, why = "user " + repr(job.user))
`

// TestTraceUserReachesScript: a job read from an SWF trace has its
// record's user (field 12) as job.user, both through Trace.Scenario (the
// CLI's run on a trace) and through a trace reference (swf.Import, as
// the page imports a trace).
func TestTraceUserReachesScript(t *testing.T) {
	path, err := swf.Find(kth)
	if err != nil {
		t.Fatalf("trace not found: %v", err)
	}
	tr, err := swf.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	user := map[string]string{}
	for _, r := range tr.Jobs {
		user[strconv.FormatInt(r.Job, 10)] = strconv.Itoa(r.User)
	}
	const first = 60
	ref := &model.Scenario{Version: model.Version, Platform: model.Platform{Clusters: []model.Cluster{{ID: "site0", Nodes: 100}}},
		Trace: &model.TraceRef{Name: "KTH-SP2-1996-2", First: first}}
	for name, s := range map[string]*model.Scenario{"scenario": loadTrace(t, kth, first), "reference": ref} {
		res := mustRun(t, with(s, Name, fcfsByUser))
		if len(res.Schedule) != first {
			t.Fatalf("%s: %d placements, want %d", name, len(res.Schedule), first)
		}
		users := map[string]bool{}
		for _, p := range res.Schedule {
			if want := "user " + strconv.Quote(user[p.Job]); p.Why != want {
				t.Fatalf("%s: job %s: why %q, want %q", name, p.Job, p.Why, want)
			}
			users[user[p.Job]] = true
		}
		if len(users) < 5 {
			t.Fatalf("%s: only %d users in the cut", name, len(users))
		}
	}
}
