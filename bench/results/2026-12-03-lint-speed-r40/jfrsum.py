import json, subprocess, sys, collections
f = sys.argv[1]; ev = sys.argv[2] if len(sys.argv) > 2 else 'jdk.ExecutionSample'
top = int(sys.argv[3]) if len(sys.argv) > 3 else 60
out = subprocess.run(['jfr', 'print', '--json', '--stack-depth', '400', '--events', ev, f], capture_output=True, text=True).stdout
d = json.loads(out)
evs = d['recording']['events']
incl = collections.Counter(); thr = collections.Counter(); selfc = collections.Counter()
total = 0
for e in evs:
    v = e['values']
    w = v.get('weight', 1) if ev != 'jdk.ExecutionSample' else 1
    total += w
    t = v.get('sampledThread') or v.get('eventThread') or {}
    thr[(t or {}).get('javaName')] += w
    frames = (v.get('stackTrace') or {}).get('frames') or []
    seen = set()
    for i, fr in enumerate(frames):
        m = fr['method']; name = m['type']['name'] + '.' + m['name']
        if i == 0: selfc[name] += w
        if name in seen: continue
        seen.add(name); incl[name] += w
    # package-level inclusive
print('total', total)
print('threads', thr.most_common(12))
print('-- self'); [print(c, n) for n, c in selfc.most_common(25)]
print('-- inclusive'); [print(c, n) for n, c in incl.most_common(top)]
