/* The program test/gdb/gdb.sh debugs at THREADS 2: at the breakpoint,
 * thread 0 holds a lock and two shared arrays have known values. */
#include <stdio.h>
#include <upc.h>

shared int A[4 * THREADS];        /* A[i] = 100 + i, block 1 */
shared [3] int B[3 * THREADS];    /* B[i] = 200 + i, block 3 */
shared double scalar;             /* 2.5 */
shared int *shared SP[THREADS];   /* SP[t] = &A[t] */
upc_lock_t *lock;
struct pair {
  shared int *p;
  int n;
};

int main(void) {
  upc_forall(int i = 0; i < 4 * THREADS; i++; &A[i]) A[i] = 100 + i;
  upc_forall(int i = 0; i < 3 * THREADS; i++; &B[i]) B[i] = 200 + i;
  if (MYTHREAD == 0) scalar = 2.5;
  SP[MYTHREAD] = &A[MYTHREAD];
  lock = upc_all_lock_alloc();
  shared int *p = &A[5];           /* thread 1, phase 0 */
  shared [3] int *q = &B[4];       /* thread 1, phase 1 */
  shared int *null = NULL;
  struct pair pair = {p, 7};
  shared int *shared *pp = &SP[1]; /* thread 1, pointing to A[1] */
  upc_barrier;
  if (MYTHREAD == 0) upc_lock(lock);
  upc_barrier;
  printf("thread %d: %d %d %d %d\n", MYTHREAD, *p, *q, pair.n, **pp); /* BREAK HERE */
  upc_barrier;
  if (MYTHREAD == 0) upc_unlock(lock);
  if (null == NULL && MYTHREAD == 0) printf("PASS\n");
  return 0;
}
