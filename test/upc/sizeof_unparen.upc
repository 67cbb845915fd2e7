/* sizeof_unparen.upc — upc_blocksizeof, upc_elemsizeof and upc_localsizeof
 * applied to an unparenthesized unary-expression, as for sizeof (issue 12,
 * item 4): *p, a, a[i], s.m, p->m, &-free postfix chains, nested operators;
 * each must equal the parenthesized form and the value the layout gives. */
#include "upctest.h"

struct rec { int k; shared [5] int *link; };

shared [4] int a4[8 * THREADS];
shared [3] double d3[6 * THREADS];
shared [] char ind[33];
shared long cyc[THREADS];
shared [2] struct rec recs[4 * THREADS];
shared [3] double *gq;

int main(void) {
  shared [4] int *p = a4;
  shared [3] double *q = &d3[1];
  struct rec r;

  /* the operand is an expression of pointer-to-shared type dereferenced */
  CHECK_UINT(upc_blocksizeof *p, 4);
  CHECK_UINT(upc_blocksizeof *p, upc_blocksizeof(*p));
  CHECK_UINT(upc_elemsizeof *p, sizeof(int));
  CHECK_UINT(upc_blocksizeof *q, 3);
  CHECK_UINT(upc_elemsizeof *q, sizeof(double));
  CHECK_UINT(upc_blocksizeof q[2], 3);
  CHECK_UINT(upc_blocksizeof *r.link, 5);
  CHECK_UINT(upc_elemsizeof *r.link, sizeof(int));

  /* arrays and their elements, no parentheses */
  CHECK_UINT(upc_blocksizeof a4, 4);
  CHECK_UINT(upc_elemsizeof a4, sizeof(int));
  CHECK_UINT(upc_blocksizeof ind, 0);
  CHECK_UINT(upc_localsizeof ind, 33);
  CHECK_UINT(upc_blocksizeof cyc, 1);
  CHECK_UINT(upc_localsizeof cyc, sizeof(long));
  CHECK_UINT(upc_localsizeof a4, 8 * sizeof(int));
  CHECK_UINT(upc_localsizeof a4, upc_localsizeof(a4));
  CHECK_UINT(upc_localsizeof d3, 6 * sizeof(double));
  CHECK_UINT(upc_blocksizeof a4[5], 4);
  CHECK_UINT(upc_blocksizeof recs[1], 2);
  CHECK_UINT(upc_elemsizeof recs, sizeof(struct rec));
  CHECK_UINT(upc_blocksizeof recs[3].k, 2);
  CHECK_UINT(upc_blocksizeof *recs[0].link, 5);

  /* in larger expressions: the operand ends where a unary-expression ends */
  size_t two = upc_blocksizeof *p + upc_blocksizeof *q * 2;
  CHECK_UINT(two, 4 + 3 * 2);
  CHECK_UINT(upc_blocksizeof a4 * upc_elemsizeof a4, 4 * sizeof(int));
  CHECK_UINT(upc_localsizeof a4 / sizeof(int), 8);
  CHECK(upc_blocksizeof *p == 4 && upc_elemsizeof *q == sizeof(double));
  /* constants: usable where C needs an integer constant expression */
  static char buf[upc_blocksizeof a4 + upc_elemsizeof *gq];
  CHECK_UINT(sizeof buf, 4 + sizeof(double));
  switch (4) {
  case upc_blocksizeof a4: break;
  default: CHECK(0);
  }
  /* the operand is not evaluated */
  int n = 0;
  CHECK_UINT(upc_blocksizeof p[n++], 4);
  CHECK_INT(n, 0);
  return upctest_done();
}
