import sys,re
# joran-span.py LOG: uptime of the first Logback class and of the last Joran/XML-parser class (-Xlog:class+load)
first=last=None
for line in open(sys.argv[1]):
    m=re.match(r'\[(\d+\.\d+)s\].*\] (\S+) source: (.*)',line)
    if not m: continue
    t,c=float(m.group(1)),m.group(2)
    if first is None and c.startswith('ch.qos.logback'): first=t
    if re.match(r'ch\.qos\.logback\.(core|classic)\.(joran|model)|com\.sun\.org\.apache\.xerces|javax\.xml|org\.xml\.sax|ch\.qos\.logback\.core\.(FileAppender|OutputStreamAppender|rolling)',c): last=t
print('%.0f ms (%.3f -> %.3f)'%((last-first)*1000,first,last))
