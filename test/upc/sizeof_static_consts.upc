/* sizeof_static_consts.upc — under static THREADS (upcc -T N) the size of a
 * shared array with a THREADS dimension is an integer constant expression
 * (UPC 1.3 6.4.1: THREADS is then an integer constant), usable in every
 * constant context: case labels, array sizes, enumerators, _Static_assert,
 * bit-field widths, static initializers.  Built with -T only. */
#include "upctest.h"

#ifndef __UPC_STATIC_THREADS__
#error "sizeof_static_consts.upc is compiled with upcc -T N"
#endif

shared int A[10][10 * THREADS];
shared [5] double D[4 * THREADS];
struct pair { shared int *p; int x; };
shared struct pair P[THREADS];

enum { A_BYTES = sizeof(A), D_LOCAL = upc_localsizeof(D), P_BYTES = sizeof P };
static char abuf[sizeof(A) / sizeof(int)];
static const size_t arow = sizeof A[0];
_Static_assert(sizeof(A) == 400 * THREADS, "sizeof of a THREADS-dimensioned array");
_Static_assert(sizeof(shared int [10][10 * THREADS]) == sizeof(A), "the type name too");
_Static_assert(sizeof(P) == THREADS * sizeof(struct pair), "elements holding pointers-to-shared");
struct bits { unsigned w : sizeof(D) / (4 * THREADS) / 2; };

int main(void) {
  int hit = 0;
  switch (400 * THREADS) {
  case sizeof(A):
    hit = 1;
    break;
  default:
    break;
  }
  CHECK_INT(hit, 1);
  switch (sizeof(D)) {
  case sizeof(shared [5] double [4 * THREADS]):
    hit = 2;
    break;
  default:
    break;
  }
  CHECK_INT(hit, 2);
  CHECK_UINT(A_BYTES, 400 * THREADS);
  CHECK_UINT(sizeof abuf, 100 * THREADS);
  CHECK_UINT(arow, 40 * THREADS);
  /* D: 4*THREADS doubles in blocks of 5: ceil(ceil(4T/5)/T)*5 per thread */
  CHECK_UINT(D_LOCAL, ((4 * THREADS + 4) / 5 + THREADS - 1) / THREADS * 5 * sizeof(double));
  CHECK_UINT(P_BYTES, THREADS * sizeof(struct pair));
  struct bits b;
  b.w = 3; /* 4-bit field: sizeof(D)/(4T)/2 = 8/2 */
  CHECK_UINT(b.w, 3);
  CHECK_UINT(sizeof(struct bits), sizeof(unsigned));
  return upctest_done();
}
