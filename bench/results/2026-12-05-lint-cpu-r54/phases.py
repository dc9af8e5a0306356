# phases.py PROFILE...: async-profiler collapsed stacks of lint's JVM (threads) -> samples per phase: round 53's
# phases (../2026-12-05-lint-cpu-r53/phases.py) with the splitting of generated code (JavaCodeSplitter) apart
import collections, importlib.util, os, sys
spec = importlib.util.spec_from_file_location(
    'r53', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '2026-12-05-lint-cpu-r53', 'phases.py'))
r53 = importlib.util.module_from_spec(spec)
argv, sys.argv = sys.argv, sys.argv[:1]
spec.loader.exec_module(r53)
sys.argv = argv

def phase(th, s):
    if 'JavaCodeSplitter' in s: return 'splitting generated code (JavaCodeSplitter, both planner threads)'
    return r53.phase(th, s)

if __name__ == '__main__':
    for f in sys.argv[1:]:
        c = collections.Counter(); t = 0
        for line in open(f):
            s, n = line.rsplit(' ', 1); n = int(n); t += n; c[phase(s.split(';')[0], s)] += n
        print(f, 'samples', t)
        for k, v in sorted(c.items(), key=lambda x: -x[1]): print('  %5d %5.1f%%  %s' % (v, 100 * v / t, k))
