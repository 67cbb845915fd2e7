/* strict_qualifier.upc — the strict qualifier orders accesses: a producer's
 * relaxed data writes are visible to every thread that has seen its later
 * strict flag write. Rounds are chained by strict acknowledgements instead
 * of barriers, with a different producer each round. */
#include "upctest.h"

#define ROUNDS 12
#define M 8
strict shared int flag;
relaxed shared int data[M * THREADS];   /* explicitly relaxed */
shared double extra[THREADS];           /* relaxed by default */
strict shared int ack[THREADS];

int main(void) {
  for (int r = 0; r < ROUNDS; r++) {
    int producer = r % THREADS;
    if (MYTHREAD == producer) {
      for (int i = 0; i < M * THREADS; i++) data[i] = r * 1000 + i;
      for (int t = 0; t < THREADS; t++) extra[t] = r + t / 4.0;
      flag = r + 1;
    } else {
      while (flag != r + 1) upctest_relax();
    }
    for (int i = 0; i < M * THREADS; i++) CHECK_INT(data[i], r * 1000 + i);
    for (int t = 0; t < THREADS; t++) CHECK_DBL(extra[t], r + t / 4.0);
    ack[MYTHREAD] = r + 1;
    for (int t = 0; t < THREADS; t++)
      while (ack[t] < r + 1) upctest_relax();
  }
  return upctest_done();
}
