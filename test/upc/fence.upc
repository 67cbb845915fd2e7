/* fence.upc — upc_fence orders relaxed accesses: with only relaxed variables,
 * a writer's fence between data and flag, and the reader's fences around its
 * flag reads, deliver the data (UPC 1.3 memory model, a fence is a null
 * strict access). */
#include "upctest.h"

#define ROUNDS 10
#define M 6
shared int data[M * THREADS];
shared int flag[THREADS];   /* flag[t]: rounds thread t has published */

int main(void) {
  int right = (MYTHREAD + 1) % THREADS, left = (MYTHREAD + THREADS - 1) % THREADS;
  for (int r = 1; r <= ROUNDS; r++) {
    /* Publish: my slice of data (on other threads), fence, my flag. */
    for (int k = 0; k < M; k++) data[k * THREADS + right] = r * 100 + MYTHREAD * 10 + k;
    upc_fence;
    flag[MYTHREAD] = r;
    /* Consume the left neighbour's slice of this round. */
    for (;;) {
      upc_fence;
      if (flag[left] >= r) break;
      upctest_relax();
    }
    upc_fence;
    for (int k = 0; k < M; k++) CHECK_INT(data[k * THREADS + MYTHREAD], r * 100 + left * 10 + k);
    /* Nobody may overwrite my slice before I have read it. */
    upc_barrier;
  }
  return upctest_done();
}
