# upcc_printers.py — gdb support for UPC programs compiled by upcc:
# pretty-printers for pointers-to-shared, shared arrays and upc_lock_t *,
# and the commands `upc threads`, `upc print EXPR` and `upc thaw`.
#
# gdb loads this file for every program upcc links (the program's
# .debug_gdb_scripts section names it; lowering/main.cpp).  What it reads:
#  - a pointer-to-shared is a upcrt_pts_t {offset, thread, phase} (upcrt.h),
#    declared through a typedef named __upcc_pts_<UPC type>_Q<C pointer to the
#    target> (lowering/types.cpp spells both parts as identifiers);
#  - thread t's shared segment is mapped in this process at
#    upcrt_node_base[t], NULL when t is on another node;
#  - a static shared object X is the descriptor __upcc_shared_X
#    (upcrt_static_t: user's type, element size, block, element count, offset
#    in every thread's segment);
#  - a lock is 64-bit words at its place: next ticket, ticket served, holder
#    (rts/sync/lock.h); the locks this thread holds are listed in lock.c.
# Values are read from the process's memory; nothing calls into the program.

import re
import socket

import gdb

PTS_PREFIX = "__upcc_pts_"
NOT_MAPPED = "<not mapped on this node>"


# ---- the program's runtime state -------------------------------------------

def _symbol_value(name):
    """A global or file-static variable of the program, or None."""
    try:
        sym = gdb.lookup_global_symbol(name) or gdb.lookup_static_symbol(name)
        if sym is not None:
            return sym.value()
    except (gdb.error, RuntimeError):
        pass
    return None


def _int(name):
    v = _symbol_value(name)
    try:
        return int(v) if v is not None else None
    except gdb.error:
        return None


def threads():
    return _int("upcrt_threads")


def mythread():
    return _int("upcrt_mythread")


def segment_base(thread):
    """Where thread's shared segment is mapped here, or None."""
    bases = _symbol_value("upcrt_node_base")
    n = threads()
    if bases is None or n is None or not 0 <= thread < n:
        return None
    try:
        if int(bases) == 0:
            return None
        base = int((bases + thread).dereference())
    except gdb.error:
        return None
    return base or None


def local_address(thread, offset):
    base = segment_base(thread)
    return None if base is None else base + offset


def read_u64(addr):
    try:
        return int.from_bytes(bytes(gdb.selected_inferior().read_memory(addr, 8)), "little")
    except gdb.MemoryError:
        return None


# ---- types the lowering names ----------------------------------------------

def decode_identifier(s, i=0):
    """Undoes lowering/types.cpp's identifierSpelling from s[i]; stops at
    "_Q" (the separator).  Returns (text, index after it)."""
    out = bytearray()
    while i < len(s):
        c = s[i]
        if c != "_":
            out += c.encode()
            i += 1
        elif s[i + 1:i + 2] == "_":
            out += b"_"
            i += 2
        elif s[i + 1:i + 2] == "Q":
            i += 2
            break
        else:
            out.append(int(s[i + 1:i + 3], 16))
            i += 3
    return out.decode("utf-8", "replace"), i


class PtsType:
    """What a pointer-to-shared type is: its UPC spelling, and the C type of
    a pointer to its target (None when unknown)."""

    def __init__(self, upc, target):
        self.upc = upc
        self.target = target

    @property
    def is_lock(self):
        return re.fullmatch(r"(const\s+)?upc_lock_t\s*\*", self.upc) is not None

    @property
    def target_is_void(self):
        return self.target is None or re.fullmatch(r"(const\s+)?(volatile\s+)?void\s*\*",
                                                   self.target) is not None


GENERIC_PTS = PtsType("shared void *", None)


def pts_type(t):
    """The PtsType of gdb type t (through typedefs), or None if t is not a
    pointer-to-shared."""
    while t.code == gdb.TYPE_CODE_TYPEDEF:
        name = t.name or ""
        if name.startswith(PTS_PREFIX):
            return pts_type_from_name(name)
        t = t.target()
    t = t.unqualified()
    if t.code == gdb.TYPE_CODE_STRUCT and t.tag == "upcrt_pts":
        return GENERIC_PTS
    return None


def pts_fields(val):
    return int(val["offset"]), int(val["thread"]), int(val["phase"])


def pts_struct_type():
    return gdb.lookup_type("upcrt_pts_t")


def pts_type_from_name(name):
    upc, i = decode_identifier(name, len(PTS_PREFIX))
    target, _ = decode_identifier(name, i)
    return PtsType(upc, target)


def show(value, ptype=None):
    """value as gdb prints it; a pointer-to-shared as ptype says."""
    if ptype is not None:
        return PtsPrinter(value, ptype).to_string()
    return str(value)


def object_at(addr, pointer_type):
    """(gdb.Value, PtsType or None): the object at addr, where pointer_type
    is the C spelling of a pointer to it.  A pointer-to-shared's typedef is
    in the debug information only where a variable has it, so such objects
    are read as upcrt_pts_t and described by their typedef's name."""
    m = re.fullmatch(r"(?:const\s+|volatile\s+)*(__upcc_pts_\w+)(?:\s+const|\s+volatile)*\s*\*",
                     pointer_type)
    if m:
        v = gdb.Value(addr).cast(pts_struct_type().pointer()).dereference()
        inner = pts_type_from_name(m.group(1))
    else:
        v = gdb.parse_and_eval("(%s)%#x" % (pointer_type, addr)).dereference()
        inner = None
    v.fetch_lazy()
    return v, inner


def pts_target(val, ptype):
    """(gdb.Value, PtsType or None) of the object val points to, or a string
    saying why there is none."""
    offset, thread, phase = pts_fields(val)
    n = threads()
    if n is not None and thread >= n:
        return "<thread %d does not exist>" % thread
    addr = local_address(thread, offset)
    if addr is None:
        return NOT_MAPPED
    if ptype.target_is_void:
        return "<the target type is unknown>"
    try:
        return object_at(addr, ptype.target)
    except gdb.MemoryError:
        return "<cannot read %#x>" % addr
    except gdb.error as e:
        return "<%s>" % e


def pts_target_text(val, ptype):
    t = pts_target(val, ptype)
    return t if isinstance(t, str) else show(*t)


# ---- locks -----------------------------------------------------------------

LOCK_NEXT, LOCK_SERVING, LOCK_HOLDER = 0, 8, 16


def held_here(thread, offset, serving):
    """Whether this thread's list of held locks (lock.c) has the lock with
    the ticket now served."""
    held = _symbol_value("upcrt_lock_held")
    n = _int("upcrt_lock_nheld")
    if held is None or not n:
        return False
    try:
        for i in range(n):
            e = held[i]
            if (int(e["lock"]["thread"]) == thread and int(e["lock"]["offset"]) == offset
                    and int(e["ticket"]) == serving):
                return True
    except gdb.error:
        pass
    return False


def lock_state(thread, offset):
    addr = local_address(thread, offset)
    if addr is None:
        return NOT_MAPPED
    nxt, serving, holder = (read_u64(addr + o) for o in (LOCK_NEXT, LOCK_SERVING, LOCK_HOLDER))
    if nxt is None or serving is None:
        return "<cannot read %#x>" % addr
    if nxt == serving:
        return "free"
    waiting = (nxt - serving - 1) % (1 << 64)
    if held_here(thread, offset, serving):
        who = "held by thread %d (this thread)" % mythread()
    elif holder:
        who = "held by thread %d" % (holder - 1)
    else:
        # the holder word is written only from the lock's node (rts/sync/lock.c)
        who = "held by a thread on another node"
    return who + ("" if waiting == 0 else ", %d waiting" % waiting)


# ---- printers --------------------------------------------------------------

class PtsPrinter:
    """(shared int *) thread 1, phase 2, addr 0x... -> 42.  The pointers in
    what one points to print without their targets (a list would print
    forever)."""

    following = False

    def __init__(self, val, ptype):
        self.val = val
        self.ptype = ptype

    def to_string(self):
        offset, thread, phase = pts_fields(self.val)
        head = "(%s)" % self.ptype.upc
        if offset == 0 and thread == 0 and phase == 0:
            return head + " NULL"
        addr = local_address(thread, offset)
        if self.ptype.is_lock:
            where = "thread %d, addr %#x" % (thread, addr) if addr is not None else \
                "thread %d, offset %#x" % (thread, offset)
            return "%s %s -> %s" % (head, where, lock_state(thread, offset))
        s = "%s thread %d, phase %d, " % (head, thread, phase)
        if addr is None:
            return s + "offset %#x %s" % (offset, NOT_MAPPED)
        s += "addr %#x" % addr
        if self.ptype.target_is_void or PtsPrinter.following:
            return s
        PtsPrinter.following = True
        try:
            return s + " -> " + pts_target_text(self.val, self.ptype)
        finally:
            PtsPrinter.following = False


def strip_upc_qualifiers(s):
    s = re.sub(r"\b(strict|relaxed)\s+", "", s)
    return re.sub(r"\bshared\s*(\[[^\]]*\]\s*)?", "", s).strip()


def descriptor_name(static):
    """The symbol of a static shared object's descriptor (__upcc_shared_X)."""
    try:
        info = gdb.execute("info symbol %#x" % int(static.address), to_string=True)
    except (gdb.error, TypeError):
        return None
    name = info.split()[0] if info.strip() else ""
    return name if name.startswith("__upcc_shared_") else None


def element_type(static):
    """(gdb.Type, PtsType or None) of a static shared object's elements, or
    None if unknown.  Under upcc -g the lowering leaves a pointer to the
    element type, __upcc_elemtype_X; else the UPC spelling of the type
    (shared [4] double[8], shared int *shared[1]) says it."""
    size = int(static["elem_size"])
    desc = descriptor_name(static)
    anchor = _symbol_value("__upcc_elemtype_" + desc[len("__upcc_shared_"):]) if desc else None
    if anchor is not None:
        t = anchor.type.strip_typedefs().target()
        ptype = pts_type(t)
        if t.sizeof == size:
            return (pts_struct_type() if ptype else t), ptype
    spelled = re.sub(r"(\s*\[[^\]]*\])+$", "", static["type"].string()).strip()
    pointer = re.fullmatch(r"(.*\*)\s*(strict\s+|relaxed\s+)*shared\s*(\[[^\]]*\])?", spelled)
    if pointer and "shared" in pointer.group(1):
        upc = pointer.group(1).strip()
        return pts_struct_type(), PtsType(upc, strip_upc_qualifiers(upc))
    try:
        t = gdb.parse_and_eval("(%s *)0" % strip_upc_qualifiers(spelled)).type.target()
    except gdb.error:
        return None
    return (t, None) if t.sizeof == size else None


def static_elements(static):
    """(count, block, element size, offset) of a static shared object."""
    n = int(static["nelems"])
    if int(static["threads_scaled"]):
        n *= threads() or 1
    return n, int(static["block"]), int(static["elem_size"]), int(static["offset"])


def element_place(i, block, nthreads):
    """(thread, index in that thread's part) of global element i."""
    if block == 0:
        return 0, i
    blk = i // block
    return blk % nthreads, (blk // nthreads) * block + i % block


def static_element(static, i, etype=None):
    """Element i of a static shared object as text."""
    n, block, size, offset = static_elements(static)
    if not 0 <= i < n:
        return "<index %d out of 0..%d>" % (i, n - 1)
    thread, local = element_place(i, block, threads() or 1)
    addr = local_address(thread, offset + local * size)
    if addr is None:
        return NOT_MAPPED
    etype = etype or element_type(static)
    try:
        if etype is None:
            data = bytes(gdb.selected_inferior().read_memory(addr, size))
            return "<%d bytes: %s>" % (size, data.hex())
        v = gdb.Value(addr).cast(etype[0].pointer()).dereference()
        v.fetch_lazy()
        return show(v, etype[1])
    except gdb.MemoryError:
        return "<cannot read %#x>" % addr


class StaticPrinter:
    """shared int A[8] (THREADS 2) = {[0] = 40, [1] = 41, ...}"""

    def __init__(self, val):
        self.val = val

    def to_string(self):
        v = self.val
        try:
            name = v["name"].string()
            spelled = v["type"].string()
        except gdb.error:
            return "<a shared object not yet registered>"
        base = re.sub(r"(\s*\[[^\]]*\])+$", "", spelled).strip()
        is_array = base != spelled
        if not threads() or segment_base(mythread() or 0) is None:
            return "%s %s <the runtime has not started>" % (spelled, name)
        n, _, _, _ = static_elements(v)
        etype = element_type(v)
        if not is_array and n == 1:
            return "%s %s = %s" % (base, name, static_element(v, 0, etype))
        limit = gdb.parameter("print elements") or n
        parts = []
        for i in range(min(n, limit)):
            parts.append("[%d] = %s" % (i, static_element(v, i, etype)))
        if n > limit:
            parts.append("...")
        return "%s %s[%d] (THREADS %d) = {%s}" % (base, name, n, threads(), ", ".join(parts))


def lookup_printer(val):
    try:
        ptype = pts_type(val.type)
        if ptype is not None:
            return PtsPrinter(val, ptype)
        t = val.type.strip_typedefs().unqualified()
        if t.code == gdb.TYPE_CODE_STRUCT and t.tag == "upcrt_static":
            return StaticPrinter(val)
    except gdb.error:
        pass
    return None


# ---- commands --------------------------------------------------------------

class UpcPrefix(gdb.Command):
    """Commands for UPC programs compiled by upcc: upc threads, upc print, upc thaw."""

    def __init__(self):
        super().__init__("upc", gdb.COMMAND_DATA, gdb.COMPLETE_NONE, True)


class UpcThreads(gdb.Command):
    """Shows this process's MYTHREAD and THREADS, its node and the threads
whose shared memory is mapped here (upc print reads those)."""

    def __init__(self):
        super().__init__("upc threads", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        me, n = mythread(), threads()
        if me is None or n is None:
            raise gdb.GdbError("upc: no UPC runtime in this program (or no process)")
        if n == 0:
            print("upc: the runtime has not started yet (THREADS unknown)")
            return
        local = [t for t in range(n) if segment_base(t) is not None]
        pid = gdb.selected_inferior().pid
        print("MYTHREAD %d, THREADS %d, node %s (pid %d); threads mapped on this node: %s"
              % (me, n, socket.gethostname(), pid, _ranges(local) or "none yet"))


def _ranges(ts):
    out, i = [], 0
    while i < len(ts):
        j = i
        while j + 1 < len(ts) and ts[j + 1] == ts[j] + 1:
            j += 1
        out.append(str(ts[i]) if i == j else "%d-%d" % (ts[i], ts[j]))
        i = j + 1
    return ",".join(out)


class UpcPrint(gdb.Command):
    """upc print EXPR: EXPR a pointer-to-shared prints the object it points to
(read where its thread's memory is mapped on this node), *EXPR the object
that one points to, and so on; the name of a shared array (A) or one of its
elements (A[i]) prints it by global index, as the program sees it; anything
else prints as `print` would."""

    def __init__(self):
        super().__init__("upc print", gdb.COMMAND_DATA, gdb.COMPLETE_EXPRESSION)

    def invoke(self, arg, from_tty):
        expr = arg.strip()
        if not expr:
            raise gdb.GdbError("usage: upc print EXPR")
        m = re.fullmatch(r"([A-Za-z_]\w*)\s*(?:\[(.*)\])?", expr)
        if m:
            static = _symbol_value("__upcc_shared_" + m.group(1))
            if static is not None:
                if m.group(2) is None:
                    print(StaticPrinter(static).to_string())
                else:
                    i = int(gdb.parse_and_eval(m.group(2)))
                    e = static_element(static, i)
                    print("%s[%d] = %s" % (m.group(1), i, e))
                return
        # *pp: leading stars dereference pointers-to-shared, which gdb cannot
        stars = len(expr) - len(expr.lstrip("*"))
        val = gdb.parse_and_eval(expr[stars:])
        ptype = pts_type(val.type)
        if ptype is None:
            print(str(gdb.parse_and_eval(expr)) if stars else str(val))
            return
        for _ in range(stars):
            if ptype is None or ptype.is_lock:
                raise gdb.GdbError("upc: %s: not a pointer-to-shared" % expr)
            target = pts_target(val, ptype)
            if isinstance(target, str):
                raise gdb.GdbError("upc: %s: %s" % (expr, target))
            val, ptype = target
        if ptype is None or ptype.is_lock:
            print("%s = %s" % (expr, show(val, ptype)))
        else:
            print("*(%s) = %s" % (expr, pts_target_text(val, ptype)))


class UpcThaw(gdb.Command):
    """Releases this thread from upcrun -freeze: it leaves its wait at
start-up when the program continues (or gdb detaches)."""

    def __init__(self):
        super().__init__("upc thaw", gdb.COMMAND_RUNNING)

    def invoke(self, arg, from_tty):
        if _symbol_value("upcrt_frozen") is None:
            raise gdb.GdbError("upc: no upcrt_frozen in this program (not linked by upcc?)")
        gdb.execute("set var upcrt_frozen = 0", to_string=True)
        me = mythread()
        print("upc: thread %s thawed" % ("?" if me is None else me))


# ---- registration ----------------------------------------------------------

def register(objfile=None):
    """Adds the printers to objfile (the program, when gdb auto-loads this
    file) or to every program, and defines the commands once."""
    target = objfile if objfile is not None else gdb
    if lookup_printer not in target.pretty_printers:
        target.pretty_printers.append(lookup_printer)
    if not getattr(gdb, "_upcc_commands", False):
        UpcPrefix()
        UpcThreads()
        UpcPrint()
        UpcThaw()
        gdb._upcc_commands = True


register(gdb.current_objfile())
