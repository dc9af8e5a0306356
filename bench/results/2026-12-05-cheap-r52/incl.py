import sys, collections
f=sys.argv[1]; root=sys.argv[2]; depth=int(sys.argv[3]) if len(sys.argv)>3 else 1
tot=0; child=collections.Counter(); selfc=collections.Counter()
for line in open(f):
    stack, n = line.rstrip().rsplit(' ',1); n=int(n)
    frames=stack.split(';')
    idx=[i for i,fr in enumerate(frames) if root in fr]
    if not idx: continue
    i=idx[0]
    tot+=n
    rest=frames[i+1:i+1+depth]
    child[';'.join(rest) if rest else '<self>']+=n
print('total',tot)
for k,v in child.most_common(40): print(v, round(100*v/tot,1), k[:250])
