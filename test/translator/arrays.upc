// Shared arrays: cyclic, blocked, indefinite, multi-dimensional (one linear
// index over all dimensions) and THREADS dimensions under dynamic THREADS.
#include <upc.h>

shared int A[10*THREADS];
// CHECK: upcrt_static_t __upcc_shared_A = { .name = "A", {{.*}}.elem_size = sizeof(int), .block = 1, .nelems = 10, .threads_scaled = 1 };
shared [4] double B[100];
// CHECK: upcrt_static_t __upcc_shared_B = { .name = "B", .type = "shared [4] double[100]", .elem_size = sizeof(double), .block = 4, .nelems = 100, .threads_scaled = 0 };
shared [] long L[16];
// CHECK: upcrt_static_t __upcc_shared_L = {{.*}}.block = 0, .nelems = 16, .threads_scaled = 0 };
shared [2] int M[3][5*THREADS];
// CHECK: upcrt_static_t __upcc_shared_M = {{.*}}.block = 2, .nelems = 15, .threads_scaled = 1 };
shared int G[4][6];
// CHECK: upcrt_static_t __upcc_shared_G = {{.*}}.block = 1, .nelems = 24, .threads_scaled = 0 };
shared int Init[5] = {1, 2, 3};
// CHECK: static const int __upcc_init_Init[5] = {1, 2, 3}; upcrt_static_t __upcc_shared_Init = {{.*}}.init = (const void *)&__upcc_init_Init, .init_nelems = sizeof __upcc_init_Init / sizeof(int) };

void g(int i, int j) {
  // CHECK-LABEL: void g(int i, int j) {
  A[i] = B[j] > 0;
  // CHECK: upcrt_put_i32(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_A), (i), 1, sizeof(int)), upcrt_get_d(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_B), (j), 4, sizeof(double))) > 0);
  L[i + 1] = A[A[i]];
  // CHECK: upcrt_put_i64(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_L), (i + 1), 0, sizeof(long)), upcrt_get_i32(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_A), (upcrt_get_i32(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_A), (i), 1, sizeof(int)))), 1, sizeof(int))));
  M[i][j] = 1;
  // CHECK: upcrt_put_i32(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_M), (i) * (5 * (size_t)upcrt_threads) + (j), 2, sizeof(int)), 1);
  G[i][j] *= 2;
  // CHECK: ({ upcrt_pts_t [[P:__upcc_t[0-9]+]] = upcrt_pts_add(upcrt_static_pts(&__upcc_shared_G), (i) * 6 + (j), 1, sizeof(int)); int [[V:__upcc_t[0-9]+]] = upcrt_get_i32([[P]]) * (2); upcrt_put_i32([[P]], [[V]]); });
  j[A] = 0;
  // CHECK: upcrt_put_i32(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_A), (j), 1, sizeof(int)), 0);
  shared [2] int *row = M[i];
  // CHECK: upcrt_pts_t row = upcrt_pts_add(upcrt_static_pts(&__upcc_shared_M), (i) * (5 * (size_t)upcrt_threads), 2, sizeof(int));
}
