/* threads_mythread.upc — THREADS and MYTHREAD, and the predefined macros:
 * every thread has a distinct MYTHREAD in [0, THREADS), THREADS agrees
 * with the static value when compiled with -T, and THREADS works in private
 * array sizes and ordinary expressions. */
#include "upctest.h"

shared int ids[THREADS];
shared int seen_threads[THREADS];

#if !defined(__UPC__) || __UPC__ != 1
#error "__UPC__ must be 1"
#endif
#if __UPC_VERSION__ != 201311L
#error "__UPC_VERSION__ must be 201311L"
#endif
#if defined(__UPC_STATIC_THREADS__) == defined(__UPC_DYNAMIC_THREADS__)
#error "exactly one of __UPC_STATIC_THREADS__ and __UPC_DYNAMIC_THREADS__"
#endif
#if !defined(UPC_MAX_BLOCK_SIZE)
#error "UPC_MAX_BLOCK_SIZE missing"
#endif

int main(void) {
  CHECK(THREADS >= 1);
  CHECK(MYTHREAD >= 0 && MYTHREAD < THREADS);
#ifdef __UPC_STATIC_THREADS__
  /* Static THREADS: a constant expression, usable in a case label. */
  int hit = 0;
  switch (THREADS) {
  case THREADS:
    hit = 1;
  }
  CHECK_INT(hit, 1);
#endif
  CHECK(UPC_MAX_BLOCK_SIZE >= 1024);
  ids[MYTHREAD] = MYTHREAD;
  seen_threads[MYTHREAD] = THREADS;
  int priv[THREADS];  /* a private array sized by THREADS */
  for (int t = 0; t < THREADS; t++) priv[t] = 0;
  upc_barrier;
  for (int t = 0; t < THREADS; t++) {
    CHECK_INT(seen_threads[t], THREADS);
    int id = ids[t];
    CHECK(id >= 0 && id < THREADS);
    priv[id]++;
  }
  for (int t = 0; t < THREADS; t++) CHECK_INT(priv[t], 1);
  CHECK_UINT(sizeof(ids) / sizeof(int), THREADS);
  /* MYTHREAD and THREADS are ordinary int values. */
  int m = MYTHREAD * 2 + THREADS;
  CHECK_INT(m - THREADS, 2 * MYTHREAD);
  CHECK_INT((MYTHREAD + THREADS) % THREADS, MYTHREAD);
  return upctest_done();
}
