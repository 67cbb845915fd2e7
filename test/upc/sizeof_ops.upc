/* sizeof_ops.upc — upc_blocksizeof, upc_elemsizeof and upc_localsizeof on
 * expressions and type names: block sizes of every layout, the innermost
 * element size of multi-dimensional arrays, and local sizes that bound each
 * thread's actual portion and agree on all threads. */
#include "upctest.h"

struct twelve { int a, b, c; };

shared int x;
shared [4] int a4[40];
shared [3] double d3[5 * THREADS];
shared [] char ind[33];
#ifdef __UPC_STATIC_THREADS__
#define NS 50 /* [*] on a fixed size needs static THREADS */
#else
#define NS 13 * THREADS
#endif
shared [*] short star[NS];
shared long cyc[7][THREADS];
shared [2] struct twelve st[9];
shared size_t results[THREADS][3];

/* Every thread's real portion of an n-element array with block b and
 * element size e; localsizeof must bound the largest one. */
static size_t max_portion(size_t n, size_t b, size_t e) {
  size_t m = 0;
  for (int t = 0; t < THREADS; t++)
    if (model_count(n, b, t) * e > m) m = model_count(n, b, t) * e;
  return m;
}

int main(void) {
  CHECK_UINT(upc_blocksizeof(x), 1);
  CHECK_UINT(upc_blocksizeof(a4), 4);
  CHECK_UINT(upc_blocksizeof(a4[3]), 4);
  CHECK_UINT(upc_blocksizeof(d3), 3);
  CHECK_UINT(upc_blocksizeof(ind), 0);
  CHECK_UINT(upc_blocksizeof(star), (NS + THREADS - 1) / THREADS);
  CHECK_UINT(upc_blocksizeof(cyc), 1);
  CHECK_UINT(upc_blocksizeof(st), 2);
  CHECK_UINT(upc_blocksizeof(shared [7] int), 7);
  CHECK_UINT(upc_blocksizeof(shared [] double), 0);
  CHECK_UINT(upc_blocksizeof(shared float), 1);
  CHECK_UINT(upc_blocksizeof(*&a4[0]), 4);

  CHECK_UINT(upc_elemsizeof(x), sizeof(int));
  CHECK_UINT(upc_elemsizeof(a4), sizeof(int));
  CHECK_UINT(upc_elemsizeof(d3), sizeof(double));
  CHECK_UINT(upc_elemsizeof(cyc), sizeof(long));
  CHECK_UINT(upc_elemsizeof(cyc[2]), sizeof(long));
  CHECK_UINT(upc_elemsizeof(st), sizeof(struct twelve));
  CHECK_UINT(upc_elemsizeof(shared [5] char[10]), 1);
  CHECK_UINT(upc_elemsizeof(shared struct twelve), 12);

  size_t l_x = upc_localsizeof(x), l_a4 = upc_localsizeof(a4), l_d3 = upc_localsizeof(d3);
  size_t l_ind = upc_localsizeof(ind), l_star = upc_localsizeof(star);
  size_t l_cyc = upc_localsizeof(cyc), l_st = upc_localsizeof(st);
  CHECK(l_x >= sizeof(int));
  CHECK(l_a4 >= max_portion(40, 4, sizeof(int)) && l_a4 <= sizeof(a4));
  CHECK(l_d3 >= max_portion(5 * THREADS, 3, sizeof(double)));
  CHECK(l_ind >= 33);
  CHECK(l_star >= max_portion(NS, (NS + THREADS - 1) / THREADS, sizeof(short)));
  CHECK(l_cyc >= 7 * sizeof(long));
  CHECK(l_st >= max_portion(9, 2, sizeof(struct twelve)));
  CHECK(upc_localsizeof(shared [4] int[40]) == l_a4);
  /* The same value on every thread. */
  results[MYTHREAD][0] = l_a4;
  results[MYTHREAD][1] = l_star;
  results[MYTHREAD][2] = l_st;
  upc_barrier;
  for (int t = 0; t < THREADS; t++) {
    CHECK_UINT(results[t][0], l_a4);
    CHECK_UINT(results[t][1], l_star);
    CHECK_UINT(results[t][2], l_st);
  }
  /* The operand is not evaluated. */
  int k = 0;
  size_t s = upc_blocksizeof(a4[k++]) + upc_elemsizeof(a4[k++]) + upc_localsizeof(a4[k++]);
  CHECK_INT(k, 0);
  CHECK(s > 0);
  return upctest_done();
}
