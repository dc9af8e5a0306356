import json, subprocess, sys, re, collections
def events(f, ev, depth=1):
    out = subprocess.run(['jfr','print','--json','--stack-depth',str(depth),'--events',ev,f],capture_output=True,text=True).stdout
    return json.loads(out)['recording']['events']
def group(name): return re.sub(r'[-#\s]*\d+$','',name or '?')
for d in sys.argv[1:]:
    n=len(events(d+'/guarded.jfr','io.github.sqlguard.Statement'))
    row=[d, f'statements {n}']
    for gw in ['plain','guarded']:
        last={}
        for e in events(f'{d}/{gw}.jfr','jdk.ThreadAllocationStatistics'):
            v=e['values']; t=v['thread']
            if t: last[(t['javaName'],t['javaThreadId'])]=v['allocated']
        g=collections.Counter()
        for (nm,i),a in last.items(): g[group(nm)]+=a
        row.append(f"{gw}: netty {g['flink-rest-server-netty-worker-thread']/n/1e3:.1f} kB/stmt, op-pool {g['sql-gateway-operation-pool-thread']/n/1e3:.1f} kB/stmt")
    print(' | '.join(row))
