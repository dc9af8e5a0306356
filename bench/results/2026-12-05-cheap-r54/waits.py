import json, collections, re, sys
# Waits of 1 ms or more on the REST I/O threads (jdk.ThreadPark, jdk.JavaMonitorEnter, jdk.FileWrite with 1 ms
# thresholds, locks.jfc), grouped by the guard's or Flink's frames that waited.
# usage: jfr print --json --stack-depth 64 --events jdk.ThreadPark,jdk.JavaMonitorEnter,jdk.FileWrite X.jfr > w.json
#        python3 waits.py w.json
d = json.load(open(sys.argv[1]))
def dur(e):
    m = re.match(r'PT(?:(\d+)M)?([\d.]+)S', e['values']['duration'])
    return (int(m.group(1) or 0) * 60 + float(m.group(2))) * 1000
def thread(e):
    t = e['values'].get('eventThread') or {}
    return t.get('javaName') or t.get('osName') or '?'
def frames(e):
    st = e['values'].get('stackTrace') or {}
    return [f['method']['type']['name'].split('/')[-1] + '.' + f['method']['name'] for f in st.get('frames', [])]
c = collections.Counter(); t = collections.Counter()
for e in d['recording']['events']:
    if 'netty-worker' not in thread(e):
        continue
    sel = [f for f in frames(e) if re.match(r'^(AuditLog|FailureReportingAppender|GuardedSession|SessionCallOrder|StatementPipeline|AuditedCall|GatewaySessions|Decider|StatementCalls|OperationManager|EarlyHold|DecidingExecuteStatementHandler|GuardedSqlGatewayService|UUID|.*Handler)\.', f)]
    key = e['type'].split('.')[-1] + ' | ' + ' < '.join(sel[:3])
    c[key] += 1; t[key] += dur(e)
print('| event | where (innermost frames of the guard or Flink) | events | total ms |')
print('|---|---|---:|---:|')
for k, v in sorted(t.items(), key=lambda x: -x[1])[:12]:
    ev, where = k.split(' | ', 1)
    print(f'| {ev} | `{where}` | {c[k]} | {v:.1f} |')
