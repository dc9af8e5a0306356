import sys, collections, re
# inclusive samples per frame below ROOT (each frame counted once per sample); leaf counts too
f=sys.argv[1]; root=sys.argv[2]; k=int(sys.argv[3]) if len(sys.argv)>3 else 40
tot=0; inc=collections.Counter(); leaf=collections.Counter()
for line in open(f):
    s,n=line.rstrip().rsplit(' ',1); n=int(n)
    fr=s.split(';')
    idx=[i for i,x in enumerate(fr) if root in x]
    if not idx: continue
    tot+=n; below=fr[idx[0]+1:]
    for x in set(re.sub(r'\$\$Lambda\$\d+\.0x[0-9a-f]+','$$Lambda',y) for y in below): inc[x]+=n
    leaf[below[-1] if below else '<self>']+=n
print('total',tot)
for x,v in inc.most_common(k): print(v, round(100*v/tot,1), x[:160])
print('-- leaves')
for x,v in leaf.most_common(15): print(v, round(100*v/tot,1), x[:160])
