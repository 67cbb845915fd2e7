/* strict_pragma.upc — #pragma upc strict makes every unqualified shared
 * access in the rest of the file strict: a flag handshake with no qualifiers
 * and no barriers delivers the producer's data in order. */
#include "upctest.h"

#pragma upc strict

#define ROUNDS 12
#define M 6
shared int flag;
shared int data[M * THREADS];
shared int ack[THREADS];
relaxed shared int scratch[THREADS];   /* a qualifier still wins over the pragma */

int main(void) {
  scratch[MYTHREAD] = MYTHREAD;
  for (int r = 0; r < ROUNDS; r++) {
    int producer = (r * 7 + 1) % THREADS;
    if (MYTHREAD == producer) {
      for (int i = M * THREADS - 1; i >= 0; i--) data[i] = r * 100 + i;
      flag = r + 1;
    } else {
      while (flag != r + 1) upctest_relax();
    }
    for (int i = 0; i < M * THREADS; i++) CHECK_INT(data[i], r * 100 + i);
    ack[MYTHREAD] = r + 1;
    for (int t = 0; t < THREADS; t++)
      while (ack[t] < r + 1) upctest_relax();
  }
  upc_barrier;
  for (int t = 0; t < THREADS; t++) CHECK_INT(scratch[t], t);
  return upctest_done();
}
