// Consistency: strict/relaxed qualifiers, and #pragma upc strict|relaxed
// (and <upc_strict.h>) setting the default for unqualified accesses.
#include <upc_relaxed.h>

strict shared int flag;
relaxed shared int data;
shared int plain;

void rel(void) {
  // CHECK-LABEL: void rel(void) {
  flag = plain;
  // CHECK: upcrt_sput_i32(upcrt_static_pts(&__upcc_shared_flag), upcrt_get_i32(upcrt_static_pts(&__upcc_shared_plain)));
}

#pragma upc strict
void str(void) {
  // CHECK-LABEL: void str(void) {
  plain = data;
  // CHECK: upcrt_sput_i32(upcrt_static_pts(&__upcc_shared_plain), upcrt_get_i32(upcrt_static_pts(&__upcc_shared_data)));
  while (flag == 0) ;
  // CHECK: while (upcrt_sget_i32(upcrt_static_pts(&__upcc_shared_flag)) == 0) ;
}

#pragma upc relaxed
void back(void) {
  // CHECK-LABEL: void back(void) {
  plain++;
  // CHECK: upcrt_get_i32([[P:__upcc_t[0-9]+]]); upcrt_put_i32([[P]],
}
