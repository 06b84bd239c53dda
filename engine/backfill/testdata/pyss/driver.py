# Runs pyss (Dan Tsafrir's Python scheduler simulator, not part of gridplay)
# on an SWF trace and prints, per job: id submit start run estimate procs.
# usage: python3 driver.py TRACE.swf[.gz] PROCS easy|conservative|fcfs LIMIT OUT [PYSS_SRC]
import sys, gzip, time
sys.path.insert(0, sys.argv[6] if len(sys.argv) > 6 else 'pyss/src')
from base.workload_parser import parse_lines
from base.prototype import _job_inputs_to_jobs
from schedulers.simulator import Simulator
from schedulers.easy_scheduler import EasyBackfillScheduler
from schedulers.conservative_scheduler import ConservativeScheduler
from schedulers.fcfs_scheduler import FcfsScheduler

path, procs, which, limit, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5]
f = gzip.open(path) if path.endswith('.gz') else open(path)
lines = []
for l in f:
    if l.lstrip().startswith(';') or not l.strip():
        continue
    lines.append(l)
    if limit > 0 and len(lines) >= limit:
        break
sched = {'easy': EasyBackfillScheduler, 'conservative': ConservativeScheduler, 'fcfs': FcfsScheduler}[which](procs)
jobs = list(_job_inputs_to_jobs(parse_lines(lines), procs))
t0 = time.time()
sim = Simulator(jobs, procs, sched)
sim.run()
sys.stderr.write("%s %s %d jobs: %.1f s\n" % (path, which, len(jobs), time.time() - t0))
o = open(out, 'w')
for j in jobs:
    o.write("%d %d %d %d %d %d\n" % (j.id, j.submit_time, j.start_to_run_at_time, j.actual_run_time, j.user_estimated_run_time, j.num_required_processors))
o.close()
