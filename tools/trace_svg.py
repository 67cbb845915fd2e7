#!/usr/bin/env python3
"""trace_svg.py — draws a timeline written by upcrun -trace as an SVG picture.

    tools/trace_svg.py upcc-trace.json -o trace.svg [--from US] [--to US] [--width PX]

One lane per track of the file (each UPC thread, under it its progress
thread's work when it did any), spans as coloured rectangles (a span inside
another is drawn inset, so a barrier's wait sits inside the barrier), HUNT
strips in a band under their thread's lane, a legend and a time axis in
milliseconds from the start of main.  --from/--to cut a window (microseconds
of the file).  Python 3 standard library only."""
import argparse
import json
import sys
from xml.sax.saxutils import escape

# (label, colour, test on a span's name), first match wins
KINDS = [
    ("barrier", "#7fa7d9", lambda n: n == "upc_barrier"),
    ("barrier wait", "#d9534f", lambda n: n == "upc_wait"),
    ("lock wait", "#f0a030", lambda n: n == "upc_lock"),
    ("collective", "#5cb85c", lambda n: n.startswith(("upc_all_", "xupc_all", "upcx_team"))),
    ("get / put", "#9b6fc6", lambda n: n.startswith(("upc_mem", "remote "))),
    ("progress thread", "#8c8c8c", lambda n: n.startswith("progress")),
    ("HUNT strip", "#35a7a0", lambda n: n.startswith("HUNT")),
    ("other", "#c8c8c8", lambda n: True),
]


def kind(name):
    for label, colour, test in KINDS:
        if test(name):
            return label, colour
    return KINDS[-1][:2]


def nice_step(span, ticks):
    """A round tick step (1, 2 or 5 times a power of ten) for ~ticks ticks."""
    raw = span / max(ticks, 1)
    p = 1.0
    while p * 10 <= raw:
        p *= 10
    while p > raw:
        p /= 10
    for m in (1, 2, 5, 10):
        if p * m >= raw:
            return p * m
    return p * 10


def load(path):
    with open(path) as f:
        doc = json.load(f)
    names, order, spans, strips = {}, {}, {}, {}
    opened = {}
    for e in doc.get("traceEvents", []):
        ph, tid = e.get("ph"), e.get("tid")
        if ph == "M" and e.get("name") == "thread_name":
            names[tid] = e["args"]["name"]
        elif ph == "M" and e.get("name") == "thread_sort_index":
            order[tid] = e["args"]["sort_index"]
        elif ph == "X":
            spans.setdefault(tid, []).append((float(e["ts"]), float(e["ts"]) + float(e["dur"]),
                                              e["name"], e.get("args", {})))
        elif ph == "b":
            opened[(e.get("cat"), e.get("id"))] = (float(e["ts"]), tid, e["name"])
        elif ph == "e":
            b = opened.pop((e.get("cat"), e.get("id")), None)
            if b:
                strips.setdefault(b[1], []).append((b[0], float(e["ts"]), b[2]))
    tracks = sorted(set(names) | set(spans), key=lambda t: (order.get(t, t), t))
    return doc, tracks, names, spans, strips


def render(path, out, t_from=None, t_to=None, width=1100):
    doc, tracks, names, spans, strips = load(path)
    times = [s[0] for ss in spans.values() for s in ss] + \
            [s[1] for ss in spans.values() for s in ss]
    if not times:
        sys.exit("trace_svg: %s has no spans" % path)
    lo = t_from if t_from is not None else min(times)
    hi = t_to if t_to is not None else max(times)
    if hi <= lo:
        hi = lo + 1
    left, right, top = 150, 20, 50
    plot_w = width - left - right
    lane_h, strip_h, gap = 26, 8, 8

    def x(t):
        return left + (min(max(t, lo), hi) - lo) * plot_w / (hi - lo)

    body, y, used = [], top, set()
    for tid in tracks:
        body.append('<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>'
                    % (left - 8, y + lane_h / 2, escape(names.get(tid, "track %d" % tid))))
        body.append('<rect x="%d" y="%d" width="%d" height="%d" fill="#f6f6f6"/>'
                    % (left, y, plot_w, lane_h))
        # nesting depth from the spans open around each one
        ss = sorted(spans.get(tid, []), key=lambda s: (s[0], -s[1]))
        stack = []
        for s in ss:
            while stack and stack[-1] <= s[0]:
                stack.pop()
            depth = len(stack)
            stack.append(s[1])
            if s[1] < lo or s[0] > hi:
                continue
            label, colour = kind(s[2])
            used.add(label)
            inset = min(3 * depth, lane_h / 2 - 2)
            w = max(x(s[1]) - x(s[0]), 0.6)
            title = "%s: %.3f us%s" % (s[2], s[1] - s[0],
                                       ", %s bytes" % s[3]["bytes"] if "bytes" in s[3] else "")
            body.append('<rect x="%.2f" y="%.1f" width="%.2f" height="%.1f" fill="%s">'
                        '<title>%s</title></rect>'
                        % (x(s[0]), y + inset, w, lane_h - 2 * inset, colour, escape(title)))
        y += lane_h
        # HUNT strips of this thread: greedy rows, so that overlapping strips
        # do not hide each other
        rows = []
        for s in sorted(strips.get(tid, [])):
            if s[1] < lo or s[0] > hi:
                continue
            r = next((i for i, end in enumerate(rows) if end <= s[0]), None)
            if r is None:
                rows.append(0)
                r = len(rows) - 1
            rows[r] = s[1]
            label, colour = kind(s[2])
            used.add(label)
            body.append('<rect x="%.2f" y="%.1f" width="%.2f" height="%d" fill="%s">'
                        '<title>%s: %.3f us</title></rect>'
                        % (x(s[0]), y + 1 + r * strip_h, max(x(s[1]) - x(s[0]), 0.6),
                           strip_h - 2, colour, escape(s[2]), s[1] - s[0]))
        y += len(rows) * strip_h + gap

    # time axis, in ms from the start of main
    axis_y = y + 4
    body.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>'
                % (left, axis_y, left + plot_w, axis_y))
    step = nice_step(hi - lo, 10)
    t = (lo // step) * step
    while t <= hi:
        if t >= lo:
            body.append('<line x1="%.2f" y1="%d" x2="%.2f" y2="%d" stroke="black"/>'
                        '<text x="%.2f" y="%d" text-anchor="middle">%g</text>'
                        % (x(t), axis_y, x(t), axis_y + 5, x(t), axis_y + 18, round(t / 1000, 6)))
        t += step
    body.append('<text x="%d" y="%d" text-anchor="middle">ms since main</text>'
                % (left + plot_w / 2, axis_y + 34))

    # legend: the kinds drawn
    lx = left
    legend = []
    for label, colour, _ in KINDS:
        if label in used:
            legend.append('<rect x="%d" y="22" width="12" height="12" fill="%s"/>'
                          '<text x="%d" y="32">%s</text>' % (lx, colour, lx + 16, escape(label)))
            lx += 24 + 7 * len(label)
    other = doc.get("otherData", {})
    title = "%s: %s threads, %.3f ms shown" % (path.split("/")[-1], other.get("threads", "?"),
                                                (hi - lo) / 1000)
    if other.get("dropped_events"):
        title += " (%d events dropped)" % other["dropped_events"]
    height = axis_y + 44
    with open(out, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
                'font-family="sans-serif" font-size="11">\n'
                '<rect width="100%%" height="100%%" fill="white"/>\n'
                '<text x="%d" y="14" font-size="13">%s</text>\n'
                % (width, height, left, escape(title)))
        f.write("\n".join(legend + body))
        f.write("\n</svg>\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("trace", help="the JSON file upcrun -trace wrote")
    ap.add_argument("-o", "--output", help="SVG file (default: TRACE with .svg)")
    ap.add_argument("--from", dest="t_from", type=float, help="window start, us")
    ap.add_argument("--to", dest="t_to", type=float, help="window end, us")
    ap.add_argument("--width", type=int, default=1100, help="picture width in pixels")
    a = ap.parse_args()
    out = a.output or (a.trace[:-5] if a.trace.endswith(".json") else a.trace) + ".svg"
    render(a.trace, out, a.t_from, a.t_to, a.width)
    print("trace_svg: wrote %s" % out)


if __name__ == "__main__":
    main()
