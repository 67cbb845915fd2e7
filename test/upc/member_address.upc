/* member_address.upc — UPC 1.3 6.4.4 (Semantics 1): "When the unary & is
 * applied to a shared structure element of type T, the result has type
 * shared [] T *".  The address of a member (and of an element of a member
 * array, and a member array used as a value) has block size 0 and phase 0,
 * and arithmetic on it stays on the thread of the structure. */
#include "upctest.h"

struct foo { char c; int a[20]; };
struct inner { short s; double d[3]; };
struct outer { int x; struct inner in; struct inner arr[2]; };

shared [10] struct foo f;
shared [3] struct foo F[4 * THREADS];
shared [2] struct outer O[3 * THREADS];
shared struct foo *sp;

/* Thread of element i of an array with block size b (6.4.2). */
static int owner(int i, int b) { return (i / b) % THREADS; }

/* The argument's own type is checked by the conversion: a shared [] int *
 * parameter takes &s.a[k] without a cast. */
static size_t phase_ind(shared [] int *p) { return upc_phaseof(p); }

int main(void) {
  /* the type: block size 0 (the issue's reproducer) */
  CHECK_UINT(upc_blocksizeof(*&(f.c)), 0);
  CHECK_UINT(upc_blocksizeof(*&(f.a)), 0);
  sp = &F[1];
  CHECK_UINT(upc_blocksizeof(*&(sp->a)), 0);
  CHECK_UINT(upc_blocksizeof(*&(F[2].a[3])), 0);
  CHECK_UINT(upc_blocksizeof(*&(O[1].in.d[2])), 0);
  CHECK_UINT(upc_blocksizeof(*(F[2].a + 1)), 0);
  CHECK_UINT(upc_blocksizeof(f.a), 10); /* the member itself: the object's layout */

  for (int i = 0; i < 4 * THREADS; i++) {
    int t = owner(i, 3);
    size_t base = upc_addrfield(&F[i]);
    /* &p[i].m, &s.arr[k]: phase 0 on F[i]'s thread, at the member's offset */
    CHECK_UINT(upc_phaseof(&F[i].c), 0);
    CHECK_UINT(upc_threadof(&F[i].c), t);
    CHECK_UINT(upc_addrfield(&F[i].c) - base, offsetof(struct foo, c));
    for (int k = 0; k < 20; k++) {
      CHECK_UINT(upc_threadof(&F[i].a[k]), t);
      CHECK_UINT(upc_phaseof(&F[i].a[k]), 0);
      CHECK_UINT(phase_ind(&F[i].a[k]), 0);
      CHECK_UINT(upc_addrfield(&F[i].a[k]) - base, offsetof(struct foo, a) + k * sizeof(int));
      /* arithmetic on the member's address walks the member, not the array */
      CHECK_UINT(upc_threadof(&F[i].a[0] + k), t);
      CHECK_UINT(upc_addrfield(&F[i].a[0] + k) - base, offsetof(struct foo, a) + k * sizeof(int));
      /* the member array as a value decays to shared [] int * */
      CHECK_UINT(upc_threadof(F[i].a + k), t);
      CHECK_UINT(upc_phaseof(F[i].a + k), 0);
      CHECK_UINT(upc_addrfield(F[i].a + k) - base, offsetof(struct foo, a) + k * sizeof(int));
    }
    CHECK_INT(&F[i].a[17] - &F[i].a[2], 15);
    CHECK_INT((F[i].a + 19) - F[i].a, 19);
    CHECK(&F[i].a[3] < &F[i].a[4]);
    /* &s.m of the whole member array: shared [] int (*)[20] */
    CHECK_UINT(upc_blocksizeof(**&F[i].a), 0);
    CHECK_UINT(upc_threadof(&F[i].a), t);
  }

  /* &p->m and &p[i].m through a pointer-to-shared */
  for (int i = 0; i + 1 < 4 * THREADS; i++) {
    sp = (shared struct foo *)&F[i];
    shared [3] struct foo *fp = &F[i];
    int t = owner(i, 3);
    CHECK_UINT(upc_threadof(&sp->a[19]), upc_threadof(sp));
    CHECK_UINT(upc_threadof(&sp->a[0] + 19), upc_threadof(sp));
    CHECK_UINT(upc_phaseof(&sp->a[5]), 0);
    CHECK_UINT(upc_threadof(&fp->a[0] + 19), t);
    CHECK_UINT(upc_threadof(&fp[1].a[0] + 19), owner(i + 1, 3));
    CHECK_UINT(upc_addrfield(&fp[1].c) - upc_addrfield(&F[i + 1]), 0);
  }

  /* nested structures and arrays of structures inside them */
  for (int i = 0; i < 3 * THREADS; i++) {
    int t = owner(i, 2);
    size_t base = upc_addrfield(&O[i]);
    CHECK_UINT(upc_threadof(&O[i].in), t);
    CHECK_UINT(upc_phaseof(&O[i].in), 0);
    CHECK_UINT(upc_addrfield(&O[i].in.d[2]) - base,
               offsetof(struct outer, in) + offsetof(struct inner, d) + 2 * sizeof(double));
    CHECK_UINT(upc_threadof(&O[i].arr[1].d[2]), t);
    CHECK_UINT(upc_addrfield(&O[i].arr[1].d[2]) - base,
               offsetof(struct outer, arr) + sizeof(struct inner) + offsetof(struct inner, d) +
                   2 * sizeof(double));
    CHECK_UINT(upc_threadof(&O[i].arr[0] + 1), t); /* element of a member array of structs */
    CHECK_UINT(upc_addrfield(&O[i].arr[0] + 1) - base, offsetof(struct outer, arr) + sizeof(struct inner));
    CHECK_UINT(upc_threadof(O[i].in.d + 2), t);
  }

  /* writes and reads through the members' addresses reach the members */
  if (MYTHREAD == THREADS - 1) {
    for (int i = 0; i < 4 * THREADS; i++) {
      shared [] int *p = &F[i].a[0];
      for (int k = 0; k < 20; k++) p[k] = 1000 * i + k;
      *&F[i].c = (char)('a' + i % 26);
    }
    for (int i = 0; i < 3 * THREADS; i++) {
      shared [] double *d = O[i].arr[1].d;
      d[2] = i + 0.5;
      O[i].in.s = (short)i;
    }
  }
  upc_barrier;
  for (int i = 0; i < 4 * THREADS; i++) {
    CHECK_INT(F[i].c, 'a' + i % 26);
    for (int k = 0; k < 20; k++) CHECK_INT(F[i].a[k], 1000 * i + k);
    CHECK_INT(*(F[i].a + 7), 1000 * i + 7);
    CHECK_INT(*(&F[i].a[0] + 19), 1000 * i + 19);
  }
  for (int i = 0; i < 3 * THREADS; i++) {
    CHECK_DBL(O[i].arr[1].d[2], i + 0.5);
    CHECK_INT(*&O[i].in.s, i);
  }
  return upctest_done();
}
