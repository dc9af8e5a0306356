import sys,re,statistics
for f in sys.argv[1:]:
  d=[];a=[];b=[]
  for l in open(f):
    m=re.findall(r'(\d+) ms',l)
    if len(m)==2: x,y=map(int,m); a.append(x); b.append(y); d.append(y-x)
  print(f, 'n',len(d),'B<A',sum(1 for x in d if x<0),'medA',statistics.median(a),'medB',statistics.median(b),'med diff',statistics.median(d))
