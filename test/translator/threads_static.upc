// Static THREADS (upcc -T 4): THREADS is a constant, dimensions are plain,
// upc_localsizeof is a compile-time value.
#include <upc.h>

shared [2] int A[3*THREADS];
// CHECK: upcrt_static_t __upcc_shared_A = {{.*}}.block = 2, .nelems = 12, .threads_scaled = 0 };
shared int M[THREADS][5];

int f(int i) {
  // CHECK-LABEL: int f(int i) {
  M[i][1] = THREADS;
  // CHECK: upcrt_put_i32(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_M), (i) * 5 + (1), 1, sizeof(int)), (4));
  return upc_localsizeof(A) + A[i];
  // CHECK: return (({{size_t|__SIZE_TYPE__}})16) + upcrt_get_i32(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_A), (i), 2, sizeof(int)));
}
// CHECK: static const upcrt_config_t config = { 4, 0u };
int main(void) { return f(0) != 0; }
