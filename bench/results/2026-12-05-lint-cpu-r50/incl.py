import sys,collections,re
f=sys.argv[1]; thr=sys.argv[2]; pat=re.compile(sys.argv[3]); top=int(sys.argv[4]) if len(sys.argv)>4 else 40
c=collections.Counter(); tot=0
for line in open(f):
    s,n=line.rsplit(' ',1); n=int(n); fr=s.split(';')
    if thr not in fr[0]: continue
    tot+=n
    seen=set()
    for x in fr[1:]:
        if pat.search(x) and x not in seen: seen.add(x); c[x]+=n
print('thread',thr,'samples',tot)
for x,n in c.most_common(top): print('%5d %s'%(n,x))
