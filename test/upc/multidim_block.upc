/* multidim_block.upc — blocked 2-D arrays whose blocks do not match the rows,
 * and a 2-D array of rows distributed one row block per thread. */
#include "upctest.h"

shared [3] int m[4][5];          /* blocks of 3 cut across rows of 5 */
shared [8] short tile[2 * THREADS][8]; /* row r lives on thread r mod THREADS */

int main(void) {
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++) {
      size_t f = i * 5 + j;
      CHECK_UINT(upc_threadof(&m[i][j]), model_thread(f, 3));
      CHECK_UINT(upc_phaseof(&m[i][j]), model_phase(f, 3));
      if (model_thread(f, 3) == (size_t)MYTHREAD) m[i][j] = (int)(f * f);
    }
  for (int r = 0; r < 2 * THREADS; r++) {
    CHECK_UINT(upc_threadof(&tile[r][0]), r % THREADS);
    CHECK_UINT(upc_threadof(&tile[r][7]), r % THREADS);
    if (r % THREADS == MYTHREAD)
      for (int c = 0; c < 8; c++) tile[r][c] = (short)(r * 8 - c);
  }
  upc_barrier;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++) CHECK_INT(m[i][j], (i * 5 + j) * (i * 5 + j));
  for (int r = 0; r < 2 * THREADS; r++)
    for (int c = 0; c < 8; c++) CHECK_INT(tile[r][c], r * 8 - c);
  /* Transpose-style remote access: each thread reads its rows' mirror column. */
  long sum = 0, want = 0;
  for (int r = MYTHREAD; r < 2 * THREADS; r += THREADS)
    for (int c = 0; c < 8; c++) {
      int rr = (r + c) % (2 * THREADS);
      sum += tile[rr][7 - c];
      want += rr * 8 - (7 - c);
    }
  CHECK_INT(sum, want);
  return upctest_done();
}
