import re,sys,os
# usage: atable.py RUN... : guarded/plain median / p99 per level and kind, from bench/gateway-goals.sh's printout
kinds=['SET','SET, unquoted key','RESET','CREATE TABLE','SHOW TABLES']
print('| run | load at start | sessions | ' + ' | '.join(kinds) + ' |'); print('|---|---|---:|' + '---|'*len(kinds))
for run in sys.argv[1:]:
    f=f'/tmp/cheap2/runs/{run}.txt'
    if not os.path.exists(f): continue
    txt=open(f).read(); load=re.search(r'load ([\d.]+ [\d.]+ [\d.]+)',txt).group(1)
    rows={}
    for line in txt.splitlines():
        c=[x.strip() for x in line.split('|')]
        if len(c)==9 and c[0] in ('1','16','64') and c[1] in kinds: rows[(c[0],c[1])]=(c[7],c[8])
    for lv in ('1','16','64'):
        if any((lv,k) in rows for k in kinds):
            print(f'| {run} | {load} | {lv} | ' + ' | '.join(f'{rows[(lv,k)][0]} / {rows[(lv,k)][1]}' if (lv,k) in rows else '' for k in kinds) + ' |')
