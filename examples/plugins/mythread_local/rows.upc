/* rows.upc — what upc-mythread-local makes local, checked against the
 * values every thread computes for itself.  Run at any THREADS. */
#include <upc.h>
#include <stdio.h>

#define N 6
shared [N] double grid[THREADS][N];     /* row t is thread t's block */
shared [N * 2] int cube[THREADS][2][N]; /* two rows per block */
shared long sums[THREADS];              /* cyclic: sums[t] on thread t */
shared long twice[2 * THREADS];         /* [t + THREADS] on thread t too */
shared [2] int pairs[THREADS][N];       /* blocks are not rows: stays naive */

int main(void) {
  int j, r, errors = 0;
  for (j = 0; j < N; j++) {
    grid[MYTHREAD][j] = 10.0 * MYTHREAD + j;
    grid[MYTHREAD][j] += 0.5;
    for (r = 0; r < 2; r++) cube[MYTHREAD][r][j] = 100 * MYTHREAD + 10 * r + j;
    pairs[MYTHREAD][j] = MYTHREAD + j;
  }
  sums[MYTHREAD] = 0;
  twice[MYTHREAD + THREADS] = MYTHREAD;
  for (j = 0; j < N; j++) {
    sums[MYTHREAD] += (long)grid[MYTHREAD][j];
    twice[MYTHREAD + THREADS]++;
  }
  upc_barrier;
  /* every thread checks its right neighbour's data through the naive path */
  int t = (MYTHREAD + 1) % THREADS;
  long want = 0;
  for (j = 0; j < N; j++) {
    if (grid[t][j] != 10.0 * t + j + 0.5) errors++;
    for (r = 0; r < 2; r++)
      if (cube[t][r][j] != 100 * t + 10 * r + j) errors++;
    if (pairs[t][j] != t + j) errors++;
    want += 10 * t + j;
  }
  if (sums[t] != want) errors++;
  if (twice[t + THREADS] != t + N) errors++;
  printf("thread %d: %s\n", MYTHREAD, errors ? "WRONG" : "ok");
  return errors != 0;
}
