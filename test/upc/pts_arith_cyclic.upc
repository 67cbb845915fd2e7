/* pts_arith_cyclic.upc — pointer-to-shared arithmetic over a cyclic array:
 * p + k, p - k, p[k], ++/--, += and -=, each step landing on the next thread. */
#include "upctest.h"

#define N 9
shared int a[N * THREADS];

int main(void) {
  const int n = N * THREADS;
  for (int i = MYTHREAD; i < n; i += THREADS) a[i] = 7 * i;
  upc_barrier;
  shared int *p = a;
  for (int k = 0; k < n; k++) {
    CHECK_UINT(upc_threadof(p + k), k % THREADS);
    CHECK_UINT(upc_phaseof(p + k), 0);
    CHECK_INT(*(p + k), 7 * k);
    CHECK_INT(p[k], 7 * k);
    CHECK_INT(k[p], 7 * k);
    CHECK((p + k) == &a[k]);
  }
  shared int *e = &a[n - 1];
  for (int k = 0; k < n; k++) CHECK_INT(*(e - k), 7 * (n - 1 - k));
  /* Steps of THREADS stay on one thread; mixed strides wrap correctly. */
  shared int *q = &a[MYTHREAD];
  for (int k = 0; k < N; k++, q += THREADS) {
    CHECK_UINT(upc_threadof(q), MYTHREAD);
    CHECK_INT(*q, 7 * (MYTHREAD + k * THREADS));
  }
  q = &a[0];
  int idx = 0;
  for (int step = 1; idx + step < n; idx += step, step++) {
    q += step;
    CHECK_INT(*q, 7 * (idx + step));
  }
  while (idx >= 2) {
    q -= 2;
    idx -= 2;
    CHECK_INT(*q, 7 * idx);
  }
  if (idx == 1) {
    q--;
    CHECK_INT(*q, 0);
  }
  /* Pre/post increment and decrement on a private pointer-to-shared. */
  q = &a[3 % n];
  shared int *old = q++;
  CHECK(old == &a[3 % n]);
  CHECK(q == &a[3 % n + 1]);
  CHECK(++q == &a[3 % n + 2]);
  CHECK(q-- == &a[3 % n + 2]);
  CHECK(--q == &a[3 % n]);
  /* Integer of any type as the offset, also negative and from the left. */
  long long ll = n - 1;
  unsigned char uc = 2;
  CHECK_INT(*(a + ll), 7 * (n - 1));
  CHECK_INT(*(uc + a), 14);
  CHECK_INT(*(&a[n - 1] + (-(n - 1))), 0);
  return upctest_done();
}
