// Shared scalars: descriptors with init images, reads, writes, compound
// assignment and ++/-- as read-modify-write with the address taken once.
#include <upc.h>

shared int counter = 3;
shared double total;
shared char c;
shared unsigned long long big;
shared _Bool flag;
// CHECK: static const int __upcc_init_counter = 3; upcrt_static_t __upcc_shared_counter = { .name = "counter", .type = "shared int", .elem_size = sizeof(int), .block = 1, .nelems = 1, .threads_scaled = 0, .init = (const void *)&__upcc_init_counter, .init_nelems = sizeof __upcc_init_counter / sizeof(int) };
// CHECK-SAME: static void __attribute__((constructor)) __upcc_shared_counter_register(void) { upcrt_register_static(&__upcc_shared_counter); }
// CHECK: upcrt_static_t __upcc_shared_total = { .name = "total", .type = "shared double", .elem_size = sizeof(double), .block = 1, .nelems = 1, .threads_scaled = 0 };
// CHECK: upcrt_static_t __upcc_shared_big = {{.*}}.elem_size = sizeof(unsigned long long)

int f(int v) {
  // CHECK-LABEL: int f(int v) {
  counter = v;
  // CHECK: upcrt_put_i32(upcrt_static_pts(&__upcc_shared_counter), v);
  total += v * 0.5;
  // CHECK: ({ upcrt_pts_t [[P:__upcc_t[0-9]+]] = upcrt_static_pts(&__upcc_shared_total); double [[V:__upcc_t[0-9]+]] = upcrt_get_d([[P]]) + (v * 0.5); upcrt_put_d([[P]], [[V]]); });
  c = 'x';
  // CHECK: upcrt_put_i8(upcrt_static_pts(&__upcc_shared_c), 'x');
  big++;
  // CHECK: ({ upcrt_pts_t [[P:__upcc_t[0-9]+]] = upcrt_static_pts(&__upcc_shared_big); unsigned long long [[O:__upcc_t[0-9]+]] = upcrt_get_u64([[P]]); upcrt_put_u64([[P]], [[O]] + 1); });
  flag = v;
  // CHECK: upcrt_put_u8(upcrt_static_pts(&__upcc_shared_flag), (_Bool)(v));
  int old = counter++;
  // CHECK: int old = ({ upcrt_pts_t [[P:__upcc_t[0-9]+]] = upcrt_static_pts(&__upcc_shared_counter); int [[O:__upcc_t[0-9]+]] = upcrt_get_i32([[P]]); upcrt_put_i32([[P]], [[O]] + 1); [[O]]; });
  int now = --counter;
  // CHECK: int now = ({ upcrt_pts_t [[P:__upcc_t[0-9]+]] = upcrt_static_pts(&__upcc_shared_counter); int [[O:__upcc_t[0-9]+]] = upcrt_get_i32([[P]]); int [[N:__upcc_t[0-9]+]] = [[O]] - 1; upcrt_put_i32([[P]], [[N]]); [[N]]; });
  int both = (counter = 7) + old + now;
  // CHECK: int both = (({ int [[V:__upcc_t[0-9]+]] = 7; upcrt_put_i32(upcrt_static_pts(&__upcc_shared_counter), [[V]]); [[V]]; })) + old + now;
  return counter + both;
  // CHECK: return upcrt_get_i32(upcrt_static_pts(&__upcc_shared_counter)) + both;
}
