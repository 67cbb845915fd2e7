#!/usr/bin/env python3
"""time_report.py UPCC SOURCE — upcc -ftime-report names every phase of a
compile with its seconds, and the sum: preprocessing, the surface pass, Sema,
each optimizer pass that ran, lowering, the backend, then the link."""
import os
import re
import subprocess
import sys
import tempfile


def main():
    upcc, src = sys.argv[1], sys.argv[2]
    out = os.path.join(tempfile.mkdtemp(prefix="timerep."), "a.out")
    p = subprocess.run([upcc, "-O2", "-ftime-report", "-o", out, src], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if p.returncode != 0:
        sys.exit("time_report.py: upcc failed:\n" + p.stderr)
    lines = re.findall(r"^upcc: time: +([0-9.]+) s  (.*)$", p.stderr, re.M)
    phases = [name for _, name in lines]
    want = ["preprocessing", "surface pass", "Sema and UPC checks", "optimizer: upc-forall-opt",
            "optimizer: upc-privatize", "optimizer: upc-remote-update",
            "optimizer: upc-loop-versioning", "optimizer: upc-coalesce", "lowering", "backend (clang -c of the emitted C)"]
    if phases[:len(want)] != want:
        sys.exit("time_report.py: phases %s, expected %s first\n%s" % (phases, want, p.stderr))
    secs = [float(t) for t, _ in lines]
    total = re.match(r"total, ([0-9.]+)x the backend alone$", phases[len(want)])
    if not total or abs(secs[len(want)] - sum(secs[:len(want)])) > 2e-3 * len(want):
        sys.exit("time_report.py: no total of the phases:\n" + p.stderr)
    if abs(float(total.group(1)) - secs[len(want)] / secs[len(want) - 1]) > 0.01:
        sys.exit("time_report.py: the ratio is not the total over the backend:\n" + p.stderr)
    if phases[len(want) + 1:] != ["link"]:
        sys.exit("time_report.py: no link time last:\n" + p.stderr)
    # with -fupc-opts=none no pass runs
    p = subprocess.run([upcc, "-fupc-opts=none", "-ftime-report", "-c", "-o", out + ".o", src],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    if p.returncode != 0 or "optimizer:" in p.stderr or "lowering" not in p.stderr:
        sys.exit("time_report.py: -fupc-opts=none:\n" + p.stderr)
    print("time_report.py: %d phases, %.3f s" % (len(lines), secs[len(want)]))


if __name__ == "__main__":
    main()
