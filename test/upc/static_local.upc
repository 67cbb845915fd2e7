/* static_local.upc — static shared variables declared inside functions:
 * one object shared by all threads, keeping its value between calls,
 * initialised once, distinct per function even with the same name. */
#include "upctest.h"

static int bump(void) {
  static shared int calls;          /* on thread 0, zero at start-up */
  static shared int base = 40;      /* with an initialiser */
  int v;
  for (int t = 0; t < THREADS; t++) {
    if (MYTHREAD == t) calls++;
    upc_barrier;
  }
  v = calls + base;
  upc_barrier;
  return v;
}

static int other(void) {
  static shared int calls = 1000;   /* same name, another object */
  static shared [2] int tally[2 * THREADS];
  tally[2 * MYTHREAD + 1] += MYTHREAD + 1;
  upc_barrier;
  int s = 0;
  for (int i = 0; i < 2 * THREADS; i++) s += tally[i];
  upc_barrier;
  return calls + s;
}

int main(void) {
  CHECK_INT(bump(), 40 + THREADS);
  CHECK_INT(bump(), 40 + 2 * THREADS);
  int tri = THREADS * (THREADS + 1) / 2;
  CHECK_INT(other(), 1000 + tri);
  CHECK_INT(other(), 1000 + 2 * tri);
  CHECK_INT(bump(), 40 + 3 * THREADS);
  return upctest_done();
}
