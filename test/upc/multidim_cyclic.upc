/* multidim_cyclic.upc — multi-dimensional shared arrays are laid out by their
 * row-major flattened index: m[i][j] of int m[R][C] is element i*C+j. */
#include "upctest.h"

#define R 5
#define C 7
shared int m[R][C];
shared [2] char t3[3][4][5];

int main(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      CHECK_UINT(upc_threadof(&m[i][j]), (i * C + j) % THREADS);
      if ((i * C + j) % THREADS == MYTHREAD) m[i][j] = 10 * i + j;
    }
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      for (int k = 0; k < 5; k++) {
        int f = (i * 4 + j) * 5 + k;
        CHECK_UINT(upc_threadof(&t3[i][j][k]), model_thread(f, 2));
        CHECK_UINT(upc_phaseof(&t3[i][j][k]), model_phase(f, 2));
        if (model_thread(f, 2) == (size_t)MYTHREAD) t3[i][j][k] = (char)(f + 1);
      }
  upc_barrier;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) CHECK_INT(m[i][j], 10 * i + j);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      for (int k = 0; k < 5; k++) CHECK_INT(t3[i][j][k], (i * 4 + j) * 5 + k + 1);
  /* A row decays to a pointer-to-shared into the flattened sequence. */
  shared int *row = m[2];
  for (int j = 0; j < C; j++) CHECK_INT(row[j], 20 + j);
  CHECK(&m[1][C - 1] + 1 == &m[2][0]);
  CHECK_INT(&m[4][3] - &m[0][0], 4 * C + 3);
  return upctest_done();
}
