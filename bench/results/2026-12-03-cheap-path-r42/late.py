# Stage split of netty I/O-thread samples (CPU) and allocation, only after the first SKIP Statement events (JIT warm-up).
import json, subprocess, sys, collections
sys.path.insert(0, '/work/main/bench/results/2026-12-03-cheap-statements-r39')
f = sys.argv[1]; skip = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
def ev(name, depth):
    out = subprocess.run(['jfr','print','--json','--stack-depth',str(depth),'--events',name,f],capture_output=True,text=True).stdout
    return json.loads(out)['recording']['events']
st = sorted(e['values']['startTime'] for e in ev('io.github.sqlguard.Statement', 1))
cut = st[skip]; n = len(st) - skip
def stage(frames):
    s=' '.join(frames)
    if 'ExecuteStatementHandler.handleRequest' not in s:
        for k in ['FetchResultsHandler','CloseOperationHandler','OpenSessionHandler','CloseSessionHandler','GetOperationStatus','GetSessionConfig','sendResponse','HandlerRequest']:
            if k in s: return 'other route: '+k
        return 'netty/other'
    if 'Classifier.parse' in s: return 'execute: guard parse'
    if 'GatewaySessions.holdStatement' in s: return 'execute: hold (Flink submitOperation)'
    if 'AuditedCall.writeTogether' in s or 'AuditLog.' in s:
        if 'AuditRecordJson' in s or 'ObjectWriter' in s or 'AuditLog.render' in s: return 'execute: audit write: render'
        return 'execute: audit write: logback and rest'
    if 'Auditor.decided' in s: return 'execute: audit record made'
    if 'Decider.statement' in s: return 'execute: decide'
    if 'SqlGatewayServiceImpl.executeStatement' in s: return 'execute: Flink executeStatement'
    return 'execute: rest'
cpu = collections.Counter(); alloc = collections.Counter()
for e in ev('jdk.ExecutionSample', 160):
    v = e['values']; t = v['sampledThread']
    if v['startTime'] < cut or not t or 'netty-worker' not in (t['javaName'] or ''): continue
    cpu[stage([fr['method']['type']['name'].split('/')[-1]+'.'+fr['method']['name'] for fr in v['stackTrace']['frames']])] += 1
for e in ev('jdk.ObjectAllocationSample', 160):
    v = e['values']; t = v['eventThread']
    if v['startTime'] < cut or not t or 'netty-worker' not in (t['javaName'] or ''): continue
    alloc[stage([fr['method']['type']['name'].split('/')[-1]+'.'+fr['method']['name'] for fr in v['stackTrace']['frames']])] += v['weight']
print(f'{f}: after the first {skip} statements: {n} statements')
for k in sorted(set(cpu) | set(alloc)): print(f'{cpu[k]:5d} samples {alloc[k]/n/1e3:7.1f} kB/stmt  {k}')
print(f'{sum(cpu.values()):5d} samples {sum(alloc.values())/n/1e3:7.1f} kB/stmt  total')
