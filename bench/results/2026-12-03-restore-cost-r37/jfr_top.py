#!/usr/bin/env python3
"""Top frames of a JFR recording under anchor methods.

usage: jfr_top.py rec.json [anchor ...]   (rec.json: jfr print --json --stack-depth 64 --events
jdk.ObjectAllocationSample,jdk.ExecutionSample rec.jfr)
An anchor is Class.method (simple or qualified class name). For each anchor and event type: the
samples (allocation: their weight in bytes) whose stack has the anchor, by the anchor's direct callee
and by the innermost frame (self), largest first.
"""
import json, sys, collections

def frame_name(f):
    m = f["method"]
    t = m["type"]["name"].replace("/", ".")
    return t + "." + m["name"]

def matches(name, anchor):
    cls, _, meth = anchor.rpartition(".")
    n_cls, _, n_meth = name.rpartition(".")
    return n_meth == meth and (n_cls == cls or n_cls.endswith("." + cls) or n_cls.endswith("$" + cls))

def main():
    data = json.load(open(sys.argv[1]))
    anchors = sys.argv[2:]
    events = data["recording"]["events"]
    for kind, weight_of in (("jdk.ObjectAllocationSample", lambda v: v.get("weight", 0)),
                            ("jdk.ExecutionSample", lambda v: 1)):
        evs = [e["values"] for e in events if e["type"] == kind and e["values"].get("stackTrace")]
        unit = "bytes" if kind == "jdk.ObjectAllocationSample" else "samples"
        print(f"## {kind}: {len(evs)} events")
        for anchor in anchors:
            callee = collections.Counter()
            self_ = collections.Counter()
            total = 0
            n = 0
            for v in evs:
                frames = [frame_name(f) for f in v["stackTrace"]["frames"]]
                idx = None
                for i, name in enumerate(frames):  # innermost first: first match is the innermost anchor frame
                    if matches(name, anchor):
                        idx = i
                        break
                if idx is None:
                    continue
                w = weight_of(v)
                total += w
                n += 1
                callee[frames[idx - 1] if idx > 0 else "(self)"] += w
                self_[frames[0]] += w
            print(f"\n### under {anchor}: {n} events, {total} {unit}")
            print("| direct callee | " + unit + " | share |\n|---|---:|---:|")
            for name, w in callee.most_common(12):
                print(f"| `{name}` | {w} | {100.0 * w / total:.0f} % |")
            print("\n| innermost frame | " + unit + " | share |\n|---|---:|---:|")
            for name, w in self_.most_common(12):
                print(f"| `{name}` | {w} | {100.0 * w / total:.0f} % |")
        print()

main()
