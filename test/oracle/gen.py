"""gen.py — random UPC programs about data layout, with the output the model
(model.py) says they must print.

A program is a list of declarations (struct types, shared objects) and a list
of statements; program k of seed S depends only on (S, k).  Each statement
knows the names it defines and uses, so a reducer can drop statements and
their dependants and the prediction still holds (predictions are per
statement, for THREADS 1..4).  Every value a statement prints is checked by
the model to be defined at THREADS 1, 2, 3 and 4 (pointer arithmetic stays
inside its object or one past it, subtraction and relational comparison only
between pointers into one object, dereference only of an element of the
pointer's type or of a char inside an integer), so a program is valid UPC 1.3
at every THREADS the oracle runs, static or dynamic.

Output: one line per value, `<MYTHREAD> <label> <value>`; most from thread 0,
the MYTHREAD-dependent part from every thread (run.py compares each thread's
lines in order, since the launcher interleaves the threads' output).
"""

import random
from dataclasses import replace as dc_replace
from model import (CHAR, SHORT, INT, LLONG, DOUBLE, SCALARS, Member, Struct,
                   Dim, SharedObject, PtrType, Pts, elem_ptr, member_ptr,
                   arith, convert, resetphase, same_object, diff, compare,
                   type_sizeof, localsizeof, affinitysize, type_block,
                   block_c, ceil_div)

TS = (1, 2, 3, 4)

HEADER = r'''#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#define ORACLE_V(n, j, s) ((long long)(n) * 31 + (long long)(j) * 7 + (s))
/* Each thread prints to its own file, $ORACLE_OUT.<MYTHREAD> (stdout when
 * unset): the launcher may interleave the threads' stdout mid-line. */
static FILE *oracle_file;
static void oracle_open(void) {
  const char *base = getenv("ORACLE_OUT");
  char path[4096];
  oracle_file = stdout;
  if (base) {
    snprintf(path, sizeof path, "%s.%d", base, (int)MYTHREAD);
    oracle_file = fopen(path, "w");
    if (!oracle_file) { perror(path); exit(2); }
  }
  setvbuf(oracle_file, NULL, _IOLBF, 0);
}
static void oracle_out(const char *label, long long v) {
  fprintf(oracle_file, "%d %s %lld\n", (int)MYTHREAD, label, v);
}
static void oracle_outu(const char *label, unsigned long long v) {
  fprintf(oracle_file, "%d %s %llu\n", (int)MYTHREAD, label, v);
}
/* addrfield difference in bytes of two pointers on one thread; a marker
 * otherwise (addrfield itself is implementation-defined, UPC 1.3 7.2.3.4) */
static long long oracle_delta(shared void *a, shared void *b) {
  if (upc_threadof(a) != upc_threadof(b)) return -999999999LL;
  return (long long)upc_addrfield(a) - (long long)upc_addrfield(b);
}
'''

NOT_SAME_THREAD = -999999999


# ---------------------------------------------------------------------------
# Element values: what the initialization writes (data, not layout)

def value_c(t, n, j, salt):
    v = 'ORACLE_V(%s, %d, %d)' % (n, j, salt)
    if t is CHAR:
        return '(char)(%s %% 200 - 100)' % v
    if t is SHORT:
        return '(short)(%s %% 60000 - 30000)' % v
    if t is INT:
        return '(int)(%s * 1009 %% 1999993 - 999996)' % v
    if t is LLONG:
        return '(%s * 1000000007LL + 12345)' % v
    return '((double)(%s %% 1000) + 0.5)' % v


def value_py(t, n, j, salt):
    v = n * 31 + j * 7 + salt
    if t is CHAR:
        return v % 200 - 100
    if t is SHORT:
        return v % 60000 - 30000
    if t is INT:
        return v * 1009 % 1999993 - 999996
    if t is LLONG:
        return v * 1000000007 + 12345
    return 2 * (v % 1000) + 1        # printed as (long long)(2 * x)


def print_expr(t, e):
    """C expression printing a scalar lvalue e of type t as long long."""
    if t is DOUBLE:
        return '(long long)(2 * (%s))' % e
    return '(long long)(%s)' % e


def leaves(t, base=0, j=0, path=''):
    """Scalar leaves of type t: (byte offset, scalar type, leaf number, C
    access suffix)."""
    out = []
    if not isinstance(t, Struct):
        return [(base, t, j, path)]
    for m in t.members:
        off = base + t.offsets[m.name]
        if m.count is None:
            sub = leaves(m.type, off, j, path + '.' + m.name)
            out += sub
            j += len(sub)
        else:
            for k in range(m.count):
                sub = leaves(m.type, off + k * m.type.size, j, '%s.%s[%d]' % (path, m.name, k))
                out += sub
                j += len(sub)
    return out


def byte_of(v, size, k):
    """Byte k (little-endian, the ABI's order) of integer v stored in size
    bytes, as a (signed) char."""
    b = (v % (1 << (8 * size))) >> (8 * k) & 0xff
    return b - 256 if b > 127 else b


# ---------------------------------------------------------------------------
# Program structure

class Decl:
    def __init__(self, name, c, uses=()):
        self.name, self.c, self.uses = name, c, set(uses)


class Stmt:
    """One statement; out[T] is the list of (thread, label, value) it prints
    at THREADS T (thread == 'all': every thread prints its own list, given
    as out[T][t])."""

    def __init__(self, sid, c, defs=(), uses=(), section='t0', out=None, kind=''):
        self.sid, self.c = sid, c
        self.defs, self.uses = set(defs), set(uses)
        self.section = section
        self.out = out or {T: [] for T in TS}
        self.kind = kind


class Program:
    def __init__(self, pid, seed):
        self.pid, self.seed = pid, seed
        self.decls = []
        self.stmts = []

    def prefix(self):
        return 'p%d' % self.pid

    def needed_decls(self, stmts):
        need = set()
        for s in stmts:
            need |= s.uses
        names = {d.name for d in self.decls}
        changed = True
        while changed:
            changed = False
            for d in self.decls:
                if d.name in need:
                    for u in d.uses:
                        if u not in need:
                            need.add(u)
                            changed = True
        return [d for d in self.decls if d.name in need]

    def emit(self, stmts=None):
        """The C text of the program (declarations and one function named
        after the prefix) and, per line, what it came from."""
        if stmts is None:
            stmts = self.stmts
        lines, origin = [], []

        def add(text, who):
            for l in text.split('\n'):
                lines.append(l)
                origin.append(who)
        add('/* program %d of seed %d */' % (self.pid, self.seed), None)
        for d in self.needed_decls(stmts):
            add(d.c, ('decl', d.name))
        add('static void %s(void) {' % self.prefix(), None)
        add('  if (MYTHREAD == 0) {', None)
        for s in stmts:
            if s.section == 't0':
                add('    ' + s.c.replace('\n', '\n    '), ('stmt', s.sid))
        add('  }', None)
        add('  upc_barrier;', None)
        for s in stmts:
            if s.section == 'all':
                add('  ' + s.c.replace('\n', '\n  '), ('stmt', s.sid))
        add('  upc_barrier;', None)
        add('}', None)
        return lines, origin

    def expected(self, T, stmts=None):
        """{thread: [(label, value)]} the program must print at THREADS T."""
        if stmts is None:
            stmts = self.stmts
        out = {t: [] for t in range(T)}
        for s in stmts:
            if s.section == 't0':
                for (t, l, v) in s.out[T]:
                    out[t].append((l, v))
        for s in stmts:
            if s.section == 'all':
                for t in range(T):
                    for (l, v) in s.out[T][t]:
                        out[t].append((l, v))
        return out

    def closure(self, keep):
        """keep plus every statement it depends on (transitively)."""
        by_def = {}
        for s in self.stmts:
            for d in s.defs:
                by_def[d] = s
        need = set(s.sid for s in keep)
        work = list(keep)
        while work:
            s = work.pop()
            for u in s.uses:
                if u in by_def and by_def[u].sid not in need:
                    need.add(by_def[u].sid)
                    work.append(by_def[u])
        return [s for s in self.stmts if s.sid in need]

    def without(self, drop_sids):
        """The statements left when drop_sids and their dependants go."""
        dropped = set(drop_sids)
        defs_gone = set()
        for s in self.stmts:
            if s.sid in dropped:
                defs_gone |= s.defs
        out = []
        for s in self.stmts:
            if s.sid in dropped:
                continue
            if s.uses & defs_gone:
                defs_gone |= s.defs
                continue
            out.append(s)
        return out


def translation_unit(programs, subsets=None):
    """One .upc file running every program in order; returns the text and
    the per-line origin [(program index, ('stmt'|'decl', id))]."""
    lines = HEADER.split('\n')
    origin = [None] * len(lines)
    for k, p in enumerate(programs):
        pl, po = p.emit(None if subsets is None else subsets[k])
        lines += pl
        origin += [(k, o) if o else None for o in po]
    lines.append('int main(void) {')
    lines.append('  oracle_open();')
    for p in programs:
        lines.append('  %s();' % p.prefix())
    lines.append('  return 0;')
    lines.append('}')
    origin += [None] * (len(lines) - len(origin))
    return '\n'.join(lines) + '\n', origin


# ---------------------------------------------------------------------------
# The generator

class Obj:
    """A shared object of the program with its value salt."""

    def __init__(self, so, salt):
        self.so, self.salt = so, salt


class PVar:
    """A pointer-to-shared variable of the generated program: its C type and
    its value at each THREADS."""

    def __init__(self, name, ptype, vals, derefable=True):
        self.name, self.ptype, self.vals = name, ptype, vals


# Generator levels: a campaign is reproducible only with the level it ran
# at (program k of a seed depends on the seed, k and the level).
#   1: the statements of commit 1d181f3 (the first seed-7 campaign);
#   2: adds typedef'd shared arrays, the conditional operator on pointers,
#      pointers formed from MYTHREAD, upc_forall affinity counts, the
#      upc_*sizeof operators in constant contexts, other integer types as
#      indexes, strict/relaxed conversions (commit 25b941a; the seed-8
#      campaign);
#   3: adds upc_forall loops reading their own and a neighbour's elements
#      and per-thread updates read by another thread after a barrier.
LEVEL = 3


def as_void(v):
    """v as an argument of a shared void * parameter: an explicit cast when
    its type has a qualifier the parameter lacks."""
    return '(shared void *)%s' % v.name if v.ptype.qual else v.name


# -focus NAME: statement makers drawn that many times more often
FOCUS = {'convert': {'st_convert': 5, 'st_store': 8}}


class Gen:
    def __init__(self, seed, pid, level=LEVEL, focus=None):
        self.level = level
        self.focus = FOCUS[focus] if focus else {}
        self.rng = random.Random('%d/%d' % (seed, pid))
        self.prog = Program(pid, seed)
        self.pre = self.prog.prefix()
        self.nstmt = 0
        self.structs = []
        self.objs = []
        self.vars = []
        self.nvar = 0

    # -- helpers -------------------------------------------------------------
    def sid(self):
        self.nstmt += 1
        return self.nstmt

    def label(self, sid, what):
        return '%s.%d.%s' % (self.pre, sid, what)

    def add(self, c, defs=(), uses=(), section='t0', out=None, kind=''):
        s = Stmt(self.sid(), c, defs, uses, section, out, kind)
        self.prog.stmts.append(s)
        return s

    def new_stmt_id(self):
        return self.nstmt + 1

    def pick_scalar(self):
        return self.rng.choice(SCALARS)

    def make_struct(self):
        k = len(self.structs)
        tag = '%s_s%d' % (self.pre, k)
        rng = self.rng
        members = []
        nested = [s for s in self.structs if rng.random() < 0.5]
        for j in range(rng.randint(1, 4)):
            t = self.pick_scalar()
            cnt = rng.choice([None, None, 2, 3, 5]) if rng.random() < 0.5 else None
            members.append(Member('m%d' % j, t, cnt))
        if nested:
            members.insert(rng.randrange(len(members) + 1), Member('in', nested[0], None))
        st = Struct(tag, members)
        body = ' '.join('%s %s%s;' % (m.type.c(), m.name, '' if m.count is None else '[%d]' % m.count)
                        for m in members)
        uses = [nested[0].tag] if nested else []
        self.prog.decls.append(Decl(tag, 'struct %s { %s };' % (tag, body), uses))
        self.structs.append(st)
        return st

    def pick_elem(self):
        if self.rng.random() < 0.35:
            if self.structs and self.rng.random() < 0.5:
                return self.rng.choice(self.structs)
            return self.make_struct()
        return self.pick_scalar()

    def make_object(self):
        rng = self.rng
        k = len(self.objs)
        name = '%s_a%d' % (self.pre, k)
        elem = self.pick_elem()
        r = rng.random()
        if r < 0.12:
            # a non-array shared object, maybe with a layout qualifier
            spec = rng.choice(['default', 'default', 1, 3, 10])
            so = SharedObject(name, elem, spec, [])
        else:
            spec = rng.choice(['default', 'default', 1, 2, 3, 4, 5, 7, 'indef', 'star'])
            ndim = rng.choice([1, 1, 1, 2, 2, 3])
            dims = [Dim(rng.randint(1, 4), False) for _ in range(ndim)]
            if spec != 'indef':
                # UPC 1.3 6.5.2.1 Constraints 1-2: under dynamic THREADS a
                # definite-block array has THREADS in exactly one dimension,
                # alone or times a constant; an indefinite one in none.
                dims[rng.randrange(ndim)].threads = True
            so = SharedObject(name, elem, spec, dims)
        uses = [elem.tag] if isinstance(elem, Struct) else []
        decl = so.decl_c()
        if self.level >= 2 and spec != 'star' and rng.random() < 0.25:
            # through a typedef of the shared (layout-qualified) element
            # type; [*] may not appear in a typedef (spec issue 71)
            tname = '%s_t%d' % (self.pre, k)
            self.prog.decls.append(Decl(tname, 'typedef shared %s%s %s;' % (
                block_c(spec), elem.c(), tname), uses))
            decl = '%s %s%s;' % (tname, name, ''.join('[%s]' % d.cexpr() for d in so.dims))
            uses = [tname]
        self.prog.decls.append(Decl(name, decl, uses))
        obj = Obj(so, rng.randint(0, 999))
        self.objs.append(obj)
        self.emit_init(obj)
        return obj

    def emit_init(self, obj):
        so = obj.so
        lv = so.name
        loops = []
        for d, dim in enumerate(so.dims):
            loops.append('for (int i%d = 0; i%d < %s; i%d++)' % (d, d, dim.cexpr(), d))
            lv += '[i%d]' % d
        body = []
        for (off, t, j, path) in leaves(so.elem):
            body.append('%s%s = %s;' % (lv, path, value_c(t, 'n', j, obj.salt)))
        c = '{ /* initialize %s */\n  long long n = 0;\n  %s {\n    %s\n    n++;\n  }\n}' % (
            so.name, ' '.join(loops), '\n    '.join(body))
        self.add(c, defs=['init:' + so.name], uses=[so.name], kind='init')

    # -- values --------------------------------------------------------------
    def deref(self, obj, p, T):
        """The value *p reads (printed form), or None when *p is not an
        element (or a char inside an integer element) of the object."""
        t = p.type.target
        if not (t in SCALARS):
            return None
        so = obj.so
        if p.bounds is not None:
            lo, hi = p.bounds
            if not (lo <= p.off < hi):
                return None
        loc = so.index_at(p.thread, p.off, T)
        if loc is None:
            return None
        i, inner = loc
        for (off, lt, j, path) in leaves(so.elem):
            if off <= inner < off + lt.size:
                v = value_py(lt, i, j, obj.salt)
                if off == inner and lt is t:
                    return v
                if t is CHAR and lt is not DOUBLE:
                    return byte_of(v, lt.size, inner - off)
                return None
        return None

    def leaf_at(self, obj, p, T):
        """(linear index, leaf path) of the scalar element or member of the
        pointer's own type that p points to, or None."""
        t = p.type.target
        if t not in SCALARS:
            return None
        so = obj.so
        if p.bounds is not None and not (p.bounds[0] <= p.off < p.bounds[1]):
            return None
        loc = so.index_at(p.thread, p.off, T)
        if loc is None:
            return None
        i, inner = loc
        for (off, lt, j, path) in leaves(so.elem):
            if off == inner and lt is t:
                return i, path
        return None

    def lvalue_per_T(self, so, locs):
        """C lvalue naming element locs[T] = (linear index, leaf path) at each
        THREADS, with the subscripts chosen by THREADS (the same text for
        every THREADS, as the program is)."""
        paths = set(l[1] for l in locs.values())
        if len(paths) != 1:
            return None
        subs = []
        for d in range(len(so.dims)):
            per = {}
            for T in TS:
                lin = locs[T][0]
                idx = []
                for v in reversed(so.dim_values(T)):
                    idx.append(lin % v)
                    lin //= v
                per[T] = list(reversed(idx))[d]
            if len(set(per.values())) == 1:
                subs.append('[%d]' % per[1])
            else:
                subs.append('[THREADS == 1 ? %d : THREADS == 2 ? %d : THREADS == 3 ? %d : %d]'
                            % (per[1], per[2], per[3], per[4]))
        return so.name + ''.join(subs) + paths.pop()

    def st_write(self):
        """A store through a pointer-to-shared, read back through the array
        (the element the model says the pointer designates), then undone."""
        cands = [v for v in self.vars
                 if v.ptype.target in SCALARS and 'const' not in v.ptype.qual
                 and all(self.leaf_at(v.obj, v.vals[T], T) for T in TS)]
        if not cands:
            return
        v = self.rng.choice(cands)
        locs = {T: self.leaf_at(v.obj, v.vals[T], T) for T in TS}
        lv = self.lvalue_per_T(v.obj.so, locs)
        if lv is None:
            return
        t = v.ptype.target
        k = self.rng.randint(1, 99)
        sid = self.new_stmt_id()
        label = self.label(sid, 'write')
        form = self.rng.randrange(2)
        store = ['*%s = (%s)%d;' % (v.name, t.c(), k), '%s[0] = (%s)%d;' % (v.name, t.c(), k)][form]
        c = ('{ /* store through %s, read through the array */\n'
             '  %s saved = *%s;\n'
             '  %s\n'
             '  oracle_out("%s", %s);\n'
             '  *%s = saved;\n'
             '}') % (v.name, t.c(), v.name, store, label, print_expr(t, lv), v.name)
        want = 2 * k if t is DOUBLE else k
        self.add(c, uses=[v.name, 'init:' + v.obj.so.name, v.obj.so.name],
                 out={T: [(0, label, want)] for T in TS}, kind=v.kind)

    def st_compound(self):
        """p += n, p -= n, ++p, p--, on a copy (6.4.2 as for p + n)."""
        cands = [v for v in self.vars if v.ptype.target != 'void']
        if not cands:
            return
        v = self.rng.choice(cands)
        rng = self.rng
        for _ in range(10):
            op = rng.choice(['+=', '-=', '++', '--'])
            if op in ('++', '--'):
                n = 1 if op == '++' else -1
                c, f = str(n), (lambda T, n=n: n)
            else:
                c, f = self.int_expr(-6, 6, -1, 1)
                if op == '-=':
                    f = (lambda T, f=f: -f(T))
            vals = {T: arith(v.vals[T], f(T), T) for T in TS}
            if all(self.in_bounds(v.obj, vals[T], T) for T in TS):
                break
        else:
            return
        self.nvar += 1
        name = '%s_v%d' % (self.pre, self.nvar)
        if op in ('++', '--'):
            mut = rng.choice(['%s%s;' % (name, op), '%s%s;' % (op, name)])
        else:
            mut = '%s %s %s;' % (name, op, c)
        self.add('%s%s = %s;\n%s' % (v.ptype.c(), name, v.name, mut),
                 defs=[name], uses=[v.name], kind='compound')
        w = PVar(name, v.ptype, vals)
        w.obj = v.obj
        w.kind = 'compound'
        self.vars.append(w)
        self.print_ptr(w)
        return w

    def in_bounds(self, obj, p, T):
        """p may be formed: inside the object's storage or one past its end
        (ISO C 6.5.6 p8 as UPC 6.4.2 carries it over), aligned for its
        type."""
        so = obj.so
        t = p.type.target
        if t != 'void' and p.off % t.align:
            return False
        if p.bounds is not None:
            lo, hi = p.bounds
            return lo <= p.off <= hi
        if not so.is_array():
            return p.thread == 0 and 0 <= p.off <= so.esize()
        if so.index_at(p.thread, p.off, T) is not None:
            return True
        end = so.pos(so.nelems(T), T)
        if p.type.block == so.block(T) and p.type.target is so.elem:
            return (p.thread, p.off) == (end[0], end[2])
        return False

    def int_expr(self, lo=-6, hi=6, tlo=-2, thi=2):
        """a + b*THREADS as (C text, function of T)."""
        a = self.rng.randint(lo, hi)
        b = self.rng.randint(tlo, thi) if self.rng.random() < 0.5 else 0
        if b == 0:
            c, f = str(a), (lambda T, a=a: a)
        else:
            if a == 0:
                c = 'THREADS' if b == 1 else '%d*THREADS' % b
            else:
                c = '%d + %s' % (a, 'THREADS' if b == 1 else '%d*THREADS' % b)
            c, f = '(%s)' % c, (lambda T, a=a, b=b: a + b * T)
        if self.level >= 2 and self.rng.random() < 0.3:
            # integer types other than int: sign and zero extension in the
            # index arithmetic (values stay small: every cast is exact)
            casts = ['long long', 'short', 'signed char', 'long']
            if a >= 0 and b >= 0:
                casts += ['unsigned', 'size_t', 'unsigned char', 'unsigned long long']
            c = '(%s)%s' % (self.rng.choice(casts), c)
        return c, f

    def subscripts(self, so):
        """A subscript list valid at every THREADS: C texts and values per T."""
        for _ in range(40):
            cs, fs = [], []
            for d in so.dims:
                if d.threads:
                    c, f = self.int_expr(0, d.c + 1, 0, d.c)
                else:
                    c, f = self.int_expr(0, d.c - 1, 0, 0)
                cs.append(c)
                fs.append(f)
            ok = all(0 <= f(T) < d.value(T) for T in TS for f, d in zip(fs, so.dims))
            if ok:
                return cs, (lambda T: [f(T) for f in fs])
        return ['0'] * len(so.dims), (lambda T: [0] * len(so.dims))

    def new_var(self, obj, ptype, vals, c_init, uses, kind):
        self.nvar += 1
        name = '%s_v%d' % (self.pre, self.nvar)
        sid = self.new_stmt_id()
        self.add('%s%s = %s;' % (ptype.c(self.rng.random() < 0.7), name, c_init),
                 defs=[name], uses=uses, kind=kind)
        v = PVar(name, ptype, vals)
        v.obj = obj
        v.kind = kind
        self.vars.append(v)
        self.print_ptr(v)
        return v

    def out0(self, sid, what, f):
        return {T: [(0, self.label(sid, what), f(T))] for T in TS}

    def print_line(self, what, cexpr, f, uses, unsigned=False, kind=''):
        """A statement printing one value; its kind (for the findings'
        classes) is the kind of the statement that made what it prints."""
        sid = self.new_stmt_id()
        fn = 'oracle_outu' if unsigned else 'oracle_out'
        if not kind:
            made = [w.kind for w in self.vars if w.name == uses[0]] if uses else []
            kind = made[0] if made else what
        self.add('%s("%s", %s);' % (fn, self.label(sid, what), cexpr),
                 uses=uses, out=self.out0(sid, what, f), kind=kind)

    def print_ptr(self, v):
        """Print what the model knows of pointer v."""
        rng = self.rng
        uses = [v.name]
        # a strict or relaxed pointer goes to the library through its
        # unqualified type (passing it as shared void * would drop a
        # qualifier; both conversions keep the phase, 6.4.3)
        nm = v.name if not v.ptype.qual else '(%s)%s' % (v.ptype.unqualified().c(), v.name)
        self.print_line('thread', '(long long)upc_threadof(%s)' % nm,
                        lambda T: v.vals[T].thread, uses)
        if v.ptype.target == 'void':
            self.print_line('vphase', '(long long)upc_phaseof(%s)' % nm,
                            lambda T: v.vals[T].phase, uses)
            return
        self.print_line('phase', '(long long)upc_phaseof(%s)' % nm,
                        lambda T: v.vals[T].phase, uses)
        if rng.random() < 0.4:
            self.print_line('bsize', '(long long)upc_blocksizeof(*%s)' % v.name,
                            lambda T: v.ptype.block, uses)
        if rng.random() < 0.2:
            self.print_line('esize', '(long long)upc_elemsizeof(*%s)' % v.name,
                            lambda T: v.ptype.target.size, uses)
        # addrfield delta against another pointer into the same object
        others = [w for w in self.vars if w.obj is v.obj and w is not v]
        if others and rng.random() < 0.7:
            w = rng.choice(others)
            self.print_line('delta', 'oracle_delta(%s, %s)' % (as_void(v), as_void(w)),
                            lambda T: (v.vals[T].off - w.vals[T].off
                                       if v.vals[T].thread == w.vals[T].thread else NOT_SAME_THREAD),
                            [v.name, w.name])
        # the value it points to
        t = v.ptype.target
        if t in SCALARS and all(self.deref(v.obj, v.vals[T], T) is not None for T in TS):
            self.print_line('value', print_expr(t, '*' + v.name),
                            lambda T: self.deref(v.obj, v.vals[T], T),
                            [v.name, 'init:' + v.obj.so.name])

    # -- statement makers -------------------------------------------------------
    def ptype_of(self, so, T=1):
        return PtrType(so.elem, so.block(T) if so.is_array() else
                       type_block(so.spec, 1, 1))

    def st_elem(self):
        """&A[i][j]..., array decay, A[i] of a 2-D array (decay of a row)."""
        obj = self.rng.choice(self.objs)
        so = obj.so
        pt = self.ptype_of(so)
        if not so.is_array():
            vals = {T: elem_ptr(so, 0, T, pt) for T in TS}
            return self.new_var(obj, pt, vals, '&%s' % so.name, [so.name], 'addr')
        r = self.rng.random()
        if r < 0.12 and len(so.dims) == 1:
            vals = {T: elem_ptr(so, 0, T, pt) for T in TS}
            return self.new_var(obj, pt, vals, so.name, [so.name], 'decay')
        cs, f = self.subscripts(so)
        if r < 0.25 and len(so.dims) == 2:
            # the row A[i] decays to &A[i][0]
            vals = {T: elem_ptr(so, so.linear([f(T)[0], 0], T), T, pt) for T in TS}
            return self.new_var(obj, pt, vals, '%s[%s]' % (so.name, cs[0]), [so.name], 'rowdecay')
        vals = {T: elem_ptr(so, so.linear(f(T), T), T, pt) for T in TS}
        sub = ''.join('[%s]' % c for c in cs)
        if r < 0.4 and len(so.dims) == 1:
            return self.new_var(obj, pt, vals, '%s + %s' % (so.name, cs[0]), [so.name], 'decayarith')
        return self.new_var(obj, pt, vals, '&%s%s' % (so.name, sub), [so.name], 'addr')

    def st_arith(self):
        cands = [v for v in self.vars if v.ptype.target != 'void']
        if not cands:
            return
        v = self.rng.choice(cands)
        for _ in range(20):
            if self.level >= 2 and self.rng.random() < 0.3:
                c, f = self.int_expr(-60, 60, -6, 6)    # across several courses
            else:
                c, f = self.int_expr(-8, 8, -2, 2)
            vals = {T: arith(v.vals[T], f(T), T) for T in TS}
            if all(self.in_bounds(v.obj, vals[T], T) for T in TS):
                form = self.rng.randrange(4)
                if form == 2 and ('unsigned' in c or 'size_t' in c):
                    form = 0     # -(unsigned)n is not -n
                e = ['%s + %s' % (v.name, c), '%s + %s' % (c, v.name),
                     '%s - (-(%s))' % (v.name, c), '&%s[%s]' % (v.name, c)][form]
                w = self.new_var(v.obj, v.ptype, vals, e, [v.name], 'arith')
                w.base = (v, f)
                return w

    def pick_ptype(self, v):
        rng = self.rng
        src = v.ptype
        r = rng.random()
        if r < 0.25 and src.target != 'void':
            if self.level >= 2 and rng.random() < 0.7:
                # the same type with another qualifier: the phase is kept
                return PtrType(src.target, src.block, rng.choice(['strict ', 'relaxed ', '']))
            return src
        targets = [src.target] if src.target != 'void' else []
        targets += [CHAR, INT, SHORT, LLONG, DOUBLE] + self.structs
        t = rng.choice(targets) if rng.random() < 0.8 else 'void'
        if t == 'void':
            return PtrType('void', 0)
        b = rng.choice([0, 1, 2, 3, 4, 8, src.block if src.target != 'void' else 1])
        return PtrType(t, b)

    def st_convert(self):
        if not self.vars:
            return
        v = self.rng.choice(self.vars)
        for _ in range(10):
            pt = self.pick_ptype(v)
            vals = {T: convert(v.vals[T], pt) for T in TS}
            if all(self.in_bounds(v.obj, vals[T], T) for T in TS):
                break
        else:
            return
        form = self.rng.random()
        if form < 0.6 or pt.target == 'void' or v.ptype.target == 'void':
            if pt.target == 'void' or v.ptype.target == 'void':
                # a conversion to or from shared void * may be implicit
                implicit = form < 0.5 and not v.ptype.qual
                e = v.name if implicit else '(%s)%s' % (pt.c(), v.name)
            else:
                e = '(%s)%s' % (pt.c(), v.name)
            w = self.new_var(v.obj, pt, vals, e, [v.name], 'convert')
        elif form < 0.8:
            # through shared void *, implicitly both ways
            vv = {T: convert(v.vals[T], PtrType('void', 0)) for T in TS}
            g = self.new_var(v.obj, PtrType('void', 0), vv, as_void(v), [v.name], 'tovoid')
            vals = {T: convert(vv[T], pt) for T in TS}
            w = self.new_var(v.obj, pt, vals, g.name, [g.name], 'fromvoid')
        else:
            vals = {T: convert(resetphase(v.vals[T]), pt) for T in TS}
            w = self.new_var(v.obj, pt, vals, 'upc_resetphase(%s)' % as_void(v), [v.name], 'resetphase')
        # equality with the source whatever the phases (6.4.2)
        self.print_line('eq', '(long long)((shared void *)%s == (shared void *)%s)' % (w.name, v.name),
                        lambda T: int(same_object(w.vals[T], v.vals[T])), [w.name, v.name])
        return w

    def st_store(self):
        """A pointer stored in a private array or in shared memory and read
        back, then converted from there (issue 19 §1.2: from pointers, shared
        arrays and private arrays of pointers)."""
        cands = [v for v in self.vars if v.ptype.target != 'void']
        if not cands:
            return
        v = self.rng.choice(cands)
        rng = self.rng
        self.nvar += 1
        k = self.nvar
        if rng.random() < 0.5:
            name = '%s_ps%d' % (self.pre, k)
            uses = [v.obj.so.name, name]
            tuses = [v.ptype.target.tag] if isinstance(v.ptype.target, Struct) else []
            self.prog.decls.append(Decl(name, '%s shared %s[THREADS];' % (v.ptype.c().rstrip(), name), tuses))
            idx_c, idx_f = self.int_expr(0, 0, 0, 1)
            idx_c = rng.choice(['0', 'THREADS - 1', '(THREADS > 1)'])
            sid = self.new_stmt_id()
            self.add('%s[%s] = %s;' % (name, idx_c, v.name), defs=['set:' + name], uses=[v.name, name],
                     kind='store')
            src = '%s[%s]' % (name, idx_c)
            deps = ['set:' + name, name]
        else:
            name = '%s_pa%d' % (self.pre, k)
            sid = self.new_stmt_id()
            self.add('%s%s[3];\n%s[1] = %s;' % (v.ptype.c(), name, name, v.name),
                     defs=[name], uses=[v.name], kind='store')
            src = '%s[1]' % name
            deps = [name]
        pt = self.pick_ptype(v)
        vals = {T: convert(v.vals[T], pt) for T in TS}
        if not all(self.in_bounds(v.obj, vals[T], T) for T in TS):
            pt = v.ptype
            vals = dict(v.vals)
        if pt == v.ptype:
            e = src
        elif pt.target == 'void' and rng.random() < 0.5:
            e = src
        else:
            e = '(%s)%s' % (pt.c(), src)
        return self.new_var(v.obj, pt, vals, e, deps, 'stored')

    def struct_path(self, st):
        """A random member path into struct st: [(member, index)], and its C."""
        path, c = [], ''
        t = st
        while isinstance(t, Struct):
            m = self.rng.choice(t.members)
            k = None
            if m.count is not None:
                k = self.rng.randrange(m.count)
            path.append((m.name, k))
            c += '.' + m.name + ('' if k is None else '[%d]' % k)
            t = m.type
        return path, c, t

    def st_member(self):
        """&(member) of a shared struct: shared [] T * on the struct's thread
        (6.4.4 Semantics 1)."""
        rng = self.rng
        cands = [v for v in self.vars if isinstance(v.ptype.target, Struct)]
        objs = [o for o in self.objs if isinstance(o.so.elem, Struct)]
        if not cands and not objs:
            return
        if cands and (not objs or rng.random() < 0.6):
            v = rng.choice(cands)
            if not all(self.in_bounds(v.obj, v.vals[T], T) and
                       v.obj.so.index_at(v.vals[T].thread, v.vals[T].off, T) is not None for T in TS):
                return
            # must point at a struct element (not one past the end, not inside)
            if not all(v.obj.so.index_at(v.vals[T].thread, v.vals[T].off, T)[1] == 0 and
                       v.ptype.target is v.obj.so.elem for T in TS):
                return
            path, cpath, mt = self.struct_path(v.ptype.target)
            base_vals = v.vals
            obj = v.obj
            form = rng.random()
            if form < 0.5:
                lv = '%s->%s' % (v.name, cpath[1:])
            elif form < 0.8:
                lv = '(*%s)%s' % (v.name, cpath)
            else:
                # p[n].m with p + n still a struct element
                for _ in range(10):
                    c, f = self.int_expr(-3, 3, -1, 1)
                    bv = {T: arith(v.vals[T], f(T), T) for T in TS}
                    if all(obj.so.index_at(bv[T].thread, bv[T].off, T) is not None for T in TS):
                        base_vals = bv
                        lv = '%s[%s]%s' % (v.name, c, cpath)
                        break
                else:
                    lv = '%s->%s' % (v.name, cpath[1:])
            uses = [v.name]
        else:
            obj = rng.choice(objs)
            so = obj.so
            pt = self.ptype_of(so)
            if so.is_array():
                cs, f = self.subscripts(so)
                base_vals = {T: elem_ptr(so, so.linear(f(T), T), T, pt) for T in TS}
                lv = so.name + ''.join('[%s]' % c for c in cs)
            else:
                base_vals = {T: elem_ptr(so, 0, T, pt) for T in TS}
                lv = so.name
            path, cpath, mt = self.struct_path(so.elem)
            lv += cpath
            uses = [so.name]
        qual = v.ptype.qual if uses and uses[0] in [x.name for x in self.vars] else ''
        pt = PtrType(mt, 0, qual)
        vals = {T: dc_replace(member_ptr(base_vals[T], path)[0], type=pt) for T in TS}
        last_name, last_k = path[-1]
        # the member array itself, as a value, decays to shared [] T *
        if last_k is not None and rng.random() < 0.3:
            arr_lv = lv[:lv.rindex('[')]
            vals = {T: dc_replace(member_ptr(base_vals[T], path[:-1] + [(last_name, 0)])[0], type=pt)
                    for T in TS}
            w = self.new_var(obj, pt, vals, arr_lv, uses, 'memberdecay')
        else:
            if rng.random() < 0.5:
                self.print_line('mbsize', '(long long)upc_blocksizeof(*&(%s))' % lv,
                                lambda T: 0, uses)
            w = self.new_var(obj, pt, vals, '&(%s)' % lv if rng.random() < 0.5 else '&%s' % lv,
                             uses, 'member')
        # arithmetic on it stays on the member's thread
        if rng.random() < 0.6:
            for _ in range(6):
                c, f = self.int_expr(-2, 4, 0, 0)
                nv = {T: arith(w.vals[T], f(T), T) for T in TS}
                if all(self.in_bounds(obj, nv[T], T) for T in TS):
                    self.new_var(obj, pt, nv, '%s + %s' % (w.name, c), [w.name], 'memberarith')
                    break
        return w

    def st_diff(self):
        """q - p and relational comparison of two pointers of one type into
        one object (6.4.2)."""
        rng = self.rng
        pairs = [(a, b) for a in self.vars for b in self.vars
                 if a is not b and a.obj is b.obj and a.ptype == b.ptype
                 and a.ptype.target != 'void']
        if not pairs:
            return
        a, b = rng.choice(pairs)
        lim = max(a.obj.so.nelems(4), 1) * 4 + 64
        # the same bounds: both into the same member array, or both not
        if any(a.vals[T].bounds != b.vals[T].bounds for T in TS):
            return
        ds = {T: diff(a.vals[T], b.vals[T], T, lim) for T in TS}
        if any(d is None for d in ds.values()):
            return
        if rng.random() < 0.6:
            self.print_line('diff', '(long long)(%s - %s)' % (b.name, a.name),
                            lambda T: ds[T], [a.name, b.name])
        else:
            op = rng.choice(['<', '<=', '>', '>=', '==', '!='])
            self.print_line('cmp', '(long long)(%s %s %s)' % (a.name, op, b.name),
                            lambda T: compare(a.vals[T], b.vals[T], op, T, lim), [a.name, b.name])

    def type_name(self):
        """A random shared array type name and its (spec, dims, elem)."""
        rng = self.rng
        elem = self.pick_elem() if rng.random() < 0.3 else self.pick_scalar()
        spec = rng.choice(['default', 1, 2, 3, 7, 10, 'indef', 'star'])
        if rng.random() < 0.15 and spec != 'star':
            # ([*] here would pass UPC_MAX_BLOCK_SIZE)
            # big: past 2^31 and 2^32 bytes (never allocated)
            dims = [Dim(rng.choice([256, 1024, 512]), False), Dim(1024, False),
                    Dim(1024, spec != 'indef')]
            rng.shuffle(dims)
        else:
            ndim = rng.choice([1, 1, 2, 3])
            dims = [Dim(rng.randint(1, 40), False) for _ in range(ndim)]
            if spec != 'indef':   # 6.5.2.1 Constraints 1-2, as for objects
                dims[rng.randrange(ndim)].threads = True
        c = 'shared %s%s %s' % (block_c(spec), elem.c(), ''.join('[%s]' % d.cexpr() for d in dims))
        return c.replace('  ', ' '), spec, dims, elem

    def st_sizeof(self):
        rng = self.rng
        r = rng.random()
        if r < 0.45 and self.objs:
            obj = rng.choice(self.objs)
            so = obj.so
            op = rng.choice(['sizeof', 'upc_localsizeof', 'upc_blocksizeof', 'upc_elemsizeof'])
            f = {'sizeof': so.sizeof, 'upc_localsizeof': so.localsizeof,
                 'upc_blocksizeof': so.blocksizeof, 'upc_elemsizeof': lambda T: so.elemsizeof()}[op]
            e = '%s(%s)' % (op, so.name) if rng.random() < 0.7 else '%s %s' % (op, so.name)
            self.print_line('so_' + op, '(unsigned long long)%s' % e, f, [so.name], True,
                            kind='sizeof-object')
            if len(so.dims) >= 2 and rng.random() < 0.5:
                cs, fsub = self.subscripts(so)
                op = rng.choice(['sizeof', 'upc_blocksizeof', 'upc_elemsizeof'])

                def frow(T, op=op):
                    n = 1
                    for d in so.dims[1:]:
                        n *= d.value(T)
                    return {'sizeof': n * so.esize(), 'upc_blocksizeof': so.block(T),
                            'upc_elemsizeof': so.esize()}[op]
                self.print_line('row_' + op, '(unsigned long long)%s(%s[%s])' % (op, so.name, cs[0]),
                                frow, [so.name], True, kind='sizeof-row')
        elif r < 0.9:
            c, spec, dims, elem = self.type_name()
            op = rng.choice(['sizeof', 'upc_localsizeof', 'upc_blocksizeof', 'upc_elemsizeof'])

            def f(T):
                n = 1
                for d in dims:
                    n *= d.value(T)
                return {'sizeof': lambda: type_sizeof(dims, elem, T),
                        'upc_localsizeof': lambda: localsizeof(spec, dims, elem, T),
                        'upc_blocksizeof': lambda: type_block(spec, n, T),
                        'upc_elemsizeof': lambda: elem.size}[op]()
            uses = [elem.tag] if isinstance(elem, Struct) else []
            self.print_line('ty_' + op, '(unsigned long long)%s(%s)' % (op, c), f, uses, True,
                            kind='sizeof-type')
        else:
            # upc_affinitysize with literal arguments
            total = rng.choice([0, 1, 7, 100, 1000, 4096, 12345, 1 << 33])
            nb = rng.choice([0, 1, 4, 24, 100, 4096])
            t = rng.randrange(4)
            self.print_line('affl%d' % t,
                            '(unsigned long long)(%d < THREADS ? upc_affinitysize(%dULL, %d, %d) : 0)' % (t, total, nb, t),
                            lambda T: affinitysize(total, nb, t, T) if t < T else 0, [], True,
                            kind='affinitysize')

    def st_affinity_object(self):
        """upc_affinitysize of a declared array, for every thread (7.2.3.5:
        totalsize = sizeof, nbytes = block size times element size)."""
        objs = [o for o in self.objs if o.so.is_array()]
        if not objs:
            return
        so = self.rng.choice(objs).so
        for t in range(4):
            self.print_line('aff%d' % t,
                            '(unsigned long long)(%d < THREADS ? upc_affinitysize(sizeof(%s), upc_blocksizeof(%s) * upc_elemsizeof(%s), %d) : 0)'
                            % (t, so.name, so.name, so.name, t),
                            lambda T, t=t: affinitysize(so.sizeof(T), so.block(T) * so.esize(), t, T) if t < T else 0,
                            [so.name], True, kind='affinitysize')

    def st_local(self):
        """Every thread walks an array: how many elements it has, the first
        one's index, the local pointer differences ((T *)&A[i] on its own
        elements, 6.4.3 / 6.4.2 p4) and the values read through them."""
        objs = [o for o in self.objs if o.so.is_array()]
        if not objs:
            return
        obj = self.rng.choice(objs)
        so = obj.so
        sid = self.new_stmt_id()
        lv = so.name + ''.join('[i%d]' % d for d in range(len(so.dims)))
        loops = ' '.join('for (int i%d = 0; i%d < %s; i%d++)' % (d, d, dim.cexpr(), d)
                         for d, dim in enumerate(so.dims))
        lf = leaves(so.elem)
        leaf = self.rng.choice(lf)
        lt = leaf[1]
        ecast = so.elem.c()
        val = print_expr(lt, 'lp%s' % ('->' + leaf[3][1:] if isinstance(so.elem, Struct) else '[0]'))
        c = ('{ /* thread-local walk of %s */\n'
             '  long long n = 0, cnt = 0, first = -1, dsum = 0, vsum = 0;\n'
             '  %s *l0 = 0;\n'
             '  %s {\n'
             '    if (upc_threadof(&%s) == (size_t)MYTHREAD) {\n'
             '      %s *lp = (%s *)&%s;\n'
             '      if (!l0) { l0 = lp; first = n; }\n'
             '      dsum += (long long)(lp - l0) * (cnt + 1);\n'
             '      vsum += %s;\n'
             '      cnt++;\n'
             '    }\n'
             '    n++;\n'
             '  }\n'
             '  oracle_out("%s", cnt);\n'
             '  oracle_out("%s", first);\n'
             '  oracle_out("%s", dsum);\n'
             '  oracle_out("%s", vsum);\n'
             '}') % (so.name, ecast, loops, lv, ecast, ecast, lv, val,
                     self.label(sid, 'lcnt'), self.label(sid, 'lfirst'),
                     self.label(sid, 'ldsum'), self.label(sid, 'lvsum'))
        out = {}
        for T in TS:
            per = []
            for t in range(T):
                cnt = 0
                first = -1
                dsum = 0
                vsum = 0
                off0 = None
                for i in range(so.nelems(T)):
                    th, ph, off = so.pos(i, T)
                    if th != t:
                        continue
                    if off0 is None:
                        off0 = off
                        first = i
                    dsum += ((off - off0) // so.esize()) * (cnt + 1)
                    vsum += value_py(lt, i, leaf[2], obj.salt)
                    cnt += 1
                per.append([(self.label(sid, 'lcnt'), cnt), (self.label(sid, 'lfirst'), first),
                            (self.label(sid, 'ldsum'), dsum), (self.label(sid, 'lvsum'), vsum)])
            out[T] = per
        self.add(c, uses=[so.name, 'init:' + so.name], section='all', out=out, kind='local')

    def st_cond(self):
        """c ? p : q with pointers of one type, c depending on THREADS."""
        rng = self.rng
        pairs = [(a, b) for a in self.vars for b in self.vars
                 if a is not b and a.ptype == b.ptype and a.obj is b.obj]
        if not pairs:
            return
        a, b = rng.choice(pairs)
        k = rng.randint(1, 4)
        vals = {T: (a.vals[T] if T > k else b.vals[T]) for T in TS}
        return self.new_var(a.obj, a.ptype, vals, '(THREADS > %d) ? %s : %s' % (k, a.name, b.name),
                            [a.name, b.name], 'cond')

    def st_mythread(self):
        """Every thread forms &A[a*MYTHREAD + b] (in bounds for every
        thread at every THREADS) and prints its thread, phase and value."""
        objs = [o for o in self.objs if len(o.so.dims) == 1 and o.so.elem in SCALARS]
        if not objs:
            return
        obj = self.rng.choice(objs)
        so = obj.so
        for _ in range(10):
            a = self.rng.randint(0, 3)
            b = self.rng.randint(0, 4)
            if all(0 <= a * t + b < so.nelems(T) for T in TS for t in range(T)):
                break
        else:
            return
        sid = self.new_stmt_id()
        pt = self.ptype_of(so)
        lt, lp, lv = (self.label(sid, w) for w in ('mthread', 'mphase', 'mvalue'))
        c = ('{ /* a pointer formed from MYTHREAD */\n'
             '  %sq = &%s[%d * (int)MYTHREAD + %d];\n'
             '  oracle_out("%s", (long long)upc_threadof(q));\n'
             '  oracle_out("%s", (long long)upc_phaseof(q));\n'
             '  oracle_out("%s", %s);\n'
             '}') % (pt.c(), so.name, a, b, lt, lp, lv, print_expr(so.elem, '*q'))
        out = {}
        for T in TS:
            per = []
            for t in range(T):
                i = a * t + b
                th, ph, off = so.pos(i, T)
                per.append([(lt, th), (lp, ph if pt.block > 0 else 0),
                            (lv, value_py(so.elem, i, 0, obj.salt))])
            out[T] = per
        self.add(c, uses=[so.name, 'init:' + so.name], section='all', out=out, kind='mythread')

    def st_forall(self):
        """upc_forall with a pointer-to-shared affinity (&A[i]: the thread
        of A[i] runs iteration i, 6.6.2) or an integer one (i % THREADS):
        every thread counts its iterations and sums their indices."""
        objs = [o for o in self.objs if len(o.so.dims) == 1]
        if not objs:
            return
        so = self.rng.choice(objs).so
        sid = self.new_stmt_id()
        lc, ls = self.label(sid, 'fcnt'), self.label(sid, 'fsum')
        by_int = self.rng.random() < 0.3
        aff = 'i' if by_int else '&%s[i]' % so.name
        c = ('{ /* upc_forall affinity */\n'
             '  long long cnt = 0, sum = 0;\n'
             '  upc_forall (int i = 0; i < %s; i++; %s) { cnt++; sum += i; }\n'
             '  oracle_out("%s", cnt);\n'
             '  oracle_out("%s", sum);\n'
             '}') % (so.dims[0].cexpr(), aff, lc, ls)
        out = {}
        for T in TS:
            per = []
            for t in range(T):
                idx = [i for i in range(so.nelems(T))
                       if (i % T if by_int else so.pos(i, T)[0]) == t]
                per.append([(lc, len(idx)), (ls, sum(idx))])
            out[T] = per
        self.add(c, uses=[so.name], section='all', out=out, kind='forall')

    def st_forall_values(self):
        """Level 3: upc_forall over A's elements with affinity &A[i] (or i)
        reading A[i] (the optimizer may privatize the access) and reading a
        neighbour A[(i + d) % N] (a remote access in general); every thread
        prints the sums."""
        objs = [o for o in self.objs if len(o.so.dims) == 1 and o.so.elem in SCALARS]
        if not objs:
            return
        obj = self.rng.choice(objs)
        so = obj.so
        sid = self.new_stmt_id()
        la, lb = self.label(sid, 'fvown'), self.label(sid, 'fvnbr')
        by_int = self.rng.random() < 0.3
        d = self.rng.randint(1, 5)
        n = so.dims[0].cexpr()
        aff = 'i' if by_int else '&%s[i]' % so.name
        c = ('{ /* upc_forall reading its own and a neighbour element */\n'
             '  long long own = 0, nbr = 0;\n'
             '  upc_forall (int i = 0; i < %s; i++; %s) {\n'
             '    own += %s;\n'
             '    nbr += %s;\n'
             '  }\n'
             '  oracle_out("%s", own);\n'
             '  oracle_out("%s", nbr);\n'
             '}') % (n, aff, print_expr(so.elem, '%s[i]' % so.name),
                     print_expr(so.elem, '%s[(i + %d) %% (%s)]' % (so.name, d, n)), la, lb)
        out = {}
        for T in TS:
            N = so.nelems(T)
            per = []
            for t in range(T):
                idx = [i for i in range(N) if (i % T if by_int else so.pos(i, T)[0]) == t]
                per.append([(la, sum(value_py(so.elem, i, 0, obj.salt) for i in idx)),
                            (lb, sum(value_py(so.elem, (i + d) % N, 0, obj.salt) for i in idx))])
            out[T] = per
        self.add(c, uses=[so.name, 'init:' + so.name], section='all', out=out, kind='forall-values')

    def st_update(self):
        """Level 3: every thread adds 5 to its own element of A, a[t] =
        A[a*MYTHREAD + b] (distinct per thread), as x = x + 5 (a candidate of
        the remote-update conversion); after a barrier each thread reads the
        element of the next thread, then the elements are restored."""
        objs = [o for o in self.objs if len(o.so.dims) == 1 and o.so.elem in SCALARS
                and o.so.elem is not CHAR]
        if not objs:
            return
        obj = self.rng.choice(objs)
        so = obj.so
        for _ in range(10):
            a = self.rng.randint(1, 3)
            b = self.rng.randint(0, 4)
            if all(0 <= a * t + b < so.nelems(T) for T in TS for t in range(T)):
                break
        else:
            return
        sid = self.new_stmt_id()
        lab = self.label(sid, 'upd')
        t = so.elem
        me = '%s[%d * (int)MYTHREAD + %d]' % (so.name, a, b)
        nx = '%s[%d * (((int)MYTHREAD + 1) %% THREADS) + %d]' % (so.name, a, b)
        c = ('{ /* updates of one element per thread, read by the next thread */\n'
             '  upc_barrier; /* every thread is done reading A */\n'
             '  %s = %s + (%s)5;\n'
             '  upc_barrier;\n'
             '  oracle_out("%s", %s);\n'
             '  upc_barrier;\n'
             '  %s = %s - (%s)5;\n'
             '  upc_barrier;\n'
             '}') % (me, me, t.c(), lab, print_expr(t, nx), me, me, t.c())
        out = {}
        for T in TS:
            per = []
            for th in range(T):
                i = a * ((th + 1) % T) + b
                v = value_py(t, i, 0, obj.salt)
                per.append([(lab, v + (10 if t is DOUBLE else 5))])
            out[T] = per
        self.add(c, uses=[so.name, 'init:' + so.name], section='all', out=out, kind='update')

    def st_const(self):
        """The upc_*sizeof operators, and sizeof where it is one, in integer
        constant expressions (6.4.1: the upc_*sizeof results are integer
        constants; sizeof of a shared array with a THREADS dimension is one
        under static THREADS only, where the code is in #ifdef
        __UPC_STATIC_THREADS__ and the dynamic build computes the value at
        run time instead): enumerators, case labels, _Static_assert,
        file-scope array sizes and bit-field widths."""
        objs = [o for o in self.objs if o.so.is_array()]
        if not objs:
            return
        rng = self.rng
        so = rng.choice(objs).so
        op = rng.choice(['upc_localsizeof', 'upc_blocksizeof', 'upc_elemsizeof', 'sizeof'])
        val = {'sizeof': so.sizeof, 'upc_localsizeof': so.localsizeof,
               'upc_blocksizeof': so.blocksizeof, 'upc_elemsizeof': lambda T: so.elemsizeof()}[op]
        vals = {T: val(T) for T in TS}
        const_always = op != 'sizeof' or not any(d.threads for d in so.dims)
        if op != 'sizeof' and len(set(vals.values())) != 1:
            return      # (cannot happen: 6.4.1 makes them constants)
        e = '%s(%s)' % (op, so.name)
        per_T = ('(THREADS == 1 ? %dULL : THREADS == 2 ? %dULL : THREADS == 3 ? %dULL : %dULL)'
                 % tuple(vals[T] for T in TS))
        sid = self.new_stmt_id()
        label = self.label(sid, 'const')
        ctx = rng.choice(['enum', 'case', 'assert', 'array', 'bitfield'])
        if ctx == 'bitfield' and not all(0 < v <= 32 for v in vals.values()):
            ctx = 'enum'
        if ctx == 'enum' and not all(v < 2 ** 31 for v in vals.values()):
            ctx = 'case'
        name = '%s_k%d' % (self.pre, sid)
        decl_uses = []
        if ctx == 'enum':
            body = ('enum { %s = %s };\noracle_outu("%s", (unsigned long long)%s);' % (name, e, label, name))
            want = vals
        elif ctx == 'case':
            body = ('switch ((unsigned long long)%s) {\ncase %s: oracle_out("%s", 1); break;\n'
                    'default: oracle_out("%s", 0);\n}' % (per_T, e, label, label))
            want = {T: 1 for T in TS}
        elif ctx == 'assert':
            body = ('_Static_assert(%s == %s, "%s");\noracle_out("%s", 1);'
                    % (e, per_T if not const_always else '%dULL' % vals[1], label, label))
            want = {T: 1 for T in TS}
        elif ctx == 'array':
            self.prog.decls.append(Decl(name, 'static char %s[%s];' % (name, e), [so.name]))
            decl_uses = [name]
            body = 'oracle_outu("%s", (unsigned long long)sizeof %s);' % (label, name)
            want = vals
        else:
            body = ('struct { unsigned f : %s; } %s;\n%s.f = ~0u;\noracle_outu("%s", %s.f);'
                    % (e, name, name, label, name))
            want = {T: (1 << vals[T]) - 1 for T in TS}
        if const_always:
            c = '{ /* %s in a constant context: %s */\n  %s\n}' % (op, ctx, body.replace('\n', '\n  '))
        else:
            if ctx == 'array':
                # the dynamic build may not have the array: print from the
                # run-time value there
                self.prog.decls[-1].c = ('#ifdef __UPC_STATIC_THREADS__\n%s\n#endif'
                                         % self.prog.decls[-1].c)
            dyn = {'enum': 'oracle_outu("%s", (unsigned long long)%s);' % (label, e),
                   'case': 'oracle_out("%s", 1);' % label,
                   'assert': 'oracle_out("%s", 1);' % label,
                   'array': 'oracle_outu("%s", (unsigned long long)%s);' % (label, e),
                   'bitfield': 'oracle_outu("%s", (1ULL << %s) - 1);' % (label, e)}[ctx]
            c = ('{ /* %s in a constant context under static THREADS: %s */\n'
                 '#ifdef __UPC_STATIC_THREADS__\n  %s\n#else\n  %s\n#endif\n}'
                 % (op, ctx, body.replace('\n', '\n  '), dyn))
        self.add(c, uses=[so.name] + decl_uses,
                 out={T: [(0, label, want[T])] for T in TS}, kind='const-' + ctx)

    def generate(self):
        rng = self.rng
        for _ in range(rng.randint(1, 3)):
            self.make_object()
        makers = [(self.st_elem, 6), (self.st_arith, 6), (self.st_convert, 5),
                  (self.st_member, 4), (self.st_diff, 4), (self.st_sizeof, 4),
                  (self.st_store, 1), (self.st_affinity_object, 1),
                  (self.st_write, 2), (self.st_compound, 2)]
        if self.level >= 2:
            makers += [(self.st_cond, 1), (self.st_mythread, 1), (self.st_forall, 1),
                       (self.st_const, 2)]
        if self.level >= 3:
            makers += [(self.st_forall_values, 1), (self.st_update, 1)]
        makers = [(m, w * self.focus.get(m.__name__, 1)) for m, w in makers]
        total = sum(w for _, w in makers)
        for _ in range(rng.randint(6, 16)):
            x = rng.uniform(0, total)
            for m, w in makers:
                x -= w
                if x <= 0:
                    m()
                    break
        if rng.random() < 0.3:
            self.st_local()
        return self.prog


def generate(seed, pid, level=LEVEL, focus=None):
    return Gen(seed, pid, level, focus).generate()


if __name__ == '__main__':
    import sys
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    progs = [generate(seed, k) for k in range(n)]
    text, _ = translation_unit(progs)
    sys.stdout.write(text)
