# Compares gridplay's per-job CSV (run -compat pyss -format csv) with
# driver.py's output: equal starts, run times and processor counts.
# usage: python3 agree.py OURS.csv PYSS.out
import sys
ours = {}
for i, l in enumerate(open(sys.argv[1])):
    if i == 0: continue
    f = l.strip().split(',')
    ours[f[0]] = (float(f[2]), float(f[3]) - float(f[2]), int(f[4]))
n = s = r = p = 0
for l in open(sys.argv[2]):
    jid, sub, start, run, est, procs = l.split()
    n += 1
    o = ours.get(jid)
    if o is None: continue
    s += o[0] == float(start); r += o[1] == float(run); p += o[2] == int(procs)
print("%s: %d jobs; starts equal %d (%.3f%%), run times %d, processors %d" % (sys.argv[2], n, s, 100.0*s/n, r, p))
