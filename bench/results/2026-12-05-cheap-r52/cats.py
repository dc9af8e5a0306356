import sys, collections
# Samples of the guard's executeStatement handler by part (inclusive), per statement profiled.
f=sys.argv[1]; statements=float(sys.argv[2]); interval_us=float(sys.argv[3]) if len(sys.argv)>3 else 250
cats=[('parse (GuardedSqlGatewayService.parse)','GuardedSqlGatewayService.parse'),
      ('  of which end-of-text IOExceptions','java/io/IOException.<init>'),
      ('decide (Decider.statement)','Decider.statement'),
      ('  of which StateTtl.effective (TimeUtils.parseDuration)','StateTtl.effective'),
      ('  of which the decision id (UUID.randomUUID / DecisionIds.next in Decision.of)',('Decision.of;java/util/UUID.randomUUID','Decision.of;io/github/sqlguard/decision/DecisionIds.next')),
      ('audit records made (Auditor.decided)','Auditor.decided'),
      ('  of which Redactor.redact','Redactor.redact'),
      ('  of which SHA-256','Auditor.sha256'),
      ('audit write (AuditedCall.writeTogether)','AuditedCall.writeTogether'),
      ('  of which Logback (Logger.info)','ch/qos/logback/classic/Logger.info'),
      ('  of which the write syscall (FileOutputStream.writeBytes)','FileOutputStream.writeBytes'),
      ('Flink making the held operation (GatewaySessions.holdStatement)','GatewaySessions.holdStatement')]
tot=0; c=collections.Counter()
for line in open(f):
    s,n=line.rstrip().rsplit(' ',1); n=int(n)
    if 'DecidingExecuteStatementHandler.handleRequest' not in s: continue
    tot+=n
    for name,key in cats:
        keys=key if isinstance(key,tuple) else (key,)
        if any(k in s for k in keys): c[name]+=n
print(f"| part | samples | % of the handler | µs of CPU per statement |")
print("|---|---:|---:|---:|")
print(f"| the handler (DecidingExecuteStatementHandler.handleRequest) | {tot} | 100 | {tot*interval_us/statements:.0f} |")
for name,_ in cats:
    print(f"| {name} | {c[name]} | {100*c[name]/tot:.1f} | {c[name]*interval_us/statements:.0f} |")
