/* barrier.upc — upc_barrier with and without an id: after each barrier every
 * thread sees all writes made before it, over many rounds with alternating
 * writers and readers. */
#include "upctest.h"

#define ROUNDS 40
shared int slot[THREADS];
shared [2] long pair[2 * THREADS];

int main(void) {
  for (int r = 0; r < ROUNDS; r++) {
    slot[MYTHREAD] = r * THREADS + MYTHREAD;
    pair[2 * ((MYTHREAD + 1) % THREADS)] = r;   /* a remote write */
    if (r % 3 == 0)
      upc_barrier;
    else if (r % 3 == 1)
      upc_barrier r;
    else
      upc_barrier r * 2 + 1;
    for (int t = 0; t < THREADS; t++) {
      CHECK_INT(slot[t], r * THREADS + t);
      CHECK_INT(pair[2 * t], r);
    }
    upc_barrier -r;  /* negative ids are fine too */
  }
  /* A barrier inside a function, and inside a conditional all take. */
  if (THREADS > 0) upc_barrier 12345;
  return upctest_done();
}
