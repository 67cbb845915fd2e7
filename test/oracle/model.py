"""model.py — an executable model of UPC 1.3's data layout rules.

Written from the UPC Language Specifications 1.3 (section numbers below), not
from upcc: the oracle's generator (gen.py) asks it what a program must print
and run.py compares that with what upcc's executable prints.

Conventions of the model (where the specification leaves a choice to the
implementation, the choice and its reason are stated):
- Scalar sizes and struct layout are those of the x86-64 System V ABI (the C
  ABI of the backend compiler); char is signed.
- A pointer-to-shared is (object, thread, local byte offset, phase).  The local
  byte offset is counted from the start of the object's storage on that
  thread.  upc_addrfield is implementation-defined (7.2.3.4), so the oracle
  only compares differences of addrfields of two pointers on one thread into
  one object, in bytes, which 6.4.2's correspondence between shared and local
  addresses ties to the local pointer difference in bytes.
- THREADS is a parameter of every function that depends on it, so the same
  model serves static THREADS (-T N) and dynamic THREADS.
"""

from dataclasses import dataclass, field
from typing import Optional, Tuple, List


def ceil_div(a, b):
    return -(-a // b)


# ---------------------------------------------------------------------------
# C types (the ABI, not UPC: x86-64 System V)

@dataclass(frozen=True)
class Scalar:
    name: str        # C spelling
    size: int
    align: int
    is_float: bool = False

    def c(self):
        return self.name


CHAR = Scalar('char', 1, 1)
SHORT = Scalar('short', 2, 2)
INT = Scalar('int', 4, 4)
LLONG = Scalar('long long', 8, 8)
DOUBLE = Scalar('double', 8, 8, True)
SCALARS = [CHAR, SHORT, INT, LLONG, DOUBLE]


@dataclass(frozen=True)
class Member:
    name: str
    type: object          # Scalar or Struct
    count: Optional[int]  # None: not an array; else the array length


class Struct:
    """A struct type laid out as the System V ABI does: each member at the
    next multiple of its alignment, the size rounded up to the largest
    alignment."""

    def __init__(self, tag, members):
        self.tag = tag
        self.members = list(members)
        off = 0
        align = 1
        self.offsets = {}
        for m in self.members:
            a = m.type.align
            off = ceil_div(off, a) * a
            self.offsets[m.name] = off
            off += m.type.size * (m.count or 1)
            align = max(align, a)
        self.align = align
        self.size = ceil_div(off, align) * align

    def c(self):
        return 'struct ' + self.tag

    def member(self, name):
        for m in self.members:
            if m.name == name:
                return m
        raise KeyError(name)

    def __repr__(self):
        return 'Struct(%s)' % self.tag


def sizeof(t):
    return t.size


# ---------------------------------------------------------------------------
# Layout qualifiers (6.5.1.1)

# Block specs as written in a declaration: 'default' (no layout qualifier:
# block size 1, 6.5.1.1 Semantics 4), an int k ([k]; [1] is k == 1), 'indef'
# ([] or [0]: indefinite, all elements on thread 0, 6.5.1.1 Semantics 5) and
# 'star' ([*]: 6.5.1.1 Semantics 6).

def block_c(spec):
    """The layout qualifier as written in C ('' for the default)."""
    if spec == 'default':
        return ''
    if spec == 'indef':
        return '[] '
    if spec == 'star':
        return '[*] '
    return '[%d] ' % spec


# ---------------------------------------------------------------------------
# Shared objects (arrays and non-arrays)

@dataclass
class Dim:
    c: int            # the constant
    threads: bool     # written c*THREADS (or THREADS when c == 1)

    def value(self, T):
        return self.c * (T if self.threads else 1)

    def cexpr(self):
        if not self.threads:
            return str(self.c)
        return 'THREADS' if self.c == 1 else '%d*THREADS' % self.c


class SharedObject:
    """A shared object: `shared <spec> <elem> name<dims>` (dims == [] for a
    non-array).  Elements are counted in the innermost non-array type, and a
    multidimensional array is linearized in row-major order (6.5.1.1
    Semantics 4: 'the block size ... in units of the element type'; 6.4.1.3:
    the element type of upc_elemsizeof is the innermost non-array type)."""

    def __init__(self, name, elem, spec, dims):
        self.name = name
        self.elem = elem
        self.spec = spec
        self.dims = list(dims)

    def is_array(self):
        return bool(self.dims)

    def dim_values(self, T):
        return [d.value(T) for d in self.dims]

    def nelems(self, T):
        n = 1
        for v in self.dim_values(T):
            n *= v
        return n

    def block(self, T):
        """The block size (6.5.1.1).  [*] distributes the elements in
        THREADS blocks of ceil(elements / THREADS) (6.5.1.1 Semantics 6);
        indefinite is 0 (the value upc_blocksizeof gives, 6.4.1.2)."""
        return type_block(self.spec, self.nelems(T), T)

    def esize(self):
        return self.elem.size

    # -- the sizeof family -------------------------------------------------
    def sizeof(self, T):
        """6.4.1 / ISO C 6.5.3.4: the size of the whole object; with a
        THREADS dimension under dynamic THREADS a run-time value."""
        return self.nelems(T) * self.esize()

    def localsizeof(self, T):
        return localsizeof(self.spec, self.dims, self.elem, T)

    def blocksizeof(self, T):
        return self.block(T)

    def elemsizeof(self):
        return self.esize()

    # -- where element i lives (6.4.2, 6.5.1.1) ------------------------------
    def pos(self, i, T):
        """(thread, phase, local byte offset) of the element with linear
        row-major index i (i == nelems is the one-past-the-end position)."""
        E = self.esize()
        if not self.is_array():
            return (0, 0, i * E)
        B = self.block(T)
        if B == 0:
            # 6.5.1.1 Semantics 5 / 6.4.2 p2: indefinite block size, every
            # element on thread 0, phase 0, laid out as a C array.
            return (0, 0, i * E)
        # 6.4.2 p3 (the block-cyclic distribution the pointer arithmetic
        # equations describe): element i is in block i/B, blocks are dealt to
        # threads round robin, and each thread stores its blocks in order.
        thread = (i // B) % T
        phase = i % B
        local = (i // (B * T)) * B + i % B
        return (thread, phase, local * E)

    def index_at(self, thread, off, T):
        """The inverse of pos: (linear index, byte within the element) of the
        storage at (thread, off), or None when there is no element there."""
        E = self.esize()
        if off < 0:
            return None
        if not self.is_array():
            if thread != 0 or off >= E:
                return None
            return (0, off)
        B = self.block(T)
        n = self.nelems(T)
        if B == 0:
            if thread != 0:
                return None
            i, inner = divmod(off, E)
        else:
            if not (0 <= thread < T):
                return None
            local, inner = divmod(off, E)
            course, ph = divmod(local, B)
            i = (course * T + thread) * B + ph
        if i >= n:
            return None
        return (i, inner)

    def local_elems(self, t, T):
        """Number of elements with affinity to thread t."""
        return sum(1 for i in range(self.nelems(T)) if self.pos(i, T)[0] == t)

    def linear(self, idx, T):
        """Row-major linear index of a full subscript list."""
        lin = 0
        for v, d in zip(idx, self.dim_values(T)):
            lin = lin * d + v
        return lin

    def decl_c(self):
        dims = ''.join('[%s]' % d.cexpr() for d in self.dims)
        return 'shared %s%s %s%s;' % (block_c(self.spec), self.elem.c(), self.name, dims)


def type_block(spec, n, T):
    if spec == 'default':
        return 1
    if spec == 'indef':
        return 0
    if spec == 'star':
        # 6.5.1.1 Semantics 6: [*] -> (sizeof(a)/upc_elemsizeof(a) + THREADS-1) / THREADS
        return max(1, ceil_div(n, T))
    return spec


def type_sizeof(dims, elem, T):
    """sizeof of the type `shared [B] elem dims` (6.4.1, ISO C 6.5.3.4):
    the total, with THREADS at its run-time value."""
    n = 1
    for d in dims:
        n *= d.value(T)
    return n * elem.size


def localsizeof(spec, dims, elem, T):
    """upc_localsizeof (6.4.1.1): the size of the local portion, the largest
    share any one thread has of the object, in bytes: whole blocks of B
    elements, ceil(ceil(N/B)/THREADS) of them; the whole object when the
    block size is indefinite (it is all on one thread); sizeof for a
    non-array."""
    if not dims:
        return elem.size
    n = 1
    for d in dims:
        n *= d.value(T)
    B = type_block(spec, n, T)
    if B == 0:
        return n * elem.size
    return ceil_div(ceil_div(n, B), T) * B * elem.size


def affinitysize(totalsize, nbytes, threadid, T):
    """upc_affinitysize (7.2.3.5): the
    exact number of bytes of an object of totalsize bytes in blocks of
    nbytes that have affinity to threadid; nbytes == 0 is indefinite: all on
    thread 0."""
    if nbytes == 0:
        return totalsize if threadid == 0 else 0
    full, rem = divmod(totalsize, nbytes)
    size = (full // T + (1 if threadid < full % T else 0)) * nbytes
    if rem and full % T == threadid:
        size += rem
    return size


# ---------------------------------------------------------------------------
# Pointers-to-shared

@dataclass(frozen=True)
class PtrType:
    """`shared [B] target *`; target is a Scalar, a Struct or 'void'.  B is
    the block size of the referenced type: 1 for no layout qualifier, 0 for
    indefinite ([] — 6.5.1.1 Semantics 5)."""
    target: object
    block: int
    qual: str = ''        # '', 'strict ', 'relaxed ' or 'const ' before shared

    def c(self, default_spelling=True):
        if self.target == 'void':
            return '%sshared void *' % self.qual
        if self.block == 0:
            q = '[] '
        elif self.block == 1 and default_spelling:
            q = ''
        else:
            q = '[%d] ' % self.block
        return '%sshared %s%s *' % (self.qual, q, self.target.c())

    def unqualified(self):
        return PtrType(self.target, self.block)

    def esize(self):
        return self.target.size


@dataclass(frozen=True)
class Pts:
    obj: object           # the SharedObject the pointer is into
    thread: int
    off: int              # local byte offset in obj's storage on `thread`
    phase: int
    type: PtrType
    # For a pointer to (into) a struct member, [lo, hi] byte offsets the
    # pointer may range over (ISO C 6.5.6: arithmetic stays inside the
    # member array); None for pointers into the shared object as a whole.
    bounds: Optional[Tuple[int, int]] = None


def elem_ptr(obj, i, T, ptype=None):
    """&A[i...] with linear index i: a pointer to the element's type with the
    array's block size (6.5.1.1 / 6.4.2), at the element's thread and phase.
    Array decay (ISO C 6.3.2.1) is elem_ptr(obj, 0): thread 0, phase 0."""
    thread, phase, off = obj.pos(i, T)
    if ptype is None:
        ptype = PtrType(obj.elem, obj.block(T) if obj.is_array() else block_of_scalar(obj))
    return Pts(obj, thread, off, phase if ptype.block > 0 else 0, ptype)


def block_of_scalar(obj):
    """The block size in the type of a non-array shared object: its layout
    qualifier's, 1 without one (6.5.1.1 Semantics 4)."""
    return type_block(obj.spec, 1, 1)


def member_ptr(p, path):
    """&p->m1.m2[k]... (6.4.4 Semantics 1 — ISO C 'When the unary & is
    applied to a shared structure element of type T, the result has type
    shared [] T *'): an indefinite pointer on the struct's thread, phase 0,
    at the member's address.  path is a list of (member name, index or None)
    starting at p's struct type.  Returns the pointer and the member type."""
    t = p.type.target
    off = p.off
    lo = hi = None
    for name, k in path:
        m = t.member(name)
        moff = off + t.offsets[m.name]
        if m.count is not None:
            lo, hi = moff, moff + m.count * m.type.size
            off = moff + (k or 0) * m.type.size
        else:
            lo, hi = moff, moff + m.type.size
            off = moff
        t = m.type
    return Pts(p.obj, p.thread, off, 0, PtrType(t, 0), (lo, hi)), t


def arith(p, n, T):
    """p + n (6.4.2 p2-p3)."""
    if p.type.target == 'void':
        raise ValueError('arithmetic on shared void *')
    E = p.type.esize()
    B = p.type.block
    if B == 0:
        # 6.4.2 p2: indefinite block size: as for C pointers, the thread
        # unchanged and the phase always zero.
        return Pts(p.obj, p.thread, p.off + n * E, 0, p.type, p.bounds)
    # 6.4.2 p3: phase' = (phase + n) mod B,
    #           thread' = (thread + (phase + n) div B) mod THREADS,
    # div rounding towards negative infinity, mod non-negative.  The local
    # address moves by the change of phase plus one block of B elements for
    # every time the walk passes the last thread (the correspondence between
    # shared and local addresses, 6.4.2 p4).
    phase = (p.phase + n) % B
    tlin = p.thread + (p.phase + n) // B
    thread = tlin % T
    off = p.off + (phase - p.phase) * E + (tlin // T) * B * E
    return Pts(p.obj, thread, off, phase, p.type, p.bounds)


def convert(p, ptype):
    """A conversion of a pointer-to-shared to another pointer-to-shared type,
    explicit (a cast) or implicit (assignment, initialization, argument,
    return) — UPC 1.3 6.4.3, as the specification's conformance tests and
    Berkeley UPC's regression tests check it.  The thread and the address
    are always kept; the phase
      - is kept by a conversion to the generic type (shared void *), which
        loses nothing, like a conversion to void * in C;
      - from the generic type, is 0 when the target's block size is 1 or
        indefinite, and kept otherwise, whatever block size the pointer had
        before it was made generic;
      - between non-generic types, is kept only when the block size and the
        element size are both equal (so shared [3] long long * to
        shared [3] double * keeps it; qualifiers do not matter).
    The library functions upc_threadof/phaseof/addrfield take shared void *
    and so see the phase as the first rule keeps it."""
    if ptype.target == 'void':
        keep = True
    elif p.type.target == 'void':
        keep = ptype.block > 1
    else:
        keep = p.type.block == ptype.block and p.type.esize() == ptype.esize()
    return Pts(p.obj, p.thread, p.off, p.phase if keep else 0, ptype, p.bounds)


def resetphase(p):
    """upc_resetphase (7.2.3.3): the same pointer with
    phase 0, as shared void *."""
    return Pts(p.obj, p.thread, p.off, 0, PtrType('void', 0), p.bounds)


def same_object(p, q):
    """6.4.2: pointers-to-shared that point to the same object (same thread
    and address) compare equal, whatever their phases."""
    return p.obj is q.obj and p.thread == q.thread and p.off == q.off


def diff(p, q, T, limit):
    """q - p for pointers of one type into one object (6.4.2 p5: defined
    when there is an x with p + x == q and phase(p + x) == phase(q); the
    result is x); None when no such x with |x| <= limit exists."""
    if p.type != q.type or p.obj is not q.obj:
        return None
    for a in range(limit + 1):
        for x in ((a, -a) if a else (0,)):
            r = arith(p, x, T)
            if same_object(r, q) and r.phase == q.phase:
                return x
    return None


def compare(p, q, op, T, limit):
    """Relational and equality operators (6.4.2 / ISO C 6.5.8, 6.5.9):
    == and != compare thread and address; <, <=, >, >= are the sign of the
    difference q - p (defined only when the difference is)."""
    if op == '==':
        return int(same_object(p, q))
    if op == '!=':
        return int(not same_object(p, q))
    d = diff(p, q, T, limit)
    if d is None:
        return None
    # p < q  iff  q - p > 0
    return int({'<': d > 0, '<=': d >= 0, '>': d < 0, '>=': d <= 0}[op])
