/* pts_shared_to_private.upc — shared pointers to private data (int *shared):
 * the pointer value lives in shared memory and any thread can read it, but
 * only the thread it came from may follow it. */
#include "upctest.h"

int *shared slots[THREADS];   /* slot t holds a pointer into thread t's memory */
int *shared single;           /* one such pointer on thread 0 */
static int counter[3];        /* private: a different object on every thread */

int main(void) {
  counter[0] = MYTHREAD;
  counter[2] = -MYTHREAD;
  slots[MYTHREAD] = &counter[2];
  if (MYTHREAD == THREADS - 1) single = &counter[1];
  upc_barrier;
  int *mine = slots[MYTHREAD];
  CHECK(mine == &counter[2]);
  CHECK_INT(*mine, -MYTHREAD);
  CHECK_INT(slots[MYTHREAD][-2], MYTHREAD);  /* index through the shared slot */
  *slots[MYTHREAD] = 5 * MYTHREAD;
  CHECK_INT(counter[2], 5 * MYTHREAD);
  for (int t = 0; t < THREADS; t++) CHECK(slots[t] != NULL);
  if (MYTHREAD == THREADS - 1) {
    int *p = single;
    CHECK(p == &counter[1]);
    *p = 42;
    CHECK_INT(counter[1], 42);
  }
  upc_barrier;
  slots[MYTHREAD] = NULL;
  upc_barrier;
  for (int t = 0; t < THREADS; t++) CHECK(slots[t] == NULL);
  return upctest_done();
}
