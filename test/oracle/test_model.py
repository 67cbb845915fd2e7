"""test_model.py — the layout model (model.py) against values worked out by
hand from the UPC 1.3 rules (the working is in the comments), so the oracle's
predictions do not rest on the model alone."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from model import (CHAR, SHORT, INT, LLONG, DOUBLE, Member, Struct, Dim, SharedObject,  # noqa: E402
                   PtrType, elem_ptr, member_ptr, arith, convert, resetphase, diff,
                   compare, same_object, localsizeof, type_sizeof, type_block,
                   affinitysize)

K = 1024


def at(p):
    return (p.thread, p.phase, p.off)


class Layout(unittest.TestCase):
    def test_block3(self):
        # shared [3] int A[10*THREADS], THREADS = 4: 40 elements, blocks of 3.
        A = SharedObject('A', INT, 3, [Dim(10, True)])
        # A[7]: block 7/3 = 2 -> thread 2 % 4 = 2, phase 7 % 3 = 1,
        # local element (7/12)*3 + 1 = 1 -> byte 4
        self.assertEqual(A.pos(7, 4), (2, 1, 4))
        # A[13]: block 4 -> thread 0, phase 1, local (13/12)*3 + 1 = 4 -> byte 16
        self.assertEqual(A.pos(13, 4), (0, 1, 16))
        # A[39] (last): block 13 -> thread 1, phase 0, local 3*3 = 9 -> byte 36
        self.assertEqual(A.pos(39, 4), (1, 0, 36))
        self.assertEqual(A.index_at(1, 36, 4), (39, 0))
        # thread 1 byte 40 would be A[40]: past the end
        self.assertIsNone(A.index_at(1, 40, 4))

    def test_cyclic_and_threads_in_middle(self):
        # shared int C[5][THREADS] at THREADS 3: element [4][1] is linear 13,
        # thread 13 % 3 = 1, phase 0, local 13 / 3 = 4 -> byte 16
        C = SharedObject('C', INT, 'default', [Dim(5, False), Dim(1, True)])
        self.assertEqual(C.pos(C.linear([4, 1], 3), 3), (1, 0, 16))
        # shared [2] int M[2][THREADS][3] at THREADS 3: M[1][2][1] is linear
        # (1*3 + 2)*3 + 1 = 16, block 8 -> thread 2, phase 0,
        # local (16/6)*2 = 4 -> byte 16
        M = SharedObject('M', INT, 2, [Dim(2, False), Dim(1, True), Dim(3, False)])
        self.assertEqual(M.linear([1, 2, 1], 3), 16)
        self.assertEqual(M.pos(16, 3), (2, 0, 16))

    def test_indefinite(self):
        # shared [] short B[10]: all on thread 0, phase 0, as a C array
        B = SharedObject('B', SHORT, 'indef', [Dim(10, False)])
        self.assertEqual(B.pos(7, 4), (0, 0, 14))
        p = elem_ptr(B, 7, 4)
        self.assertEqual(p.type.block, 0)
        # +2 stays on thread 0: byte 18
        self.assertEqual(at(arith(p, 2, 4)), (0, 0, 18))

    def test_star(self):
        # shared [*] int S[10*THREADS] at THREADS 3: block ceil(30/3) = 10
        S = SharedObject('S', INT, 'star', [Dim(10, True)])
        self.assertEqual(S.block(3), 10)
        self.assertEqual(S.pos(25, 3), (2, 5, 20))
        # static THREADS: shared [*] int D[10] at THREADS 4 -> block 3,
        # D[9] in block 3 -> thread 3, phase 0
        D = SharedObject('D', INT, 'star', [Dim(10, False)])
        self.assertEqual(D.block(4), 3)
        self.assertEqual(D.pos(9, 4), (3, 0, 0))


class Arithmetic(unittest.TestCase):
    A = SharedObject('A', INT, 3, [Dim(10, True)])

    def test_forward(self):
        # &A[7] + 5 at THREADS 4: phase (1+5) mod 3 = 0,
        # thread (2 + 6 div 3) mod 4 = 0; that is A[12]: thread 4 % 4 = 0,
        # local (12/12)*3 = 3 -> byte 12
        p = elem_ptr(self.A, 7, 4)
        self.assertEqual(at(arith(p, 5, 4)), (0, 0, 12))
        self.assertEqual(at(arith(p, 5, 4)), self.A.pos(12, 4)[:2] + (12,))

    def test_backward(self):
        # &A[13] - 3: phase (1-3) mod 3 = 1, thread (0 + (-2) div 3) mod 4 =
        # (-1) mod 4 = 3; A[10]: block 3 -> thread 3, phase 1, byte 4
        p = elem_ptr(self.A, 13, 4)
        self.assertEqual(at(arith(p, -3, 4)), (3, 1, 4))

    def test_every_step_matches_the_layout(self):
        for T in (1, 2, 3, 4):
            p = elem_ptr(self.A, 0, T)
            for i in range(self.A.nelems(T)):
                self.assertEqual(at(arith(p, i, T)), self.A.pos(i, T))

    def test_difference_and_comparison(self):
        p, q = elem_ptr(self.A, 7, 4), elem_ptr(self.A, 13, 4)
        self.assertEqual(diff(p, q, 4, 100), 6)
        self.assertEqual(diff(q, p, 4, 100), -6)
        self.assertEqual(compare(p, q, '<', 4, 100), 1)
        self.assertEqual(compare(p, q, '>=', 4, 100), 0)


class Conversions(unittest.TestCase):
    A = SharedObject('A', INT, 3, [Dim(10, True)])

    def test_phase(self):
        p = elem_ptr(self.A, 7, 4)                      # thread 2, phase 1, byte 4
        # different block size: phase 0, thread and address kept
        self.assertEqual(at(convert(p, PtrType(INT, 0))), (2, 0, 4))
        self.assertEqual(at(convert(p, PtrType(INT, 1))), (2, 0, 4))
        # same block size and element type: phase kept
        self.assertEqual(at(convert(p, PtrType(INT, 3))), (2, 1, 4))
        # different element size, same block size: phase 0
        self.assertEqual(at(convert(p, PtrType(CHAR, 3))), (2, 0, 4))
        # to shared void *: phase kept (6.4.3)
        v = convert(p, PtrType('void', 0))
        self.assertEqual(at(v), (2, 1, 4))
        # from it: kept to a block size above 1, whatever it was before;
        # 0 to block size 1 and indefinite
        self.assertEqual(at(convert(v, PtrType(INT, 3))), (2, 1, 4))
        self.assertEqual(at(convert(v, PtrType(CHAR, 20))), (2, 1, 4))
        self.assertEqual(at(convert(v, PtrType(INT, 1))), (2, 0, 4))
        self.assertEqual(at(convert(v, PtrType(INT, 0))), (2, 0, 4))
        self.assertEqual(at(resetphase(p)), (2, 0, 4))

    def test_element_size(self):
        L = SharedObject('L', LLONG, 3, [Dim(10, True)])
        p = elem_ptr(L, 4, 4)                           # thread 1, phase 1
        # another element type of the same size keeps the phase
        self.assertEqual(at(convert(p, PtrType(DOUBLE, 3))), (1, 1, 8))
        self.assertEqual(at(convert(p, PtrType(INT, 3))), (1, 0, 8))
        # equal to the original whatever the phase
        self.assertTrue(same_object(convert(p, PtrType(INT, 0)), p))

    def test_cyclic_view_of_blocked_array(self):
        # (shared int *)&A[7] at THREADS 4 is (thread 2, byte 4, phase 0);
        # +1 moves to thread 3 at the same byte: A[10] (block 3 -> thread 3,
        # local 1 -> byte 4)
        q = convert(elem_ptr(self.A, 7, 4), PtrType(INT, 1))
        self.assertEqual(at(arith(q, 1, 4)), (3, 0, 4))
        self.assertEqual(self.A.index_at(3, 4, 4), (10, 0))
        # +2 wraps to thread 0 one element further: byte 8, A[2]
        self.assertEqual(at(arith(q, 2, 4)), (0, 0, 8))
        self.assertEqual(self.A.index_at(0, 8, 4), (2, 0))


class Members(unittest.TestCase):
    S = Struct('S', [Member('c', CHAR, None), Member('a', INT, 20)])

    def test_struct_layout(self):
        # struct S { char c; int a[20]; }: a at 4, size 84, alignment 4
        self.assertEqual((self.S.offsets['a'], self.S.size, self.S.align), (4, 84, 4))
        # struct { char c; double d; short s; }: 0, 8, 16; size 24
        U = Struct('U', [Member('c', CHAR, None), Member('d', DOUBLE, None), Member('s', SHORT, None)])
        self.assertEqual((U.offsets['d'], U.offsets['s'], U.size), (8, 16, 24))

    def test_member_of_scalar_struct(self):
        # shared [10] struct S f; &f.a[3]: shared [] int *, thread 0,
        # phase 0, byte 4 + 12 = 16
        f = SharedObject('f', self.S, 10, [])
        p, t = member_ptr(elem_ptr(f, 0, 4), [('a', 3)])
        self.assertEqual((t, p.type.block, at(p)), (INT, 0, (0, 0, 16)))

    def test_member_of_array_element(self):
        # shared [2] struct S SA[3*THREADS] at THREADS 2: SA[5] in block 2 ->
        # thread 0, phase 1, local (5/4)*2 + 1 = 3 -> byte 252;
        # &SA[5].a[1]: thread 0, phase 0, byte 252 + 4 + 4 = 260;
        # +3 stays on thread 0: byte 272
        SA = SharedObject('SA', self.S, 2, [Dim(3, True)])
        e = elem_ptr(SA, 5, 2)
        self.assertEqual(at(e), (0, 1, 252))
        p, _ = member_ptr(e, [('a', 1)])
        self.assertEqual(at(p), (0, 0, 260))
        self.assertEqual(at(arith(p, 3, 2)), (0, 0, 272))


class Sizes(unittest.TestCase):
    def test_localsizeof(self):
        # shared [3] int [10*THREADS] at 4: 40 elements, ceil(40/3) = 14
        # blocks, ceil(14/4) = 4 per thread at most -> 4*3*4 = 48 bytes
        self.assertEqual(localsizeof(3, [Dim(10, True)], INT, 4), 48)
        # [*] int [10*THREADS] at 3: one block of 10 each -> 40
        self.assertEqual(localsizeof('star', [Dim(10, True)], INT, 3), 40)
        # shared [] char [33]: the whole 33 bytes
        self.assertEqual(localsizeof('indef', [Dim(33, False)], CHAR, 4), 33)
        # a non-array: its size
        self.assertEqual(localsizeof('default', [], DOUBLE, 4), 8)

    def test_sizeof_type_threads(self):
        # sizeof(shared int [10*THREADS]) at 3 = 120 (as float: 40*THREADS)
        self.assertEqual(type_sizeof([Dim(10, True)], INT, 3), 120)
        # sizeof(shared [7] int [30*THREADS]) at 4 = 480
        self.assertEqual(type_sizeof([Dim(30, True)], INT, 4), 480)

    def test_big(self):
        # upc_localsizeof(shared int [256][1024][1024*THREADS]) at 2: each
        # thread holds 2^28 ints = 2^30 bytes
        d = [Dim(256, False), Dim(1024, False), Dim(1024, True)]
        self.assertEqual(localsizeof('default', d, INT, 2), 1 << 30)
        # sizeof(shared int [1024][1024][1024*THREADS]) = 2^32 * THREADS
        d = [Dim(1024, False), Dim(1024, False), Dim(1024, True)]
        self.assertEqual(type_sizeof(d, INT, 3), 3 << 32)

    def test_blocksizeof(self):
        self.assertEqual(type_block('indef', 10, 4), 0)
        self.assertEqual(type_block('default', 10, 4), 1)
        self.assertEqual(type_block('star', 10, 4), 3)

    def test_affinitysize(self):
        # 1000 bytes in blocks of 24 at THREADS 4: 41 full blocks and 16
        # bytes; thread 0 has blocks 0,4,...,40 (11) = 264; thread 1 has 10
        # full blocks and the partial block 41 -> 256; threads 2, 3: 240
        got = [affinitysize(1000, 24, t, 4) for t in range(4)]
        self.assertEqual(got, [264, 256, 240, 240])
        self.assertEqual(sum(got), 1000)
        # indefinite (nbytes 0): all on thread 0
        self.assertEqual([affinitysize(100, 0, t, 3) for t in range(3)], [100, 0, 0])


if __name__ == '__main__':
    unittest.main()
