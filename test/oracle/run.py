#!/usr/bin/env python3
"""run.py — the layout oracle: generates UPC programs (gen.py), compiles them
with upcc, runs them with upcrun and compares what they print with what the
model (model.py) predicts.  Any difference is a finding, kept in the
findings directory and reduced to a small program.

  run.py -n 300 -seed 1 -j 2 -out DIR        a campaign (programs 0..299)
  run.py -n 1000 -seed 1 -first 5000 ...     resume at program 5000
  run.py -seed 1 -replay 17 -out DIR         program 17 alone, every variant
  run.py -file prog.upc ...                  (a kept reproducer: -replay-file)

Cost is the compile (1-3 s per upcc call), so BATCH programs share one
translation unit (each a function with its own file-scope declarations,
prefixed p<k>_) and each batch samples the variant matrix:
  - always dynamic THREADS at -O2, run at THREADS 1, 2, 3, 4 on shared
    memory, and once more at a random THREADS of 2-4 under UPCRT_FORCE_RMA=1;
  - two more compiles drawn from {dynamic THREADS with -fupc-opts=none,
    -T N for N in 1-4 at -O2 or with -fupc-opts=none}, each run at one
    THREADS (its N when static, random otherwise), on shared memory or under
    UPCRT_FORCE_RMA=1 at random.
The sample of batch b depends only on (seed, b's first program).
Exit status: 0 when no program differs from the model, 1 otherwise.
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
LINE_RE = re.compile(r'^(\d+) (\S+) (-?\d+)$')
ERR_RE = re.compile(r'^[^:\s]*\.upc:(\d+):\d+: (?:fatal )?error:')
RUN_TIMEOUT = 90
COMPILE_TIMEOUT = 600


class Variant:
    def __init__(self, static, opt, nthreads, rma):
        self.static = static      # None (dynamic THREADS) or N (-T N)
        self.opt = opt            # 'O2' or 'noopt'
        self.n = nthreads
        self.rma = rma

    def compile_key(self):
        return (self.static, self.opt)

    def flags(self):
        f = ['-O2'] if self.opt == 'O2' else ['-fupc-opts=none']
        if self.static:
            f += ['-T', str(self.static)]
        return f

    def __str__(self):
        return '%s %s THREADS=%d%s' % ('static -T %d' % self.static if self.static else 'dynamic',
                                       '-O2' if self.opt == 'O2' else '-fupc-opts=none',
                                       self.n, ' UPCRT_FORCE_RMA=1' if self.rma else '')

    def tag(self):
        return '%s-%s-T%d%s' % ('s%d' % self.static if self.static else 'dyn', self.opt,
                                self.n, '-rma' if self.rma else '')


def sample_variants(seed, first):
    rng = random.Random('variants/%d/%d' % (seed, first))
    vs = [Variant(None, 'O2', n, False) for n in (1, 2, 3, 4)]
    vs.append(Variant(None, 'O2', rng.choice([2, 3, 4]), True))
    others = [(None, 'noopt')] + [(n, o) for n in (1, 2, 3, 4) for o in ('O2', 'noopt')]
    for (st, opt) in rng.sample(others, 2):
        vs.append(Variant(st, opt, st or rng.choice([1, 2, 3, 4]), rng.random() < 0.5))
    return vs


def all_variants():
    vs = []
    for opt in ('O2', 'noopt'):
        for n in (1, 2, 3, 4):
            for rma in (False, True):
                vs.append(Variant(None, opt, n, rma))
                vs.append(Variant(n, opt, n, rma))
    return vs


class Tools:
    def __init__(self, upcc, upcrun):
        self.upcc, self.upcrun = upcc, upcrun

    def stamp(self):
        try:
            st = os.stat(self.upcc)
            return (st.st_mtime, st.st_size)
        except OSError:
            return None

    def wait_stable(self, quiet=60):
        """Wait until upcc exists and has not changed for `quiet` seconds:
        the build directory may be shared with people rebuilding it."""
        while True:
            st = self.stamp()
            if st and st[1] > 0 and os.access(self.upcc, os.X_OK) and time.time() - st[0] >= quiet:
                return
            time.sleep(10)

    def compile(self, src, exe, variant):
        """upcc's status and stderr; a failure while upcc was being rebuilt
        is retried once upcc is stable again."""
        for attempt in range(3):
            self.wait_stable(0 if attempt == 0 else 60)
            before = self.stamp()
            try:
                r = subprocess.run([self.upcc] + variant.flags() + ['-o', exe, src],
                                   capture_output=True, text=True, timeout=COMPILE_TIMEOUT)
                rc, err = r.returncode, r.stderr
            except subprocess.TimeoutExpired:
                rc, err = -1, 'upcc timed out after %d s' % COMPILE_TIMEOUT
            except OSError as e:
                rc, err = -1, str(e)
            after = self.stamp()
            if rc == 0:
                return rc, err
            if before == after and after and time.time() - after[0] > 120:
                return rc, err
        return rc, err

    def run(self, exe, variant):
        """Status, the threads' oracle lines (each thread's file in thread
        order), and stdout+stderr."""
        env = dict(os.environ)
        env.pop('UPCRT_FORCE_RMA', None)
        if variant.rma:
            env['UPCRT_FORCE_RMA'] = '1'
        base = exe + '.out'
        env['ORACLE_OUT'] = base
        try:
            r = subprocess.run([self.upcrun, '-n', str(variant.n), exe], capture_output=True,
                               text=True, timeout=RUN_TIMEOUT, env=env, stdin=subprocess.DEVNULL)
            rc, err = r.returncode, r.stdout + r.stderr
        except subprocess.TimeoutExpired:
            rc, err = -1, 'timed out after %d s' % RUN_TIMEOUT
        out = ''
        for t in range(variant.n):
            try:
                with open('%s.%d' % (base, t)) as f:
                    out += f.read()
                os.unlink('%s.%d' % (base, t))
            except OSError:
                pass
        return rc, out, err


def parse_output(text):
    """{thread: [(label, value)]} and the lines that are not oracle lines."""
    per, junk = {}, []
    for line in text.splitlines():
        m = LINE_RE.match(line)
        if not m:
            junk.append(line)
            continue
        per.setdefault(int(m.group(1)), []).append((m.group(2), int(m.group(3))))
    return per, junk


def compare(expected, actual, T):
    """Differences as [(thread, label, expected value, actual value)]; a
    missing line has actual None, an unexpected one expected None."""
    diffs = []
    for t in range(T):
        exp = expected.get(t, [])
        act = actual.get(t, [])
        amap = {}
        for l, v in act:
            amap.setdefault(l, []).append(v)
        emap = {l for l, _ in exp}
        for l, v in exp:
            got = amap.get(l)
            a = got.pop(0) if got else None
            if a != v:
                diffs.append((t, l, v, a))
        for l, vs in amap.items():
            if l not in emap:
                for v in vs:
                    diffs.append((t, l, None, v))
    for t in actual:
        if t >= T:
            for l, v in actual[t]:
                diffs.append((t, l, None, v))
    return diffs


def label_prog(label):
    """Program prefix and statement id of a label 'p<k>[c<j>].<sid>.<what>'."""
    pre, sid, what = label.split('.', 2)
    return pre, int(sid), what


def rename(text, old, new):
    """Rename program prefix old (p<k>) to new in C text or a label."""
    return re.sub(r'\b%s(?=[_.(])' % re.escape(old), new, text)


class Candidate:
    """A program (possibly a subset of its statements) under a new prefix."""

    def __init__(self, prog, stmts, prefix):
        self.prog, self.stmts, self.prefix = prog, stmts, prefix

    def c_text(self):
        lines, origin = self.prog.emit(self.stmts)
        return [rename(l, self.prog.prefix(), self.prefix) for l in lines], origin

    def expected(self, T):
        e = self.prog.expected(T, self.stmts)
        return {t: [(rename(l, self.prog.prefix(), self.prefix), v) for l, v in ls]
                for t, ls in e.items()}


def build_tu(cands):
    lines = gen.HEADER.split('\n')
    origin = [None] * len(lines)
    for k, c in enumerate(cands):
        cl, co = c.c_text()
        lines += cl
        origin += [(k, o) if o else None for o in co]
    lines.append('int main(void) {')
    lines.append('  oracle_open();')
    for c in cands:
        lines.append('  %s();' % c.prefix)
    lines.append('  fclose(oracle_file);')
    lines.append('  return 0;')
    lines.append('}')
    origin += [None] * (len(lines) - len(origin))
    return '\n'.join(lines) + '\n', origin


def expectation_comment(variant, cand):
    """The comment a kept reproducer ends with: the upcc flags it is
    checked with and the lines the model expects at each THREADS (read by
    -regress)."""
    Ts = [variant.static] if variant.static else [1, 2, 3, 4]
    out = ['/* Found by the layout oracle in: %s.' % variant,
           '   Checked by run.py -regress: compiled with each ORACLE FLAGS line, run',
           '   at each THREADS below, on shared memory and with UPCRT_FORCE_RMA=1.',
           '   ORACLE FLAGS: %s' % ' '.join(variant.flags())]
    if not variant.static:
        other = Variant(None, 'noopt' if variant.opt == 'O2' else 'O2', 1, False)
        out.append('   ORACLE FLAGS: %s' % ' '.join(other.flags()))
    for T in Ts:
        out.append('   ORACLE EXPECT T=%d' % T)
        exp = cand.expected(T)
        for t in sorted(exp):
            for l, v in exp[t]:
                out.append('   %d %s %d' % (t, l, v))
    out.append('*/')
    return '\n'.join(out) + '\n'


def regress(files, tools):
    """Check kept reproducers: each file's ORACLE FLAGS lines (upcc flags)
    and ORACLE EXPECT T=n blocks (the lines expected at THREADS n, from
    each thread's ORACLE_OUT file or, when the program writes none, its
    stdout).  Returns the number of failures."""
    nfail = 0
    for path in files:
        flags, expect, cur = [], {}, None
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith('*') and not line.startswith('*/'):
                    line = line[1:].strip()
                m = re.match(r'ORACLE FLAGS:(.*)$', line)
                if m:
                    flags.append(m.group(1).split())
                    continue
                m = re.match(r'ORACLE EXPECT T=(\d+)$', line)
                if m:
                    cur = expect.setdefault(int(m.group(1)), {})
                    continue
                m = LINE_RE.match(line)
                if cur is not None and m:
                    cur.setdefault(int(m.group(1)), []).append((m.group(2), int(m.group(3))))
                elif line.startswith('*/'):
                    cur = None
        if not flags or not expect:
            print('%s: no ORACLE FLAGS or ORACLE EXPECT lines' % path)
            nfail += 1
            continue
        with tempfile.TemporaryDirectory(prefix='oracle-regress.') as d:
            for fl in flags:
                exe = os.path.join(d, 'prog')
                r = subprocess.run([tools.upcc] + fl + ['-o', exe, path], capture_output=True, text=True)
                if r.returncode != 0:
                    print('FAIL %s: upcc %s rejects it:\n%s' % (path, ' '.join(fl), r.stderr))
                    nfail += 1
                    continue
                static = None
                if '-T' in fl:
                    static = int(fl[fl.index('-T') + 1])
                for T in sorted(expect):
                    if static and T != static:
                        continue
                    for rma in (False, True):
                        v = Variant(static, 'O2', T, rma)
                        rc, out, err = tools.run(exe, v)
                        actual, _ = parse_output(out)
                        if not actual:
                            actual, _ = parse_output(err)
                        diffs = compare(expect[T], actual, T)
                        what = '%s: upcc %s, THREADS=%d%s' % (path, ' '.join(fl), T,
                                                              ', UPCRT_FORCE_RMA=1' if rma else '')
                        if diffs or rc != 0:
                            nfail += 1
                            print('FAIL %s (exit status %d)' % (what, rc))
                            for dd in diffs:
                                print('  thread %d %s expected %s got %s' % dd)
                            if rc != 0:
                                print(err[-2000:])
                        else:
                            print('ok   %s' % what)
    return nfail


class Oracle:
    def __init__(self, args, tools):
        self.args, self.tools = args, tools
        self.out = args.out
        os.makedirs(self.out, exist_ok=True)
        self.work = tempfile.mkdtemp(prefix='oracle.', dir=args.tmp)
        self.nfind = 0
        self.ncompiles = 0
        self.alone_ok = set()   # (program, compile key) upcc accepts alone
        self.classes = {}   # finding class -> directory of its reduced reproducer
        self.lock = threading.Lock()

    # -- compile and run candidates ------------------------------------------------
    def build(self, cands, variant, tag):
        """Compile cands as one TU: ('compile', stderr, error origins, text)
        or ('ok', exe, text, directory)."""
        d = tempfile.mkdtemp(prefix=tag + '.', dir=self.work)
        src = os.path.join(d, 'oracle.upc')
        text, origin = build_tu(cands)
        with open(src, 'w') as f:
            f.write(text)
        exe = os.path.join(d, 'oracle')
        rc, err = self.tools.compile(src, exe, variant)
        if rc != 0:
            where = []
            for line in err.splitlines():
                m = ERR_RE.match(line)
                if m:
                    ln = int(m.group(1)) - 1
                    where.append(origin[ln] if 0 <= ln < len(origin) else None)
            shutil.rmtree(d, ignore_errors=True)
            return ('compile', err, where, text)
        return ('ok', exe, text, d)

    def run_cands(self, exe, cands, variant, text):
        """Run a built TU: ('run', {cand index: diffs}, status, stdout,
        stderr, text)."""
        rc, out, err = self.tools.run(exe, variant)
        actual, junk = parse_output(out)
        T = variant.n
        res = {}
        for k, c in enumerate(cands):
            pre = c.prefix
            act = {t: [(l, v) for l, v in ls if l.split('.', 1)[0] == pre] for t, ls in actual.items()}
            diffs = compare(c.expected(T), act, T)
            if diffs:
                res[k] = diffs
        return ('run', res, rc, out, err, text)

    def try_cands(self, cands, variant, tag):
        b = self.build(cands, variant, tag)
        if b[0] == 'compile':
            return b
        r = self.run_cands(b[1], cands, variant, b[2])
        shutil.rmtree(b[3], ignore_errors=True)
        return r

    # -- findings --------------------------------------------------------------------
    def record(self, prog, variant, kind, detail, full_text, reduced, classes=None):
        """Write one finding (a directory per program and variant);
        reduced is a list of (class, C text, expected text, note)."""
        name = 's%d-p%d-%s-%s' % (prog.seed, prog.pid, kind, variant.tag())
        d = os.path.join(self.out, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, 'program.upc'), 'w') as f:
            f.write(full_text)
        with open(os.path.join(d, 'finding.txt'), 'w') as f:
            f.write('seed %d program %d\nvariant: %s\nupcc flags: %s, run at THREADS=%d%s\nkind: %s\n'
                    'replay: test/oracle/run.py -seed %d -level %d%s -replay %d\n\n%s\n' %
                    (prog.seed, prog.pid, variant, ' '.join(variant.flags()), variant.n,
                     ' with UPCRT_FORCE_RMA=1' if variant.rma else '', kind,
                     prog.seed, self.args.level,
                     ' -focus ' + self.args.focus if self.args.focus else '', prog.pid, detail))
        for (cls, rtext, rexp, note) in reduced or []:
            with open(os.path.join(d, 'reduced-%s.upc' % cls), 'w') as f:
                f.write(rtext)
            with open(os.path.join(d, 'reduced-%s.expected' % cls), 'w') as f:
                f.write(rexp)
            with open(os.path.join(d, 'finding.txt'), 'a') as f:
                f.write('\nreduced-%s.upc: %s\n' % (cls, note))
        with self.lock:
            self.nfind += 1
            with open(os.path.join(self.out, 'findings.log'), 'a') as f:
                for cls in classes or [kind]:
                    f.write('%s\t%s\t%s\t%s\n' % (cls, name, variant.tag(), detail.splitlines()[0] if detail else ''))
        print('FINDING %s: %s' % (name, detail.splitlines()[0] if detail else ''), flush=True)
        for (cls, *_rest) in reduced or []:
            print('  reduced: %s' % os.path.join(d, 'reduced-%s.upc' % cls), flush=True)
        return d

    def reduce_mismatch(self, prog, variant, target_sid, target_what):
        """Smallest statement subset of prog whose target line still differs
        in variant: first the target's dependency closure alone, then
        ddmin-style removal of chunks, every round's candidates in one TU."""
        pre = prog.prefix()
        target = [s for s in prog.stmts if s.sid == target_sid]
        if not target:
            return None
        counter = [0]

        def fails(res, k, cand):
            for (t, l, e, a) in res.get(k, []):
                p, sid, what = label_prog(l)
                if sid == target_sid and what == target_what:
                    return True
            return False

        def mk(stmts):
            counter[0] += 1
            return Candidate(prog, stmts, '%sc%d' % (pre, counter[0]))

        current = prog.stmts
        closure = prog.closure(target)
        c = mk(closure)
        r = self.try_cands([c], variant, 'reduce')
        confirmed = False
        if r[0] == 'run' and fails(r[1], 0, c):
            current = closure
            confirmed = True
        else:
            # the whole program once more: upcc may have been rebuilt meanwhile
            c = mk(prog.stmts)
            r = self.try_cands([c], variant, 'reduce')
            if not (r[0] == 'run' and fails(r[1], 0, c)):
                return None
            chunks = 2
            rounds = 0
            while rounds < 12:
                rounds += 1
                keep = set(s.sid for s in prog.closure(target))
                droppable = [s.sid for s in current if s.sid not in keep]
                if not droppable:
                    break
                chunks = min(chunks, len(droppable))
                size = -(-len(droppable) // chunks)
                parts = [droppable[i:i + size] for i in range(0, len(droppable), size)]
                cands = []
                for part in parts:
                    cur_ids = set(s.sid for s in current)
                    sub = [s for s in prog.without(part) if s.sid in cur_ids]
                    cands.append(mk(sub))
                r = self.try_cands(cands, variant, 'reduce')
                if r[0] != 'run':
                    break
                hit = [k for k, cd in enumerate(cands) if fails(r[1], k, cd)]
                if hit:
                    current = cands[hit[0]].stmts
                    chunks = max(2, chunks - 1)
                elif chunks >= len(droppable):
                    break
                else:
                    chunks = min(len(droppable), chunks * 2)
        final = Candidate(prog, current, pre)
        text, _ = build_tu([final])
        exp = final.expected(variant.n)
        etext = ''.join('%d %s %d\n' % (t, l, v) for t in sorted(exp) for l, v in exp[t])
        text += expectation_comment(variant, final)
        return text, etext, '%d of %d statements' % (len(current), len(prog.stmts))

    def compile_parts(self, progs, live, v, tag, depth=0):
        """Compile the programs live (indices into progs) as one TU for
        variant v.  Returns [(indices, exe, text, dir)] and the set of
        programs upcc rejects.  A program upcc rejects on its own is a
        finding and is dropped; when the errors come from programs that
        compile on their own (the rejection depends on what else is in the
        translation unit), that is a finding too and the batch is split in
        halves, each compiled apart, so that its programs are still tested."""
        rejected = set()
        while live:
            cands = [Candidate(progs[k], progs[k].stmts, progs[k].prefix()) for k in live]
            b = self.build(cands, v, tag)
            self.ncompiles += 1
            if b[0] == 'ok':
                return [(live, b[1], b[2], b[3])], rejected
            err, where, text = b[1], b[2], b[3]
            pointed = sorted(set(w[0] for w in where if w is not None))
            # statements of a class upcc is already known (in this run) to
            # reject: drop them (and what uses them), keep testing the rest
            pruned = False
            for w in where:
                if not (w and w[1][0] == 'stmt'):
                    continue
                prog = progs[live[w[0]]]
                st = [x for x in prog.stmts if x.sid == w[1][1]]
                if st and ('compile-' + st[0].kind) in self.classes:
                    with self.lock:
                        self.nfind += 1
                        with open(os.path.join(self.out, 'findings.log'), 'a') as f:
                            f.write('compile-%s\ts%d-p%d (statement %d dropped)\t%s\t\n'
                                    % (st[0].kind, prog.seed, prog.pid, st[0].sid, v.tag()))
                    prog.stmts = prog.without([st[0].sid])
                    pruned = True
            if pruned:
                continue
            # the first program an error points into: rejected alone, or
            # only in company?
            alone_bad = []
            for i in pointed or range(min(len(live), 8)):
                k = live[i]
                if (progs[k].pid, v.compile_key()) in self.alone_ok:
                    break
                r = self.build([Candidate(progs[k], progs[k].stmts, progs[k].prefix())], v, 'alone')
                self.ncompiles += 1
                if r[0] == 'compile':
                    alone_bad.append(k)
                    self.compile_finding(progs[k], v, r[1], r[2])
                    break   # the others: pruned next round if of this class
                else:
                    self.alone_ok.add((progs[k].pid, v.compile_key()))
                    shutil.rmtree(r[3], ignore_errors=True)
                    break
            if alone_bad:
                rejected.update(alone_bad)
                live = [k for k in live if k not in alone_bad]
                continue
            # rejected only in company: one finding per run, then split
            with self.lock:
                new = 'compile-context' not in self.classes
                self.classes['compile-context'] = True
            if new or depth == 0:
                k = live[pointed[0]] if pointed else live[0]
                errs = '\n'.join(l for l in err.splitlines() if 'error' in l)[:4000]
                self.record(progs[k], v, 'compile-context',
                            'upcc rejects a translation unit of %d programs (programs %s) whose programs it '
                            'accepts one by one; program.upc is that translation unit\n%s'
                            % (len(live), ','.join(str(progs[j].pid) for j in live), errs), text, None)
            if len(live) == 1:
                rejected.add(live[0])
                return [], rejected
            half = len(live) // 2
            parts = []
            for sub in (live[:half], live[half:]):
                ps, rj = self.compile_parts(progs, sub, v, tag, depth + 1)
                parts += ps
                rejected |= rj
            return parts, rejected
        return [], rejected

    def compile_finding(self, prog, variant, err, where):
        """upcc rejects prog on its own: a finding, reduced to the statement
        at the first error and what it uses when that alone is rejected."""
        sids = [w[1][1] for w in where if w and w[1][0] == 'stmt']
        full, _ = build_tu([Candidate(prog, prog.stmts, prog.prefix())])
        reduced = None
        kind = 'compile'
        if sids:
            target = [s for s in prog.stmts if s.sid == sids[0]]
            kind += '-' + target[0].kind
            cl = prog.closure(target)
            cand = Candidate(prog, cl, prog.prefix())
            r = self.build([cand], variant, 'reduce')
            self.ncompiles += 1
            if r[0] == 'compile':
                rt, _ = build_tu([cand])
                reduced = [(kind, rt, '', 'the statement at the first error and what it uses: %d of %d statements'
                            % (len(cl), len(prog.stmts)))]
            else:
                shutil.rmtree(r[3], ignore_errors=True)
        errs = '\n'.join(l for l in err.splitlines() if 'error' in l)[:4000]
        if reduced:
            with self.lock:
                self.classes[kind] = True
        self.record(prog, variant, kind, 'upcc rejects the program\n' + errs, full, reduced)

    def mismatch(self, prog, v, diffs, rc, err):
        """Record a program whose output differs from the model's; reduce it
        for each class (statement kind, printed quantity) not yet reduced in
        this run (two at most per program)."""
        classes = []
        for (t, l, e, a) in diffs:
            p, sid, what = label_prog(l)
            stmt = [s for s in prog.stmts if s.sid == sid]
            skind = stmt[0].kind if stmt else '?'
            key = '%s-%s' % (skind, what)
            if e is not None and key not in [c[0] for c in classes]:
                classes.append((key, sid, what, t, l, e, a))
        if not classes:
            t, l, e, a = diffs[0]
            classes = [('extra', None, None, t, l, e, a)]
        detail = '%d line(s) differ (statement kind-quantity: %s)\n' % (
            len(diffs), ', '.join(c[0] for c in classes))
        detail += ''.join('  thread %d %s expected %s got %s\n' % d for d in diffs[:40])
        if rc != 0:
            detail += 'exit status %d\n%s\n' % (rc, err[-2000:])
        full = build_tu([Candidate(prog, prog.stmts, prog.prefix())])[0]
        reduced = []
        for (key, sid, what, t, l, e, a) in classes:
            with self.lock:
                new = key not in self.classes
                if new:
                    self.classes[key] = True
            if new and sid is not None and len(reduced) < 2 and not self.args.no_reduce:
                r = self.reduce_mismatch(prog, v, sid, what)
                if r:
                    reduced.append((key,) + r)
                else:
                    # did not happen again: upcc or the runtime changed under
                    # us (a shared build directory), or the run is flaky
                    with self.lock:
                        del self.classes[key]
                    detail = 'NOT REPRODUCED on a second compile and run\n' + detail
                    classes = [('unconfirmed-' + c[0],) + c[1:] for c in classes]
                    break
        self.record(prog, v, classes[0][0], detail, full, reduced, [c[0] for c in classes])

    def run_batch(self, first, count):
        t0 = time.time()
        seed = self.args.seed
        progs = [gen.generate(seed, k, self.args.level, self.args.focus) for k in range(first, first + count)]
        variants = all_variants() if self.args.all_variants else sample_variants(seed, first)
        by_compile = {}
        for v in variants:
            by_compile.setdefault(v.compile_key(), []).append(v)
        failed_progs = set()
        nruns = 0
        ncompiles0 = self.ncompiles
        for key, vs in by_compile.items():
            live = [k for k in range(len(progs)) if k not in failed_progs]
            parts, rejected = self.compile_parts(progs, live, vs[0], 'b%d' % first)
            failed_progs |= rejected
            for (plive, exe, text, bdir) in parts:
                cands = [Candidate(progs[k], progs[k].stmts, progs[k].prefix()) for k in plive]
                for v in vs:
                    _, res, rc, out, err, text = self.run_cands(exe, cands, v, text)
                    nruns += 1
                    if rc != 0 and not res:
                        # the run failed although every program printed what it should
                        prog = progs[plive[-1]]
                        self.record(prog, v, 'exit', 'exit status %d\n%s' % (rc, err[-2000:]), text, None)
                    for k, diffs in sorted(res.items()):
                        if plive[k] in failed_progs:
                            continue
                        failed_progs.add(plive[k])
                        self.mismatch(progs[plive[k]], v, diffs, rc, err)
                shutil.rmtree(bdir, ignore_errors=True)
        dt = time.time() - t0
        print('batch %d..%d: %d compiles, %d runs, %d failing programs, %.0f s' %
              (first, first + count - 1, self.ncompiles - ncompiles0, nruns, len(failed_progs), dt), flush=True)
        return len(failed_progs)

    def done(self):
        shutil.rmtree(self.work, ignore_errors=True)


def snapshot(upcc, dest):
    """Copy the build tree's upcc, include/ and rts/libupcrt.a into an
    installed-prefix layout under dest (upcc finds its headers and runtime
    next to itself there) once upcc has been stable for a minute."""
    upcc = os.path.abspath(upcc)
    build = os.path.dirname(os.path.dirname(upcc))
    Tools(upcc, None).wait_stable(60)
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    os.makedirs(os.path.join(dest, 'bin'))
    inc = os.path.join(dest, 'include', 'upcc')
    lib = os.path.join(dest, 'lib', 'x86_64-linux-gnu')
    os.makedirs(inc)
    os.makedirs(lib)
    shutil.copy2(upcc, os.path.join(dest, 'bin', 'upcc'))
    src_inc = os.path.join(ROOT, 'include')
    for h in os.listdir(src_inc):
        if h.endswith('.h'):
            shutil.copy2(os.path.join(src_inc, h), inc)
    shutil.copy2(os.path.join(build, 'rts', 'libupcrt.a'), lib)
    # the libdir upcc was configured with, if not the Debian multiarch one
    for rel in ('lib', 'lib64'):
        os.makedirs(os.path.join(dest, rel), exist_ok=True)
        if not os.path.exists(os.path.join(dest, rel, 'libupcrt.a')):
            shutil.copy2(os.path.join(build, 'rts', 'libupcrt.a'), os.path.join(dest, rel))
    with open(os.path.join(dest, 'SNAPSHOT'), 'w') as f:
        f.write('upcc of %s taken %s\n' % (build, time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())))
    return os.path.join(dest, 'bin', 'upcc')


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('-n', type=int, default=100, help='number of programs')
    ap.add_argument('-seed', type=int, default=1)
    ap.add_argument('-first', type=int, default=0, help='number of the first program')
    ap.add_argument('-level', type=int, default=gen.LEVEL,
                    help='generator level (gen.py; 1: the first seed-7 campaign)')
    ap.add_argument('-focus', choices=sorted(gen.FOCUS), default=None,
                    help='draw these statements more often (convert: conversions and stored pointers)')
    ap.add_argument('-j', type=int, default=1, help='batches at once')
    ap.add_argument('-batch', type=int, default=40, help='programs per translation unit')
    ap.add_argument('-out', default='oracle-findings')
    ap.add_argument('-replay', type=int, default=None, help='program K of the seed alone, every variant')
    ap.add_argument('-all-variants', action='store_true', help='every variant for every batch')
    ap.add_argument('-no-reduce', action='store_true')
    ap.add_argument('-clean', action='store_true', help='empty the findings directory first')
    ap.add_argument('-print-reduced', action='store_true',
                    help='print every reduced reproducer at the end')
    ap.add_argument('-show', type=int, default=None, help='print program K of the seed and its expected output at -T, then exit')
    ap.add_argument('-T', type=int, default=2)
    ap.add_argument('-upcc', default=os.path.join(ROOT, 'build', 'tools', 'upcc'))
    ap.add_argument('-upcrun', default=os.path.join(ROOT, 'build', 'tools', 'upcrun'))
    ap.add_argument('-tmp', default=None)
    ap.add_argument('-regress', nargs='+', metavar='FILE',
                    help='check kept reproducers (their ORACLE FLAGS / ORACLE EXPECT comments)')
    ap.add_argument('-snapshot', default=None, metavar='DIR',
                    help='copy upcc, the headers and the runtime (as an installed '
                         'prefix) to DIR and use that copy: a campaign then sees one '
                         'toolchain while others rebuild the build directory')
    args = ap.parse_args(argv)

    if args.show is not None:
        p = gen.generate(args.seed, args.show, args.level, args.focus)
        text, _ = build_tu([Candidate(p, p.stmts, p.prefix())])
        sys.stdout.write(text)
        exp = p.expected(args.T)
        sys.stdout.write('/* expected at THREADS=%d:\n' % args.T)
        for t in sorted(exp):
            for l, v in exp[t]:
                sys.stdout.write('%d %s %d\n' % (t, l, v))
        sys.stdout.write('*/\n')
        return 0
    if args.replay is not None:
        args.first, args.n, args.batch, args.all_variants = args.replay, 1, 1, True

    if args.clean and os.path.isdir(args.out):
        shutil.rmtree(args.out)
    if args.snapshot:
        args.upcc = snapshot(args.upcc, args.snapshot)
    tools = Tools(os.path.abspath(args.upcc), os.path.abspath(args.upcrun))
    if args.regress:
        n = regress(args.regress, tools)
        print('oracle regress: %d of the checks failed' % n)
        return 1 if n else 0
    oracle = Oracle(args, tools)
    t0 = time.time()
    batches = [(f, min(args.batch, args.first + args.n - f))
               for f in range(args.first, args.first + args.n, args.batch)]
    failing = 0
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as ex:
            for r in ex.map(lambda b: oracle.run_batch(*b), batches):
                failing += r
    finally:
        oracle.done()
    if args.print_reduced and os.path.isdir(args.out):
        # one reduced reproducer per class, then a summary (the end of the
        # log is what a test harness shows)
        summary = []
        for d in sorted(os.listdir(args.out)):
            full = os.path.join(args.out, d)
            if not os.path.isdir(full):
                continue
            reds = sorted(r for r in os.listdir(full) if r.startswith('reduced-') and r.endswith('.upc'))
            for r in reds:
                with open(os.path.join(full, 'finding.txt')) as f:
                    head = f.read()
                with open(os.path.join(full, r)) as f:
                    print('==== %s/%s\n%s\n%s' % (d, r, head, f.read()))
                summary.append('  %s: %s' % (r[len('reduced-'):-len('.upc')], os.path.join(full, r)))
        log = os.path.join(args.out, 'findings.log')
        if os.path.exists(log):
            counts = {}
            with open(log) as f:
                for line in f:
                    cls = line.split('\t', 1)[0]
                    counts[cls] = counts.get(cls, 0) + 1
            print('findings by class (programs): ' +
                  ', '.join('%s %d' % kv for kv in sorted(counts.items())))
        if summary:
            print('reduced reproducers:\n' + '\n'.join(summary))
    print('oracle: seed %d, programs %d..%d: %d failing, %d findings in %s, %.0f s' %
          (args.seed, args.first, args.first + args.n - 1, failing, oracle.nfind, args.out,
           time.time() - t0), flush=True)
    return 1 if oracle.nfind else 0


if __name__ == '__main__':
    sys.exit(main())
