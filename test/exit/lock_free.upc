/* lock_free.upc — upc_lock_free and upc_all_lock_free of a lock that is held
 * free it (UPC 1.3 7.2.4), whether the caller or another thread holds it;
 * the job goes on, and a new lock that takes the freed one's place works as
 * a lock for every thread, also for the thread that held the old one. */
#include "../upc/upctest.h"

#define K 20
upc_lock_t *shared published;
shared int counter;

/* Every thread takes the lock K times around a read-yield-write of counter. */
static void count_under(upc_lock_t *l) {
  for (int k = 0; k < K; k++) {
    upc_lock(l);
    int v = counter;
    upctest_relax();
    counter = v + 1;
    upc_unlock(l);
  }
}

int main(void) {
  int last = THREADS - 1;

  /* 1. the caller holds the lock it frees */
  upc_lock_t *own = upc_global_lock_alloc();
  upc_lock(own);
  upc_lock_free(own);
  upc_lock_t *again = upc_global_lock_alloc();
  CHECK(again == own); /* the freed block is the first one reused */
  upc_lock(again);     /* not "already holds": the old lock is gone */
  CHECK(upc_lock_attempt(again) == 0);
  upc_unlock(again);
  CHECK(upc_lock_attempt(again) == 1);
  upc_unlock(again);
  upc_lock_free(again);
  upc_barrier;

  /* 2. another thread holds it (at THREADS 1 the caller itself) */
  upc_lock_t *l = upc_all_lock_alloc();
  if (MYTHREAD == last) upc_lock(l);
  upc_barrier;
  if (MYTHREAD == 0) {
    upc_lock_free(l);
    published = upc_global_lock_alloc();
    CHECK(published == l); /* the new lock sits where the held one was */
  }
  upc_barrier;
  upc_lock_t *fresh = published;
  if (MYTHREAD == last) {
    /* it still lists the old lock as held: the new one is told apart */
    CHECK(upc_lock_attempt(fresh) == 1);
    upc_unlock(fresh);
  }
  upc_barrier;
  count_under(fresh);
  upc_barrier;
  CHECK_INT(counter, K * THREADS);
  upc_barrier;
  if (MYTHREAD == 0) upc_lock_free(fresh);

  /* 3. upc_all_lock_free of a lock thread 1 (or 0) holds */
  upc_lock_t *coll = upc_all_lock_alloc();
  if (MYTHREAD == 1 % THREADS) upc_lock(coll);
  upc_barrier;
  upc_all_lock_free(coll);
  upc_lock_t *next = upc_all_lock_alloc();
  CHECK(next == coll);
  if (MYTHREAD == 0) counter = 0;
  upc_barrier;
  count_under(next);
  upc_barrier;
  CHECK_INT(counter, K * THREADS);
  upc_barrier;
  upc_all_lock_free(next);
  return upctest_done();
}
