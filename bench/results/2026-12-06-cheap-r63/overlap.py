import re,sys,datetime
# Time during which 2, 3 or 4 REST I/O threads were parked on the audit's writing lock at once.
txt=open(sys.argv[1]).read(); iv=[]
for e in txt.split('\njdk.'):
    if 'AuditLog.writeQueued' not in e or 'netty-worker' not in e: continue
    st=re.search(r'startTime = (\d+):(\d+):([\d.]+)',e); s=int(st.group(1))*3600+int(st.group(2))*60+float(st.group(3))
    m=re.search(r'duration = ([\d.]+) (ms|s)',e); d=float(m.group(1))*(1 if m.group(2)=='s' else 0.001)
    iv.append((s,1)); iv.append((s+d,-1))
iv.sort(); cur=0; last=None; at={}
for t,dv in iv:
    if last is not None and cur>0: at[cur]=at.get(cur,0)+(t-last)
    cur+=dv; last=t
print({k: round(v*1000,1) for k,v in sorted(at.items())}, 'ms with k I/O threads parked on the audit lock')
