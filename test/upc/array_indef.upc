/* array_indef.upc — indefinite block size (shared []): the whole array lives
 * on thread 0, contiguously; every thread writes its share from afar. */
#include "upctest.h"

#define N 50
shared [] int a[N];
shared [] double d[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    CHECK_UINT(upc_threadof(&a[i]), 0);
    CHECK_UINT(upc_phaseof(&a[i]), 0);
    CHECK_INT(upc_addrfield(&a[i]) - upc_addrfield(&a[0]), i * sizeof(int));
    CHECK_INT(upc_addrfield(&d[i]) - upc_addrfield(&d[0]), i * sizeof(double));
  }
  for (int i = MYTHREAD; i < N; i += THREADS) {
    a[i] = i * i;
    d[i] = i / 4.0;
  }
  upc_barrier;
  for (int i = 0; i < N; i++) {
    CHECK_INT(a[i], i * i);
    CHECK_DBL(d[i], i / 4.0);
  }
  if (MYTHREAD == 0) { /* the owner sees a plain C array */
    int *p = (int *)a;
    long sum = 0;
    for (int i = 0; i < N; i++) sum += p[i];
    CHECK_INT(sum, (long)(N - 1) * N * (2 * N - 1) / 6);
  }
  /* A pointer walk never leaves thread 0. */
  shared [] int *q = &a[0];
  for (int i = 0; i < N; i++, q++) {
    CHECK_UINT(upc_threadof(q), 0);
    CHECK_INT(*q, i * i);
  }
  CHECK(q == &a[N - 1] + 1);
  CHECK_INT(q - a, N);
  return upctest_done();
}
