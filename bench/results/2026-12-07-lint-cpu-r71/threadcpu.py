#!/usr/bin/env python3
"""threadcpu.py CMD...: runs CMD, polls /proc/<pid>/task/*/stat every 10 ms, prints CPU (utime+stime) per thread
name group at the JVM's exit (the last poll; a thread that ended between polls loses at most 10 ms)."""
import os, re, subprocess, sys, time, collections
tick = os.sysconf('SC_CLK_TCK')
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
seen = {}
while p.poll() is None:
    try:
        for tid in os.listdir(f'/proc/{p.pid}/task'):
            try:
                s = open(f'/proc/{p.pid}/task/{tid}/stat').read()
            except OSError:
                continue
            name = s[s.index('(') + 1:s.rindex(')')]
            f = s[s.rindex(')') + 2:].split()
            seen[tid] = (name, int(f[11]) + int(f[12]))
    except OSError:
        pass
    time.sleep(0.01)
r = os.wait4(p.pid, 0) if False else None
groups = collections.Counter()
for name, t in seen.values():
    g = re.sub(r'\d+$', '#', name)
    groups[g] += t
total = sum(groups.values())
for g, t in groups.most_common():
    print(f'{t / tick:6.2f} s  {g}')
print(f'{total / tick:6.2f} s  total (threads seen)')
