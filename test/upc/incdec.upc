/* incdec.upc — ++ and -- (prefix and postfix) on shared lvalues: scalars,
 * array elements, struct members, doubles, chars, and pointers-to-shared
 * stored in shared memory; the expression values are checked. */
#include "upctest.h"

shared int count;
shared int per[THREADS];
shared [3] double dd[3 * THREADS];
shared char ch[THREADS];
struct st { int n; long m; };
shared struct st sts[THREADS];
shared int data[4 * THREADS];
shared int *shared cursor[THREADS];

int main(void) {
  for (int k = 0; k < 4; k++) data[k * THREADS + MYTHREAD] = k * THREADS + MYTHREAD;
  upc_barrier;
  int t = (MYTHREAD + 1) % THREADS; /* operate on the neighbour's data */
  per[t] = 10;
  CHECK_INT(per[t]++, 10);
  CHECK_INT(per[t], 11);
  CHECK_INT(++per[t], 12);
  CHECK_INT(per[t]--, 12);
  CHECK_INT(--per[t], 10);
  dd[3 * t + 2] = 0.5;
  CHECK_DBL(dd[3 * t + 2]++, 0.5);
  CHECK_DBL(++dd[3 * t + 2], 2.5);
  CHECK_DBL(dd[3 * t + 2]--, 2.5);
  ch[t] = 127;
  ch[t]++;
  CHECK_INT(ch[t], (char)128);
  ch[t] = 'a';
  ++ch[t];
  sts[t].n = 0;
  sts[t].m = -1;
  for (int k = 0; k < 5; k++) sts[t].n++;
  (&sts[t])->m--;
  --(&sts[t])->m;
  /* A shared pointer-to-shared stepped with ++: moves to the next element. */
  cursor[t] = &data[t];
  CHECK_INT(*cursor[t]++, t);
  CHECK_UINT(upc_threadof(cursor[t]), (t + 1) % THREADS);
  CHECK_INT(*cursor[t], t + 1);
  ++cursor[t];
  CHECK(cursor[t] == &data[t + 2]);
  cursor[t]--;
  CHECK(cursor[t] == &data[t + 1]);
  upc_barrier;
  CHECK_INT(per[MYTHREAD], 10);
  CHECK_DBL(dd[3 * MYTHREAD + 2], 1.5);
  CHECK_INT(ch[MYTHREAD], 'b');
  CHECK_INT(sts[MYTHREAD].n, 5);
  CHECK_INT(sts[MYTHREAD].m, -3);
  CHECK(cursor[MYTHREAD] == &data[MYTHREAD + 1]);
  /* Increments of one scalar, one thread at a time. */
  for (int r = 0; r < THREADS; r++) {
    if (MYTHREAD == r) {
      count++;
      ++count;
    }
    upc_barrier;
  }
  CHECK_INT(count, 2 * THREADS);
  return upctest_done();
}
