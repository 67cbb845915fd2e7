/* sizeof_threads_types.upc — sizeof and upc_localsizeof of TYPE NAMES with a
 * THREADS dimension (UPC 1.3 6.5.1.1, 6.5.2: THREADS in a dimension of a
 * shared array type makes the size THREADS times the written one; under
 * dynamic THREADS it is a run-time value), and the same for typedefs, next
 * to the object forms.  The expected values are computed here from the
 * written dimensions, not taken from the translator. */
#include "upctest.h"

typedef shared float F10[10 * THREADS];
typedef shared [7] float F30[30 * THREADS];
shared float x10[10 * THREADS];
shared [7] float x30[30 * THREADS];
shared [2] int m35[3][5 * THREADS];

/* Largest per-thread share, in bytes, of n elements of size es with block b. */
static size_t local_share(size_t n, size_t b, size_t es) {
  if (b == 0) return n * es;
  size_t blocks = (n + b - 1) / b;
  return (blocks + THREADS - 1) / THREADS * b * es;
}

int main(void) {
  size_t T = THREADS;
  CHECK_UINT(sizeof(shared float [10 * THREADS]), 40 * T);
  CHECK_UINT(sizeof(shared [7] float [30 * THREADS]), 120 * T);
  CHECK_UINT(sizeof(shared int [3][5 * THREADS]), 60 * T);
  CHECK_UINT(sizeof(shared [2] int [THREADS][4]), 16 * T);
  CHECK_UINT(sizeof(shared double [2][THREADS][3]), 48 * T);
  CHECK_UINT(sizeof(F10), 40 * T);
  CHECK_UINT(sizeof(F30), 120 * T);
  CHECK_UINT(sizeof(shared float [10 * THREADS]), sizeof(x10));
  CHECK_UINT(sizeof(shared [7] float [30 * THREADS]), sizeof(x30));
  CHECK_UINT(sizeof(shared [2] int [3][5 * THREADS]), sizeof(m35));
  CHECK_UINT(sizeof(shared [2] int [5 * THREADS]), sizeof m35[1]);

  CHECK_UINT(upc_localsizeof(shared float [10 * THREADS]), local_share(10 * T, 1, 4));
  CHECK_UINT(upc_localsizeof(shared [7] float [30 * THREADS]), local_share(30 * T, 7, 4));
  CHECK_UINT(upc_localsizeof(shared [2] int [3][5 * THREADS]), local_share(15 * T, 2, 4));
  CHECK_UINT(upc_localsizeof(F30), local_share(30 * T, 7, 4));
  CHECK_UINT(upc_localsizeof(F30), upc_localsizeof(x30));
  CHECK_UINT(upc_localsizeof(shared [2] int [3][5 * THREADS]), upc_localsizeof(m35));
  CHECK_UINT(upc_blocksizeof(shared [7] float [30 * THREADS]), 7);
  CHECK_UINT(upc_elemsizeof(shared [7] float [30 * THREADS]), 4);
  /* the arithmetic of the issue: 120*THREADS and the largest share */
  CHECK_UINT(sizeof(shared [7] float [30 * THREADS]) / sizeof(float), 30 * T);
  return upctest_done();
}
