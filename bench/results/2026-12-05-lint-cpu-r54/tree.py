import sys,collections
# tree.py PROFILE THREADPREFIX DEPTH [MIN] [ROOTFRAME]: collapsed stacks of one thread as an indented tree of frames
f,th,depth=sys.argv[1],sys.argv[2],int(sys.argv[3]); mn=int(sys.argv[4]) if len(sys.argv)>4 else 5
root=sys.argv[5] if len(sys.argv)>5 else None
c=collections.Counter()
for line in open(f):
    s,n=line.rsplit(' ',1); fr=s.split(';')
    if not fr[0].startswith('['+th): continue
    fr=fr[1:]
    if root:
        idx=[i for i,x in enumerate(fr) if root in x]
        if not idx: continue
        fr=fr[idx[0]:]
    for d in range(1,min(depth,len(fr))+1): c[tuple(fr[:d])]+=int(n)
def show(prefix,d):
    kids=sorted([k for k in c if len(k)==d+1 and k[:d]==prefix],key=lambda k:-c[k])
    for k in kids:
        if c[k]<mn: continue
        print('  '*d+'%d %s'%(c[k],k[-1][:150])); show(k,d+1)
show((),0)
