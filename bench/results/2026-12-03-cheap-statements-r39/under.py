import json, subprocess, sys, collections
f=sys.argv[1]; anchor=sys.argv[2]; depth=int(sys.argv[3]) if len(sys.argv)>3 else 3
thread=sys.argv[4] if len(sys.argv)>4 else 'netty-worker'
out = subprocess.run(['jfr','print','--json','--stack-depth','96','--events','jdk.ObjectAllocationSample',f],capture_output=True,text=True).stdout
ev=json.loads(out)['recording']['events']
c=collections.Counter(); tot=0
for e in ev:
    v=e['values']; t=v['eventThread']
    if not t or thread not in (t['javaName'] or ''): continue
    frames=[fr['method']['type']['name'].split('/')[-1]+'.'+fr['method']['name']+':'+str(fr.get('lineNumber')) for fr in v['stackTrace']['frames']]
    idx=next((i for i,fr in enumerate(frames) if anchor in fr), None)
    if idx is None: continue
    w=v['weight']; tot+=w
    path=' < '.join(frames[max(0,idx-depth):idx])
    c[(v['objectClass']['name'] if v.get('objectClass') else '?')+' @ '+path]+=w
print(f'under {anchor}: {tot/1e6:.1f} MB')
for k,w in c.most_common(25): print(f'{w/1e6:7.1f} {k}')
