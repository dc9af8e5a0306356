import sys, collections
# Wall-clock samples of the guard's executeStatement handler: by part (cats.py's parts) and by leaf frame.
f = sys.argv[1]; statements = float(sys.argv[2]); interval_us = float(sys.argv[3])
tot = 0; leaves = collections.Counter(); threads = collections.Counter(); allsamples = 0
for line in open(f):
    s, n = line.rstrip().rsplit(' ', 1); n = int(n)
    allsamples += n
    if 'DecidingExecuteStatementHandler.handleRequest' not in s:
        continue
    tot += n
    frames = s.split(';')
    leaves[frames[-1]] += n
    threads[frames[0]] += n
print(f"handler samples {tot} of {allsamples}; {tot*interval_us/statements:.0f} us of wall time per statement")
print("| leaf frame of the handler's samples | samples | % |")
print("|---|---:|---:|")
for leaf, n in leaves.most_common(15):
    print(f"| `{leaf}` | {n} | {100*n/tot:.1f} |")
print("threads:", threads.most_common(3))
