/* scalar_affinity.upc — every shared scalar lives on thread 0: its address has
 * thread 0 and phase 0, and a write by any thread is seen by all. */
#include "upctest.h"

shared int x;
shared double y;
shared struct { int a; char b; } z;

int main(void) {
  CHECK_UINT(upc_threadof(&x), 0);
  CHECK_UINT(upc_threadof(&y), 0);
  CHECK_UINT(upc_threadof(&z), 0);
  CHECK_UINT(upc_phaseof(&x), 0);
  CHECK_UINT(upc_phaseof(&z.b), 0);
  /* A token passes round the threads through x. */
  for (int round = 0; round < 3; round++) {
    for (int t = 0; t < THREADS; t++) {
      if (MYTHREAD == t) {
        CHECK_INT(x, round * THREADS + t);
        x = round * THREADS + t + 1;
        y = x * 0.5;
      }
      upc_barrier;
    }
  }
  CHECK_INT(x, 3 * THREADS);
  CHECK_DBL(y, 3 * THREADS * 0.5);
  upc_barrier; /* everyone has checked before thread 0 overwrites x */
  if (MYTHREAD == 0) {
    int *local = (int *)&x; /* thread 0 owns x: a private pointer reaches it */
    CHECK_INT(*local, 3 * THREADS);
    *local = 99;
  }
  upc_barrier;
  CHECK_INT(x, 99);
  return upctest_done();
}
