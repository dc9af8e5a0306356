import sys, collections
# Bytes allocated in the guard's executeStatement handler by part (event=alloc,total), per statement profiled.
f=sys.argv[1]; statements=float(sys.argv[2])
cats=[('parse (GuardedSqlGatewayService.parse)','GuardedSqlGatewayService.parse'),
      ('  of which Throwable stack traces (fillInStackTrace)','Throwable.fillInStackTrace'),
      ('decide (Decider.statement)','Decider.statement'),
      ('  of which StateTtl.effective','StateTtl.effective'),
      ('audit records made (Auditor.decided)','Auditor.decided'),
      ('  of which Redactor.redact','Redactor.redact'),
      ('audit write (AuditedCall.writeTogether)','AuditedCall.writeTogether'),
      ('  of which Logback (Logger.info)','ch/qos/logback/classic/Logger.info'),
      ('Flink making the held operation (GatewaySessions.holdStatement)','GatewaySessions.holdStatement')]
tot=0; c=collections.Counter(); types=collections.Counter()
for line in open(f):
    s,n=line.rstrip().rsplit(' ',1); n=int(n)
    if 'DecidingExecuteStatementHandler.handleRequest' not in s: continue
    tot+=n
    types[s.split(';')[-1]]+=n
    for name,key in cats:
        if key in s: c[name]+=n
print("| part | bytes per statement | % of the handler's |")
print("|---|---:|---:|")
print(f"| the handler (DecidingExecuteStatementHandler.handleRequest) | {tot/statements:,.0f} | 100 |")
for name,_ in cats:
    print(f"| {name} | {c[name]/statements:,.0f} | {100*c[name]/tot:.1f} |")
print()
print("| allocated type | bytes per statement |")
print("|---|---:|")
for k,v in types.most_common(8): print(f"| {k} | {v/statements:,.0f} |")
