/* strict_header.upc — <upc_strict.h> makes strict the default for the rest
 * of the file: a producer/consumer ring where each thread passes a token
 * (and a payload written just before it) to its right neighbour. */
#include <upc_strict.h>
#include "upctest.h"

#define LAPS 5
#define M 4
shared int token[THREADS];
shared long payload[M * THREADS];

int main(void) {
  int left = (MYTHREAD + THREADS - 1) % THREADS;
  for (int lap = 0; lap < LAPS; lap++) {
    int stamp = lap * THREADS + MYTHREAD + 1; /* unique, increasing */
    if (MYTHREAD != 0 || lap > 0) {
      /* Wait for the left neighbour's token of this pass round the ring. */
      int want = MYTHREAD == 0 ? (lap - 1) * THREADS + THREADS : stamp - 1;
      while (token[left] != want) upctest_relax();
      for (int k = 0; k < M; k++) CHECK_INT(payload[k * THREADS + left], want * 10 + k);
    }
    for (int k = 0; k < M; k++) payload[k * THREADS + MYTHREAD] = stamp * 10L + k;
    token[MYTHREAD] = stamp;
  }
  return upctest_done();
}
