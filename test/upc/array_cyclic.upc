/* array_cyclic.upc — cyclic (block size 1) shared arrays: with a THREADS
 * dimension and with a fixed size that THREADS does not divide. */
#include "upctest.h"

#define N 7
shared int a[N * THREADS];
shared long c[37];

int main(void) {
  for (int i = 0; i < N * THREADS; i++) {
    CHECK_UINT(upc_threadof(&a[i]), i % THREADS);
    CHECK_UINT(upc_phaseof(&a[i]), 0);
    if (upc_threadof(&a[i]) == MYTHREAD) a[i] = 1000 * MYTHREAD + i;
  }
  for (int i = 0; i < 37; i++) {
    CHECK_UINT(upc_threadof(&c[i]), model_thread(i, 1));
    if (i % THREADS == MYTHREAD) c[i] = -3L * i;
  }
  upc_barrier;
  for (int i = 0; i < N * THREADS; i++) CHECK_INT(a[i], 1000 * (i % THREADS) + i);
  for (int i = 0; i < 37; i++) CHECK_INT(c[i], -3L * i);
  upc_barrier;
  /* Every thread writes a remote element (its right neighbour's). */
  for (int k = 0; k < N; k++) a[k * THREADS + (MYTHREAD + 1) % THREADS] = MYTHREAD;
  upc_barrier;
  for (int i = 0; i < N * THREADS; i++)
    CHECK_INT(a[i], (i % THREADS + THREADS - 1) % THREADS);
  return upctest_done();
}
