import sys,collections,re
f,thr=sys.argv[1],sys.argv[2]
pat=sys.argv[3] if len(sys.argv)>3 else None
inc=collections.Counter(); tot=0
for line in open(f):
    stack,n=line.rsplit(' ',1); n=int(n)
    fr=stack.split(';')
    if thr not in fr[0]: continue
    tot+=n
    seen=set()
    for x in fr[1:]:
        if pat and not re.search(pat,x): continue
        if x in seen: continue
        seen.add(x); inc[x]+=n
print('total',tot)
for k,v in inc.most_common(int(sys.argv[4]) if len(sys.argv)>4 else 60): print(v,k)
