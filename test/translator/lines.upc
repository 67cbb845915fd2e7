// Line structure: the emitted C keeps the user's lines (line markers from
// the preprocessor, no lines added), so errors and gdb land on .upc lines.
#include <upc.h>

shared int A[THREADS];
int f(int i) {
  static shared int s[THREADS];
  A[i] = s[i] +
         1;
  return i;
}
// CHECK: # {{[0-9]+}} "{{.*}}lines.upc"
// CHECK: int f(int i) {
// CHECK-NEXT: typedef int __upcc_hoisted_f_s_{{[0-9]+}};
// CHECK-NEXT: upcrt_put_i32(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_A), (i), 1, sizeof(int)), upcrt_get_i32(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_f_s_{{[0-9]+}}), (i), 1, sizeof(int))) +
// CHECK-NEXT: 1);
// CHECK-NEXT: return i;
