#!/usr/bin/env python3
"""check_trace.py FILE --threads N [--barriers B] [--hunt] [--program traced]

Validates a trace written by upcrun -trace (Chrome trace-event JSON): the
file's structure, one named track per UPC thread, that the complete spans of
each track nest, that every upc_barrier span holds exactly its upc_wait, that
the bytes counters never go down and that every HUNT strip that began ended.
With --barriers: every thread has exactly B barrier spans.  With --hunt:
every thread has HUNT strips.  With --program traced: what
test/trace/traced.upc did is there (the lock waits of threads 1.., both
collectives on every thread, the 64 KB upc_memget and not the 100-byte one).
Exits 1 with the reasons when the file is wrong."""
import argparse
import json
import sys
from decimal import Decimal

BIG, SMALL = 65536, 100
NS = Decimal(1000)


def ns(v):
    """A time of the file (microseconds, exact to the ns) as integer ns."""
    return int(Decimal(v) * NS)


def check(path, threads, barriers, program, hunt=False):
    errors = []

    def err(msg):
        if len(errors) < 30:
            errors.append(msg)

    try:
        with open(path) as f:
            doc = json.load(f, parse_float=Decimal)
    except (OSError, ValueError) as e:
        return ["%s: not readable JSON: %s" % (path, e)]
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        return ["no traceEvents list at the top level"]
    if doc.get("displayTimeUnit") != "ns":
        err("displayTimeUnit is %r, not \"ns\"" % doc.get("displayTimeUnit"))
    other = doc.get("otherData", {})
    if other.get("threads") != threads:
        err("otherData.threads is %r, expected %d" % (other.get("threads"), threads))
    dropped = other.get("dropped_events")
    if dropped != 0:
        err("otherData.dropped_events is %r (the test's buffers must not overflow)" % dropped)

    names = {}      # tid -> track name
    spans = {}      # tid -> [(start ns, end ns, name, args)]
    counters = {}   # counter name -> [(ts ns, got, put)]
    asyncs = {}     # (cat, id) -> [ph, ts ns]
    for i, e in enumerate(doc["traceEvents"]):
        where = "event %d (%s)" % (i, json.dumps(e, default=str)[:120])
        if not isinstance(e, dict):
            err("%s: not an object" % where)
            continue
        ph = e.get("ph")
        for key in ("ph", "name", "pid", "tid"):
            if key not in e:
                err("%s: no %s" % (where, key))
        if not isinstance(e.get("name"), str) or not isinstance(e.get("tid"), int):
            continue
        if ph != "M" and not isinstance(e.get("ts"), (Decimal, int)):
            err("%s: no numeric ts" % where)
            continue
        tid = e["tid"]
        if ph == "M":
            if e["name"] == "thread_name":
                names[tid] = e.get("args", {}).get("name")
        elif ph == "X":
            dur = e.get("dur")
            if not isinstance(dur, (Decimal, int)) or dur < 0:
                err("%s: dur missing or negative" % where)
                continue
            t0 = ns(e["ts"])
            spans.setdefault(tid, []).append((t0, t0 + ns(dur), e["name"], e.get("args", {})))
        elif ph == "C":
            a = e.get("args", {})
            if not isinstance(a.get("got"), int) or not isinstance(a.get("put"), int):
                err("%s: a bytes counter without got and put" % where)
                continue
            counters.setdefault(e["name"], []).append((ns(e["ts"]), a["got"], a["put"]))
        elif ph in ("b", "e"):
            key = (e.get("cat"), e.get("id"))
            asyncs.setdefault(key, []).append((ph, ns(e["ts"])))
        else:
            err("%s: unexpected phase %r" % (where, ph))

    for t in range(threads):
        if names.get(t) != "thread %d" % t:
            err("track %d is named %r, not \"thread %d\"" % (t, names.get(t), t))
    for tid in set(spans) | set(names):
        if tid not in names:
            err("track %d has spans but no name" % tid)
        elif tid >= threads and names[tid] != "thread %d progress" % (tid - threads):
            err("track %d is named %r" % (tid, names[tid]))

    # spans of one track nest: sorted by start (longer first), each one ends
    # no later than every span still open around it
    for tid, ss in spans.items():
        ss.sort(key=lambda s: (s[0], -s[1]))
        stack = []
        for s in ss:
            while stack and stack[-1][1] <= s[0]:
                stack.pop()
            if stack and s[1] > stack[-1][1]:
                err("track %d: %s [%d, %d] overlaps %s [%d, %d] partly" %
                    (tid, s[2], s[0], s[1], stack[-1][2], stack[-1][0], stack[-1][1]))
            stack.append(s)

    for t in range(threads):
        ss = spans.get(t, [])
        bars = [s for s in ss if s[2] == "upc_barrier"]
        waits = [s for s in ss if s[2] == "upc_wait"]
        if barriers is not None and len(bars) != barriers:
            err("thread %d: %d barrier spans, the program did %d barriers" %
                (t, len(bars), barriers))
        if len(waits) != len(bars):
            err("thread %d: %d upc_wait spans for %d barriers" % (t, len(waits), len(bars)))
        for b in bars:
            inside = [w for w in waits if b[0] <= w[0] and w[1] <= b[1]]
            if len(inside) != 1:
                err("thread %d: the barrier at %d ns holds %d upc_wait spans" %
                    (t, b[0], len(inside)))
        if program == "traced":
            got = {s[2] for s in ss}
            for want in ("upc_all_broadcast", "upc_all_reduceI", "upc_memget"):
                if want not in got:
                    err("thread %d: no %s span" % (t, want))
            if t > 0 and "upc_lock" not in got:
                err("thread %d: no upc_lock span (it waited for thread 0's lock)" % t)
            gets = [s for s in ss if s[2] == "upc_memget"]
            if any(s[3].get("bytes") != BIG for s in gets):
                err("thread %d: upc_memget spans of %s bytes, expected only the %d-byte one" %
                    (t, [s[3].get("bytes") for s in gets], BIG))
        c = counters.get("thread %d bytes" % t, [])
        if not c:
            err("thread %d: no bytes counter" % t)
        c.sort()
        for (t0, g0, p0), (t1, g1, p1) in zip(c, c[1:]):
            if g1 < g0 or p1 < p0:
                err("thread %d: bytes counter goes down at %d ns" % (t, t1))
        if program == "traced" and c and c[-1][1] < BIG + SMALL:
            err("thread %d: %d bytes got, the program got %d" % (t, c[-1][1], BIG + SMALL))

    if hunt:
        for t in range(threads):
            if not any(k[0] == "thread %d" % t for k in asyncs):
                err("thread %d: no HUNT strips" % t)
    for key, evs in asyncs.items():
        evs.sort(key=lambda x: (x[1], x[0] == "e"))
        phs = [p for p, _ in evs]
        if phs != ["b", "e"]:
            err("async %s: events %s, expected one b then one e" % (key, phs))
    return errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--threads", type=int, required=True)
    ap.add_argument("--barriers", type=int)
    ap.add_argument("--program", choices=["traced"])
    ap.add_argument("--hunt", action="store_true", help="every thread has HUNT strips")
    a = ap.parse_args()
    errors = check(a.file, a.threads, a.barriers, a.program, a.hunt)
    if errors:
        for e in errors:
            print("check_trace: %s: %s" % (a.file, e))
        return 1
    print("check_trace: %s: ok" % a.file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
