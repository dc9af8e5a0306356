# For the guarded gateway's JFR: of the operation threads' CPU samples in Flink's table environment making
# (OperationExecutor.getTableEnvironment), how many fall inside a guard call (an io.github.sqlguard.Statement event's
# window on the REST I/O thread), after the first SKIP statements.
import json, subprocess, sys, datetime
f = sys.argv[1]; skip = int(sys.argv[2])
def ev(name, depth):
    out = subprocess.run(['jfr','print','--json','--stack-depth',str(depth),'--events',name,f],capture_output=True,text=True).stdout
    return json.loads(out)['recording']['events']
def ts(s):
    return datetime.datetime.fromisoformat(s.replace('Z','+00:00')[:26] + '+00:00' if '.' in s else s.replace('Z','+00:00'))
def parse_iso(s):
    # e.g. 2026-12-05T01:00:00.123456789Z
    base, frac = s.rstrip('Z').split('.') if '.' in s else (s.rstrip('Z'), '0')
    t = datetime.datetime.fromisoformat(base).replace(tzinfo=datetime.timezone.utc).timestamp()
    return t + float('0.' + frac)
def dur(d):
    # ISO-8601 duration like PT0.000512S
    return float(d.replace('PT','').replace('S','')) if d.startswith('PT') and d.endswith('S') and 'M' not in d else None
st = sorted(((parse_iso(e['values']['startTime']), dur(e['values']['duration'])) for e in ev('io.github.sqlguard.Statement', 1)))
st = [s for s in st[skip:] if s[1] is not None]
windows = [(s, s + d) for s, d in st]
import bisect
starts = [w[0] for w in windows]
inside = outside = 0; envs = 0
for e in ev('jdk.ExecutionSample', 64):
    v = e['values']; t = v['sampledThread']
    if not t or 'operation-pool' not in (t['javaName'] or ''): continue
    fr = [x['method']['type']['name'].split('/')[-1]+'.'+x['method']['name'] for x in v['stackTrace']['frames']]
    if not any(m.endswith('OperationExecutor.getTableEnvironment') for m in fr): continue
    at = parse_iso(v['startTime'])
    if at < starts[0]: continue
    envs += 1
    i = bisect.bisect_right(starts, at) - 1
    if i >= 0 and windows[i][0] <= at <= windows[i][1]: inside += 1
    else: outside += 1
print(f'{f}: {len(windows)} statements after the first {skip}; table-environment samples on operation threads: {envs}, inside a guard call {inside}, outside {outside}')
