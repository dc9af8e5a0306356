import json, subprocess, sys, collections
def stage(frames):
    s=' '.join(frames)
    if 'ExecuteStatementHandler.handleRequest' not in s:
        for k in ['FetchResultsHandler','CloseOperationHandler','OpenSessionHandler','CloseSessionHandler','GetOperationStatus','GetSessionConfig','sendResponse','HandlerRequest']:
            if k in s: return 'other route: '+k
        return 'netty/other'
    if 'Classifier.parse' in s: return 'execute: guard parse'
    if 'GatewaySessions.holdStatement' in s: return 'execute: hold (Flink submitOperation)'
    if 'AuditedCall.writeTogether' in s or 'AuditLog.' in s: return 'execute: audit write (render + logback)'
    if 'Auditor.decided' in s: return 'execute: audit record made'
    if 'Decider.statement' in s: return 'execute: decide'
    if 'SqlGatewayServiceImpl.executeStatement' in s: return 'execute: Flink executeStatement'
    return 'execute: rest'
f=sys.argv[1]; n=int(sys.argv[2])
out = subprocess.run(['jfr','print','--json','--stack-depth','128','--events','jdk.ObjectAllocationSample',f],capture_output=True,text=True).stdout
c=collections.Counter()
for e in json.loads(out)['recording']['events']:
    v=e['values']; t=v['eventThread']
    if not t or 'netty-worker' not in (t['javaName'] or ''): continue
    frames=[fr['method']['type']['name'].split('/')[-1]+'.'+fr['method']['name'] for fr in v['stackTrace']['frames']]
    c[stage(frames)]+=v['weight']
for k,w in sorted(c.items()): print(f'{w/n/1e3:8.1f} kB/stmt  {k}')
print(f'{sum(c.values())/n/1e3:8.1f} kB/stmt  total (sampled weight)')
