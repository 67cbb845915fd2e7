// upc_forall: integer affinity (non-negative mod), pointer-to-shared
// affinity, continue affinity, and the nesting rule through the runtime
// depth counter (restored on every exit, also by return).
#include <upc.h>

shared int A[8*THREADS];

int body(int n) {
  // CHECK-LABEL: int body(int n) {
  int i, s = 0;
  upc_forall (i = 0; i < n; i++; i)
    s += i;
  // CHECK: { const int [[F:__upcc_t[0-9]+]] = upcrt_forall_depth++; for (i = 0; i < n; i++) if ([[F]] > 0 || ((int)(((i) % upcrt_threads + upcrt_threads) % upcrt_threads) == upcrt_mythread))
  // CHECK: s += i; upcrt_forall_depth = [[F]]; }
  upc_forall (unsigned u = 0; u < 8u; u++; u) s++;
  // CHECK: if ([[F:__upcc_t[0-9]+]] > 0 || ((int)((u) % (unsigned)upcrt_threads) == upcrt_mythread)) s++; upcrt_forall_depth = [[F]]; }
  upc_forall (i = 0; i < 8*THREADS; i++; &A[i]) {
    A[i] = i;
  }
  // CHECK: if ([[F:__upcc_t[0-9]+]] > 0 || ((upcrt_pts_add(upcrt_static_pts(&__upcc_shared_A), (i), 1, sizeof(int))).thread == (uint32_t)upcrt_mythread)) {
  // CHECK: upcrt_forall_depth = [[F]]; }
  upc_forall (i = 0; i < 4; i++; continue) s--;
  // CHECK: for (i = 0; i < 4; i++) if (1) s--;
  upc_forall (i = 0; i < 4; i++; ) s--;
  // CHECK: for (i = 0; i < 4; i++) if (1) s--;
  upc_forall (i = 0; i < n; i++; i) {
    if (i == 5) return s;
    // CHECK: if (i == 5) { int [[R:__upcc_t[0-9]+]] = s; upcrt_forall_depth = [[F:__upcc_t[0-9]+]]; return [[R]]; }
    upc_forall (int j = 0; j < n; j++; j) s += j;
    // CHECK: { const int [[G:__upcc_t[0-9]+]] = upcrt_forall_depth++; for (int j = 0; j < n; j++) if ([[G]] > 0 ||
  }
  return s;
}
// CHECK: __attribute__((weak)) int upcrt_forall_depth;
