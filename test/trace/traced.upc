/* traced.upc — a program whose timeline test/trace/check_trace.py knows:
 * a counted number of barriers (whole and split-phase, in loops), a lock
 * that threads 1.. must wait for, two collectives, one large and one small
 * upc_memget.  Thread 0 prints how many barriers each thread passed. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <upc.h>
#include <upc_collective.h>

#define BIG 65536
#define SMALL 100

shared [] char *shared blocks[THREADS];
shared int src[THREADS], dst[THREADS], sum;
shared [1] int bcast_src[1];
shared [1] int bcast_dst[THREADS];
static char buf[BIG];

int main(void) {
  int barriers = 0;
  upc_lock_t *lock = upc_all_lock_alloc();
  blocks[MYTHREAD] = (shared [] char *)upc_alloc(BIG);
  memset((char *)blocks[MYTHREAD], 'a' + MYTHREAD, BIG);
  src[MYTHREAD] = MYTHREAD + 1;
  if (MYTHREAD == 0) bcast_src[0] = 42;

  for (int i = 0; i < 5; i++) {
    upc_barrier;
    barriers++;
  }
  for (int i = 0; i < 3; i++) {
    upc_notify i;
    barriers++;
    buf[i] = (char)i; /* work between notify and wait */
    upc_wait i;
  }

  /* threads 1.. wait for the lock that thread 0 holds for 20 ms */
  if (MYTHREAD == 0) upc_lock(lock);
  upc_barrier;
  barriers++;
  if (MYTHREAD == 0) {
    usleep(20000);
    upc_unlock(lock);
  } else {
    upc_lock(lock);
    upc_unlock(lock);
  }
  upc_barrier;
  barriers++;

  upc_all_broadcast(bcast_dst, bcast_src, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  upc_all_reduceI(&sum, src, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

  int next = (MYTHREAD + 1) % THREADS;
  upc_memget(buf, blocks[next], BIG);
  upc_memget(buf, blocks[next], SMALL);
  if (buf[0] != 'a' + next) {
    printf("thread %d: wrong data %c\n", MYTHREAD, buf[0]);
    return 1;
  }
  upc_barrier;
  barriers++;
  if (bcast_dst[MYTHREAD] != 42 || (MYTHREAD == 0 && sum != THREADS * (THREADS + 1) / 2)) {
    printf("thread %d: wrong collective result\n", MYTHREAD);
    return 1;
  }
  if (MYTHREAD == 0) printf("barriers: %d\n", barriers);
  return 0;
}
