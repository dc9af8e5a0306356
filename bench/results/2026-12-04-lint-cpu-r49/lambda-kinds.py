# lambda-kinds.py: the lambda classes lint's JVM spins at run time (not from the archive, -Xlog:class+load of
# counts.sh: lambda-hosts.txt, "count host-class"), by how their host class makes them: javap -v of each host
# class from the CLI jar (hosts-javap.txt) names LambdaMetafactory.altMetafactory (serializable or with marker
# interfaces / bridges: Scala 2.12 compiles every function literal so) or the plain metafactory.
import re, collections
txt = open('hosts-javap.txt').read()
info = {}
for p in re.split(r'\nClassfile ', txt):
    m = re.search(r'^(?:public |final |abstract |private |protected |static |synchronized |interface |class |enum )*[a-z ]*?(?:class|interface|enum) ([\w.$]+)', p, re.M)
    cf = re.search(r'Compiled from "([^"]+)"', p)
    if m:
        info[m.group(1)] = (cf.group(1) if cf else '?', 'altMetafactory' in p)
count = collections.Counter()
for line in open('lambda-hosts.txt'):
    n, host = line.split()
    src, alt = info[host]
    count[('scala' if src.endswith('.scala') else 'java', 'altMetafactory' if alt else 'metafactory')] += int(n)
for k, v in count.most_common():
    print(v, *k)
