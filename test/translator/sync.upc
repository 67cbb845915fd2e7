// Barriers, fence, THREADS/MYTHREAD and the upc_*sizeof operators.
#include <upc.h>

shared [5] int B[10*THREADS];
shared [] double D[7];
shared int S;
shared [3] int E[10];

size_t sync_ops(int id) {
  // CHECK-LABEL: size_t sync_ops(int id) {
  upc_barrier;
  // CHECK: upcrt_barrier(0, 0);
  upc_barrier id + 1;
  // CHECK: upcrt_barrier(1, (int)(id + 1));
  upc_notify;
  upc_wait;
  // CHECK: upcrt_notify(0, 0);
  // CHECK: upcrt_wait(0, 0);
  upc_notify id; upc_wait id;
  // CHECK: upcrt_notify(1, (int)(id)); upcrt_wait(1, (int)(id));
  upc_fence;
  // CHECK: upcrt_fence();
  size_t r = THREADS * MYTHREAD;
  // CHECK: size_t r = upcrt_threads * upcrt_mythread;
  r += upc_blocksizeof(B) + upc_elemsizeof(B) + upc_blocksizeof(shared [3] char);
  // CHECK: r += (({{size_t|__SIZE_TYPE__}})5) + {{.*}} + (({{size_t|__SIZE_TYPE__}})3);
  // upc_localsizeof is a constant where THREADS does not change it (the
  // frontend folds it: 10 of B's elements on each thread, D and S whole);
  // of E, 10 elements in blocks of 3 over THREADS threads, it is computed.
  r += upc_localsizeof(B);
  // CHECK: r += (({{size_t|__SIZE_TYPE__}})40);
  r += upc_localsizeof(D) + upc_localsizeof(S) + upc_localsizeof(shared int);
  // CHECK: r += (({{size_t|__SIZE_TYPE__}})56) + (({{size_t|__SIZE_TYPE__}})4) + (({{size_t|__SIZE_TYPE__}})4);
  r += upc_localsizeof(E);
  // CHECK: r += (((((size_t)10 + 3 - 1) / 3 + upcrt_threads - 1) / upcrt_threads) * 3 * sizeof(int));
  r += sizeof(B) + sizeof(D) + sizeof B[1];
  // CHECK: r += ((10 * (size_t)upcrt_threads) * sizeof(int)) + sizeof(double[7]) + sizeof(int);
  return r;
}
