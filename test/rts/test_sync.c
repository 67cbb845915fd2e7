/* test_sync.c — synchronization: split-phase barriers with ids, the strict
 * message-passing litmus test, lock-protected increments (no lost update),
 * lock_attempt and lock allocation/free from any thread.  (Lock fairness is
 * by construction — FIFO tickets — and not observable without timing.) */
#include "rtstest.h"

#include <stdint.h>

static upcrt_static_t DATA = {"data", "shared [4] long[4*THREADS]", 8, 4, 4, 1, NULL, 0, 0, 0};
static upcrt_static_t FLAG = {"flag", "strict shared long[THREADS]", 8, 1, 1, 1, NULL, 0, 0, 0};
static upcrt_static_t ACK = {"ack", "strict shared long[THREADS]", 8, 1, 1, 1, NULL, 0, 0, 0};
static upcrt_static_t COUNTER = {"counter", "shared long", 8, 0, 1, 0, NULL, 0, 0, 0};
static upcrt_static_t SLOT = {"slot", "shared [1] upc_lock_t *shared[THREADS]", 16, 1, 1, 1,
                              NULL, 0, 0, 0};
__attribute__((constructor)) static void register_statics(void) {
  upcrt_register_static(&DATA);
  upcrt_register_static(&FLAG);
  upcrt_register_static(&ACK);
  upcrt_register_static(&COUNTER);
  upcrt_register_static(&SLOT);
}

static upcrt_pts_t elem(upcrt_static_t *o, int i, size_t block) {
  return upcrt_pts_add(upcrt_static_pts(o), i, block, o->elem_size);
}

/* notify/wait with matching ids, work in between, and threads that give no
 * id (which match any id). */
static void test_split_barrier_ids(void **state) {
  (void)state;
  for (int round = 0; round < 200; round++) {
    /* write my element, notify, do local work, wait, read a neighbour's */
    upcrt_put_i64(elem(&DATA, MYTHREAD * 4, 4), round * 10 + MYTHREAD);
    int has_id = !(round % 3 == 0 && MYTHREAD == 0);
    upcrt_notify(has_id, round);
    volatile long local = 0;
    for (int k = 0; k < 1000; k++) local += k;
    upcrt_wait(has_id, round);
    int n = (MYTHREAD + 1) % THREADS;
    int64_t v = upcrt_get_i64(elem(&DATA, n * 4, 4));
    CHECK(v == round * 10 + n, "round %d: read %ld", round, (long)v);
    upcrt_barrier(1, -round); /* negative ids are ids too */
  }
  RTSTEST_AGREE();
}

/* Message passing: thread w writes data (relaxed) then a strict flag on
 * thread r; r spins on the flag and must then see the data.  r acknowledges
 * with a strict write back.  Pairs (0,1), (2,3), ... and the last odd one
 * talks to itself. */
static void test_strict_litmus(void **state) {
  (void)state;
  int partner = (MYTHREAD % 2 == 0) ? MYTHREAD + 1 : MYTHREAD - 1;
  if (partner >= THREADS) partner = MYTHREAD;
  int writer = MYTHREAD % 2 == 0;
  const int rounds = RTSTEST_SCALE(2000);
  upcrt_sput_i64(elem(&FLAG, MYTHREAD, 1), 0);
  upcrt_sput_i64(elem(&ACK, MYTHREAD, 1), 0);
  upcrt_barrier(0, 0);
  long stale = 0;
  for (int64_t r = 1; r <= rounds; r++) {
    if (writer) {
      /* four data words in the reader's block, then the flag */
      for (int k = 0; k < 4; k++) upcrt_put_i64(elem(&DATA, partner * 4 + k, 4), r * 4 + k);
      upcrt_sput_i64(elem(&FLAG, partner, 1), r);
      if (partner != MYTHREAD)
        while (upcrt_sget_i64(elem(&ACK, MYTHREAD, 1)) != r) {
        }
    }
    if (!writer || partner == MYTHREAD) {
      while (upcrt_sget_i64(elem(&FLAG, MYTHREAD, 1)) != r) {
      }
      for (int k = 0; k < 4; k++) stale += upcrt_get_i64(elem(&DATA, MYTHREAD * 4 + k, 4)) != r * 4 + k;
      if (partner != MYTHREAD) upcrt_sput_i64(elem(&ACK, partner, 1), r);
    }
  }
  CHECK(stale == 0, "%ld data words read stale after the flag", stale);
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* 10^5 lock-protected read-modify-writes of one shared counter in total. */
static void test_lock_increments(void **state) {
  (void)state;
  /* 10^5; under forced RMA on one oversubscribed node every lock hand-off
   * waits for the holder to be scheduled, so fewer */
  const long total = upcrt_seg_force_rma ? 4000 : 100000;
  upcrt_pts_t lock = upc_all_lock_alloc();
  upcrt_pts_t c = upcrt_static_pts(&COUNTER);
  if (MYTHREAD == 0) upcrt_put_i64(c, 0);
  upcrt_barrier(0, 0);
  long mine = total / THREADS + (MYTHREAD < total % THREADS);
  for (long i = 0; i < mine; i++) {
    upc_lock(lock);
    upcrt_put_i64(c, upcrt_get_i64(c) + 1); /* relaxed: completed by the unlock */
    upc_unlock(lock);
  }
  upcrt_barrier(0, 0);
  int64_t got = upcrt_get_i64(c);
  CHECK(got == total, "counter %ld, want %ld (lost updates)", (long)got, total);
  /* the same lock on every thread */
  upcrt_put_pts(elem(&SLOT, MYTHREAD, 1), lock);
  upcrt_barrier(0, 0);
  CHECK(upcrt_pts_eq(upcrt_get_pts(elem(&SLOT, (MYTHREAD + 1) % THREADS, 1)), lock),
        "upc_all_lock_alloc gave different locks");
  upcrt_barrier(0, 0);
  upc_all_lock_free(lock);
  RTSTEST_AGREE();
}

static void test_lock_attempt(void **state) {
  (void)state;
  upcrt_pts_t lock = upc_all_lock_alloc();
  if (MYTHREAD == 0) CHECK(upc_lock_attempt(lock) == 1, "free lock not taken");
  upcrt_barrier(0, 0);
  if (MYTHREAD != 0) CHECK(upc_lock_attempt(lock) == 0, "held lock taken");
  upcrt_barrier(0, 0);
  if (MYTHREAD == 0) upc_unlock(lock);
  upcrt_barrier(0, 0);
  if (MYTHREAD == THREADS - 1) {
    CHECK(upc_lock_attempt(lock) == 1, "released lock not taken");
    upc_unlock(lock);
  }
  upcrt_barrier(0, 0);
  /* everybody tries at once: exactly one wins */
  int won = upc_lock_attempt(lock);
  long winners = rtstest_sum(won);
  CHECK(winners == 1, "%ld threads won the same lock", winners);
  if (won) upc_unlock(lock);
  upcrt_barrier(0, 0);
  upc_all_lock_free(lock);
  RTSTEST_AGREE();
}

/* Each thread allocates a lock alone; the next thread uses it and frees it. */
static void test_global_locks(void **state) {
  (void)state;
  for (int cycle = 0; cycle < RTSTEST_SCALE(100); cycle++) {
    upcrt_pts_t l = upc_global_lock_alloc();
    CHECK((int)l.thread == MYTHREAD, "lock on thread %u", l.thread);
    upcrt_put_pts(elem(&SLOT, MYTHREAD, 1), l);
    upcrt_barrier(0, 0);
    upcrt_pts_t theirs = upcrt_get_pts(elem(&SLOT, (MYTHREAD + THREADS - 1) % THREADS, 1));
    upc_lock(theirs);
    upc_unlock(theirs);
    upcrt_barrier(0, 0);
    upc_lock_free(theirs);
  }
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_split_barrier_ids), cmocka_unit_test(test_strict_litmus),
    cmocka_unit_test(test_lock_increments),   cmocka_unit_test(test_lock_attempt),
    cmocka_unit_test(test_global_locks),
};

RTSTEST_MAIN(tests)
