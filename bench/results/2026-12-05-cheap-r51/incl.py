# Inclusive sample counts per method on the REST I/O threads under the guarded execute call, after SKIP Statement events.
import json, subprocess, sys, collections
f = sys.argv[1]; skip = int(sys.argv[2]); thread = sys.argv[3] if len(sys.argv) > 3 else 'netty-worker'
def ev(name, depth):
    out = subprocess.run(['jfr','print','--json','--stack-depth',str(depth),'--events',name,f],capture_output=True,text=True).stdout
    return json.loads(out)['recording']['events']
st = sorted(e['values']['startTime'] for e in ev('io.github.sqlguard.Statement', 1))
cut = st[skip] if skip < len(st) else ''
incl = collections.Counter(); leaf = collections.Counter(); n = 0; tot = 0
for e in ev('jdk.ExecutionSample', 200):
    v = e['values']; t = v['sampledThread']
    if (cut and v['startTime'] < cut) or not t or thread not in (t['javaName'] or ''): continue
    fr = [x['method']['type']['name'].split('/')[-1]+'.'+x['method']['name'] for x in v['stackTrace']['frames']]
    tot += 1
    if 'ExecuteStatementHandler.handleRequest' not in ' '.join(fr) and thread == 'netty-worker': continue
    n += 1
    leaf[fr[0]] += 1
    for m in set(fr): incl[m] += 1
print(f'{tot} samples on {thread}, {n} under execute')
for m, c in incl.most_common(int(sys.argv[4]) if len(sys.argv) > 4 else 70): print(f'{c:5d} {m}')
print('-- leaves'); 
for m, c in leaf.most_common(25): print(f'{c:5d} {m}')
