/* forall_ptr.upc — upc_forall with pointer-to-shared affinity: iteration i
 * runs on upc_threadof(&a[i]) for cyclic, blocked and indefinite arrays, for
 * shifted addresses, and with a pointer as the loop variable. */
#include "upctest.h"

#define N 29
shared int cyc[N];
shared [4] int b4[N];
shared [] int ind[N];
shared [3] int who[N];       /* executor of each iteration */

static void clear(void) {
  upc_forall (int i = 0; i < N; i++; &who[i]) who[i] = -1;
  upc_barrier;
}

int main(void) {
  clear();
  upc_forall (int i = 0; i < N; i++; &b4[i]) {
    who[i] = MYTHREAD;
    b4[i] = i; /* always a local write */
  }
  upc_barrier;
  for (int i = 0; i < N; i++) CHECK_INT(who[i], model_thread(i, 4));
  upc_barrier;
  clear();
  upc_forall (int i = 0; i < N; i++; &cyc[i]) who[i] = MYTHREAD;
  upc_barrier;
  for (int i = 0; i < N; i++) CHECK_INT(who[i], i % THREADS);
  upc_barrier;
  clear();
  upc_forall (int i = 0; i < N; i++; &ind[i]) who[i] = MYTHREAD;
  upc_barrier;
  for (int i = 0; i < N; i++) CHECK_INT(who[i], 0);
  upc_barrier;
  clear();
  /* Shifted affinity: iteration i runs where b4[(i + 5) % N] lives. */
  upc_forall (int i = 0; i < N; i++; &b4[(i + 5) % N]) who[i] = MYTHREAD;
  upc_barrier;
  for (int i = 0; i < N; i++) CHECK_INT(who[i], model_thread((i + 5) % N, 4));
  upc_barrier;
  clear();
  /* A pointer-to-shared as the loop variable and the affinity. */
  shared [4] int *p;
  int visited = 0;
  upc_forall (p = b4; p < b4 + N; p++; p) {
    CHECK_UINT(upc_threadof(p), MYTHREAD);
    who[*p] = MYTHREAD;
    visited++;
  }
  CHECK_INT(visited, model_count(N, 4, MYTHREAD));
  upc_barrier;
  for (int i = 0; i < N; i++) CHECK_INT(who[i], model_thread(i, 4));
  /* Affinity through a pointer of another type: a generic pointer. */
  upc_barrier;
  clear();
  upc_forall (int i = 0; i < N; i++; (shared void *)&cyc[i]) who[i] = MYTHREAD;
  upc_barrier;
  for (int i = 0; i < N; i++) CHECK_INT(who[i], i % THREADS);
  return upctest_done();
}
