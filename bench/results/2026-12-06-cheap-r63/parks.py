import re,collections,sys
# usage: jfr print --events jdk.ThreadPark,jdk.JavaMonitorEnter --stack-depth 8 X.jfr > p.txt; parks.py p.txt [FROM_HH:MM:SS.mmm]
txt=open(sys.argv[1]).read(); since=sys.argv[2] if len(sys.argv)>2 else ''
c=collections.Counter(); t=collections.Counter(); allio=collections.Counter()
for e in txt.split('\njdk.'):
    m=re.search(r'duration = ([\d.]+) (ms|s)',e)
    if not m: continue
    d=float(m.group(1))*(1000 if m.group(2)=='s' else 1)
    th=re.search(r'eventThread = "([^"]+)"',e); th=th.group(1) if th else '?'
    st=re.search(r'startTime = (\S+)',e).group(1)
    if st < since: continue
    frames=re.findall(r'\n\s+([\w.$]+)\(',e)
    key=next((f for f in frames if 'sqlguard' in f or 'flink.table' in f),'?')
    grp=re.sub(r'-\d+$','',th)
    c[(grp,key)]+=1; t[(grp,key)]+=d
for k,v in sorted(t.items(),key=lambda x:-x[1])[:12]: print(f'{c[k]:5d} {v:9.1f} ms  {k[0]} | {k[1]}')
