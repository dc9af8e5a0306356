# Inclusive frames (method names) within a stage's samples: CPU (ExecutionSample count) or alloc (weight), netty I/O threads.
import json, subprocess, sys, collections
f, anchor, kind = sys.argv[1], sys.argv[2], sys.argv[3]
n = int(sys.argv[4]) if len(sys.argv) > 4 else 1
ev_name = 'jdk.ExecutionSample' if kind == 'cpu' else 'jdk.ObjectAllocationSample'
out = subprocess.run(['jfr','print','--json','--stack-depth','160','--events',ev_name,f],capture_output=True,text=True).stdout
c = collections.Counter(); leaf = collections.Counter(); tot = 0
for e in json.loads(out)['recording']['events']:
    v = e['values']; t = v.get('sampledThread') or v.get('eventThread')
    if not t or 'netty-worker' not in (t['javaName'] or ''): continue
    frames = [fr['method']['type']['name'].split('/')[-1] + '.' + fr['method']['name'] for fr in v['stackTrace']['frames']]
    idx = next((i for i, fr in enumerate(frames) if anchor in fr), None)
    if idx is None: continue
    w = 1 if kind == 'cpu' else v['weight']
    tot += w
    for fr in set(frames[:idx]): c[fr] += w
    leaf[frames[0] + ('' if kind == 'cpu' else ' <' + (v['objectClass']['name'] if v.get('objectClass') else '?') + '>')] += w
scale = (lambda w: f'{w:5d}') if kind == 'cpu' else (lambda w: f'{w/n/1e3:6.2f}kB')
print(f'== {anchor} ({kind}) total {scale(tot)}')
for k, w in c.most_common(int(sys.argv[5]) if len(sys.argv) > 5 else 40): print(scale(w), k)
print('-- leaves')
for k, w in leaf.most_common(15): print(scale(w), k)
