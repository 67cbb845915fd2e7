/* forall_rows.upc — a typical data-parallel kernel: a blocked 2-D array with
 * one row block per thread, upc_forall over rows with &m[i][0] affinity, a
 * private inner loop, and a neighbour-row read; checked against a serial
 * computation. */
#include "upctest.h"

#define C 12
#define RPT 3                     /* rows per thread */
shared [RPT * C] int m[RPT * THREADS][C];
shared [RPT * C] int out[RPT * THREADS][C];

static int f(int i, int j) { return (i * 31 + j * 17) % 101; }

int main(void) {
  const int R = RPT * THREADS;
  upc_forall (int i = 0; i < R; i++; &m[i][0]) {
    CHECK_UINT(upc_threadof(&m[i][C - 1]), MYTHREAD);
    for (int j = 0; j < C; j++) m[i][j] = f(i, j);
  }
  upc_barrier;
  /* out[i][j] = m[i][j] + m[i+1][j] (wrapping): the next row may be remote. */
  upc_forall (int i = 0; i < R; i++; &out[i][0]) {
    for (int j = 0; j < C; j++) out[i][j] = m[i][j] + m[(i + 1) % R][j];
  }
  upc_barrier;
  for (int i = 0; i < R; i++) {
    CHECK_UINT(upc_threadof(&out[i][0]), i / RPT);
    for (int j = 0; j < C; j++) CHECK_INT(out[i][j], f(i, j) + f((i + 1) % R, j));
  }
  return upctest_done();
}
