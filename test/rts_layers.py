#!/usr/bin/env python3
"""rts_layers.py RTS_DIR [LIBUPCRT] — the runtime's layers call only down.

The runtime (rts/) is in layers, lowest first: core, comm, check, sync, lib,
each a folder.  This checks the rule that no file of a lower layer reaches a
higher one:

  * includes: every `#include "..."` of a runtime header in RTS_DIR/<layer>/
    names a header of the same layer or a lower one (by path, "core/svd.h",
    or by bare name from its own folder);
  * calls: with LIBUPCRT (the built libupcrt.a), every symbol an object of a
    layer leaves undefined that another object of the library defines is
    defined in the same layer or a lower one (nm on the archive's members).

  * circles: within comm/, no file calls (uses a symbol of) a file that
    calls it back, directly or through others: its files are in layers of
    their own (packed < progress < transport < cache < hunt < access <
    prefetch; transport < async < nb < vis), so that an access does not walk
    access -> cache -> access.  Nothing is allowed.  The other layers'
    files still call each other back (core's start.c and segment.c, sync's
    barrier.c and neighbor.c), so they are not checked yet.

rts/modules.c, the table of the modules' start-up, exit, poll and quiesce
hooks, is the one file above every layer: it may include any header, and
core's module.c reads the table it defines.  MPI_* names are MPI's own: the
library defines some of them (HUNT's wrappers in comm/hunt_pmpi.c, the
user-MPI answers in lib/mpi_user.c) to stand in front of MPI for every
caller, so a call to them is a call to MPI, not into a layer.

Also checked: every layer folder has its layer header, and no runtime source
lies outside a layer folder but modules.c.  Prints one line per violation
and exits 1 if there is any.  `rts_layers.py --self-test` builds a library
of two comm/ objects that call each other and checks that the circle is
found.
"""
import os
import re
import subprocess
import sys
import tempfile

LAYERS = ["core", "comm", "check", "sync", "lib"]
RANK = {name: i for i, name in enumerate(LAYERS)}
LAYER_HEADER = {"core": "core.h", "comm": "comm.h", "check": "check.h", "sync": "sync.h",
                "lib": "lib.h"}
TOP_FILE = "modules.c"  # the module table: knows every layer
ACYCLIC = ["comm"]  # layers whose files must not call each other in a circle
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def check_sources(rts):
    problems = []
    headers = {}  # header name -> layer
    for layer in LAYERS:
        folder = os.path.join(rts, layer)
        if not os.path.isdir(folder):
            problems.append(f"rts/{layer}/: missing layer folder")
            continue
        if not os.path.exists(os.path.join(folder, LAYER_HEADER[layer])):
            problems.append(f"rts/{layer}/: no layer header {LAYER_HEADER[layer]}")
        for name in os.listdir(folder):
            if name.endswith(".h"):
                headers[name] = layer
    for name in sorted(os.listdir(rts)):
        path = os.path.join(rts, name)
        if name.endswith((".c", ".h")) and name != TOP_FILE:
            problems.append(f"rts/{name}: a runtime source outside the layer folders "
                            f"(only {TOP_FILE} sits above them)")
        if os.path.isdir(path) and name not in LAYERS:
            for sub in os.listdir(path):
                if sub.endswith((".c", ".h")):
                    problems.append(f"rts/{name}/{sub}: in a folder that is not a layer "
                                    f"({', '.join(LAYERS)})")
    for layer in LAYERS:
        folder = os.path.join(rts, layer)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith((".c", ".h")):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                text = f.read()
            for inc in INCLUDE.findall(text):
                where = f"rts/{layer}/{name}: #include \"{inc}\""
                if "/" in inc:
                    target = inc.split("/")[0]
                    if target not in RANK:
                        continue  # not a runtime layer
                    if not os.path.exists(os.path.join(rts, inc)):
                        problems.append(f"{where}: no such runtime header")
                        continue
                elif os.path.exists(os.path.join(folder, inc)):
                    target = layer
                elif inc in headers:
                    problems.append(f"{where}: another layer's header by bare name "
                                    f"(write \"{headers[inc]}/{inc}\")")
                    target = headers[inc]
                else:
                    continue  # include/ (upcrt.h, upcx.h, ...) or a system header
                if RANK[target] > RANK[layer]:
                    problems.append(f"{where}: {layer} includes a header of {target}, "
                                    f"a higher layer")
    return problems


def object_layer(member):
    """Layer of an archive member: meson names rts/core/start.c's object
    core_start.c.o; rts/modules.c's is modules.c.o."""
    base = os.path.basename(member)
    if base.startswith(TOP_FILE):
        return "top"
    prefix = base.split("_", 1)[0]
    return prefix if prefix in RANK else None


def nm_members(lib, *flags):
    out = subprocess.run(["nm", "-A", *flags, lib], check=True, capture_output=True,
                         text=True).stdout
    result = []
    for line in out.splitlines():
        # "lib.a:member.o:  U name" or "lib.a:member.o:0000 T name"
        head, _, rest = line.rpartition(":")
        member = head.split(":")[-1]
        fields = rest.split()
        if len(fields) >= 2:
            result.append((member, fields[-2], fields[-1]))
    return result


def circles(calls):
    """The circles of a graph {file: {file it calls: symbols}}: one shortest
    circle through each strongly connected part of more than one file, as a
    list of (file, symbol it uses of the next) ending where it began, with
    the files of the part."""
    index, low, stack, on, parts = {}, {}, [], set(), []

    def visit(v):  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(calls.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                on.discard(w)
                part.add(w)
                if w == v:
                    break
            if len(part) > 1:
                parts.append(part)

    for v in sorted(calls):
        if v not in index:
            visit(v)
    found = []
    for part in parts:
        start = min(part)
        prev, queue = {start: None}, [start]  # breadth first: a shortest circle
        while queue:
            v = queue.pop(0)
            nxt = [w for w in sorted(calls.get(v, {})) if w in part]
            if start in nxt:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                path.reverse()
                found.append(([(a, sorted(calls[a][b])[0])
                               for a, b in zip(path, path[1:] + [start])], sorted(part)))
                break
            for w in nxt:
                if w not in prev:
                    prev[w] = v
                    queue.append(w)
    return found


def check_objects(lib):
    problems = []
    calls = {}  # within a layer of ACYCLIC: member -> member it calls -> symbols
    defined = {}  # symbol -> member
    members = set()
    for member, kind, name in nm_members(lib, "-g", "--defined-only"):
        defined[name] = member
        members.add(member)
    if not members:
        return [f"{lib}: no objects"]
    for member in sorted(members):
        if object_layer(member) is None:
            problems.append(f"{member}: an object of no layer in {os.path.basename(lib)}")
    for member, kind, name in nm_members(lib, "-u"):
        owner = defined.get(name)
        if owner is None or owner == member or name.startswith(("MPI_", "PMPI_")):
            continue
        mine, theirs = object_layer(member), object_layer(owner)
        if mine is None or theirs is None or mine == "top":
            continue
        if theirs == "top":
            if mine != "core" or not name.startswith("upcrt_modules"):
                problems.append(f"{member}: uses {name} of {owner}: only core reads the "
                                f"module table")
            continue
        if RANK[theirs] > RANK[mine]:
            problems.append(f"{member}: calls {name}, defined in {owner}: {mine} calls "
                            f"into {theirs}, a higher layer")
        if mine == theirs and mine in ACYCLIC:
            calls.setdefault(member, {}).setdefault(owner, set()).add(name)
    def source(member):  # comm_cache.c.o -> comm/cache.c
        return member.replace("_", "/", 1)[:-len(".o")]
    for circle, part in circles(calls):
        steps = " -> ".join(f"{source(m)} (uses {sym})" for m, sym in circle)
        problems.append(f"rts/{object_layer(circle[0][0])}: files call each other in a circle: "
                        f"{steps} -> {source(circle[0][0])}; all in circles with each other: "
                        f"{', '.join(source(m) for m in part)}")
    return problems


def self_test():
    """Two comm/ objects that call each other make a library the check must
    refuse, naming both; the same objects calling one way pass."""
    with tempfile.TemporaryDirectory() as tmp:
        def lib(name, sources):
            objs = []
            for base, text in sources.items():
                src = os.path.join(tmp, base)
                with open(src, "w", encoding="utf-8") as f:
                    f.write(text)
                obj = os.path.join(tmp, f"comm_{base}.o")
                subprocess.run(["cc", "-c", "-o", obj, src], check=True)
                objs.append(obj)
            path = os.path.join(tmp, name)
            subprocess.run(["ar", "rcs", path] + objs, check=True)
            return path
        circle = lib("circle.a", {"a.c": "void b(void); void a(void) { b(); }\n",
                                  "b.c": "void a(void); void b(void) { a(); }\n"})
        line = lib("line.a", {"a.c": "void b(void); void a(void) { b(); }\n",
                              "b.c": "void b(void) {}\n"})
        got, clean = check_objects(circle), check_objects(line)
    ok = (len(got) == 1 and "comm/a.c (uses b)" in got[0] and "comm/b.c (uses a)" in got[0]
          and not clean)
    print("\n".join(got + clean))
    print(f"rts layers self-test: {'OK' if ok else 'FAILED'}")
    return 0 if ok else 1


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) not in (2, 3):
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    problems = check_sources(argv[1])
    if len(argv) == 3:
        problems += check_objects(argv[2])
    for p in problems:
        print(p)
    checked = "includes and calls" if len(argv) == 3 else "includes"
    print(f"rts layers ({' < '.join(LAYERS)}): {checked}: "
          f"{'OK' if not problems else f'{len(problems)} violation(s)'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
