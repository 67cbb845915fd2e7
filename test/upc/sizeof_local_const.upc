/* sizeof_local_const.upc — upc_blocksizeof and upc_elemsizeof of operands
 * that name locals and parameters (`upc_elemsizeof *q`) are integer constant
 * expressions, and so is upc_localsizeof where it does not depend on a
 * dynamic THREADS (UPC 1.3 6.4.1; under static THREADS always): usable as
 * static assertions, case labels and array sizes inside functions. */
#include "upctest.h"

struct pt { double x; shared [5] char *link; };
shared [4] int A[8 * THREADS];         /* 2 blocks of 4 per thread */
shared [3] short S[7 * THREADS];       /* 7 per thread: 3 blocks of 3 */
shared [] long ind[6];                 /* indefinite: all 6 on thread 0 */
struct pair { double x; int n; };
shared struct pair P;                  /* a scalar */
shared [3] double D[10];               /* no THREADS: constant only under -T */

static int classify(shared [4] int *q, int v) {
  shared [3] long *r = 0;
  struct pt loc = {0, 0};
  _Static_assert(upc_blocksizeof *q == 4, "block of a parameter's pointee");
  _Static_assert(upc_elemsizeof *q == sizeof(int), "elem of a parameter's pointee");
  _Static_assert(upc_blocksizeof(*r) == 3, "block of a local's pointee");
  _Static_assert(upc_blocksizeof *loc.link == 5, "through a member of a local");
  _Static_assert(upc_elemsizeof(r[2]) == sizeof(long), "a subscripted local");
  char buf[upc_elemsizeof *r + upc_blocksizeof(*loc.link)];
  switch (v) {
  case upc_blocksizeof *q: /* 4 */
    return (int)sizeof buf;
  case upc_elemsizeof(*r) * 10: /* 80 */
    return 2;
  case upc_blocksizeof(*loc.link) + 100:
    return 3;
  }
  return 0;
}

static size_t local_sizes(void) {
  shared [4] int *p = A;
  _Static_assert(upc_localsizeof(A) == 8 * sizeof(int), "THREADS dimension");
  _Static_assert(upc_localsizeof(S) == 9 * sizeof(short), "THREADS dimension, partial block");
  _Static_assert(upc_localsizeof(ind) == 6 * sizeof(long), "indefinite block size");
  _Static_assert(upc_localsizeof(P) == sizeof(struct pair), "scalar");
  _Static_assert(upc_localsizeof(*p) == sizeof(int), "a local's pointee");
  /* Operands across lines (found by the fuzzer joining the lines above). */
  _Static_assert(upc_localsizeof(
*p) == sizeof(int), "a local's pointee, next line");
  _Static_assert(upc_blocksizeof(*
                                 p) == 4, "split inside the operand");
  char split[upc_elemsizeof(
      *p)];
  char a[upc_localsizeof(A)];
  char s[upc_localsizeof S];
#ifdef __UPC_STATIC_THREADS__
  /* D has 10 elements in blocks of 3: 4 blocks over THREADS threads. */
  _Static_assert(upc_localsizeof(D) == (4 + THREADS - 1) / THREADS * 3 * sizeof(double),
                 "static THREADS");
#endif
  return sizeof a + sizeof s + sizeof split - sizeof(int);
}

int main(void) {
  CHECK_INT(classify(A, 4), sizeof(long) + 5);
  CHECK_INT(classify(A, 80), 2);
  CHECK_INT(classify(A, 105), 3);
  CHECK_INT(classify(A, 7), 0);
  CHECK_UINT(local_sizes(), 8 * sizeof(int) + 9 * sizeof(short));
  /* The folded values agree with the layout on every thread. */
  CHECK_UINT(upc_affinitysize(sizeof A, upc_blocksizeof(A) * sizeof(int), MYTHREAD),
             upc_localsizeof(A));
  CHECK_UINT(upc_localsizeof(D), (4 + THREADS - 1) / THREADS * 3 * sizeof(double));
  return upctest_done();
}
