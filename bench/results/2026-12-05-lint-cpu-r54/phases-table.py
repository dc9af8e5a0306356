# phases-table.py LABEL=PROFILE...: one Markdown table of samples (share) per phase (phases.py) of several profiles
import collections, sys
from phases import phase
runs = [a.split('=', 1) for a in sys.argv[1:]]
counts, totals = {}, {}
for label, f in runs:
    c = counts[label] = collections.Counter()
    for line in open(f):
        s, n = line.rsplit(' ', 1); c[phase(s.split(';')[0], s)] += int(n)
    totals[label] = sum(c.values())
first = runs[0][0]
print('| phase | ' + ' | '.join(l for l, _ in runs) + ' |'); print('|---|' + '---:|' * len(runs))
for p in sorted(set().union(*counts.values()), key=lambda p: -counts[first][p]):
    print('| %s | %s |' % (p, ' | '.join('%d (%.1f %%)' % (counts[l][p], 100 * counts[l][p] / totals[l]) for l, _ in runs)))
print('| all | ' + ' | '.join(str(totals[l]) for l, _ in runs) + ' |')
