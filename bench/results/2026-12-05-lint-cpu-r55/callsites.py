#!/usr/bin/env python3
"""callsites.py PROFILE...: samples under MethodHandleNatives.linkCallSite (invokedynamic call sites linking), by
bootstrap (lambda, Scala's serializable lambdas, string concatenation, records' ObjectMethods, other) and by the package of
the calling class; and under LambdaForm.compileToBytecode (LambdaForm classes spun at run time)."""
import sys, collections
for path in sys.argv[1:]:
    total = 0; kinds = collections.Counter(); origin = collections.Counter(); spun = 0
    for line in open(path):
        stack, n = line.rsplit(' ', 1); n = int(n); total += n
        frames = stack.split(';')
        if any('LambdaForm.compileToBytecode' in f for f in frames):
            spun += n
        at = [k for k, f in enumerate(frames) if 'MethodHandleNatives.linkCallSite' in f]
        if not at:
            continue
        i = at[0]; below = frames[i:]
        kind = ('concat' if any('StringConcatFactory' in f for f in below) else
                'scala-serializable-lambda' if any('altMetafactory' in f for f in below) else
                'lambda' if any('LambdaMetafactory.metafactory' in f for f in below) else
                'record-objectmethods' if any('ObjectMethods' in f for f in below) else 'other')
        kinds[kind] += n
        caller = frames[i - 1]
        pkg = '/'.join(caller.split('/')[:3]) if caller.count('/') >= 3 else caller
        origin[(pkg, kind)] += n
    print(f"{path}: {total} samples; linking call sites {sum(kinds.values())}: " +
          ", ".join(f"{k} {v}" for k, v in kinds.most_common()) + f"; LambdaForms compiled {spun}")
    for (pkg, kind), v in origin.most_common(10):
        print(f"    {v:4d} {pkg} {kind}")
