/* relaxed_header.upc — <upc_relaxed.h> keeps relaxed the default; strict on
 * one variable, and #pragma upc strict at the start of a compound statement
 * (in force to the end of that block only), carry a flag handshake. */
#include <upc_relaxed.h>
#include "upctest.h"

#define ROUNDS 10
#define M 5
shared int data[M * THREADS];
strict shared int flag;
shared int ack[THREADS];   /* relaxed here; strict inside acknowledge() */

static void acknowledge(int r) {
#pragma upc strict
  ack[MYTHREAD] = r + 1;
  for (int t = 0; t < THREADS; t++)
    while (ack[t] < r + 1) upctest_relax();
}

int main(void) {
  for (int r = 0; r < ROUNDS; r++) {
    int producer = (THREADS - 1 + r) % THREADS;
    if (MYTHREAD == producer) {
      for (int i = 0; i < M * THREADS; i++) data[i] = -(r * 50 + i);
      flag = r + 1;
    } else {
      while (flag != r + 1) upctest_relax();
    }
    for (int i = 0; i < M * THREADS; i++) CHECK_INT(data[i], -(r * 50 + i));
    acknowledge(r);
  }
  return upctest_done();
}
