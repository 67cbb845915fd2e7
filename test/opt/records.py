#!/usr/bin/env python3
"""records.py UPCC SOURCE... — upcc -fsave-optimization-record: one YAML
record per -Rupc remark, with the pass, applied or missed, the place in the
user's source, the function and the reason; the file is replaced on each
compile, and the default name follows the output (-c -o x.o: x.opt.yaml)."""
import os
import re
import subprocess
import sys
import tempfile

import yaml


def load(path):
    loader = yaml.SafeLoader
    for tag in ("!Passed", "!Missed"):
        loader.add_constructor(tag, lambda l, n, t=tag: dict(l.construct_mapping(n, deep=True), Kind=t[1:]))
    with open(path) as f:
        return [d for d in yaml.load_all(f, Loader=loader) if d is not None]


def fail(msg):
    print("records.py: " + msg)
    sys.exit(1)


def main():
    upcc, srcs = sys.argv[1], sys.argv[2:]
    tmp = tempfile.mkdtemp(prefix="records.")
    rec = os.path.join(tmp, "out.yaml")
    p = subprocess.run([upcc, "-Rupc", "-fsave-optimization-record=" + rec, "-o",
                        os.path.join(tmp, "a.out")] + srcs,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode != 0:
        fail("upcc failed:\n" + p.stdout)
    remarks = [l for l in p.stdout.splitlines() if re.match(r"^\S+:\d+:\d+: remark: ", l)]
    docs = load(rec)
    if len(docs) != len(remarks) or not docs:
        fail("%d records for %d remarks" % (len(docs), len(remarks)))
    passes = {"upc-forall-opt", "upc-privatize", "upc-remote-update", "upc-loop-versioning",
              "upc-coalesce"}
    for d, r in zip(docs, remarks):
        m = re.match(r"^(.*):(\d+):(\d+): remark: (.*) \[-Rupc\]$", r)
        loc = d["DebugLoc"]
        if (loc["File"], loc["Line"], loc["Column"]) != (m.group(1), int(m.group(2)), int(m.group(3))):
            fail("record at %s, remark at %s" % (loc, r))
        if d["Pass"] not in passes or d["Name"] not in ("Applied", "Missed"):
            fail("pass or name: %s" % d)
        if (d["Kind"] == "Passed") != (d["Name"] == "Applied"):
            fail("kind and name disagree: %s" % d)
        text = " ".join(str(list(a.values())[0]) for a in d["Args"])
        if not all(w in m.group(4) for w in text.split()):
            fail("args %r are not the remark %r" % (text, m.group(4)))
        missed = re.search(r"not privatized|kept|not versioned|not converted|not coalesced|nested in", m.group(4))
        if bool(missed) == (d["Kind"] == "Passed"):
            fail("remark %r recorded as %s" % (m.group(4), d["Kind"]))
    # what the stencil program must say, where
    want = [("upc-privatize", "Passed", "sweep2", "g[s][y][x - 1] privatized", "in the affinity's block, -1 from it"),
            ("upc-privatize", "Missed", "sweep2", "g[s][y - 1][x] not privatized",
             "the index differs from the affinity by -16: that leaves the affinity's block and is "
             "not a whole number of THREADS blocks"),
            ("upc-loop-versioning", "Passed", "nested_rows", "loop versioned", None),
            ("upc-forall-opt", "Passed", "sweep3", "upc_forall affinity test removed",
             "blocked layout, block 8, the iterations in one block")]
    for pas, kind, fn, subject, reason in want:
        hit = [d for d in docs if d["Pass"] == pas and d["Kind"] == kind and d["Function"] == fn and
               d["Args"][0].get("String") == subject and
               (reason is None or (len(d["Args"]) > 1 and d["Args"][1].get("Reason") == reason))]
        if not hit:
            fail("no record %s %s in %s: %s (%s)" % (pas, kind, fn, subject, reason))
    # a second compile replaces the file; -c -o names the default after the object
    subprocess.run([upcc, "-fsave-optimization-record=" + rec, "-o", os.path.join(tmp, "a.out")] + srcs,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if len(load(rec)) != len(docs):
        fail("a second compile did not replace the records")
    obj = os.path.join(tmp, "x.o")
    subprocess.run([upcc, "-c", "-fsave-optimization-record", "-o", obj, srcs[0]], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not load(os.path.join(tmp, "x.opt.yaml")):
        fail("-c -o x.o wrote no x.opt.yaml")
    print("records.py: %d records checked" % len(docs))


if __name__ == "__main__":
    main()
