/* array_star.upc — the [*] layout: block size ceil(n / THREADS), so each
 * thread gets one contiguous chunk (UPC 1.3, 6.5.1.1). */
#include "upctest.h"

shared [*] int a[6 * THREADS];
/* [*] on a fixed-size array needs THREADS known at compile time. */
#ifdef __UPC_STATIC_THREADS__
#define NB 25
#else
#define NB 7 * THREADS
#endif
shared [*] short b[NB];
shared [*] double m[THREADS][4];

int main(void) {
  size_t bb = (NB + THREADS - 1) / THREADS;
  CHECK_UINT(upc_blocksizeof(a), 6);
  CHECK_UINT(upc_blocksizeof(b), bb);
  CHECK_UINT(upc_blocksizeof(m), 4);
  for (int i = 0; i < 6 * THREADS; i++) {
    CHECK_UINT(upc_threadof(&a[i]), i / 6);
    CHECK_UINT(upc_phaseof(&a[i]), i % 6);
  }
  for (int i = 0; i < NB; i++) {
    CHECK_UINT(upc_threadof(&b[i]), i / bb);
    CHECK_UINT(upc_phaseof(&b[i]), i % bb);
  }
  for (int t = 0; t < THREADS; t++)
    for (int j = 0; j < 4; j++) CHECK_UINT(upc_threadof(&m[t][j]), t);
  /* Each thread fills its own chunk through a private pointer. */
  int *mine = (int *)&a[6 * MYTHREAD];
  for (int k = 0; k < 6; k++) mine[k] = 100 * MYTHREAD + k;
  for (int i = 0; i < NB; i++)
    if (i / bb == (size_t)MYTHREAD) b[i] = (short)(i - 12);
  for (int j = 0; j < 4; j++) m[MYTHREAD][j] = MYTHREAD + j / 8.0;
  upc_barrier;
  for (int i = 0; i < 6 * THREADS; i++) CHECK_INT(a[i], 100 * (i / 6) + i % 6);
  for (int i = 0; i < NB; i++) CHECK_INT(b[i], i - 12);
  for (int t = 0; t < THREADS; t++)
    for (int j = 0; j < 4; j++) CHECK_DBL(m[t][j], t + j / 8.0);
  /* A pointer-to-shared with the same block size walks the chunks in order. */
  shared [6] int *p = (shared [6] int *)a;
  for (int i = 0; i < 6 * THREADS; i++) CHECK_INT(p[i], 100 * (i / 6) + i % 6);
  return upctest_done();
}
