/* forall_row_affinity.upc — a upc_forall affinity that is a row R[i] of a
 * shared 2-D array converts to a pointer to the row's first element (C11
 * 6.3.2.1p3), whose thread owns the iteration (UPC 1.3 6.6.2): blocked rows,
 * rows of a cyclic array (all on thread 0), a stride of 2. */
#include "upctest.h"

shared [3] int R[2 * THREADS][3];
shared int C[5][THREADS];
shared [2] double M[7 * THREADS][2];

int main(void) {
  int n = 0, m = 0, k = 0;
  upc_forall (int i = 0; i < 2 * THREADS; i++; R[i]) {
    n++;
    CHECK_UINT(upc_threadof(&R[i][0]), MYTHREAD);
    R[i][1] = i;
  }
  upc_forall (int i = 0; i < 5; i++; C[i]) {
    m++;
    CHECK_UINT(upc_threadof(&C[i][0]), MYTHREAD);
    C[i][0] = i;
  }
  upc_forall (int i = 1; i < 7 * THREADS; i += 2; M[i]) {
    k++;
    CHECK_UINT(upc_threadof(&M[i][0]), MYTHREAD);
    M[i][0] = i;
    M[i][1] = -i;
  }
  upc_barrier;
  /* row i of R is block i, on thread i mod THREADS; row i of C starts at
   * element i*THREADS, on thread 0; row i of M is block i */
  CHECK_INT(n, 2);
  CHECK_INT(m, MYTHREAD == 0 ? 5 : 0);
  int ek = 0;
  for (int i = 1; i < 7 * THREADS; i += 2) ek += i % THREADS == MYTHREAD;
  CHECK_INT(k, ek);
  for (int i = 0; i < 2 * THREADS; i++) CHECK_INT(R[i][1], i);
  for (int i = 0; i < 5; i++) CHECK_INT(C[i][0], i);
  for (int i = 1; i < 7 * THREADS; i += 2) {
    CHECK_DBL(M[i][0], i);
    CHECK_DBL(M[i][1], -i);
  }
  return upctest_done();
}
