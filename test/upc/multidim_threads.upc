/* multidim_threads.upc — THREADS in one dimension of a multi-dimensional
 * array (first or last), with cyclic and blocked layouts. */
#include "upctest.h"

#define C 6
shared [C] int rows[THREADS][C];  /* row t lives on thread t */
shared int cols[4][THREADS];      /* column t lives on thread t */
shared [3] long mix[THREADS][5];  /* blocks straddle rows */
shared double grid[2][THREADS][3];

int main(void) {
  for (int t = 0; t < THREADS; t++)
    for (int j = 0; j < C; j++) {
      CHECK_UINT(upc_threadof(&rows[t][j]), t);
      CHECK_UINT(upc_phaseof(&rows[t][j]), j);
    }
  for (int i = 0; i < 4; i++)
    for (int t = 0; t < THREADS; t++) CHECK_UINT(upc_threadof(&cols[i][t]), t);
  for (int t = 0; t < THREADS; t++)
    for (int j = 0; j < 5; j++) CHECK_UINT(upc_threadof(&mix[t][j]), model_thread(t * 5 + j, 3));
  for (int i = 0; i < 2; i++)
    for (int t = 0; t < THREADS; t++)
      for (int k = 0; k < 3; k++)
        CHECK_UINT(upc_threadof(&grid[i][t][k]), ((i * THREADS + t) * 3 + k) % THREADS);

  for (int j = 0; j < C; j++) rows[MYTHREAD][j] = MYTHREAD * C + j;
  for (int i = 0; i < 4; i++) cols[i][MYTHREAD] = i * 10 + MYTHREAD;
  for (int t = 0; t < THREADS; t++)
    for (int j = 0; j < 5; j++)
      if (model_thread(t * 5 + j, 3) == (size_t)MYTHREAD) mix[t][j] = t * 5 + j;
  for (int i = 0; i < 2; i++)
    for (int t = 0; t < THREADS; t++)
      for (int k = 0; k < 3; k++)
        if (((i * THREADS + t) * 3 + k) % THREADS == MYTHREAD) grid[i][t][k] = i + t + k / 2.0;
  upc_barrier;
  for (int t = 0; t < THREADS; t++)
    for (int j = 0; j < C; j++) CHECK_INT(rows[t][j], t * C + j);
  for (int i = 0; i < 4; i++)
    for (int t = 0; t < THREADS; t++) CHECK_INT(cols[i][t], i * 10 + t);
  for (int t = 0; t < THREADS; t++)
    for (int j = 0; j < 5; j++) CHECK_INT(mix[t][j], t * 5 + j);
  for (int i = 0; i < 2; i++)
    for (int t = 0; t < THREADS; t++)
      for (int k = 0; k < 3; k++) CHECK_DBL(grid[i][t][k], i + t + k / 2.0);
  /* The size of a THREADS-dimensioned array scales with THREADS. */
  CHECK_UINT(sizeof(rows), THREADS * C * sizeof(int));
  CHECK_UINT(sizeof(cols) / sizeof(cols[0]), 4);
  CHECK_UINT(sizeof(cols[0]), THREADS * sizeof(int));
  CHECK_UINT(sizeof(grid), 2 * THREADS * 3 * sizeof(double));
  /* The owner reaches its row through a private pointer. */
  int *mine = (int *)rows[MYTHREAD];
  for (int j = 0; j < C; j++) CHECK_INT(mine[j], MYTHREAD * C + j);
  return upctest_done();
}
