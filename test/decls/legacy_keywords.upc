/* legacy_keywords.upc — the UPC 1.0 names that Berkeley UPC's and GCC UPC's
 * <upc.h> define for old programs (issue 19 item 10): forall, barrier,
 * barrier_notify, barrier_wait and fence mean the upc_ statements. */
#include "../upc/upctest.h"

shared int x[4 * THREADS];
shared int flag;

int main(void) {
  int i, T = THREADS;
  forall(i = 0; i < 4 * T; i++; &x[i]) x[i] = i + MYTHREAD * 0;
  barrier;
  for (i = 0; i < 4 * T; i++) CHECK_INT(x[i], i);
  int mine = 0;
  forall(i = 0; i < 4 * T; i++; i) mine++;
  CHECK_INT(mine, 4);
  barrier_notify 5;
  barrier_wait 5;
  if (MYTHREAD == 0) { flag = 1; fence; }
  barrier;
  CHECK_INT(flag, 1);
#if !defined(forall) || !defined(barrier) || !defined(barrier_notify) || \
    !defined(barrier_wait) || !defined(fence)
  CHECK(0 && "the UPC 1.0 names are macros of <upc.h>");
#endif
  return upctest_done();
}
