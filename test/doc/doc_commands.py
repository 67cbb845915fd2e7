#!/usr/bin/env python3
"""doc_commands.py SRC BUILD — runs every shell block of README.md and docs/*.md.

A fenced block whose info string starts with sh is a command a reader will
type, so a renamed flag or file must fail a test.  Each block runs with
bash -e in a fresh directory where every top-level entry of the source tree
is a symbolic link (and build/ is BUILD), so commands read the tree as
written and leave their outputs behind in a directory that is removed.  The
blocks of one page share that directory, in order, as a reader following
the page does (a program built in one block runs in the next).

Markers after the language say why a block is not run here:
  ```sh not-run:REASON   never (REASON: fresh-machine, hours, second-build,
                         install, self: the block is this test's own run,
                         slurm: inside a Slurm allocation on a cluster)
  ```sh needs-root       only as root (emulated nodes); otherwise skipped
Prints one line per block and exits 1 if any block failed or has a marker
this script does not know."""
import os
import shutil
import subprocess
import sys
import tempfile

KNOWN_NOT_RUN = {"fresh-machine", "hours", "second-build", "install", "self", "debugger", "slurm"}


def blocks(path):
    """(line, info words, text) of each sh block of a markdown file."""
    out, cur = [], None
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if cur is None and line.startswith("```"):
                info = line[3:].split()
                if info and info[0] in ("sh", "bash", "shell"):
                    cur = (n, info[1:], [])
                else:  # another language: not a command
                    cur = (n, None, [])
            elif cur is not None and line.startswith("```"):
                if cur[1] is not None:
                    out.append((cur[0], cur[1], "".join(cur[2])))
                cur = None
            elif cur is not None:
                cur[2].append(line)
    return out


def main():
    src, build = (os.path.abspath(p) for p in sys.argv[1:3])
    files = [os.path.join(src, "README.md")] + sorted(
        os.path.join(src, "docs", f) for f in os.listdir(os.path.join(src, "docs"))
        if f.endswith(".md"))
    failed = ran = 0
    for path in files:
        rel = os.path.relpath(path, src)
        work = tempfile.mkdtemp(prefix="doc-commands-")
        for e in os.listdir(src):
            if e not in ("build", ".git"):
                os.symlink(os.path.join(src, e), os.path.join(work, e))
        os.symlink(build, os.path.join(work, "build"))
        for line, marks, text in blocks(path):
            where = "%s:%d" % (rel, line)
            unknown = [m for m in marks if m != "needs-root" and not (
                m.startswith("not-run:") and m[len("not-run:"):] in KNOWN_NOT_RUN)]
            if unknown:
                print("FAIL %s: unknown marker %s (known: needs-root, not-run:%s)"
                      % (where, " ".join(unknown), "|".join(sorted(KNOWN_NOT_RUN))))
                failed += 1
                continue
            skip = [m[len("not-run:"):] for m in marks if m.startswith("not-run:")]
            if skip:
                print("not run %s: needs %s" % (where, skip[0]))
                continue
            if "needs-root" in marks and os.geteuid() != 0:
                print("not run %s: needs root" % where)
                continue
            try:
                p = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", text], cwd=work,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, timeout=600,
                                   universal_newlines=True)
            except subprocess.TimeoutExpired:
                print("FAIL %s: did not end within 600 s" % where)
                failed += 1
                continue
            ran += 1
            if p.returncode != 0:
                print("FAIL %s: exit status %d\n%s\n%s" % (where, p.returncode, text,
                                                          p.stdout[-3000:]))
                failed += 1
            else:
                print("ok %s" % where)
        shutil.rmtree(work, ignore_errors=True)
    print("%d blocks run, %d failed" % (ran, failed))
    sys.exit(1 if failed or ran == 0 else 0)


if __name__ == "__main__":
    main()
