/* notify_wait.upc — split-phase barriers: upc_notify / upc_wait with and
 * without ids (a missing id matches any), local work between them, and the
 * guarantee that writes before the notify are seen after the wait. */
#include "upctest.h"

#define ROUNDS 20
shared int val[THREADS];
shared int other[THREADS];

int main(void) {
  for (int r = 0; r < ROUNDS; r++) {
    val[MYTHREAD] = r + MYTHREAD;
    if (r % 4 == 0) {
      upc_notify;
    } else if (r % 4 == 1) {
      upc_notify r;
    } else {
      /* Odd threads give no id: it matches the others' id. */
      if (MYTHREAD % 2) upc_notify;
      else upc_notify 1000 + r;
    }
    /* Work that touches only private data and this thread's own shared
     * data is allowed between notify and wait. */
    long local = 0;
    for (int k = 0; k < 1000; k++) local += k ^ r;
    other[MYTHREAD] = (int)(local & 0xff);
    if (r % 4 == 1)
      upc_wait r;
    else if (r % 4 == 3 && MYTHREAD % 2 == 0)
      upc_wait 1000 + r;
    else
      upc_wait;
    for (int t = 0; t < THREADS; t++) CHECK_INT(val[t], r + t);
    long want = 0;
    for (int k = 0; k < 1000; k++) want += k ^ r;
    upc_barrier; /* others' `other` writes were after their notify */
    for (int t = 0; t < THREADS; t++) CHECK_INT(other[t], want & 0xff);
    upc_barrier;
  }
  return upctest_done();
}
