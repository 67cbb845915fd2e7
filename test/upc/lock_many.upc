/* lock_many.upc — many locks (an array of upc_lock_t pointers from
 * upc_all_lock_alloc) each guarding one bucket of a distributed histogram;
 * deterministic updates from all threads sum to a serially computed model. */
#include "upctest.h"

#define NB 10
#define UPDATES 60
shared [2] long bucket[NB];
upc_lock_t *lockv[NB];

static unsigned next(unsigned x) { return x * 1103515245u + 12345u; }

int main(void) {
  for (int b = 0; b < NB; b++) lockv[b] = upc_all_lock_alloc();
  unsigned x = 17u + MYTHREAD;
  for (int k = 0; k < UPDATES; k++) {
    x = next(x);
    int b = (int)((x >> 16) % NB);
    upc_lock(lockv[b]);
    long v = bucket[b];
    bucket[b] = v + (long)(x % 100);
    upc_unlock(lockv[b]);
  }
  upc_barrier;
  long model[NB] = {0};
  for (int t = 0; t < THREADS; t++) {
    unsigned y = 17u + t;
    for (int k = 0; k < UPDATES; k++) {
      y = next(y);
      model[(y >> 16) % NB] += y % 100;
    }
  }
  for (int b = 0; b < NB; b++) CHECK_INT(bucket[b], model[b]);
  upc_barrier;
  for (int b = 0; b < NB; b++) upc_all_lock_free(lockv[b]);
  return upctest_done();
}
