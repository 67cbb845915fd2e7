/* reduce_tree.upc — a binary-tree sum reduction and a broadcast written with
 * shared arrays and barriers, as users write them; the result equals the
 * closed-form sum on every thread. */
#include "upctest.h"

#define PER 50
shared long partial[THREADS];
shared long result;
shared double dpart[THREADS];

int main(void) {
  long mine = 0;
  for (int k = 0; k < PER; k++) mine += (long)MYTHREAD * PER + k;
  partial[MYTHREAD] = mine;
  dpart[MYTHREAD] = mine * 0.5;
  upc_barrier;
  for (int stride = 1; stride < THREADS; stride *= 2) {
    if (MYTHREAD % (2 * stride) == 0 && MYTHREAD + stride < THREADS) {
      partial[MYTHREAD] += partial[MYTHREAD + stride];
      dpart[MYTHREAD] = dpart[MYTHREAD] + dpart[MYTHREAD + stride];
    }
    upc_barrier;
  }
  if (MYTHREAD == 0) result = partial[0];
  upc_barrier;
  long n = (long)PER * THREADS;
  CHECK_INT(result, n * (n - 1) / 2);
  CHECK_DBL(dpart[0], (n * (n - 1) / 2) * 0.5);
  return upctest_done();
}
