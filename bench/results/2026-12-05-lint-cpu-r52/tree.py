import sys,collections,re
# tree.py FILE THREAD ROOTPAT DEPTH MIN : inclusive tree below first frame matching ROOTPAT, sqlguard/picocli/flink frames only shown (others collapsed)
f,thr,root,depth,mn=sys.argv[1],sys.argv[2],sys.argv[3],int(sys.argv[4]),int(sys.argv[5])
keep=re.compile(sys.argv[6] if len(sys.argv)>6 else r'sqlguard|picocli|flink|calcite|jackson|logback|slf4j|ServiceLoader|<clinit>')
tree=collections.Counter()
for line in open(f):
    s,n=line.rsplit(' ',1); n=int(n); fr=s.split(';')
    if thr not in fr[0]: continue
    idx=[k for k,x in enumerate(fr) if re.search(root,x)]
    if not idx: continue
    path=[x for x in fr[idx[0]:] if keep.search(x) and 'Lambda$' not in x and 'lambda$' not in x]
    for d in range(1,min(depth,len(path))+1): tree[tuple(path[:d])]+=n
for k in sorted(tree):
    if tree[k]>=mn: print('%5d %s%s'%(tree[k],'  '*(len(k)-1),k[-1]))
