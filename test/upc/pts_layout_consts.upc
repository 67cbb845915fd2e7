/* pts_layout_consts.upc — a pointer-to-shared is a 16-byte upcrt_pts_t in
 * the generated C and an 8-byte pointer in Clang's view of the program.
 * Every constant that depends on the layout of a type holding one is the
 * generated C's: _Static_assert, enumerators, offsetof, block sizes and
 * shared array dimensions (test/upc/BUGS.md: `shared [sizeof(struct pt)]
 * char b[sizeof(struct pt) * THREADS]` had 16-byte blocks and 16*THREADS
 * elements while sizeof(struct pt) was 24), and sizeof(shared T *) in a
 * constant context the lowering did not rewrite measured an 8-byte pointer
 * in the generated C. */
#include "upctest.h"
#include <stddef.h>

struct pt { shared int *p; int x; };             /* 16 + 4, padded to 24 */
struct two { char c; struct pt a[2]; short s; }; /* 8 + 48 + 2, padded to 64 */
union either { shared [3] double *d; char tag; };
enum { PT = sizeof(struct pt), NEXT, OFFS = offsetof(struct two, s) };

_Static_assert(sizeof(shared int *) == 16, "a pointer-to-shared");
_Static_assert(PT == 24 && NEXT == 25, "enumerators");
_Static_assert(_Alignof(struct pt) == 8, "alignment");
_Static_assert(offsetof(struct two, a[1].x) == 8 + 24 + 16, "offsetof through an array");
_Static_assert(sizeof(struct two) == 64 && OFFS == 56, "nested");
_Static_assert(sizeof(union either) == 16, "a union");

char gbuf[sizeof(shared int *)];
struct holder { char m[sizeof(shared [2] int *)]; int bits : sizeof(shared int *); };

/* Constant contexts inside a function. */
static int measure(int v) {
  char lbuf[sizeof(shared int *)];
  enum { L = sizeof(shared int *) };
  _Static_assert(sizeof(shared int *) == 16 && L == 16, "in a function");
  switch (v) {
  case sizeof(shared int *):
    return (int)sizeof lbuf + L;
  case sizeof(struct pt):
    return 1;
  }
  return 0;
}

shared [sizeof(struct pt)] char bytes[sizeof(struct pt) * THREADS]; /* a block per thread */
shared [PT] char bytes2[PT * THREADS];
shared [OFFS] char halves[2 * OFFS * THREADS];
shared int targets[THREADS];
shared struct pt cells[NEXT * THREADS];

int main(void) {
  CHECK_UINT(upc_blocksizeof(bytes), sizeof(struct pt));
  CHECK_UINT(sizeof(bytes), sizeof(struct pt) * THREADS);
  CHECK_UINT(upc_localsizeof(bytes), sizeof(struct pt));
  CHECK_UINT(upc_blocksizeof(bytes2), 24);
  CHECK_UINT(sizeof(bytes2), 24 * THREADS);
  CHECK_UINT(upc_blocksizeof(halves), 56);
  CHECK_UINT(sizeof(halves), 112 * THREADS);
  CHECK_UINT(upc_localsizeof(halves), 112);
  CHECK_UINT(sizeof(cells) / sizeof(cells[0]), 25 * THREADS);
  CHECK_UINT(upc_elemsizeof(cells), 24);
  CHECK_UINT(sizeof gbuf, 16);
  CHECK_UINT(sizeof(struct holder), 20);
  CHECK_INT(measure(16), 32);
  CHECK_INT(measure(24), 1);
  CHECK_INT(measure(8), 0);

  /* Each thread fills its own block of bytes and bytes2: block t is thread t's. */
  for (int i = 0; i < PT; i++) {
    bytes[MYTHREAD * PT + i] = (char)(MYTHREAD * 31 + i);
    bytes2[MYTHREAD * PT + i] = (char)(MYTHREAD * 17 + i);
  }
  upc_forall (int i = 0; i < 2 * OFFS * THREADS; i++; &halves[i])
    halves[i] = (char)(i % 101);
  targets[MYTHREAD] = 1000 + MYTHREAD;
  upc_forall (int i = 0; i < NEXT * THREADS; i++; &cells[i]) {
    cells[i].p = &targets[(i + 1) % THREADS];
    cells[i].x = i;
  }
  upc_barrier;

  /* Read it all back, from every thread, with the owners the layout says. */
  for (int t = 0; t < THREADS; t++)
    for (int i = 0; i < PT; i++) {
      CHECK_INT(bytes[t * PT + i], (char)(t * 31 + i));
      CHECK_INT(bytes2[t * PT + i], (char)(t * 17 + i));
      CHECK_UINT(upc_threadof(&bytes[t * PT + i]), t);
      CHECK_UINT(upc_threadof(&bytes2[t * PT + i]), t);
    }
  for (int i = 0; i < 2 * OFFS * THREADS; i++) {
    CHECK_INT(halves[i], (char)(i % 101));
    CHECK_UINT(upc_threadof(&halves[i]), (i / OFFS) % THREADS);
  }
  for (int i = 0; i < NEXT * THREADS; i++) {
    struct pt c = cells[i];
    CHECK_INT(c.x, i);
    CHECK_INT(*c.p, 1000 + (i + 1) % THREADS);
    CHECK_UINT(upc_threadof(&cells[i]), i % THREADS);
  }
  return upctest_done();
}
