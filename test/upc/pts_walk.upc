/* pts_walk.upc — walking whole distributed arrays with a pointer from every
 * thread: forwards, backwards, with strides, summing what it passes; the
 * walk crosses every thread boundary of cyclic, blocked and [] layouts. */
#include "upctest.h"

#define N 13
shared long cyc[N * THREADS];
shared [5] long blk[N * THREADS];
shared [] long all[N * 4];

int main(void) {
  const int n = N * THREADS;
  for (int i = MYTHREAD; i < n; i += THREADS) {
    cyc[i] = i;
    blk[i] = 2 * i;
  }
  if (MYTHREAD == 0)
    for (int i = 0; i < N * 4; i++) all[i] = 3 * i;
  upc_barrier;
  long want = (long)(n - 1) * n / 2;
  long s = 0;
  for (shared long *p = cyc; p < cyc + n; p++) s += *p;
  CHECK_INT(s, want);
  s = 0;
  for (shared [5] long *p = blk; p < &blk[n]; p++) s += *p;
  CHECK_INT(s, 2 * want);
  s = 0;
  for (shared [5] long *p = &blk[n - 1]; p > blk; p--) s += *p;
  CHECK_INT(s + blk[0], 2 * want);
  s = 0;
  for (shared [] long *p = all; p != all + N * 4; ++p) s += *p;
  CHECK_INT(s, 3L * (N * 4 - 1) * (N * 4) / 2);
  /* Strided walks: every 3rd element. */
  long s3 = 0, w3 = 0;
  for (shared [5] long *p = blk + MYTHREAD % 3; p < blk + n; p += 3) s3 += *p;
  for (int i = MYTHREAD % 3; i < n; i += 3) w3 += 2 * i;
  CHECK_INT(s3, w3);
  /* The number of steps from start to end is the element count. */
  int steps = 0;
  for (shared long *p = &cyc[n - 1]; p >= &cyc[1]; p -= 1) steps++;
  CHECK_INT(steps, n - 1);
  return upctest_done();
}
